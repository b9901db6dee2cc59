/**
 * go-sort.ts, Go 1.23's sort.Sort: whatever the input, the result is a permutation sorted by the
 * Less given (strict or, as strategicpatch's, holding for equal keys), from insertion-sort sizes
 * to those that reach the ninther, pattern breaking and heapsort. Which order equal keys come out
 * in is checked against real kubectl (test/actors/three-way-patch.test.ts, 20 items, and
 * test/server/kubectl-long-lists.test.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goSort } from '../../src/actors/kubectl/go-sort.js';

describe("Go's sort.Sort", () => {
  it('sorts any list of keys, each item kept once, with a strict Less and with <=', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 300 }), fc.boolean(), (keys, orEqual) => {
        const items = keys.map((k, i) => ({ k, i }));
        const out = goSort(items.slice(), orEqual ? (a, b) => a.k <= b.k : (a, b) => a.k < b.k);
        expect(out.map((x) => x.k)).toEqual(keys.slice().sort((a, b) => a - b));
        expect(out.map((x) => x.i).sort((a, b) => a - b)).toEqual(items.map((x) => x.i));
      }),
      { numRuns: 300 },
    );
  });

  it('up to 12 items it is an insertion sort: with <= equal keys come out reversed', () => {
    const items = ['b', 'a', 'b', 'a', 'b'].map((k, i) => ({ k, i }));
    expect(goSort(items, (a, b) => a.k <= b.k).map((x) => x.i)).toEqual([3, 1, 4, 2, 0]);
  });

  it('sorted, reversed and all-equal long lists (the partial insertion sort, the reversal, the equal partition)', () => {
    for (const keys of [Array.from({ length: 100 }, (_, i) => i), Array.from({ length: 100 }, (_, i) => 100 - i), Array.from({ length: 100 }, () => 7)]) {
      expect(goSort(keys.slice(), (a, b) => a < b)).toEqual(keys.slice().sort((a, b) => a - b));
    }
  });
});
