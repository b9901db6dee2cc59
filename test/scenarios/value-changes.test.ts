import { describe, expect, it } from 'vitest';
import { fieldElement, keyElement } from '../../src/fieldpath/path-element.js';
import { FieldSet } from '../../src/fieldpath/set.js';
import type { Path } from '../../src/fieldpath/path-element.js';
import { ownershipChanges } from '../../src/scenarios/ownership-changes.js';
import type { OwnerEntry } from '../../src/scenarios/owners.js';
import type { ObjectView, Snapshot } from '../../src/scenarios/run-types.js';
import { valueChanges } from '../../src/scenarios/value-changes.js';
import type { Value } from '../../src/value/value.js';

function entry(manager: string, paths: Path[]): OwnerEntry {
  return { manager, operation: 'Update', apiVersion: 'v1', subresource: '', time: undefined, set: FieldSet.fromPaths(paths) };
}

function snapshot(object: Value, owners: OwnerEntry[]): Snapshot {
  const view: ObjectView = { display: 'the object', ref: undefined, object, owners, type: { get: () => { throw new Error('unused'); } } };
  return { time: undefined, objects: [view], state: undefined };
}

function changesOf(before: Snapshot, after: Snapshot) {
  const b = before.objects[0];
  const a = after.objects[0];
  return [{ display: 'the object', changes: ownershipChanges(b.owners, a.owners, b.object, a.object) }];
}

describe('value changes are read at the paths the engine reported', () => {
  it('a field named with a dot and a nested field print alike; each change reads its own value', () => {
    // `.a.b` names both the nested field b of a and the field "a.b": the change is about the nested one.
    const nested: Path = [fieldElement('a'), fieldElement('b')];
    const before = snapshot({ a: { b: 1 }, 'a.b': 5 }, [entry('x', [nested])]);
    const after = snapshot({ a: { b: 2 }, 'a.b': 5 }, [entry('y', [nested])]);
    const changes = changesOf(before, after);
    expect(changes[0].changes.map((c) => c.text)).toEqual(['y took .a.b from x', 'x no longer owns any field: its managedFields entry is gone']);
    expect(valueChanges(changes, before, after)).toEqual([{ object: 'the object', path: '.a.b', before: 1, after: 2 }]);
  });

  // In the set's order (c14 before c7).
  it('list items are found by their key fields, the first item that has them', () => {
    const image = (name: string): Path => [fieldElement('containers'), keyElement([{ name: 'name', value: name }]), fieldElement('image')];
    const containers = (tag: string) => Array.from({ length: 40 }, (_, i) => ({ name: `c${i}`, image: `i${i}:${i % 7 === 0 ? tag : 'v1'}` }));
    const paths = Array.from({ length: 40 }, (_, i) => image(`c${i}`));
    const before = snapshot({ containers: [...containers('v1'), { name: 'c0', image: 'duplicate' }] }, [entry('x', paths)]);
    const after = snapshot({ containers: containers('v2') }, [entry('y', paths)]);
    const changed = valueChanges(changesOf(before, after), before, after);
    expect(changed.map((v) => `${v.path}: ${String(v.before)} -> ${String(v.after)}`)).toEqual(
      [0, 14, 21, 28, 35, 7].map((i) => `.containers[name="c${i}"].image: i${i}:v1 -> i${i}:v2`),
    );
  });
});
