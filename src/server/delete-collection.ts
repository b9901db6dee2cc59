/**
 * DELETE on a collection: every object listed there deleted one by one through the API server,
 * answered with the list of what was deleted (as kube-apiserver does).
 */
import { serve } from '../apiserver/server.js';
import type { ClusterState, KubeObject, ResourceType } from '../apiserver/types.js';
import { getKey, isList, isMap } from '../value/value.js';

export interface DeleteCollection {
  readonly resource: ResourceType;
  readonly apiVersion: string;
  readonly namespace?: string;
  readonly dryRun: boolean;
}

export function deleteCollection(state: ClusterState, req: DeleteCollection): { state: ClusterState; list: KubeObject; changed: boolean } {
  const listed = serve(state, { verb: 'list', apiVersion: req.apiVersion, resource: req.resource.resource, ...(req.namespace !== undefined ? { namespace: req.namespace } : {}) });
  if (!listed.response.ok) return { state, list: listed.response.status as unknown as KubeObject, changed: false };
  const list = listed.response.object;
  const items = getKey(list, 'items');
  let next = state;
  for (const item of isList(items) ? items : []) {
    if (!isMap(item)) continue;
    const meta = getKey(item, 'metadata');
    const name = isMap(meta) ? getKey(meta, 'name') : undefined;
    const namespace = isMap(meta) ? getKey(meta, 'namespace') : undefined;
    if (typeof name !== 'string') continue;
    const r = serve(next, {
      verb: 'delete',
      target: { apiVersion: req.apiVersion, resource: req.resource.resource, name, ...(typeof namespace === 'string' ? { namespace } : {}) },
      options: { dryRun: req.dryRun },
    });
    next = r.state;
  }
  return { state: next, list, changed: next !== state };
}
