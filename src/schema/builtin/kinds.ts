import type { KindInfo } from '../schema-catalog.js';

/**
 * The kinds the built-in schema serves: the ones add-on authors apply, at their current API
 * versions, with their REST resource (plural) and scope as a Kubernetes API server reports them.
 * Type names follow the reference (`io.k8s.api.<group short name>.<version>.<Kind>`).
 */
interface KindRow {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
  readonly resource?: string;
  readonly namespaced?: boolean;
}

/** API group → the short name Kubernetes' type names use for it. */
export const GROUP_SHORT_NAMES: Readonly<Record<string, string>> = {
  '': 'core',
  apps: 'apps',
  batch: 'batch',
  'rbac.authorization.k8s.io': 'rbac',
  policy: 'policy',
  autoscaling: 'autoscaling',
  'networking.k8s.io': 'networking',
  'admissionregistration.k8s.io': 'admissionregistration',
  'scheduling.k8s.io': 'scheduling',
  'storage.k8s.io': 'storage',
  'discovery.k8s.io': 'discovery',
  'coordination.k8s.io': 'coordination',
  'certificates.k8s.io': 'certificates',
  'events.k8s.io': 'events',
  'flowcontrol.apiserver.k8s.io': 'flowcontrol',
  'node.k8s.io': 'node',
  'resource.k8s.io': 'resource',
  'apiserverinternal.k8s.io': 'apiserverinternal',
  'storagemigration.k8s.io': 'storagemigration',
  extensions: 'extensions',
};

/** apiextensions types live under the apiextensions-apiserver package, not io.k8s.api. */
export const APIEXTENSIONS_PREFIX = 'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions';

const NS = true;
const CLUSTER = false;

const ROWS: readonly KindRow[] = [
  { group: '', version: 'v1', kind: 'Pod', resource: 'pods', namespaced: NS },
  { group: '', version: 'v1', kind: 'Service', resource: 'services', namespaced: NS },
  { group: '', version: 'v1', kind: 'ConfigMap', resource: 'configmaps', namespaced: NS },
  { group: '', version: 'v1', kind: 'Secret', resource: 'secrets', namespaced: NS },
  { group: '', version: 'v1', kind: 'ServiceAccount', resource: 'serviceaccounts', namespaced: NS },
  { group: '', version: 'v1', kind: 'Namespace', resource: 'namespaces', namespaced: CLUSTER },
  { group: '', version: 'v1', kind: 'Node', resource: 'nodes', namespaced: CLUSTER },
  { group: '', version: 'v1', kind: 'Endpoints', resource: 'endpoints', namespaced: NS },
  { group: '', version: 'v1', kind: 'PersistentVolumeClaim', resource: 'persistentvolumeclaims', namespaced: NS },
  { group: 'apps', version: 'v1', kind: 'Deployment', resource: 'deployments', namespaced: NS },
  { group: 'apps', version: 'v1', kind: 'DaemonSet', resource: 'daemonsets', namespaced: NS },
  { group: 'apps', version: 'v1', kind: 'StatefulSet', resource: 'statefulsets', namespaced: NS },
  { group: 'apps', version: 'v1', kind: 'ReplicaSet', resource: 'replicasets', namespaced: NS },
  { group: 'batch', version: 'v1', kind: 'Job', resource: 'jobs', namespaced: NS },
  { group: 'batch', version: 'v1', kind: 'CronJob', resource: 'cronjobs', namespaced: NS },
  { group: 'rbac.authorization.k8s.io', version: 'v1', kind: 'Role', resource: 'roles', namespaced: NS },
  { group: 'rbac.authorization.k8s.io', version: 'v1', kind: 'ClusterRole', resource: 'clusterroles', namespaced: CLUSTER },
  { group: 'rbac.authorization.k8s.io', version: 'v1', kind: 'RoleBinding', resource: 'rolebindings', namespaced: NS },
  { group: 'rbac.authorization.k8s.io', version: 'v1', kind: 'ClusterRoleBinding', resource: 'clusterrolebindings', namespaced: CLUSTER },
  { group: 'policy', version: 'v1', kind: 'PodDisruptionBudget', resource: 'poddisruptionbudgets', namespaced: NS },
  { group: 'autoscaling', version: 'v2', kind: 'HorizontalPodAutoscaler', resource: 'horizontalpodautoscalers', namespaced: NS },
  // Scale is the body of the `scale` subresource of deployments, statefulsets, replicasets...: no resource of its own.
  { group: 'autoscaling', version: 'v1', kind: 'Scale' },
  { group: 'networking.k8s.io', version: 'v1', kind: 'Ingress', resource: 'ingresses', namespaced: NS },
  { group: 'networking.k8s.io', version: 'v1', kind: 'NetworkPolicy', resource: 'networkpolicies', namespaced: NS },
  { group: 'admissionregistration.k8s.io', version: 'v1', kind: 'MutatingWebhookConfiguration', resource: 'mutatingwebhookconfigurations', namespaced: CLUSTER },
  { group: 'admissionregistration.k8s.io', version: 'v1', kind: 'ValidatingWebhookConfiguration', resource: 'validatingwebhookconfigurations', namespaced: CLUSTER },
  { group: 'apiextensions.k8s.io', version: 'v1', kind: 'CustomResourceDefinition', resource: 'customresourcedefinitions', namespaced: CLUSTER },
  { group: 'scheduling.k8s.io', version: 'v1', kind: 'PriorityClass', resource: 'priorityclasses', namespaced: CLUSTER },
  { group: 'storage.k8s.io', version: 'v1', kind: 'StorageClass', resource: 'storageclasses', namespaced: CLUSTER },
  { group: 'storage.k8s.io', version: 'v1', kind: 'CSIDriver', resource: 'csidrivers', namespaced: CLUSTER },
  { group: 'discovery.k8s.io', version: 'v1', kind: 'EndpointSlice', resource: 'endpointslices', namespaced: NS },
  { group: 'coordination.k8s.io', version: 'v1', kind: 'Lease', resource: 'leases', namespaced: NS },
];

/** The Kubernetes type name of a kind: `io.k8s.api.apps.v1.DaemonSet`. Undefined for unknown groups. */
export function kubernetesTypeName(group: string, version: string, kind: string): string | undefined {
  if (group === 'apiextensions.k8s.io') return `${APIEXTENSIONS_PREFIX}.${version}.${kind}`;
  const short = Object.hasOwn(GROUP_SHORT_NAMES, group) ? GROUP_SHORT_NAMES[group] : undefined;
  return short === undefined ? undefined : `io.k8s.api.${short}.${version}.${kind}`;
}

/** The built-in kinds, in the order of the issue that asked for them. */
export const BUILTIN_KINDS: readonly KindInfo[] = ROWS.map((r) => ({
  apiVersion: r.group === '' ? r.version : `${r.group}/${r.version}`,
  group: r.group,
  version: r.version,
  kind: r.kind,
  typeName: kubernetesTypeName(r.group, r.version, r.kind)!,
  ...(r.resource !== undefined ? { resource: r.resource } : {}),
  ...(r.namespaced !== undefined ? { namespaced: r.namespaced } : {}),
}));
