/**
 * DELETE on a collection: every object the API server lists there with the request's label and
 * field selectors deleted one by one through the API server, answered with the list of what was
 * deleted (as kube-apiserver does), or the list's failure (a selector's 400).
 */
import { serve } from '../apiserver/server.js';
import { validateDeleteOptions } from '../apiserver/verbs/delete.js';
import type { ClusterState, DeleteRequest, KubeObject, ResourceType } from '../apiserver/types.js';
import type { Selectors } from '../apiserver/list-selection.js';
import { getKey, isList, isMap } from '../value/value.js';

export interface DeleteCollection {
  readonly resource: ResourceType;
  readonly apiVersion: string;
  readonly namespace?: string;
  /** DeleteOptions' `dryRun` values (delete-options.ts). */
  readonly dryRun?: readonly string[];
  /** The request's selectors. */
  readonly selectors: Selectors;
}

export function deleteCollection(state: ClusterState, req: DeleteCollection): { state: ClusterState; list: KubeObject; writes: DeleteRequest[] } {
  // The handler validates the options before it lists anything.
  const invalidOptions = validateDeleteOptions(req.dryRun);
  if (invalidOptions) return { state, list: invalidOptions as unknown as KubeObject, writes: [] };
  const listed = serve(state, { verb: 'list', apiVersion: req.apiVersion, resource: req.resource.resource, ...(req.namespace !== undefined ? { namespace: req.namespace } : {}), ...req.selectors });
  if (!listed.response.ok) return { state, list: listed.response.status as unknown as KubeObject, writes: [] };
  const all = getKey(listed.response.object, 'items');
  const items = isList(all) ? all : [];
  const list = listed.response.object;
  let next = state;
  const writes: DeleteRequest[] = [];
  for (const item of items) {
    if (!isMap(item)) continue;
    const meta = getKey(item, 'metadata');
    const name = isMap(meta) ? getKey(meta, 'name') : undefined;
    const namespace = isMap(meta) ? getKey(meta, 'namespace') : undefined;
    if (typeof name !== 'string') continue;
    const request: DeleteRequest = {
      verb: 'delete',
      target: { apiVersion: req.apiVersion, resource: req.resource.resource, name, ...(typeof namespace === 'string' ? { namespace } : {}) },
      options: { ...(req.dryRun !== undefined ? { dryRun: req.dryRun } : {}) },
    };
    const r = serve(next, request);
    if (r.state !== next) writes.push(request);
    next = r.state;
  }
  return { state: next, list, writes };
}
