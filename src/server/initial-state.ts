/**
 * The cluster a new server starts with: what kube-apiserver itself creates in a new cluster, as
 * manager `kube-apiserver` (an Update by its own client): the namespaces every cluster has (with
 * their `kubernetes.io/metadata.name` label), each with its ServiceAccount `default` (as the
 * serviceaccount controller creates it), and the `kubernetes` Service in `default` that its
 * bootstrap controller creates (pkg/controlplane/controller/kubernetesservice): labels `component:
 * apiserver` and `provider: kubernetes`, port `https` 443 to the server's port 6443, the first
 * address of the service range as its clusterIP, `ipFamilyPolicy: SingleStack`,
 * `sessionAffinity: None`, `type: ClusterIP`; the registry allocates the rest (clusterIPs,
 * ipFamilies), owned by nobody.
 */
import { getPath } from '../apiserver/object-paths.js';
import { createCluster, serve, withExistingObject, withNamespaceLifecycle } from '../apiserver/server.js';
import { SYSTEM_NAMESPACES, withNamespace as withApiServerNamespace } from '../apiserver/system-namespaces.js';
import { ipAt } from '../apiserver/service-ranges.js';
import type { CatalogLike, ClusterOptions, ClusterState, KubeObject } from '../apiserver/types.js';
import { SsaError } from '../errors/ssa-error.js';
import { withDefaultServiceAccount } from './service-accounts.js';

export const INITIAL_NAMESPACES = SYSTEM_NAMESPACES;

/** The port the `kubernetes` Service sends to: the API server's default secure port. */
export const KUBERNETES_SERVICE_TARGET_PORT = 6443;

/** The service ranges a new cluster can be given. */
export type ServiceRangeOptions = Pick<ClusterOptions, 'serviceClusterIPRange' | 'serviceNodePortRange'>;

/** A cluster holding the initial objects, created at `now`. */
export function newClusterState(catalog: CatalogLike, now: string, ranges: ServiceRangeOptions = {}): ClusterState {
  return withInitialObjects(createCluster({ catalog, now, ...ranges }));
}

/** `state` with the objects a new cluster has, those it lacks created. */
export function withInitialObjects(state: ClusterState): ClusterState {
  // NamespaceLifecycle on, as in the scenario runner's clusters (system-namespaces.ts); each
  // namespace is followed by its account, as the controller creates it.
  let next = withNamespaceLifecycle(state);
  for (const name of INITIAL_NAMESPACES) next = withNamespace(next, name);
  return withKubernetesService(next);
}

/** `state` with the `kubernetes` Service in `default` created as kube-apiserver creates it, unless it exists. */
export function withKubernetesService(state: ClusterState): ClusterState {
  const target = { apiVersion: 'v1', kind: 'Service', namespace: 'default', name: 'kubernetes' };
  if (serve(state, { verb: 'get', target }).response.ok) return state;
  const body = {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'kubernetes', namespace: 'default', labels: { component: 'apiserver', provider: 'kubernetes' } },
    spec: {
      ports: [{ name: 'https', protocol: 'TCP', port: 443, targetPort: KUBERNETES_SERVICE_TARGET_PORT }],
      clusterIP: ipAt(state.config.serviceRanges.ips, 0),
      ipFamilyPolicy: 'SingleStack',
      sessionAffinity: 'None',
      type: 'ClusterIP',
    },
  };
  const r = serve(state, { verb: 'create', body, options: { fieldManager: 'kube-apiserver' } });
  if (!r.response.ok) throw new SsaError('INPUT', `creating service default/kubernetes: ${r.response.status.message}`);
  return r.state;
}

/**
 * `state` with namespace `name` created as the API server creates it, unless it exists, and its
 * ServiceAccount `default` as the serviceaccount controller creates it, unless that exists.
 */
export function withNamespace(state: ClusterState, name: string): ClusterState {
  return withDefaultServiceAccount(withApiServerNamespace(state, name), name);
}

/**
 * `state` with `objects` stored as given (managedFields kept, as captured with `kubectl get -o
 * yaml --show-managed-fields`), and the namespaces they live in created when missing. Returns
 * the index of the first object the cluster cannot hold and why.
 */
export function withObjects(state: ClusterState, objects: readonly KubeObject[]): { state: ClusterState } | { index: number; problem: string } {
  // CRDs first, so that their custom resources are served when their turn comes (a stored CRD is served at once).
  const order = objects.map((o, i) => ({ o, i }));
  const isCrd = (o: KubeObject) => getPath(o, ['kind']) === 'CustomResourceDefinition';
  let next = state;
  for (const pass of [true, false]) {
    for (const { o, i } of order) {
      if (isCrd(o) !== pass) continue;
      const seeded = withExistingObject(next, o);
      if ('problem' in seeded) return { index: i, problem: seeded.problem };
      next = seeded.state;
    }
  }
  for (const obj of next.objects.values()) {
    const ns = getPath(obj, ['metadata', 'namespace']);
    if (typeof ns === 'string' && ns !== '') next = withNamespace(next, ns);
  }
  return { state: next };
}
