/**
 * Found by test/scenarios/ownership-changes.properties.test.ts (seed 2026): a granular map whose
 * keys print as each other's prefixes (`a` and `a.b`, as annotations `example.com` and
 * `example.com/x` do not, but `a` and `a.b` do). `.annotations.a.b` is a sibling of
 * `.annotations.a`, not a field under it: each change line must count what is under its path by
 * path elements, not by the text's prefix.
 */
import { describe, expect, it } from 'vitest';
import { FieldSet } from '../../src/fieldpath/set.js';
import { fieldElement } from '../../src/fieldpath/path-element.js';
import { ownershipChanges } from '../../src/scenarios/ownership-changes.js';
import type { OwnerEntry } from '../../src/scenarios/owners.js';
import type { Value } from '../../src/value/value.js';

const entry = (manager: string, keys: string[]): OwnerEntry => ({
  manager,
  operation: 'Apply',
  apiVersion: 'v1',
  subresource: '',
  time: undefined,
  set: FieldSet.fromPaths(keys.map((k) => [fieldElement('annotations'), fieldElement(k)])),
});

describe('ownership changes: map keys that print as prefixes of each other', () => {
  it('released .annotations.a and .annotations.a.b are two fields, neither under the other', () => {
    const after = { annotations: { a: 'x', 'a.b': 'x' } } as Value;
    const lines = ownershipChanges([entry('alice', ['a', 'a.b'])], [entry('alice', [])], after, after);
    expect(lines.map((l) => l.text)).toEqual([
      'alice released .annotations.a: nobody owns it now, but it stays in the object',
      'alice released .annotations.a.b: nobody owns it now, but it stays in the object',
    ]);
    expect(lines.map((l) => l.fields)).toEqual([['.annotations.a'], ['.annotations.a.b']]);
  });

  it('removed .annotations.a and .annotations.a.b: two lines, neither under the other', () => {
    const before = { annotations: { a: 'x', 'a.b': 'x' } } as Value;
    const lines = ownershipChanges([entry('alice', ['a', 'a.b'])], [], before, { annotations: {} } as Value);
    expect(lines.map((l) => l.text)).toEqual([
      'removed .annotations.a: no manager left',
      'removed .annotations.a.b: no manager left',
      'alice no longer owns any field: its managedFields entry is gone',
    ]);
  });
});
