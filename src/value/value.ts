/**
 * The neutral data model every layer works on: what JSON and YAML decode to.
 *
 * Maps are plain objects read only through their own properties, so keys such as `__proto__`
 * or `constructor` are ordinary data. Maps that ssa-sim builds have no prototype at all.
 * Numbers are JS numbers: an int and a float with the same value are the same number, which is
 * also how the reference compares them.
 */
export type Value = null | boolean | number | string | Value[] | ValueMap;
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
