import type { MapKeys } from './map-keys.js';
import { type Value, type ValueMap, hasKey } from './value.js';

/**
 * Deep equality as the reference defines it: numbers by value (an int equals a float of the same
 * value; an int beyond 2^53 equals a float when it converts to it), lists in order, maps
 * regardless of key order. `keys` shares big maps' key lists with the other walkers of an operation.
 */
export function valueEquals(a: Value | undefined, b: Value | undefined, keys?: MapKeys): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return false;
  const ta = typeof a;
  if (ta !== 'object' || typeof b !== 'object') return (ta === 'bigint' || typeof b === 'bigint') && numbersEqual(a, b);
  const la = Array.isArray(a);
  const lb = Array.isArray(b);
  if (la !== lb) return false;
  if (la) {
    const x = a as Value[];
    const y = b as Value[];
    if (x.length !== y.length) return false;
    // Items without `keys`: they are mostly many small maps (Endpoints' addresses), for which
    // asking `keys` costs more than enumerating them.
    for (let i = 0; i < x.length; i++) if (!valueEquals(x[i], y[i])) return false;
    return true;
  }
  const x = a as ValueMap;
  const y = b as ValueMap;
  const kx = keys ? keys.keysOf(x) : Object.keys(x);
  if (kx.length !== (keys ? keys.keysOf(y) : Object.keys(y)).length) return false;
  for (const k of kx) {
    if (!hasKey(y, k) || !valueEquals(x[k], y[k], keys)) return false;
  }
  return true;
}

/** `a` or `b` is a bigint (an int beyond 2^53): two ints exactly, an int and a float as float64s. */
function numbersEqual(a: Value, b: Value): boolean {
  if (typeof a === 'bigint' && typeof b === 'bigint') return a === b;
  return typeof a === 'number' || typeof b === 'number' ? Number(a) === Number(b) : false;
}
