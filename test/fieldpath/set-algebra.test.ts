import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Path } from '../../src/fieldpath/path-element.js';
import { FieldSet } from '../../src/fieldpath/set.js';
import { fcOptions, overlappingSetArb, setArb } from './arbitraries.js';
import { fields, pathStrings } from './helpers.js';

const A = () => fields('a', 'a.b', 'c.d', 'e');
const B = () => fields('a', 'c', 'c.d.x', 'f');
const sorted = (s: FieldSet) => pathStrings(s).sort();

describe('§2 worked example', () => {
  test('A ∪ B', () => expect(sorted(A().union(B()))).toEqual(['.a', '.a.b', '.c', '.c.d', '.c.d.x', '.e', '.f']));
  test('A ∩ B', () => expect(sorted(A().intersection(B()))).toEqual(['.a']));
  test('A − B', () => expect(sorted(A().difference(B()))).toEqual(['.a.b', '.c.d', '.e']));
  test('B − A', () => expect(sorted(B().difference(A()))).toEqual(['.c', '.c.d.x', '.f']));
  test('A ⊖ B (recursive)', () => expect(sorted(A().recursiveDifference(B()))).toEqual(['.e']));
  test('B ⊖ A (recursive)', () => expect(sorted(B().recursiveDifference(A()))).toEqual(['.c', '.f']));
  test('difference is not recursive through membership', () => {
    expect(sorted(fields('a.b').difference(fields('a')))).toEqual(['.a.b']);
    expect(sorted(fields('a').difference(fields('a.b')))).toEqual(['.a']);
    expect(fields('a.b').recursiveDifference(fields('a')).isEmpty()).toBe(true);
  });
  test('leaves', () => expect(sorted(A().leaves())).toEqual(['.a.b', '.c.d', '.e']));
  test('iteration is pre-order, members before children', () => {
    expect(pathStrings(fields('a.b', 'a.c', 'd'))).toEqual(['.d', '.a.b', '.a.c']);
  });
  test('insert does not make parents members; has() needs membership', () => {
    const s = fields('a.b');
    expect(s.size()).toBe(1);
    expect(s.has([...fields('a').paths()[0]])).toBe(false);
  });
});

// A model of a set: its member paths, each identified by its elements' ids.
const key = (p: Path) => JSON.stringify(p.map((pe) => pe.id));
const model = (s: FieldSet) => new Set(s.paths().map(key));
const isSubset = (a: FieldSet, b: FieldSet) => a.paths().every((p) => b.has(p));

describe('set algebra laws', () => {
  const pair = fc.tuple(overlappingSetArb, overlappingSetArb);
  const triple = fc.tuple(overlappingSetArb, overlappingSetArb, overlappingSetArb);
  const check = (arb: fc.Arbitrary<FieldSet[]>, law: (...s: FieldSet[]) => boolean) =>
    fc.assert(fc.property(arb, (sets) => law(...sets)), fcOptions);

  test('union is commutative, associative, idempotent', () => {
    check(pair, (a, b) => a.union(b).equals(b.union(a)));
    check(triple, (a, b, c) => a.union(b).union(c).equals(a.union(b.union(c))));
    check(pair, (a) => a.union(a).equals(a));
  });
  test('intersection is commutative; a ∩ b ⊆ a and ⊆ b', () => {
    check(pair, (a, b) => a.intersection(b).equals(b.intersection(a)));
    check(pair, (a, b) => isSubset(a.intersection(b), a) && isSubset(a.intersection(b), b));
  });
  test('s − s is empty; (a ∪ b) − b ⊆ a', () => {
    check(pair, (a) => a.difference(a).isEmpty() && a.recursiveDifference(a).isEmpty());
    check(pair, (a, b) => isSubset(a.union(b).difference(b), a));
  });
  test('recursiveDifference ⊆ difference; leaves ⊆ s', () => {
    check(pair, (a, b) => isSubset(a.recursiveDifference(b), a.difference(b)));
    check(pair, (a) => isSubset(a.leaves(), a));
  });
  test('sizes: |a ∪ b| = |a| + |b| − |a ∩ b| <= |a| + |b|', () => {
    check(pair, (a, b) => {
      const u = a.union(b).size();
      return u <= a.size() + b.size() && u === a.size() + b.size() - a.intersection(b).size();
    });
  });
  test('operations agree with the path-set model', () => {
    fc.assert(
      fc.property(fc.oneof(pair, fc.tuple(setArb(), setArb())), ([a, b]) => {
        const ma = model(a);
        const mb = model(b);
        const hasMemberPrefix = (p: Path) => p.some((_, n) => b.has(p.slice(0, n + 1)));
        const isLeaf = (p: Path) => !a.paths().some((q) => q.length > p.length && key(q.slice(0, p.length)) === key(p));
        expect(model(a.union(b))).toEqual(new Set([...ma, ...mb]));
        expect(model(a.intersection(b))).toEqual(new Set([...ma].filter((x) => mb.has(x))));
        expect(model(a.difference(b))).toEqual(new Set([...ma].filter((x) => !mb.has(x))));
        expect(model(a.recursiveDifference(b))).toEqual(new Set(a.paths().filter((p) => !hasMemberPrefix(p)).map(key)));
        expect(model(a.leaves())).toEqual(new Set(a.paths().filter(isLeaf).map(key)));
        expect(a.size()).toBe(ma.size);
      }),
      fcOptions,
    );
  });
});
