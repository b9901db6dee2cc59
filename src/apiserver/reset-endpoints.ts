import { getKey, isMap, type Value } from '../value/value.js';
import { isStatus, resolveTarget } from './request-context.js';
import type { ClusterState } from './types.js';

/**
 * Which endpoints of the object's resource reset the field at `fields` (its field names from the
 * root: `['status', 'replicas']`): `''` for the main resource, `status`, `scale`. A write through
 * such an endpoint never owns, changes or conflicts on the field (apiserver-semantics §3.6); each
 * comes with the reset field that holds it (`['status']`). Also the endpoints the resource serves,
 * so a view can say where the field can be written.
 * Undefined when the server does not serve the object's kind.
 */
export function resetEndpoints(
  state: ClusterState,
  object: Value,
  fields: readonly string[],
): { readonly served: readonly string[]; readonly resetting: readonly { readonly endpoint: string; readonly fields: readonly string[] }[] } | undefined {
  const apiVersion = isMap(object) ? getKey(object, 'apiVersion') : undefined;
  const kind = isMap(object) ? getKey(object, 'kind') : undefined;
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return undefined;
  const target = resolveTarget(state, { apiVersion, kind });
  if (isStatus(target)) return undefined;
  const r = target.resource;
  const served = ['', ...(r.status ? ['status'] : []), ...(r.scale ? ['scale'] : [])];
  const under = (prefix: readonly string[]) => prefix.length <= fields.length && prefix.every((name, i) => fields[i] === name);
  const resetting = served.flatMap((endpoint) => {
    const prefix = (r.resetFields[endpoint] ?? []).find(under);
    return prefix === undefined ? [] : [{ endpoint, fields: prefix }];
  });
  return { served, resetting };
}
