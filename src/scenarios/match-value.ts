/**
 * Comparing an expected object with an actual one, with a readable reason on mismatch.
 * Subset: every key the expectation names must be there with a matching value; a list matches
 * when its expected items match distinct actual items in the same order (others may sit between).
 */
import { valueEquals } from '../value/equals.js';
import { getKey, isList, isMap, type Value } from '../value/value.js';

const SIMPLE = /^[A-Za-z_$][A-Za-z0-9_$-]*$/;

function at(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return SIMPLE.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

function show(v: Value | undefined): string {
  if (v === undefined) return 'nothing';
  const s = JSON.stringify(v);
  return s.length > 120 ? s.slice(0, 117) + '...' : s;
}

/** Undefined when `actual` contains `expected`; otherwise where and how they differ. */
export function subsetMismatch(expected: Value, actual: Value | undefined, path = ''): string | undefined {
  if (isMap(expected)) {
    if (!isMap(actual)) return `${path || 'the object'}: expected a map, found ${show(actual)}`;
    for (const k of Object.keys(expected)) {
      const a = getKey(actual, k);
      if (a === undefined) return `${at(path, k)}: missing (expected ${show(expected[k])})`;
      const m = subsetMismatch(expected[k], a, at(path, k));
      if (m) return m;
    }
    return undefined;
  }
  if (isList(expected)) {
    if (!isList(actual)) return `${path || 'the object'}: expected a list, found ${show(actual)}`;
    let j = 0;
    for (let i = 0; i < expected.length; i++) {
      while (j < actual.length && subsetMismatch(expected[i], actual[j], at(path, j)) !== undefined) j++;
      if (j === actual.length) return `${at(path, i)}: no item (in order) matches ${show(expected[i])}; the list is ${show(actual)}`;
      j++;
    }
    return undefined;
  }
  return valueEquals(expected, actual ?? null) && actual !== undefined ? undefined : `${path || 'the object'}: expected ${show(expected)}, found ${show(actual)}`;
}

/** Undefined when equal; otherwise the first difference. */
export function exactMismatch(expected: Value, actual: Value | undefined, path = ''): string | undefined {
  if (isMap(expected) && isMap(actual)) {
    for (const k of Object.keys(expected)) {
      const m = exactMismatch(expected[k], getKey(actual, k), at(path, k));
      if (m) return m;
    }
    for (const k of Object.keys(actual)) if (getKey(expected, k) === undefined) return `${at(path, k)}: not expected, found ${show(actual[k])}`;
    return undefined;
  }
  if (isList(expected) && isList(actual)) {
    if (expected.length !== actual.length) return `${path || 'the object'}: expected ${expected.length} items, found ${actual.length}: ${show(actual)}`;
    for (let i = 0; i < expected.length; i++) {
      const m = exactMismatch(expected[i], actual[i], at(path, i));
      if (m) return m;
    }
    return undefined;
  }
  return actual !== undefined && valueEquals(expected, actual) ? undefined : `${path || 'the object'}: expected ${show(expected)}, found ${show(actual)}`;
}
