import type { VersionConverter } from '../merge/context.js';
import { getKey, isMap, type Value } from '../value/value.js';
import { isStatus, resolveTarget, versionConverter } from './request-context.js';
import type { ClusterState } from './types.js';

/**
 * How the field manager sees an object at the other served versions of its kind: each version's
 * type, and the object converted there (the converter the server gives the engine). Undefined
 * for a kind whose versions do not differ in shape, or that the server does not serve: every
 * entry's paths are then the object's own.
 */
export function objectVersions(state: ClusterState, object: Value): VersionConverter | undefined {
  const apiVersion = isMap(object) ? getKey(object, 'apiVersion') : undefined;
  const kind = isMap(object) ? getKey(object, 'kind') : undefined;
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return undefined;
  const target = resolveTarget(state, { apiVersion, kind });
  return isStatus(target) ? undefined : versionConverter(state, target.resource);
}
