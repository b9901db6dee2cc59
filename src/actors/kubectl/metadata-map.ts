/**
 * `kubectl label` and `kubectl annotate`: a JSON merge patch of `metadata.labels` or
 * `metadata.annotations`, computed from the object before and after (jsonpatch.CreateMergePatch).
 */
import { encodeGoJson } from '../../fieldpath/json-text.js';
import { type ValueMap, getKey, isMap, newMap } from '../../value/value.js';
import { metadata, setIn } from '../objects.js';

export function readMap(obj: ValueMap, key: 'labels' | 'annotations'): ValueMap {
  const m = getKey(metadata(obj), key);
  return isMap(m) ? m : newMap();
}

/**
 * `obj` with the changes applied to its labels/annotations (`null` removes a key). The map stays,
 * even when left empty, as kubectl's `SetLabels`/`SetAnnotations` of a non-nil map keeps it, so
 * removing the last key patches `{"metadata":{"labels":{"KEY":null}}}`.
 */
export function withMapChanges(obj: ValueMap, key: 'labels' | 'annotations', changes: Readonly<Record<string, string | null>>): ValueMap {
  const next = newMap();
  const current = readMap(obj, key);
  for (const k of Object.keys(current)) next[k] = current[k];
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) delete next[k];
    else next[k] = v;
  }
  return setIn(obj, 'metadata', setIn(metadata(obj), key, next));
}

/** Byte length of an object's JSON, as kubectl label compares them to pick `unlabeled`. */
export function jsonLength(obj: ValueMap): number {
  return new TextEncoder().encode(encodeGoJson(obj)).length;
}
