/**
 * Comparing an expected object with an actual one, with a readable reason on mismatch.
 * Subset: every key the expectation names must be there with a matching value; a list matches
 * when its expected items match distinct actual items in the same order (others may sit between).
 */
import { valueEquals } from '../value/equals.js';
import { getKey, isList, isMap, type Value } from '../value/value.js';
import { stringifyJson } from '../value/stringify-json.js';

const SIMPLE = /^[A-Za-z_$][A-Za-z0-9_$-]*$/;

/** Where and how two values differ: the path inside them, and each side in words. */
export interface Mismatch {
  /** `.data.a`, `.spec.containers[0]`; '' for the values themselves. */
  readonly path: string;
  readonly expected: string;
  readonly found: string;
}

function at(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return SIMPLE.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/** A value in one line, shortened past 120 characters. */
export function showValue(v: Value | undefined): string {
  if (v === undefined) return 'nothing';
  const s = stringifyJson(v);
  return s.length > 120 ? s.slice(0, 117) + '...' : s;
}

const show = showValue;

/** Undefined when `actual` contains `expected`; otherwise the first difference. */
export function subsetDifference(expected: Value, actual: Value | undefined, path = ''): Mismatch | undefined {
  if (isMap(expected)) {
    if (!isMap(actual)) return { path, expected: 'a map', found: show(actual) };
    for (const k of Object.keys(expected)) {
      const m = subsetDifference(expected[k], getKey(actual, k), at(path, k));
      if (m) return m;
    }
    return undefined;
  }
  if (isList(expected)) {
    if (!isList(actual)) return { path, expected: 'a list', found: show(actual) };
    let j = 0;
    for (let i = 0; i < expected.length; i++) {
      while (j < actual.length && subsetDifference(expected[i], actual[j], at(path, j)) !== undefined) j++;
      if (j === actual.length) return { path, expected: `an item (in order) matching ${show(expected[i])}`, found: show(actual) };
      j++;
    }
    return undefined;
  }
  return actual !== undefined && valueEquals(expected, actual) ? undefined : { path, expected: show(expected), found: show(actual) };
}

/** Undefined when equal; otherwise the first difference. */
export function exactDifference(expected: Value | undefined, actual: Value | undefined, path = ''): Mismatch | undefined {
  if (isMap(expected) && isMap(actual)) {
    for (const k of Object.keys(expected)) {
      const m = exactDifference(expected[k], getKey(actual, k), at(path, k));
      if (m) return m;
    }
    for (const k of Object.keys(actual)) if (getKey(expected, k) === undefined) return { path: at(path, k), expected: 'nothing', found: show(actual[k]) };
    return undefined;
  }
  if (isList(expected) && isList(actual)) {
    if (expected.length !== actual.length) return { path, expected: `${expected.length} items`, found: `${actual.length}: ${show(actual)}` };
    for (let i = 0; i < expected.length; i++) {
      const m = exactDifference(expected[i], actual[i], at(path, i));
      if (m) return m;
    }
    return undefined;
  }
  if (expected === undefined && actual === undefined) return undefined;
  return expected !== undefined && actual !== undefined && valueEquals(expected, actual) ? undefined : { path, expected: show(expected), found: show(actual) };
}

function oneLine(m: Mismatch | undefined): string | undefined {
  return m && `${m.path || 'the object'}: expected ${m.expected}, found ${m.found}`;
}

/** Undefined when `actual` contains `expected`; otherwise where and how they differ, in one line. */
export function subsetMismatch(expected: Value, actual: Value | undefined): string | undefined {
  return oneLine(subsetDifference(expected, actual));
}

/** Undefined when equal; otherwise the first difference, in one line. */
export function exactMismatch(expected: Value, actual: Value | undefined): string | undefined {
  return oneLine(exactDifference(expected, actual));
}

/**
 * A difference as a diff: the header (what is compared, where), then `-` the expected side and
 * `+` the actual one, labelled (`expected`/`found`, or `after step 2`/`now`).
 */
export function diffText(header: string, m: Mismatch, labels: readonly [string, string] = ['expected', 'found']): string {
  const width = Math.max(labels[0].length, labels[1].length);
  return `${header}:\n- ${labels[0].padEnd(width)} ${m.expected}\n+ ${labels[1].padEnd(width)} ${m.found}`;
}
