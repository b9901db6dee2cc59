import { compareStrings } from './compare-strings.js';
import { type Value, type ValueMap, kindOf } from './value.js';

// The reference's total order across kinds: numbers < strings < booleans < lists < maps < null.
const kindRank = { number: 0, string: 1, boolean: 2, list: 3, map: 4, null: 5 } as const;

/** Total order over values, as the reference sorts set items and key values. */
export function compareValues(a: Value, b: Value): number {
  const ka = kindOf(a);
  const kb = kindOf(b);
  if (ka !== kb) return kindRank[ka] - kindRank[kb];
  switch (ka) {
    case 'null':
      return 0;
    case 'number':
      if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
      return compareNumbers(a as number | bigint, b as number | bigint);
    case 'string':
      return compareStrings(a as string, b as string);
    case 'boolean':
      return a === b ? 0 : a ? 1 : -1;
    case 'list': {
      const x = a as Value[];
      const y = b as Value[];
      const n = Math.min(x.length, y.length);
      for (let i = 0; i < n; i++) {
        const c = compareValues(x[i], y[i]);
        if (c !== 0) return c;
      }
      return x.length - y.length < 0 ? -1 : x.length === y.length ? 0 : 1;
    }
    case 'map': {
      const x = a as ValueMap;
      const y = b as ValueMap;
      const kx = Object.keys(x).sort(compareStrings);
      const ky = Object.keys(y).sort(compareStrings);
      const n = Math.min(kx.length, ky.length);
      for (let i = 0; i < n; i++) {
        const c = compareStrings(kx[i], ky[i]);
        if (c !== 0) return c;
        const d = compareValues(x[kx[i]], y[ky[i]]);
        if (d !== 0) return d;
      }
      return kx.length - ky.length < 0 ? -1 : kx.length === ky.length ? 0 : 1;
    }
  }
}

/**
 * The reference's number order: two ints exactly; an int and a float as two float64s (the int
 * converted, so 9007199254740993 and the float 9007199254740992 are equal). A `bigint` is an int; a
 * `number` is a float or an int that converts exactly, so comparing as float64 is right for it.
 */
function compareNumbers(a: number | bigint, b: number | bigint): number {
  if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
  const x = Number(a);
  const y = Number(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
