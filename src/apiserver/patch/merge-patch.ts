import { getKey, isMap, newMap, type Value } from '../../value/value.js';

/**
 * JSON merge patch (RFC 7386, `application/merge-patch+json`): maps merge key by key, `null`
 * deletes, anything else (lists included) replaces.
 */
export function applyMergePatch(target: Value | undefined, patch: Value): Value {
  if (!isMap(patch)) return patch;
  const base = isMap(target) ? target : newMap();
  const out = newMap();
  for (const k of Object.keys(base)) out[k] = base[k];
  for (const k of Object.keys(patch)) {
    const v = patch[k];
    if (v === null) delete out[k];
    else out[k] = applyMergePatch(getKey(base, k), v);
  }
  return out;
}
