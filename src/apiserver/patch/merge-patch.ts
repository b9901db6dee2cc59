import { getKey, isMap, newMap, type Value } from '../../value/value.js';

/**
 * JSON merge patch (RFC 7386, `application/merge-patch+json`) as gopkg.in/evanphx/json-patch.v4
 * v4.12.0 applies it for kube-apiserver 1.32 (and for kubectl's three-way patches): maps merge key
 * by key and `null` deletes; anything else replaces. A value that does not merge into a map of
 * the target (the key is new, null, or not a map there) is first stripped of the `null` map
 * entries at any depth, lists' items included; a list's own `null` items stay, and a list or
 * scalar that replaces a map is taken as sent.
 */
export function applyMergePatch(target: Value | undefined, patch: Value): Value {
  if (!isMap(patch)) return isMap(target) ? patch : withoutNullEntries(patch);
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

/** `v` without the map entries whose value is null, at any depth (lists' null items kept). */
function withoutNullEntries(v: Value): Value {
  if (Array.isArray(v)) return v.some((x) => x !== null && typeof x === 'object') ? v.map((x) => (x === null ? x : withoutNullEntries(x))) : v;
  if (!isMap(v)) return v;
  const out = newMap();
  for (const k of Object.keys(v)) if (v[k] !== null) out[k] = withoutNullEntries(v[k]);
  return out;
}
