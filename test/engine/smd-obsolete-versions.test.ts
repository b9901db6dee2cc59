import { describe, expect, it } from 'vitest';
import { encodeFieldsV1 } from '../../src/fieldpath/fieldsv1-encode.js';
import { apply } from '../../src/merge/apply.js';
import type { EngineContext, VersionConverter } from '../../src/merge/context.js';
import type { ManagedFields } from '../../src/merge/managers.js';
import type { EngineOutcome } from '../../src/merge/outcome.js';
import { update } from '../../src/merge/update.js';
import { DEDUCED_TYPE_NAME, deducedSchemaDecl } from '../../src/schema/deduced.js';
import { Schema } from '../../src/schema/schema.js';
import type { Atom } from '../../src/schema/schema.js';
import type { Value } from '../../src/value/value.js';
import { typeIn } from '../support/upstream-tables.js';

/**
 * structured-merge-diff v6.4.2 merge/obsolete_versions_test.go: a converter that knows only some
 * versions (upstream's specificVersionConverter: the identity for them, "missing" for every other),
 * whose list changes between operations. TestObsoleteVersions: managers at a version that no longer
 * exists are dropped. TestApplyObsoleteVersion: an applier whose last apply is at such a version
 * prunes nothing.
 */
function specificVersions(atom: Atom, accepted: { versions: string[] }): VersionConverter {
  return {
    atomAt: (v) => (accepted.versions.includes(v) ? atom : undefined),
    convert: (value) => value,
  };
}

type State = { live: Value; managers: ManagedFields };
const next = (outcome: EngineOutcome): State => {
  if (!outcome.ok) throw new Error(outcome.error.message);
  return { live: outcome.object, managers: outcome.managers };
};
const sets = (m: ManagedFields) => Object.fromEntries([...m].map(([name, e]) => [name, `${e.apiVersion} ${encodeFieldsV1(e.set)}`]));

describe('merge/obsolete_versions_test.go', () => {
  it('TestObsoleteVersions: managers at a version that is gone are dropped', () => {
    const atom = new Schema(deducedSchemaDecl()).named(DEDUCED_TYPE_NAME);
    const accepted = { versions: ['v1', 'v2'] };
    const ctx: EngineContext = { atom, versions: specificVersions(atom, accepted) };
    let s: State = { live: null, managers: new Map() };
    s = next(update(ctx, s.live, { v1: 0 }, 'v1', s.managers, 'v1'));
    s = next(update(ctx, s.live, { v1: 0, v2: 0 }, 'v2', s.managers, 'v2'));
    expect(sets(s.managers)).toEqual({ v1: 'v1 {"f:v1":{}}', v2: 'v2 {"f:v2":{}}' });
    accepted.versions = ['v2', 'v3'];
    s = next(update(ctx, s.live, { v1: 0, v2: 0, v3: 0 }, 'v3', s.managers, 'v3'));
    expect(sets(s.managers)).toEqual({ v2: 'v2 {"f:v2":{}}', v3: 'v3 {"f:v3":{}}' });
  });

  it('TestApplyObsoleteVersion: nothing is pruned when the last apply is at a version that is gone', () => {
    const atom = typeIn(
      `types:
- name: sets
  map:
    fields:
    - name: list
      type:
        list:
          elementType:
            scalar: string
          elementRelationship: associative
`,
      'sets',
    );
    const accepted = { versions: ['v1'] };
    const ctx: EngineContext = { atom, versions: specificVersions(atom, accepted) };
    let s: State = { live: null, managers: new Map() };
    s = next(apply(ctx, s.live, { list: ['a', 'b', 'c', 'd'] }, 'v1', s.managers, 'apply', false));
    accepted.versions = ['v2'];
    s = next(apply(ctx, s.live, { list: ['a'] }, 'v2', s.managers, 'apply', false));
    expect(s.live).toEqual({ list: ['a', 'b', 'c', 'd'] });
    expect(sets(s.managers)).toEqual({ apply: 'v2 {"f:list":{"v:\\"a\\"":{}}}' });
  });
});
