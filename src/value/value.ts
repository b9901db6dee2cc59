/**
 * The neutral data model every layer works on: what JSON and YAML decode to.
 *
 * Maps are plain objects read only through their own properties, so keys such as `__proto__`
 * or `constructor` are ordinary data. Maps that ssa-sim builds have no prototype at all.
 * Numbers follow Go's two kinds as Kubernetes decodes them (int64 when the text is an integer that
 * fits, float64 otherwise), with one JS representation per value range:
 *
 * - a JS `number` is an int64 within ±(2^53 − 1), where int and float64 agree, or a float64;
 * - a JS `bigint` is an int64 beyond ±(2^53 − 1), so every digit is kept (`9007199254740993`).
 *
 * So an integral `number` of magnitude 2^53 or more is a float64, and a `bigint` is never in the
 * safe range (`intValue` keeps both rules). Readers make ints with `intValue`; an int and a float
 * with the same value are equal, as in the reference (docs/engine.md, "Numbers").
 */
export type Value = null | boolean | number | bigint | string | Value[] | ValueMap;
export interface ValueMap {
  [key: string]: Value;
}

export type ValueKind = 'null' | 'boolean' | 'number' | 'string' | 'list' | 'map';

const hasOwnProperty = Object.prototype.hasOwnProperty;

export function kindOf(v: Value | undefined): ValueKind {
  if (v === null || v === undefined) return 'null';
  switch (typeof v) {
    case 'boolean':
      return 'boolean';
    case 'number':
    case 'bigint':
      return 'number';
    case 'string':
      return 'string';
    default:
      return Array.isArray(v) ? 'list' : 'map';
  }
}

export function isMap(v: Value | undefined): v is ValueMap {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export function isList(v: Value | undefined): v is Value[] {
  return Array.isArray(v);
}

export function hasKey(m: ValueMap, key: string): boolean {
  return hasOwnProperty.call(m, key);
}

/** The value under `key`, or undefined when the map has no such own key. */
export function getKey(m: ValueMap, key: string): Value | undefined {
  return hasOwnProperty.call(m, key) ? m[key] : undefined;
}

/** A new map with no prototype, so that any key can be stored as data. */
export function newMap(): ValueMap {
  return Object.create(null) as ValueMap;
}

/** A deep copy of a value: new maps (without prototype) and lists all the way down. */
export function deepCopy<T extends Value>(v: T): T {
  if (Array.isArray(v)) return v.map(deepCopy) as T;
  if (!isMap(v)) return v;
  const out = newMap();
  for (const k of Object.keys(v)) out[k] = deepCopy(v[k]);
  return out as T;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const SAFE_MAX = BigInt(Number.MAX_SAFE_INTEGER);

/** Go's int64 range. */
export function fitsInt64(n: bigint): boolean {
  return n >= INT64_MIN && n <= INT64_MAX;
}

/**
 * An int64 as a Value: a `number` in the safe range, a `bigint` beyond it. The caller has checked
 * `fitsInt64` (what does not fit is a float64 in Kubernetes' decoders: `Number(n)`).
 */
export function intValue(n: bigint): number | bigint {
  return n <= SAFE_MAX && n >= -SAFE_MAX ? Number(n) : n;
}

/** A number Value (int or float), in either representation. */
export function isNumber(v: Value | undefined): v is number | bigint {
  return typeof v === 'number' || typeof v === 'bigint';
}
