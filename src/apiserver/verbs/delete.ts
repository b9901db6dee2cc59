import { newMap } from '../../value/value.js';
import { metaString } from '../object-paths.js';
import { isStatus, resolveTarget } from '../request-context.js';
import { failure, notFound } from '../status.js';
import type { ClusterState, DeleteRequest, ServeResult } from '../types.js';

/** DELETE: removes the object at once (no finalizers, no graceful deletion); answers a Success Status. */
export function remove(state: ClusterState, req: DeleteRequest): ServeResult {
  const target = resolveTarget(state, req.target);
  if (isStatus(target)) return { state, response: failure(target) };
  const obj = state.objects.get(target.key);
  if (!obj) return { state, response: failure(notFound(target.resource.group, target.resource.resource, target.name)) };
  const details = newMap();
  details.name = target.name;
  if (target.resource.group) details.group = target.resource.group;
  details.kind = target.resource.resource;
  details.uid = metaString(obj, 'uid');
  const status = newMap();
  status.kind = 'Status';
  status.apiVersion = 'v1';
  status.metadata = newMap();
  status.status = 'Success';
  status.details = details;
  const response = { ok: true as const, code: 200 as const, object: status, warnings: [] };
  if (req.options?.dryRun) return { state, response };
  const objects = new Map(state.objects);
  objects.delete(target.key);
  return { state: { ...state, objects, resourceVersion: state.resourceVersion + 1 }, response };
}
