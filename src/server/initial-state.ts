/**
 * The cluster a new server starts with: the namespaces every new cluster has, created by the API
 * server itself (manager `kube-apiserver`, which sets the `kubernetes.io/metadata.name` label),
 * each with its ServiceAccount `default`.
 */
import { getPath } from '../apiserver/object-paths.js';
import { createCluster, serve, withExistingObject } from '../apiserver/server.js';
import type { CatalogLike, ClusterState, KubeObject } from '../apiserver/types.js';
import { SsaError } from '../errors/ssa-error.js';
import { withDefaultServiceAccount } from './service-accounts.js';

export const INITIAL_NAMESPACES = ['default', 'kube-node-lease', 'kube-public', 'kube-system'] as const;

/** A cluster holding the initial namespaces, created at `now`. */
export function newClusterState(catalog: CatalogLike, now: string): ClusterState {
  let state = createCluster({ catalog, now });
  for (const name of INITIAL_NAMESPACES) state = withNamespace(state, name);
  return state;
}

/**
 * `state` with namespace `name` created as the API server creates it, unless it exists, and its
 * ServiceAccount `default` as the serviceaccount controller creates it, unless that exists.
 */
export function withNamespace(state: ClusterState, name: string): ClusterState {
  const exists = serve(state, { verb: 'get', target: { apiVersion: 'v1', kind: 'Namespace', name } }).response.ok;
  if (exists) return withDefaultServiceAccount(state, name);
  const body = { apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels: { 'kubernetes.io/metadata.name': name } } };
  const r = serve(state, { verb: 'create', body, options: { fieldManager: 'kube-apiserver' } });
  if (!r.response.ok) throw new SsaError('INPUT', `creating namespace ${name}: ${r.response.status.message}`);
  return withDefaultServiceAccount(r.state, name);
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
