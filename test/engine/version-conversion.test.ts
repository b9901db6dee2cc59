/**
 * Managers at different API versions whose types differ (engine-semantics §5.6): with a converter
 * in the context, each manager is compared at its own version, with the objects converted there,
 * and an applier's prune runs at the version of its last apply. Here v1 names a field `a` that v2
 * calls `b` (structured-merge-diff's field-rename conversion tests use the same shape).
 */
import { describe, expect, it } from 'vitest';
import { apply } from '../../src/merge/apply.js';
import type { EngineContext } from '../../src/merge/context.js';
import type { ManagedFields } from '../../src/merge/managers.js';
import { update } from '../../src/merge/update.js';
import { encodeFieldsV1 } from '../../src/fieldpath/fieldsv1-encode.js';
import { formatConflicts } from '../../src/merge/conflict.js';
import { parseSchema } from '../../src/schema/parse-schema.js';
import { Schema } from '../../src/schema/schema.js';
import { isMap, newMap, type Value } from '../../src/value/value.js';
import { toValue } from '../../src/apiserver/object-paths.js';

const schema = new Schema(
  parseSchema(`types:
- name: v1
  map:
    fields:
      - {name: a, type: {scalar: numeric}}
      - {name: keep, type: {scalar: string}}
- name: v2
  map:
    fields:
      - {name: b, type: {scalar: numeric}}
      - {name: keep, type: {scalar: string}}
`),
);

/** v1's `a` is v2's `b`; everything else is the same. */
function rename(value: Value, from: string, to: string): Value {
  if (!isMap(value) || from === to) return value;
  const [src, dst] = from === 'v1' ? ['a', 'b'] : ['b', 'a'];
  const out = newMap();
  for (const k of Object.keys(value)) out[k === src ? dst : k] = value[k];
  return out;
}

const ctxAt = (version: 'v1' | 'v2'): EngineContext => ({
  atom: schema.named(version),
  versions: { atomAt: (v) => (v === 'v1' || v === 'v2' ? schema.named(v) : undefined), convert: rename },
});

const v = (x: unknown) => toValue(x);
const sets = (m: ManagedFields) => Object.fromEntries([...m].map(([name, e]) => [name, `${e.apiVersion} ${encodeFieldsV1(e.set)}`]));

function ok<T extends { ok: boolean }>(r: T): Extract<T, { ok: true }> {
  if (!r.ok) throw new Error(`failed: ${JSON.stringify(r)}`);
  return r as Extract<T, { ok: true }>;
}

describe('managers at API versions whose types differ', () => {
  const old = ok(update(ctxAt('v1'), v({}), v({ a: 1, keep: 'x' }), 'v1', new Map(), 'old'));

  it('an apply at v2 conflicts with a v1 owner on the v1 name of the field it changes', () => {
    const live = rename(old.object, 'v1', 'v2');
    const r = apply(ctxAt('v2'), live, v({ b: 2 }), 'v2', old.managers, 'new', false);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(formatConflicts(r.conflicts)).toBe('conflict with "old": .a');
    // The same value is no conflict: both own it, each under its own version's name.
    const same = ok(apply(ctxAt('v2'), live, v({ b: 1 }), 'v2', old.managers, 'new', false));
    expect(sets(same.managers)).toEqual({ old: 'v1 {"f:a":{},"f:keep":{}}', new: 'v2 {"f:b":{}}' });
    // Forced, the v1 owner loses `a` alone.
    const forced = ok(apply(ctxAt('v2'), live, v({ b: 2 }), 'v2', old.managers, 'new', true));
    expect(sets(forced.managers)).toEqual({ old: 'v1 {"f:keep":{}}', new: 'v2 {"f:b":{}}' });
    expect(forced.object).toEqual(v({ b: 2, keep: 'x' }));
  });

  it('an update at v2 takes the field from the v1 owner, and a removal at v2 removes it from the v1 set', () => {
    const live = rename(old.object, 'v1', 'v2');
    const changed = ok(update(ctxAt('v2'), live, v({ b: 5, keep: 'x' }), 'v2', old.managers, 'writer'));
    expect(sets(changed.managers)).toEqual({ old: 'v1 {"f:keep":{}}', writer: 'v2 {"f:b":{}}' });
    const removed = ok(update(ctxAt('v2'), live, v({ keep: 'x' }), 'v2', old.managers, 'writer'));
    expect(sets(removed.managers)).toEqual({ old: 'v1 {"f:keep":{}}' });
  });

  it('an applier that stops applying a field at another version prunes it, unless someone owns it at theirs', () => {
    const first = ok(apply(ctxAt('v1'), v({}), v({ a: 1, keep: 'x' }), 'v1', new Map(), 'p', false));
    const live = rename(first.object, 'v1', 'v2');
    const pruned = ok(apply(ctxAt('v2'), live, v({ keep: 'x' }), 'v2', first.managers, 'p', false));
    expect(pruned.object).toEqual(v({ keep: 'x' }));
    // A v1 updater that changed `a` owns it at v1, so the v2 applier's prune keeps it.
    const owned = ok(update(ctxAt('v1'), first.object, v({ a: 3, keep: 'x' }), 'v1', first.managers, 'o'));
    const kept = ok(apply(ctxAt('v2'), rename(owned.object, 'v1', 'v2'), v({ keep: 'x' }), 'v2', owned.managers, 'p', false));
    expect(kept.object).toEqual(v({ b: 3, keep: 'x' }));
    expect(sets(kept.managers)).toEqual({ p: 'v2 {"f:keep":{}}', o: 'v1 {"f:a":{}}' });
  });

  it('fails when the objects converted to the version of a manager do not compare there', () => {
    const broken: EngineContext = { ...ctxAt('v2'), versions: { ...ctxAt('v2').versions!, convert: (x, from, to) => (to === 'v1' ? v({ a: 'not a number' }) : x) } };
    const r = apply(broken, rename(old.object, 'v1', 'v2'), v({ b: 2 }), 'v2', old.managers, 'new', true);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/^failed to compare objects: /);
  });

  it('drops a manager whose version the converter does not know', () => {
    const managers: ManagedFields = new Map([...old.managers].map(([n, e]) => [n, { ...e, apiVersion: 'v0' }]));
    const r = ok(apply(ctxAt('v2'), v({ b: 1, keep: 'x' }), v({ b: 2 }), 'v2', managers, 'new', false));
    expect(sets(r.managers)).toEqual({ new: 'v2 {"f:b":{}}' });
  });
});
