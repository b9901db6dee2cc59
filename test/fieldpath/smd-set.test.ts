import { describe, expect, it } from 'vitest';
import { pathToString } from '../../src/fieldpath/path-string.js';
import { FieldSet } from '../../src/fieldpath/set.js';
import { withoutIgnored } from '../../src/merge/context.js';
import { ensureNamedFieldsAreMembers } from '../../src/typed/ensure-named-fields.js';
import { toFieldSet } from '../../src/typed/to-field-set.js';
import { validate } from '../../src/typed/validate.js';
import { path, pathSet, setLines, typeIn, yamlObject } from '../support/upstream-tables.js';

/**
 * structured-merge-diff v6.4.2 fieldpath/set_test.go: the set operations on upstream's own sets
 * (engine-semantics §2), paths written as we print them (`.foo[0]` an index, `[name="first"]` a key).
 * TestSetInsertHas, TestSetString, TestSetIterSize, TestSetEquals, TestSetUnion,
 * TestSetIntersectionDifference, TestSetLeaves, TestSetDifference, TestEnsureNamedFieldsAreMembers.
 * Not carried over: TestFilterByPattern (include matchers, which the API server does not use and
 * the engine does not have), TestSetNodeMapIterate (a Go container's iteration), the benchmarks.
 */

const lines = (s: FieldSet) => setLines(s);
const expectSameSet = (got: FieldSet, want: FieldSet) => {
  expect(lines(got)).toEqual(lines(want));
  expect(got.equals(want)).toBe(true);
};

describe('fieldpath/set_test.go: membership', () => {
  const s1 = pathSet([
    '.foo[0].bar.baz',
    '.foo[0].bar',
    '.foo[0]',
    '.foo[1].bar.baz',
    '.foo[1].bar',
    '.qux[name="first"]',
    '.qux[name="first"].bar',
    '.qux[name="second"].bar',
    '.canonicalOrder[a="a",b="a",c="a",d="a",e="a",f="a"]',
  ]);
  it.each([
    ['.qux[name="second"]', false],
    ['.qux[name="second"].bar', true],
    ['.qux[name="first"]', true],
    ['.xuq[name="first"]', false],
    ['.foo[0]', true],
    ['.foo[0].bar', true],
    ['.foo[0].bar.baz', true],
    ['.foo[1]', false],
    ['.foo[1].bar', true],
    ['.foo[1].bar.baz', true],
    ['.canonicalOrder[f="a",e="a",d="a",c="a",b="a",a="a"]', true],
  ] as const)('has %s: %s', (p, member) => {
    expect(s1.has(path(p))).toBe(member);
  });
  it('the empty path is never a member, even when inserted', () => {
    expect(new FieldSet().has([])).toBe(false);
    expect(FieldSet.fromPaths([[]]).has([])).toBe(false);
  });
  it("a set of one path prints as that path", () => {
    expect(pathSet(['.foo[name="first"]']).paths().map(pathToString)).toEqual(['.foo[name="first"]']);
  });
});

describe('fieldpath/set_test.go: iteration and size', () => {
  it('inserting what a set iterates, one path at a time, grows the size by one each time and ends equal', () => {
    const s1 = pathSet([
      '.foo[0].bar.baz',
      '.foo[0].bar.zot',
      '.foo[0].bar',
      '.foo[0]',
      '.foo[1].bar.baz',
      '.foo[1].bar',
      '.qux[name="first"]',
      '.qux[name="first"].bar',
      '.qux[name="second"].bar',
    ]);
    const s2 = new FieldSet();
    let added = 0;
    s1.iterate((p) => {
      expect(s2.size()).toBe(added);
      expect(s2.isEmpty()).toBe(added === 0);
      s2.insert(p);
      added++;
    });
    expect(added).toBe(9);
    expectSameSet(s2, s1);
  });
});

describe('fieldpath/set_test.go: equality', () => {
  it.each([
    [['.foo'], ['.bar'], false],
    [['.foo'], ['.foo'], true],
    [[], ['[0].foo'], false],
    [['[1].foo'], ['[0].foo'], false],
    [['[1].foo'], ['[1].foo.bar'], false],
    [['[0]', '[1]'], ['[1]', '[0]'], true],
    [['.foo[0]', '.foo[1]'], ['.foo[1]', '.foo[0]'], true],
    [['.foo[0]', '.foo', '.bar.baz', '.qux[name="first"]'], ['.foo[1]', '.bar.baz', '.bar', '.qux[name="second"]'], false],
  ] as const)('%j = %j: %s', (a, b, equal) => {
    expect(pathSet(a).equals(pathSet(b))).toBe(equal);
    expect(pathSet(b).equals(pathSet(a))).toBe(equal);
  });
});

describe('fieldpath/set_test.go: union, intersection, difference', () => {
  it('union', () => {
    const s1 = pathSet(['.foo[0]', '.foo', '.bar.baz', '.qux[name="first"]', '.parent.child.grandchild']);
    const s2 = pathSet(['.foo[1]', '.bar.baz', '.bar', '.qux[name="second"]', '.parent.child']);
    expectSameSet(
      s1.union(s2),
      pathSet([
        '.foo[0]',
        '.foo[1]',
        '.foo',
        '.bar.baz',
        '.bar',
        '.qux[name="first"]',
        '.qux[name="second"]',
        '.parent.child',
        '.parent.child.grandchild',
      ]),
    );
  });

  const s1 = pathSet(['.a0', '.a1', '.foo[0]', '.foo[1]', '.b0[name="first"]', '.b1[name="first"]', '.bar.c0', '.cp[name="first"].child']);
  const s2 = pathSet(['.a1', '.a2', '.foo[1]', '.foo[2]', '.b1[name="first"]', '.b2[name="first"]', '.bar.c2', '.cp[name="first"]']);
  const both = pathSet(['.a1', '.foo[1]', '.b1[name="first"]']);
  it('intersection', () => expectSameSet(s1.intersection(s2), both));
  it('s1 − s2', () => expectSameSet(s1.difference(s2), pathSet(['.a0', '.foo[0]', '.b0[name="first"]', '.bar.c0', '.cp[name="first"].child'])));
  it('s2 − s1', () => expectSameSet(s2.difference(s1), pathSet(['.a2', '.foo[2]', '.b2[name="first"]', '.bar.c2', '.cp[name="first"]'])));
  it('intersection the hard way: (s1 ∪ s2) − ((s2 − s1) ∪ (s1 − s2))', () => {
    expectSameSet(s1.union(s2).difference(s2.difference(s1).union(s1.difference(s2))), both);
  });
});

describe('fieldpath/set_test.go: leaves', () => {
  it.each([
    ['empty set', [], []],
    ['all leaves', ['.path1', '.path2', '.path3'], ['.path1', '.path2', '.path3']],
    ['only one leaf', ['.root', '.root.l1', '.root.l1.l2', '.root.l1.l2.l3'], ['.root.l1.l2.l3']],
    [
      'multiple values, check for overwrite',
      ['.root[name="a"]', '.root[name="a"].name', '.root[name="a"].value.b', '.root[name="a"].value.c'],
      ['.root[name="a"].name', '.root[name="a"].value.b', '.root[name="a"].value.c'],
    ],
    [
      'multiple values and nested',
      ['.root[name="a"]', '.root[name="a"].name', '.root[name="a"].value.b', '.root[name="a"].value.b.d', '.root[name="a"].value.c'],
      ['.root[name="a"].name', '.root[name="a"].value.b.d', '.root[name="a"].value.c'],
    ],
    [
      'all-in-one',
      [
        '.root',
        '.root[name="a"]',
        '.root[name="a"].name',
        '.root[name="a"].value.b',
        '.root[name="a"].value.b.c',
        '.root[name="a"].value.d',
        '.root[name="a"].value.e',
        '.root.x',
        '.root.x.y',
        '.root.x.z',
        '.root[name="p"]',
        '.root[name="p"].name',
        '.root[name="p"].value.q',
      ],
      [
        '.root[name="a"].name',
        '.root[name="a"].value.b.c',
        '.root[name="a"].value.d',
        '.root[name="a"].value.e',
        '.root.x.y',
        '.root.x.z',
        '.root[name="p"].name',
        '.root[name="p"].value.q',
      ],
    ],
  ] as const)('%s', (_name, input, leaves) => {
    expectSameSet(pathSet(input).leaves(), pathSet(leaves));
  });
});

describe('fieldpath/set_test.go: difference and recursive difference', () => {
  it.each([
    ['removes simple path', ['.a'], ['.a'], [], []],
    ['removes direct path', ['.a.b.c'], ['.a.b.c'], [], []],
    ['only removes matching child', ['.a.b.c', '.b.b.c'], ['.a.b.c'], ['.b.b.c'], ['.b.b.c']],
    ['does not remove parent of specific path', ['.a'], ['.a.aa'], ['.a'], ['.a']],
    ['RecursiveDifference removes nested path', ['.a.b.c'], ['.a'], ['.a.b.c'], []],
    ['RecursiveDifference only removes nested path for matching children', ['.a.aa.aab', '.a.ab.aba'], ['.a.aa'], ['.a.aa.aab', '.a.ab.aba'], ['.a.ab.aba']],
    ['RecursiveDifference removes all matching children', ['.a.aa.aab', '.a.ab.aba'], ['.a'], ['.a.aa.aab', '.a.ab.aba'], []],
  ] as const)('%s', (_name, a, b, difference, recursive) => {
    expectSameSet(pathSet(a).difference(pathSet(b)), pathSet(difference));
    expectSameSet(pathSet(a).recursiveDifference(pathSet(b)), pathSet(recursive));
  });
});

const nestedSchema = `types:
- name: type
  map:
    elementType:
      namedType: type
    fields:
      - name: keyAStr
        type:
          scalar: string
      - name: keyBInt
        type:
          scalar: numeric
      - name: named
        type:
          namedType: type
      - name: list
        type:
          list:
            elementRelationship: associative
            keys: ["keyAStr", "keyBInt"]
            elementType:
              namedType: type
      - name: a
        type:
          namedType: type
      - name: value
        type:
          scalar: numeric
`;

const associativeListSchema = `types:
- name: type
  map:
    fields:
      - name: values
        type:
          list:
            elementRelationship: associative
            keys: ["keyAStr", "keyBInt"]
            elementType:
              map:
                fields:
                  - name: keyAStr
                    type:
                      scalar: string
                  - name: keyBInt
                    type:
                      scalar: numeric
                  - name: value
                    type:
                      scalar: numeric
`;

// No keyBInt yet.
const oldAssociativeListSchema = `types:
- name: type
  map:
    fields:
      - name: values
        type:
          list:
            elementRelationship: associative
            keys: ["keyAStr"]
            elementType:
              map:
                fields:
                  - name: keyAStr
                    type:
                      scalar: string
                  - name: value
                    type:
                      scalar: numeric
`;

describe('fieldpath/set_test.go: declared fields whose contents are in the set become members', () => {
  const key = '[keyAStr="a",keyBInt=1]';
  it.each([
    {
      schema: nestedSchema,
      value: '{"named": {"named": {"value": 0}}}',
      before: ['.named.named.value'],
      after: ['.named.named.value', '.named.named', '.named'],
    },
    {
      schema: nestedSchema,
      value: '{"named": {"a": {"named": {"value": 42}}}, "a": {"named": {"value": 1}}}',
      before: ['.named.a.named.value', '.a.named.value'],
      after: ['.named.a.named.value', '.named.a.named', '.named.a', '.named', '.a.named.value', '.a.named', '.a'],
    },
    {
      schema: nestedSchema,
      value: '{"named": {"list": [{"keyAStr": "a", "keyBInt": 1, "named": {"value": 0}}]}}',
      before: [`.named.list${key}.keyAStr`, `.named.list${key}.keyBInt`, `.named.list${key}.named.value`, `.named.list${key}`],
      after: [
        `.named.list${key}.keyAStr`,
        `.named.list${key}.keyBInt`,
        `.named.list${key}.named.value`,
        `.named.list${key}.named`,
        `.named.list${key}`,
        '.named.list',
        '.named',
      ],
    },
    {
      // The set of an object read under the old schema (its key lacks keyBInt), made whole under the new.
      schema: oldAssociativeListSchema,
      newSchema: associativeListSchema,
      value: '{"values": [{"keyAStr": "a", "value": 0}]}',
      before: ['.values[keyAStr="a"].keyAStr', '.values[keyAStr="a"].value', '.values[keyAStr="a"]'],
      after: ['.values[keyAStr="a"].keyAStr', '.values[keyAStr="a"].value', '.values[keyAStr="a"]', '.values'],
    },
    {
      // An item missing one key field under the new schema: the key is not completed.
      schema: associativeListSchema,
      value: '{"values": [{"keyAStr": "a", "value": 1}]}',
      before: ['.values[keyAStr="a"].keyAStr', '.values[keyAStr="a"].value', '.values[keyAStr="a"]'],
      after: ['.values[keyAStr="a"].keyAStr', '.values[keyAStr="a"].value', '.values[keyAStr="a"]', '.values'],
    },
  ])('$value', ({ schema, newSchema, value, before, after }) => {
    const atom = typeIn(schema, 'type');
    const object = yamlObject(value);
    expect(validate(object, atom)).toEqual([]);
    const set = toFieldSet(object, atom);
    expectSameSet(set, pathSet(before));
    expectSameSet(ensureNamedFieldsAreMembers(set, typeIn(newSchema ?? schema, 'type')), pathSet(after));
  });
});

// typed/comparison_test.go TestComparisonExcludeFields: a comparison without ignored fields is each
// of its three sets without them, subtrees included (the engine's withoutIgnored).
describe('typed/comparison_test.go: a comparison without excluded fields', () => {
  const comparison = (added: string[], modified: string[], removed: string[]) => ({ added: pathSet(added), modified: pathSet(modified), removed: pathSet(removed) });
  it.each([
    ['works on no set', undefined, comparison(['.a'], ['.b'], ['.c']), comparison(['.a'], ['.b'], ['.c'])],
    ['works on empty set', [], comparison(['.a'], ['.b'], ['.c']), comparison(['.a'], ['.b'], ['.c'])],
    ['removes from entire object', ['.a', '.b', '.c'], comparison(['.a.aa'], ['.b.ba'], ['.c.ca']), comparison([], [], [])],
  ] as const)('%s', (_name, excluded, c, want) => {
    const ctx = { atom: typeIn(nestedSchema, 'type'), ignoredFields: excluded ? new Map([['v1', pathSet(excluded)]]) : undefined };
    expectSameSet(withoutIgnored(ctx, 'v1', c.added), want.added);
    expectSameSet(withoutIgnored(ctx, 'v1', c.modified), want.modified);
    expectSameSet(withoutIgnored(ctx, 'v1', c.removed), want.removed);
  });
});
