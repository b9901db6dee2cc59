/**
 * The Kubernetes release whose API server the simulator follows: its defaulting and conversion
 * of built-in kinds, with the feature gates at their default for that release (docs/apiserver.md,
 * "Kubernetes release modelled"). The kubectl model follows the same minor version.
 */
export const KUBERNETES_RELEASE = '1.32';
