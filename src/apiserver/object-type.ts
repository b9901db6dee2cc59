import type { Atom } from '../schema/schema.js';
import { getKey, isMap, type Value } from '../value/value.js';
import { atomFor, isStatus, resolveTarget } from './request-context.js';
import type { ClusterState } from './types.js';

/**
 * The schema type the server merges an object of this apiVersion and kind with (the deduced type
 * for a served kind without one); undefined when the server does not serve the kind.
 */
export function objectType(state: ClusterState, object: Value): Atom | undefined {
  const apiVersion = isMap(object) ? getKey(object, 'apiVersion') : undefined;
  const kind = isMap(object) ? getKey(object, 'kind') : undefined;
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return undefined;
  const target = resolveTarget(state, { apiVersion, kind });
  return isStatus(target) ? undefined : atomFor(state, target.resource, target.version);
}
