/**
 * The story of operations structured-merge-diff v6.4.2's merge tests tell (its internal/fixture,
 * engine-semantics §8.2), played through the engine's updater: apply, force apply, update, and
 * extract-then-apply, from an object that starts as null. The data of each case is upstream's
 * (objects in YAML, sets as path strings); this runner is ours.
 */
import { expect } from 'vitest';
import { pathToString } from '../../src/fieldpath/path-string.js';
import { apply } from '../../src/merge/apply.js';
import type { EngineContext, VersionConverter } from '../../src/merge/context.js';
import type { ManagedFields } from '../../src/merge/managers.js';
import type { EngineOutcome } from '../../src/merge/outcome.js';
import { update } from '../../src/merge/update.js';
import type { Atom } from '../../src/schema/schema.js';
import { merge } from '../../src/typed/merge.js';
import { extractItems } from '../../src/typed/remove-items.js';
import { valueEquals } from '../../src/value/equals.js';
import { isList, isMap, newMap, type Value } from '../../src/value/value.js';
import { pathSet, setLines, yamlObject } from './upstream-tables.js';

export interface FixtureOp {
  op: 'apply' | 'forceApply' | 'update' | 'extractApply';
  manager: string;
  apiVersion: string;
  object: string;
  /** For `apply`: the conflicts it must meet (`manager .path`), in any order; none given = it must succeed. */
  conflicts?: string[];
}

export interface FixtureCase {
  name: string;
  ops: FixtureOp[];
  /** The object at the end, read at `apiVersion` (omitted: not checked; blank text: null). */
  object?: string;
  apiVersion?: string;
  /** Every manager's version and set at the end (the `applied` flag is not compared upstream). */
  managed?: Record<string, { apiVersion: string; set: string[] }>;
  /** Per API version, the fields kept out of every manager's set. */
  ignored?: Record<string, string[]>;
}

export interface FixtureState {
  live: Value;
  managers: ManagedFields;
}

/**
 * Plays `c` with `typeAt` giving the root type of each API version, and `versions` converting
 * between them (none: one type, identity conversion). Fails the calling test on any difference.
 */
export function playFixture(c: FixtureCase, typeAt: (apiVersion: string) => Atom, versions?: VersionConverter): FixtureState {
  const ignoredFields = c.ignored ? new Map(Object.entries(c.ignored).map(([v, paths]) => [v, pathSet(paths)])) : undefined;
  const ctxAt = (apiVersion: string): EngineContext => ({ atom: typeAt(apiVersion), ignoredFields, versions });
  let state: FixtureState = { live: null, managers: new Map() };
  let liveVersion: string | undefined;
  c.ops.forEach((op, i) => {
    const where = `${c.name}, operation ${i} (${op.op} by ${op.manager})`;
    const ctx = ctxAt(op.apiVersion);
    // The live object, at the operation's version.
    const live = liveVersion === undefined || versions === undefined ? state.live : versions.convert(state.live, liveVersion, op.apiVersion);
    let config = yamlObject(op.object);
    const settle = (outcome: EngineOutcome): void => {
      if (!outcome.ok) throw new Error(`${where}: ${outcome.error.message}`);
      state = { live: outcome.object, managers: outcome.managers };
      liveVersion = op.apiVersion;
    };
    switch (op.op) {
      case 'update':
        return settle(update(ctx, live, config, op.apiVersion, state.managers, op.manager));
      case 'forceApply':
        return settle(apply(ctx, live, config, op.apiVersion, state.managers, op.manager, true));
      case 'extractApply': {
        if (liveVersion !== undefined) {
          const mine = state.managers.get(op.manager);
          if (mine && mine.apiVersion !== op.apiVersion) throw new Error(`${where}: the manager's set is at ${mine.apiVersion}, not ${op.apiVersion}`);
          const extracted = mine ? extractItems(live, mine.set.leaves(), ctx.atom) : extractItems(live, pathSet([]), ctx.atom);
          const merged = merge(extracted, config, ctx.atom);
          if (!merged.ok) throw new Error(`${where}: ${JSON.stringify(merged.issues)}`);
          config = merged.value ?? null;
        }
        return settle(apply(ctx, live, config, op.apiVersion, state.managers, op.manager, true));
      }
      case 'apply': {
        const outcome = apply(ctx, live, config, op.apiVersion, state.managers, op.manager, false);
        if (op.conflicts === undefined) return settle(outcome);
        const met = outcome.ok ? [] : outcome.conflicts.map((x) => `${x.manager} ${pathToString(x.path)}`);
        if (!outcome.ok && met.length === 0) throw new Error(`${where}: ${outcome.error.message}`);
        expect(met.sort(), where).toEqual([...op.conflicts].sort());
        if (outcome.ok) settle(outcome);
        return;
      }
    }
  });
  if (c.object !== undefined) {
    const at = c.apiVersion ?? liveVersion ?? '';
    const live = versions && liveVersion !== undefined ? versions.convert(state.live, liveVersion, at) : state.live;
    const want = yamlObject(c.object);
    if (!valueEquals(live, want)) expect(live, `${c.name}: the object`).toEqual(want);
  }
  if (c.managed !== undefined) {
    const got = Object.fromEntries([...state.managers].map(([m, e]) => [m, { apiVersion: e.apiVersion, set: setLines(e.set) }]));
    const want = Object.fromEntries(Object.entries(c.managed).map(([m, e]) => [m, { apiVersion: e.apiVersion, set: setLines(pathSet(e.set)) }]));
    expect(got, `${c.name}: the managers`).toEqual(want);
  }
  for (const [m, e] of state.managers) expect(e.set.isEmpty(), `${c.name}: ${m} owns nothing but is kept`).toBe(false);
  return state;
}

/** The schema of upstream's merge/nested_test.go (nestedTypeParser), one type for every version. */
export const NESTED_TYPE_SCHEMA = `types:
- name: type
  map:
    fields:
      - name: listOfLists
        type:
          namedType: listOfLists
      - name: listOfMaps
        type:
          namedType: listOfMaps
      - name: mapOfLists
        type:
          namedType: mapOfLists
      - name: mapOfMaps
        type:
          namedType: mapOfMaps
      - name: mapOfMapsRecursive
        type:
          namedType: mapOfMapsRecursive
      - name: struct
        type:
          namedType: struct
- name: struct
  map:
    fields:
    - name: name
      type:
        scalar: string
    - name: value
      type:
        scalar: numeric
- name: listOfLists
  list:
    elementType:
      map:
        fields:
        - name: name
          type:
            scalar: string
        - name: value
          type:
            namedType: list
    elementRelationship: associative
    keys:
    - name
- name: list
  list:
    elementType:
      scalar: string
    elementRelationship: associative
- name: listOfMaps
  list:
    elementType:
      map:
        fields:
        - name: name
          type:
            scalar: string
        - name: value
          type:
            namedType: map
    elementRelationship: associative
    keys:
    - name
- name: map
  map:
    elementType:
      scalar: string
    elementRelationship: associative
- name: mapOfLists
  map:
    elementType:
      namedType: list
    elementRelationship: associative
- name: mapOfMaps
  map:
    elementType:
      namedType: map
    elementRelationship: associative
- name: mapOfMapsRecursive
  map:
    elementType:
      namedType: mapOfMapsRecursive
    elementRelationship: associative
`;

/**
 * Upstream's repeatingConverter (merge/multiple_appliers_test.go): at version `vN` every key below
 * the object's first field is its first letter N times (`a` at v1 is `aa` at v2), and values below
 * that field are dropped to null. It works on yaml.v2's text of the object: the first line (the
 * first field in sorted order, with its value when that fits on the line) is kept as it is, and
 * every indented line after it becomes `<first letter × N>:`. Only maps of maps are modelled (the
 * tests use it on mapOfMapsRecursive); a version that is not `v<number>` does not exist.
 */
export function repeatingConverter(atom: Atom): VersionConverter {
  const times = (v: string): number | undefined => (/^v[+-]?\d+$/.test(v) ? Number(v.slice(1)) : undefined);
  const below = (v: Value, n: number): Value => {
    if (!isMap(v)) return null;
    const out = newMap();
    for (const k of Object.keys(v).sort()) out[k[0].repeat(n)] = below(v[k], n);
    return Object.keys(out).length === 0 ? null : out;
  };
  return {
    atomAt: (v) => (times(v) === undefined ? undefined : atom),
    convert: (value, _from, to) => {
      const n = times(to);
      if (n === undefined) throw new Error(`cannot convert to invalid version ${to}`);
      if (!isMap(value)) return value;
      const keys = Object.keys(value).sort();
      if (keys.length === 0) return value;
      const first = value[keys[0]];
      const out = newMap();
      if (isList(first)) throw new Error('the repeating converter models maps only');
      // A value that fits on the field's line (a scalar, null, {}) stays; a map's lines are rewritten.
      out[keys[0]] = isMap(first) && Object.keys(first).length > 0 ? below(first, n) : first;
      return out;
    },
  };
}
