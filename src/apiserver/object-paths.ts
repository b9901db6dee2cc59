/**
 * Small immutable helpers over objects: read or replace the value at a path of field names,
 * copy plain JS data into the value model (null-prototype maps, so `__proto__` stays data).
 */
import { SsaError } from '../errors/ssa-error.js';
import { parseJsonExact } from '../value/parse-json.js';
import { fitsInt64, getKey, intValue, isMap, newMap, type Value, type ValueMap } from '../value/value.js';

export type FieldPath = readonly string[];

export function getPath(v: Value | undefined, path: FieldPath): Value | undefined {
  let cur = v;
  for (const k of path) {
    if (!isMap(cur)) return undefined;
    cur = getKey(cur, k);
  }
  return cur;
}

/** The maps in the list at `path` (a Go slice of structs as read); none when it is not a list. */
export function mapsAt(v: Value | undefined, path: FieldPath): ValueMap[] {
  const list = getPath(v, path);
  return Array.isArray(list) ? list.filter(isMap) : [];
}

/**
 * A copy of `obj` with the value at `path` replaced (`undefined` removes the key). Missing or
 * non-map parents are created as maps when setting; removing under a missing parent is a no-op.
 */
export function setPath(obj: ValueMap, path: FieldPath, value: Value | undefined): ValueMap {
  if (path.length === 0) throw new Error('setPath: empty path');
  const [head, ...rest] = path;
  const cur = getKey(obj, head);
  let next: Value | undefined;
  if (rest.length === 0) next = value;
  else if (isMap(cur)) next = setPath(cur, rest, value);
  else if (value === undefined) return obj;
  else next = setPath(newMap(), rest, value);
  const out = newMap();
  let placed = false;
  for (const k of Object.keys(obj)) {
    if (k !== head) out[k] = obj[k];
    else {
      placed = true;
      if (next !== undefined) out[k] = next;
    }
  }
  if (!placed && next !== undefined) out[head] = next;
  return out;
}

export function metadataOf(obj: ValueMap): ValueMap {
  const m = getKey(obj, 'metadata');
  return isMap(m) ? m : newMap();
}

export function metaString(obj: ValueMap, key: string): string {
  const v = getKey(metadataOf(obj), key);
  return typeof v === 'string' ? v : '';
}

export function withMeta(obj: ValueMap, key: string, value: Value | undefined): ValueMap {
  return setPath(obj, ['metadata', key], value);
}

export function stringField(obj: ValueMap, key: string): string {
  const v = getKey(obj, key);
  return typeof v === 'string' ? v : '';
}

/**
 * Deep copy of plain JS data (JSON.parse output, user objects) as Values; rejects what JSON cannot
 * hold. With `bigintPrefix`, strings that start with it are the ints `toPlain` wrote with it.
 */
export function toValue(x: unknown, depth = 0, bigintPrefix?: string): Value {
  if (depth > 1000) throw new SsaError('TOO_DEEP', 'object nested deeper than 1000 levels');
  if (x === null || x === undefined) return null;
  switch (typeof x) {
    case 'string':
      return bigintPrefix !== undefined && x.startsWith(bigintPrefix) ? intValue(BigInt(x.slice(bigintPrefix.length))) : x;
    case 'boolean':
      return x;
    case 'number':
      if (!Number.isFinite(x)) throw new SsaError('INPUT', `unsupported value: ${x}`);
      return x;
    case 'bigint':
      return fitsInt64(x) ? intValue(x) : Number(x); // beyond int64: a float64, as Kubernetes decodes it
    case 'object': {
      if (Array.isArray(x)) return x.map((e) => toValue(e, depth + 1, bigintPrefix));
      const out = newMap();
      for (const k of Object.keys(x as object)) {
        const v = (x as Record<string, unknown>)[k];
        if (v === undefined) continue;
        out[k] = toValue(v, depth + 1, bigintPrefix);
      }
      return out;
    }
    default:
      throw new SsaError('INPUT', `unsupported value of type ${typeof x}`);
  }
}

/**
 * Value → plain JS objects (for libraries that expect ordinary objects).
 * With `bigintPrefix`, a bigint becomes the string `bigintPrefix + digits` (such libraries copy
 * data through JSON.stringify, which refuses bigints); `toValue` with the same prefix reverses it.
 */
export function toPlain(v: Value, bigintPrefix?: string): unknown {
  if (typeof v === 'bigint' && bigintPrefix !== undefined) return bigintPrefix + v.toString();
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map((e) => toPlain(e, bigintPrefix));
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) Object.defineProperty(out, k, { value: toPlain(v[k], bigintPrefix), enumerable: true, writable: true, configurable: true });
  return out;
}

/** Parses JSON text into Values (own keys only, `__proto__` as data, int64s with every digit). */
export function parseJson(text: string): Value {
  return toValue(parseJsonExact(text));
}

/** A copy of `obj` without `metadata.managedFields`. */
export function withoutManagedFields(obj: ValueMap): ValueMap {
  const meta = getKey(obj, 'metadata');
  if (!isMap(meta) || getKey(meta, 'managedFields') === undefined) return obj;
  return withMeta(obj, 'managedFields', undefined);
}

/**
 * What an object lacks of the apiVersion and kind every object needs (`neither`, `no kind`, `no
 * apiVersion`; an empty or non-string value is none), or undefined when it has both.
 */
export function missingIdentity(obj: Value): string | undefined {
  const has = (key: string) => isMap(obj) && typeof getKey(obj, key) === 'string' && getKey(obj, key) !== '';
  const apiVersion = has('apiVersion');
  const kind = has('kind');
  if (apiVersion && kind) return undefined;
  return !apiVersion && !kind ? 'neither' : kind ? 'no apiVersion' : 'no kind';
}
