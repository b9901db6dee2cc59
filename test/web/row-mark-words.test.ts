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

describe('a marked line with several managers behind it', () => {
  it('a 409 on a field two managers own names both, as the 409 does', () => {
    // scenarios/shared-field-release.yaml, step 3: conflicts with "team-a" and with "team-b" on .spec.replicas.
    const conflicts = [
      { path: '.spec.replicas', manager: 'team-a' },
      { path: '.spec.replicas', manager: 'team-b' },
    ];
    expect(marksOf(conflicts, []).get('.spec.replicas')).toEqual({ kind: 'conflict', text: '409: conflicts with team-a, team-b' });
  });

  it('a field taken from two managers names both (scenarios/kubernetes-tests/scale-subresource.yaml, step 9)', () => {
    const r = [fieldElement('spec'), fieldElement('replicas')];
    const e = (manager: string, subresource: string, withR: boolean): OwnerEntry => ({ manager, operation: 'Update', apiVersion: 'apps/v1', subresource, time: undefined, set: FieldSet.fromPaths(withR ? [r] : []) });
    const changes = ownershipChanges([e('co_owning_test', 'scale', true), e('replace_test', 'scale', true)], [e('scale_test', 'scale', true)], { spec: { replicas: 7 } }, { spec: { replicas: 5 } });
    expect(changes.filter((c) => c.kind === 'took').map((c) => c.text)).toEqual([
      'scale_test (/scale) took .spec.replicas from co_owning_test (/scale)',
      'scale_test (/scale) took .spec.replicas from replace_test (/scale)',
    ]);
    expect(marksOf([], changes).get('.spec.replicas')).toEqual({ kind: 'took', text: 'scale_test (/scale) took it from co_owning_test (/scale), replace_test (/scale)' });
  });
});
