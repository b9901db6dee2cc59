/**
 * The sentence a marked line of the playground carries (its tooltip, what a screen reader hears)
 * says what the scenario layer's ownership change says. A gave-up mark read "alice gave it up to
 * bob", as if bob had received the field; bob owned it already and still does ("alice gave up
 * .data.x; bob still owns it"). A field released with another value says so, as run does.
 */
import { describe, expect, it } from 'vitest';
import { fieldElement } from '../../src/fieldpath/path-element.js';
import { FieldSet } from '../../src/fieldpath/set.js';
import { ownershipChanges } from '../../src/scenarios/ownership-changes.js';
import type { OwnerEntry } from '../../src/scenarios/owners.js';
import { marksOf } from '../../src/web/page-model.js';

const x = [fieldElement('data'), fieldElement('x')];
const entry = (manager: string, withX: boolean): OwnerEntry => ({ manager, operation: 'Apply', apiVersion: 'v1', subresource: '', time: undefined, set: FieldSet.fromPaths(withX ? [x] : []) });

describe("a marked line's sentence", () => {
  it('gave up: the other manager still owns it, it did not receive it', () => {
    const changes = ownershipChanges([entry('alice', true), entry('bob', true)], [entry('alice', false), entry('bob', true)], { data: { x: '1' } }, { data: { x: '1' } });
    expect(changes[0].text).toBe('alice gave up .data.x; bob still owns it');
    expect(marksOf([], changes).get('.data.x')).toEqual({ kind: 'gave-up', text: 'alice gave it up; bob still owns it' });
  });

  it('released with another value: says the value changed', () => {
    const changes = ownershipChanges([entry('alice', true)], [], { data: { x: '1' } }, { data: { x: '2' } });
    expect(marksOf([], changes).get('.data.x')).toEqual({ kind: 'released', text: 'alice released it; its value changed' });
  });
});
