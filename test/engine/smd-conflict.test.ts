import { describe, expect, it } from 'vitest';
import { FieldSet } from '../../src/fieldpath/set.js';
import { conflictsFromSets, formatConflicts } from '../../src/merge/conflict.js';
import { pathSet, setLines } from '../support/upstream-tables.js';

/**
 * structured-merge-diff v6.4.2 merge/conflict_test.go: conflicts built from the sets other
 * managers own, and their text (managers in byte order, each manager's paths in set order).
 * TestNewFromSets, TestToSet, TestConflictsFromManagers.
 */
const bobAndAlice = () =>
  new Map([
    ['Bob', pathSet(['.key', '.list[id=2,key="a"].id'])],
    ['Alice', pathSet(['.value', '.list[id=2,key="a"].key'])],
  ]);

describe('merge/conflict_test.go', () => {
  it('TestNewFromSets: the text of conflicts with two managers', () => {
    expect(formatConflicts(conflictsFromSets(bobAndAlice()))).toBe(
      'conflicts with "Alice":\n- .value\n- .list[id=2,key="a"].key\nconflicts with "Bob":\n- .key\n- .list[id=2,key="a"].id',
    );
  });

  it('TestToSet: the conflicting paths, as one set', () => {
    const set = FieldSet.fromPaths(conflictsFromSets(bobAndAlice()).map((c) => c.path));
    expect(setLines(set)).toEqual(setLines(pathSet(['.key', '.value', '.list[id=2,key="a"].id', '.list[id=2,key="a"].key'])));
  });

  it('TestConflictsFromManagers: two paths of one manager keep their own text', () => {
    const conflicts = conflictsFromSets(new Map([['Bob', pathSet(['.obj.template.obj.list[name="a"].id', '.obj.template.obj.list[name="a"].key'])]]));
    expect(formatConflicts(conflicts)).toBe('conflicts with "Bob":\n- .obj.template.obj.list[name="a"].id\n- .obj.template.obj.list[name="a"].key');
  });
});
