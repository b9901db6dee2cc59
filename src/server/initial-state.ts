/**
 * The cluster a new server starts with: the namespaces every new cluster has, created by the API
 * server itself (manager `kube-apiserver`, which sets the `kubernetes.io/metadata.name` label).
 */
import { createCluster, serve } from '../apiserver/server.js';
import type { CatalogLike, ClusterState } from '../apiserver/types.js';
import { SsaError } from '../errors/ssa-error.js';

export const INITIAL_NAMESPACES = ['default', 'kube-node-lease', 'kube-public', 'kube-system'] as const;

/** A cluster holding the initial namespaces, created at `now`. */
export function newClusterState(catalog: CatalogLike, now: string): ClusterState {
  let state = createCluster({ catalog, now });
  for (const name of INITIAL_NAMESPACES) state = withNamespace(state, name);
  return state;
}

/** `state` with namespace `name` created as the API server creates it, unless it exists. */
export function withNamespace(state: ClusterState, name: string): ClusterState {
  const exists = serve(state, { verb: 'get', target: { apiVersion: 'v1', kind: 'Namespace', name } }).response.ok;
  if (exists) return state;
  const body = { apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels: { 'kubernetes.io/metadata.name': name } } };
  const r = serve(state, { verb: 'create', body, options: { fieldManager: 'kube-apiserver' } });
  if (!r.response.ok) throw new SsaError('INPUT', `creating namespace ${name}: ${r.response.status.message}`);
  return r.state;
}
