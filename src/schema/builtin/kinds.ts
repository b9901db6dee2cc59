/**
 * The kinds the built-in schema serves: every kind of a GA API version of the reference schema
 * (kinds.generated.ts, made by tools/gen-builtin-schema.mjs) and the hand-written Scale and
 * CustomResourceDefinition, with their REST resource (plural), scope, short names and subresources
 * as a Kubernetes API server reports them. Type names follow the reference
 * (`io.k8s.api.<group short name>.<version>.<Kind>`).
 */
import type { KindInfo, ScalePaths } from '../schema-catalog.js';
import type { BuiltinKindRow } from './kind-row.js';
import { GENERATED_KINDS } from './kinds.generated.js';

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

/** Where the scale subresource of a built-in kind finds replicas and the selector. */
export const BUILTIN_SCALE_PATHS: ScalePaths = {
  specReplicasPath: ['spec', 'replicas'],
  statusReplicasPath: ['status', 'replicas'],
  labelSelectorPath: ['spec', 'selector'],
};

/**
 * Built-in kinds the reference schema does not have, with types written by hand (extra-types.ts):
 * autoscaling/v1 Scale (the body of the scale subresource: no resource of its own) and
 * apiextensions.k8s.io/v1 CustomResourceDefinition.
 */
export const HAND_WRITTEN_KINDS: readonly (Omit<BuiltinKindRow, 'resource' | 'namespaced'> & { resource?: string; namespaced?: boolean })[] = [
  { group: 'autoscaling', version: 'v1', kind: 'Scale', typeName: 'io.k8s.api.autoscaling.v1.Scale', shortNames: [], subresources: [] },
  {
    group: 'apiextensions.k8s.io',
    version: 'v1',
    kind: 'CustomResourceDefinition',
    typeName: `${APIEXTENSIONS_PREFIX}.v1.CustomResourceDefinition`,
    resource: 'customresourcedefinitions',
    namespaced: false,
    shortNames: ['crd', 'crds'],
    categories: ['api-extensions'],
    subresources: ['status'],
  },
];

/** The Kubernetes type name of a kind: `io.k8s.api.apps.v1.DaemonSet`. Undefined for unknown groups. */
export function kubernetesTypeName(group: string, version: string, kind: string): string | undefined {
  if (group === 'apiextensions.k8s.io') return `${APIEXTENSIONS_PREFIX}.${version}.${kind}`;
  const short = Object.hasOwn(GROUP_SHORT_NAMES, group) ? GROUP_SHORT_NAMES[group] : undefined;
  return short === undefined ? undefined : `io.k8s.api.${short}.${version}.${kind}`;
}

/** The built-in kinds: the generated ones (every GA kind of the reference) and the hand-written ones. */
export const BUILTIN_KINDS: readonly KindInfo[] = [...GENERATED_KINDS, ...HAND_WRITTEN_KINDS].map((r) => ({
  apiVersion: r.group === '' ? r.version : `${r.group}/${r.version}`,
  group: r.group,
  version: r.version,
  kind: r.kind,
  typeName: r.typeName,
  ...(r.resource !== undefined ? { resource: r.resource } : {}),
  ...(r.namespaced !== undefined ? { namespaced: r.namespaced } : {}),
  ...(r.resource !== undefined ? { shortNames: r.shortNames } : {}),
  ...(r.categories ? { categories: r.categories } : {}),
  ...(r.resource !== undefined
    ? { subresources: { status: r.subresources.includes('status'), ...(r.subresources.includes('scale') ? { scale: BUILTIN_SCALE_PATHS } : {}) } }
    : {}),
}));
