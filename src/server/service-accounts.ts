/**
 * kube-controller-manager's serviceaccount controller, around the API server: the ServiceAccount
 * `default` in every namespace, created as soon as the namespace exists (an object with nothing
 * but its name, so no managedFields entry). A server that runs it turns on the ServiceAccount
 * admission plugin (src/apiserver/pod-admission.ts), which needs the accounts to exist; scenario
 * clusters run neither, as Kubernetes' own test servers do.
 */
import { serve } from '../apiserver/server.js';
import type { ClusterState } from '../apiserver/types.js';
import { keyName, keyPrefix, objectKey } from '../apiserver/storage-key.js';

const DEFAULT_ACCOUNT = 'default';
const NAMESPACES = keyPrefix('', 'namespaces', '');

/** `state` with the ServiceAccount `default` in `namespace`, created as the controller creates it, unless it is there. */
export function withDefaultServiceAccount(state: ClusterState, namespace: string): ClusterState {
  if (state.objects.has(objectKey('', 'serviceaccounts', namespace, DEFAULT_ACCOUNT))) return state;
  const body = { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: DEFAULT_ACCOUNT, namespace } };
  const r = serve(state, { verb: 'create', body, options: { fieldManager: 'kube-controller-manager' } });
  return r.response.ok ? r.state : state;
}

/** `state` with a `default` account in every namespace, as the controller leaves it once it has started. */
export function withDefaultServiceAccounts(state: ClusterState): ClusterState {
  let s = state;
  for (const key of state.objects.keys()) if (key.startsWith(NAMESPACES)) s = withDefaultServiceAccount(s, keyName(key));
  return s;
}

/** The controller's writes after `after` (one state each): a `default` account in each namespace `before` did not have. */
export function serviceAccountControllerWrites(before: ClusterState, after: ClusterState): ClusterState[] {
  const out: ClusterState[] = [];
  let s = after;
  for (const key of after.objects.keys()) {
    if (!key.startsWith(NAMESPACES) || before.objects.has(key)) continue;
    const next = withDefaultServiceAccount(s, keyName(key));
    if (next !== s) out.push((s = next));
  }
  return out;
}
