/**
 * The namespaces every cluster has, as kube-apiserver creates them (its system namespaces
 * controller, manager `kube-apiserver`, with the `kubernetes.io/metadata.name` label the
 * Namespace strategy sets), and a cluster that stands for a real one: those namespaces stored and
 * the NamespaceLifecycle plugin on (namespace-lifecycle.ts), so that a write into any other
 * namespace needs it created first, as on a cluster.
 */
import { SsaError } from '../errors/ssa-error.js';
import { serve, withNamespaceLifecycle } from './server.js';
import { getPath } from './object-paths.js';
import { objectKey } from './storage-key.js';
import type { ClusterState } from './types.js';

export const SYSTEM_NAMESPACES = ['default', 'kube-node-lease', 'kube-public', 'kube-system'] as const;

/** `state` with NamespaceLifecycle on and the namespaces every cluster has, those it lacks created. */
export function withSystemNamespaces(state: ClusterState): ClusterState {
  let next = withNamespaceLifecycle(state);
  for (const name of SYSTEM_NAMESPACES) next = withNamespace(next, name);
  return next;
}

/** `state` with namespace `name` created as kube-apiserver creates it, unless it exists. */
export function withNamespace(state: ClusterState, name: string): ClusterState {
  if (state.objects.has(objectKey('', 'namespaces', '', name))) return state;
  const body = { apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels: { 'kubernetes.io/metadata.name': name } } };
  const r = serve(state, { verb: 'create', body, options: { fieldManager: 'kube-apiserver' } });
  if (!r.response.ok) throw new SsaError('INPUT', `creating namespace ${name}: ${r.response.status.message}`);
  return r.state;
}

/** `state` with the namespace of every namespaced object it holds, those missing created. */
export function withNamespacesOfObjects(state: ClusterState): ClusterState {
  let next = state;
  for (const obj of state.objects.values()) {
    const ns = getPath(obj, ['metadata', 'namespace']);
    if (typeof ns === 'string' && ns !== '') next = withNamespace(next, ns);
  }
  return next;
}
