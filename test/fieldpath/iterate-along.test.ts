import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { iterateAlong } from '../../src/fieldpath/iterate-along.js';
import { pathToString } from '../../src/fieldpath/path-string.js';
import { fcOptions, overlappingSetArb } from './arbitraries.js';

describe('iterateAlong', () => {
  it('visits what iterate visits, with exactly the sets that have each path, in their order', () => {
    fc.assert(
      fc.property(overlappingSetArb, fc.array(fc.tuple(overlappingSetArb, overlappingSetArb), { maxLength: 5 }), (set, others) => {
        const along = others.map(([s, also], i) => ({ key: i, set: s, also }));
        const got: string[] = [];
        iterateAlong(set, along, (p, hits) => got.push(pathToString(p) + ' ' + JSON.stringify(hits)));
        const want: string[] = [];
        set.iterate((p) => {
          const hits = along.filter((a) => a.set.has(p)).map((a) => ({ key: a.key, also: a.also.has(p) }));
          want.push(pathToString(p) + ' ' + JSON.stringify(hits));
        });
        expect(got).toEqual(want);
      }),
      fcOptions,
    );
  });
});
