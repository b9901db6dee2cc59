import { describe, expect, it } from 'vitest';
import { compareValues } from '../../src/value/compare.js';
import { valueEquals } from '../../src/value/equals.js';
import type { Value } from '../../src/value/value.js';

/**
 * structured-merge-diff v6.4.2 value/less_test.go TestValueLess: the total order of values and
 * equality (engine-semantics §1.2): numbers < strings < booleans < lists < maps < null; ints and
 * floats compare by value. Upstream writes some numbers as Go floats (`1.`) and some as ints
 * (`1`); both are the same JS number here, and the expected answers treat them as equal anyway.
 * Not carried over: the eight Invalid cases (a Go value of no JSON kind, which cannot exist here).
 */
const table: [string, Value, Value, boolean][] = [
  ['Float-1', 1.14, 3.14, false],
  ['Float-2', 1.0, 1.0, true],
  ['Float-3', 1.0, 1, true],
  ['Float-4', 1.0, 2, false],
  ['Float-5', 1.0, 'aoeu', false],
  ['Float-6', 1.0, true, false],
  ['Float-7', 1.0, [], false],
  ['Float-8', 1.0, {}, false],
  ['Float-9', 1.0, null, false],
  ['Int-1', 1, 2, false],
  ['Int-2', 1, 1, true],
  ['Int-3', 1, 1.0, true],
  ['Int-4', 1, 2.0, false],
  ['Int-5', 1, 'aoeu', false],
  ['Int-6', 1, true, false],
  ['Int-7', 1, [], false],
  ['Int-8', 1, {}, false],
  ['Int-9', 1, null, false],
  ['String-1', 'b-12', 'b-9', false],
  ['String-2', 'folate', 'folate', true],
  ['String-3', 'folate', true, false],
  ['String-4', 'folate', [], false],
  ['String-5', 'folate', {}, false],
  ['String-6', 'folate', null, false],
  ['Bool-1', false, true, false],
  ['Bool-2', false, false, true],
  ['Bool-3', true, true, true],
  ['Bool-4', false, [], false],
  ['Bool-5', false, {}, false],
  ['Bool-6', false, null, false],
  ['List-1', [], [], true],
  ['List-2', [1], [1], true],
  ['List-3', [1], [2], false],
  ['List-4', [1], [1, 1], false],
  ['List-5', [1, 1], [2], false],
  ['List-6', [], {}, false],
  ['List-7', [], null, false],
  ['Map-1', { carotine: 1 }, { carotine: 1 }, true],
  ['Map-2', { carotine: 1 }, { carotine: 2 }, false],
  ['Map-3', { carotine: 1 }, { ethanol: 1 }, false],
  ['Map-4', { carotine: 1 }, { ethanol: 1, carotine: 2 }, false],
  ['Map-5', { carotine: 1 }, { carotine: 1, ethanol: 1 }, false],
  ['Map-6', { carotine: 1, ethanol: 1 }, { carotine: 2 }, false],
  ['Map-7', {}, null, false],
];

describe('value/less_test.go: order and equality of values', () => {
  it.each(table)('%s', (_name, a, b, equal) => {
    expect(valueEquals(a, b)).toBe(equal);
    expect(valueEquals(b, a)).toBe(equal);
    if (equal) {
      expect(compareValues(a, b)).toBe(0);
      expect(compareValues(b, a)).toBe(0);
    } else {
      expect(compareValues(a, b)).toBeLessThan(0);
      expect(compareValues(b, a)).toBeGreaterThan(0);
    }
  });
});
