/**
 * Which resources the server serves (discovery): built from the catalog's kinds and a table of
 * what Kubernetes' own registry says about the built-in resources (short names, subresources,
 * create-on-update, strategy reset fields). Callers add CRDs through `ClusterOptions.resources`.
 */
import type { CatalogKind, CatalogLike, ResourceType, ScaleSubresource } from './types.js';

interface BuiltinRow {
  readonly group: string;
  readonly kind: string;
  readonly resource: string;
  readonly shortNames?: readonly string[];
  readonly namespaced?: boolean;
  readonly status?: boolean;
  readonly scale?: boolean;
  readonly createOnUpdate?: boolean;
  /** Paths the status strategy resets besides `spec`. */
  readonly statusResets?: readonly (readonly string[])[];
}

const WORKLOAD_STATUS_RESETS = [['metadata', 'labels']] as const;

const BUILTIN: readonly BuiltinRow[] = [
  { group: '', kind: 'Pod', resource: 'pods', shortNames: ['po'], status: true, statusResets: [['metadata', 'deletionTimestamp'], ['metadata', 'ownerReferences']] },
  { group: '', kind: 'Service', resource: 'services', shortNames: ['svc'], status: true },
  { group: '', kind: 'ConfigMap', resource: 'configmaps', shortNames: ['cm'] },
  { group: '', kind: 'Secret', resource: 'secrets' },
  { group: '', kind: 'ServiceAccount', resource: 'serviceaccounts', shortNames: ['sa'] },
  { group: '', kind: 'Namespace', resource: 'namespaces', shortNames: ['ns'], namespaced: false, status: true },
  { group: '', kind: 'Node', resource: 'nodes', shortNames: ['no'], namespaced: false, status: true },
  { group: '', kind: 'PersistentVolume', resource: 'persistentvolumes', shortNames: ['pv'], namespaced: false, status: true },
  { group: '', kind: 'PersistentVolumeClaim', resource: 'persistentvolumeclaims', shortNames: ['pvc'], status: true },
  { group: '', kind: 'ReplicationController', resource: 'replicationcontrollers', shortNames: ['rc'], status: true, scale: true },
  { group: '', kind: 'Endpoints', resource: 'endpoints', shortNames: ['ep'], createOnUpdate: true },
  { group: '', kind: 'Event', resource: 'events', shortNames: ['ev'] },
  { group: '', kind: 'LimitRange', resource: 'limitranges', shortNames: ['limits'] },
  { group: '', kind: 'ResourceQuota', resource: 'resourcequotas', shortNames: ['quota'], status: true },
  { group: 'apps', kind: 'Deployment', resource: 'deployments', shortNames: ['deploy'], status: true, scale: true, statusResets: WORKLOAD_STATUS_RESETS },
  { group: 'apps', kind: 'DaemonSet', resource: 'daemonsets', shortNames: ['ds'], status: true, statusResets: WORKLOAD_STATUS_RESETS },
  { group: 'apps', kind: 'StatefulSet', resource: 'statefulsets', shortNames: ['sts'], status: true, scale: true, statusResets: WORKLOAD_STATUS_RESETS },
  { group: 'apps', kind: 'ReplicaSet', resource: 'replicasets', shortNames: ['rs'], status: true, scale: true, statusResets: WORKLOAD_STATUS_RESETS },
  { group: 'apps', kind: 'ControllerRevision', resource: 'controllerrevisions' },
  { group: 'batch', kind: 'Job', resource: 'jobs', status: true },
  { group: 'batch', kind: 'CronJob', resource: 'cronjobs', shortNames: ['cj'], status: true },
  { group: 'autoscaling', kind: 'HorizontalPodAutoscaler', resource: 'horizontalpodautoscalers', shortNames: ['hpa'], status: true },
  { group: 'networking.k8s.io', kind: 'Ingress', resource: 'ingresses', shortNames: ['ing'], status: true },
  { group: 'networking.k8s.io', kind: 'IngressClass', resource: 'ingressclasses', namespaced: false },
  { group: 'networking.k8s.io', kind: 'NetworkPolicy', resource: 'networkpolicies', shortNames: ['netpol'] },
  { group: 'policy', kind: 'PodDisruptionBudget', resource: 'poddisruptionbudgets', shortNames: ['pdb'], status: true },
  { group: 'rbac.authorization.k8s.io', kind: 'Role', resource: 'roles' },
  { group: 'rbac.authorization.k8s.io', kind: 'RoleBinding', resource: 'rolebindings' },
  { group: 'rbac.authorization.k8s.io', kind: 'ClusterRole', resource: 'clusterroles', namespaced: false },
  { group: 'rbac.authorization.k8s.io', kind: 'ClusterRoleBinding', resource: 'clusterrolebindings', namespaced: false },
  { group: 'storage.k8s.io', kind: 'StorageClass', resource: 'storageclasses', shortNames: ['sc'], namespaced: false },
  { group: 'storage.k8s.io', kind: 'CSIDriver', resource: 'csidrivers', namespaced: false },
  { group: 'scheduling.k8s.io', kind: 'PriorityClass', resource: 'priorityclasses', shortNames: ['pc'], namespaced: false },
  { group: 'coordination.k8s.io', kind: 'Lease', resource: 'leases' },
  { group: 'discovery.k8s.io', kind: 'EndpointSlice', resource: 'endpointslices' },
  { group: 'admissionregistration.k8s.io', kind: 'MutatingWebhookConfiguration', resource: 'mutatingwebhookconfigurations', namespaced: false },
  { group: 'admissionregistration.k8s.io', kind: 'ValidatingWebhookConfiguration', resource: 'validatingwebhookconfigurations', namespaced: false },
  { group: 'apiextensions.k8s.io', kind: 'CustomResourceDefinition', resource: 'customresourcedefinitions', shortNames: ['crd', 'crds'], namespaced: false, status: true },
];

/** Groups whose kinds maintain `metadata.generation` (besides custom resources). */
const GENERATION_GROUPS = new Set(['apps', 'batch', 'policy', 'autoscaling', 'networking.k8s.io', 'apiextensions.k8s.io']);

/** Kinds that are request bodies of subresources, never resources of their own. */
const NOT_RESOURCES = new Set(['autoscaling\nScale']);

export const DEFAULT_SCALE: ScaleSubresource = {
  specReplicasPath: ['spec', 'replicas'],
  statusReplicasPath: ['status', 'replicas'],
  labelSelectorPath: ['spec', 'selector'],
};

export function splitApiVersion(apiVersion: string): { group: string; version: string } {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? { group: '', version: apiVersion } : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}

export function joinApiVersion(group: string, version: string): string {
  return group ? `${group}/${version}` : version;
}

/** English plural the way Kubernetes' RESTMapper guesses it (`UnsafeGuessKindToResource`). */
export function guessResource(kind: string): string {
  const k = kind.toLowerCase();
  if (k.endsWith('endpoints')) return k;
  if (k.endsWith('s')) return k + 'es';
  if (k.endsWith('y')) return k.slice(0, -1) + 'ies';
  return k + 's';
}

/** The resources served for a catalog, plus `extra` (which replace same group/kind). */
export function buildResources(catalog: CatalogLike, extra: readonly ResourceType[] = []): ResourceType[] {
  const byGroupKind = new Map<string, { kinds: CatalogKind[] }>();
  for (const k of catalog.kinds()) {
    const { group } = splitApiVersion(k.apiVersion);
    const key = `${group}\n${k.kind}`;
    if (NOT_RESOURCES.has(key)) continue;
    let e = byGroupKind.get(key);
    if (!e) byGroupKind.set(key, (e = { kinds: [] }));
    e.kinds.push(k);
  }
  const out = new Map<string, ResourceType>();
  for (const [key, { kinds }] of byGroupKind) {
    const first = kinds[0];
    const { group } = splitApiVersion(first.apiVersion);
    const row = BUILTIN.find((r) => r.group === group && r.kind === first.kind);
    const typeNames: Record<string, string | undefined> = {};
    const versions: string[] = [];
    for (const k of kinds) {
      const v = splitApiVersion(k.apiVersion).version;
      if (!versions.includes(v)) versions.push(v);
      typeNames[v] = k.typeName;
    }
    out.set(key, builtinResource(group, first.kind, versions, typeNames, row, first));
  }
  for (const r of extra) out.set(`${r.group}\n${r.kind}`, r);
  return [...out.values()];
}

function builtinResource(
  group: string,
  kind: string,
  versions: string[],
  typeNames: Record<string, string | undefined>,
  row: BuiltinRow | undefined,
  info: CatalogKind,
): ResourceType {
  const status = row?.status ?? false;
  const resetFields: Record<string, (readonly string[])[]> = {};
  if (status) {
    resetFields[''] = [['status']];
    resetFields['status'] = [['spec'], ...(row?.statusResets ?? [])];
  }
  if (row?.scale) resetFields['scale'] = [['status']];
  return {
    group,
    kind,
    resource: info.resource ?? row?.resource ?? guessResource(kind),
    singular: kind.toLowerCase(),
    shortNames: row?.shortNames ?? [],
    namespaced: info.namespaced ?? row?.namespaced ?? true,
    versions,
    typeNames,
    status,
    ...(row?.scale ? { scale: DEFAULT_SCALE } : {}),
    resetFields,
    generation: GENERATION_GROUPS.has(group),
    allowCreateOnUpdate: row?.createOnUpdate ?? false,
    custom: false,
  };
}

/**
 * A custom resource (as a CRD would declare it): served at `versions` with `typeNames` (absent =
 * schema-less), optional status and scale subresources. Reset fields follow the CRD strategy:
 * with a status subresource, main writes reset `status` and status writes reset everything else.
 */
export function customResource(spec: {
  group: string;
  kind: string;
  versions: readonly string[];
  typeNames?: Readonly<Record<string, string | undefined>>;
  resource?: string;
  shortNames?: readonly string[];
  namespaced?: boolean;
  status?: boolean;
  scale?: ScaleSubresource;
}): ResourceType {
  const status = spec.status ?? false;
  const resetFields: Record<string, (readonly string[])[]> = {};
  if (status) {
    resetFields[''] = [['status']];
    resetFields['status'] = [['spec'], ['metadata']];
  }
  return {
    group: spec.group,
    kind: spec.kind,
    resource: spec.resource ?? guessResource(spec.kind),
    singular: spec.kind.toLowerCase(),
    shortNames: spec.shortNames ?? [],
    namespaced: spec.namespaced ?? true,
    versions: spec.versions,
    typeNames: spec.typeNames ?? {},
    status,
    ...(spec.scale ? { scale: spec.scale } : {}),
    resetFields,
    generation: true,
    allowCreateOnUpdate: false,
    custom: true,
  };
}

/** The resource serving `apiVersion` + kind (or plural resource name), and the version. */
export function findResource(
  resources: readonly ResourceType[],
  apiVersion: string,
  which: { kind?: string; resource?: string },
): { resource: ResourceType; version: string } | undefined {
  const { group, version } = splitApiVersion(apiVersion);
  for (const r of resources) {
    if (r.group !== group || !r.versions.includes(version)) continue;
    if ((which.kind !== undefined && r.kind === which.kind) || (which.resource !== undefined && r.resource === which.resource)) {
      return { resource: r, version };
    }
  }
  return undefined;
}

/** `deployments.apps` (`pods` for the core group): how messages name a resource. */
export function qualifiedResource(r: ResourceType): string {
  return r.group ? `${r.resource}.${r.group}` : r.resource;
}
