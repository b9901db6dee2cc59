/**
 * The `kubectl.kubernetes.io/last-applied-configuration` annotation as kubectl writes it
 * (apiserver-semantics §5.1 step 1): the manifest without that key in its annotations (an
 * annotations map left empty stays `{}`), as Go's `encoding/json` writes it (compact, sorted
 * keys, HTML escaping, numbers such as `1.5e-7` and `1e+21`), followed by a newline.
 */
import { encodeGoJson } from '../../fieldpath/json-text.js';
import { type Value, type ValueMap, getKey, isMap, newMap } from '../../value/value.js';
import { parseJson } from '../../apiserver/object-paths.js';

export const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

function copyMap(m: ValueMap): ValueMap {
  const out = newMap();
  for (const k of Object.keys(m)) out[k] = m[k];
  return out;
}

/** The manifest with the annotation key removed; `metadata.annotations` always present (maybe `{}`). */
export function withoutLastApplied(manifest: ValueMap): ValueMap {
  const out = copyMap(manifest);
  const meta = isMap(getKey(manifest, 'metadata')) ? copyMap(getKey(manifest, 'metadata') as ValueMap) : newMap();
  const ann = isMap(getKey(meta, 'annotations')) ? copyMap(getKey(meta, 'annotations') as ValueMap) : newMap();
  delete ann[LAST_APPLIED];
  meta.annotations = ann;
  out.metadata = meta;
  return out;
}

/** The annotation value kubectl computes for `manifest`. */
export function lastAppliedValue(manifest: ValueMap): string {
  return encodeGoJson(withoutLastApplied(manifest)) + '\n';
}

/** `manifest` with the annotation set to `value`. */
export function withLastApplied(manifest: ValueMap, value: string): ValueMap {
  const out = withoutLastApplied(manifest);
  const meta = out.metadata as ValueMap;
  (meta.annotations as ValueMap)[LAST_APPLIED] = value;
  return out;
}

/** The annotation value on a live object, or undefined. */
export function readLastApplied(obj: Value | undefined): string | undefined {
  if (!isMap(obj)) return undefined;
  const meta = getKey(obj, 'metadata');
  if (!isMap(meta)) return undefined;
  const ann = getKey(meta, 'annotations');
  if (!isMap(ann)) return undefined;
  const v = getKey(ann, LAST_APPLIED);
  return typeof v === 'string' ? v : undefined;
}

/** Parses an annotation value; undefined when absent, empty or not a JSON object. */
export function parseLastApplied(text: string | undefined): ValueMap | undefined {
  if (!text) return undefined;
  try {
    const v = parseJson(text);
    return isMap(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/** A deep copy without null values in maps (kubectl drops them from what it creates). */
export function dropNulls(v: Value): Value {
  if (Array.isArray(v)) return v.map(dropNulls);
  if (isMap(v)) {
    const out = newMap();
    for (const k of Object.keys(v)) if (v[k] !== null) out[k] = dropNulls(v[k]);
    return out;
  }
  return v;
}
