import { describe, expect, it } from 'vitest';
import { apply } from '../../src/merge/apply.js';
import { update } from '../../src/merge/update.js';
import { parseSchema } from '../../src/schema/parse-schema.js';
import { Schema } from '../../src/schema/schema.js';
import { compare } from '../../src/typed/compare.js';
import { merge } from '../../src/typed/merge.js';
import { toFieldSet } from '../../src/typed/to-field-set.js';
import { validate } from '../../src/typed/validate.js';
import { setLines } from '../support/upstream-tables.js';

// A scalar kind structured-merge-diff v6.4.2 does not know (`scalar: number`, as its own
// typed/remove_test.go nested-types schema writes): the schema reads, and only a value at that
// field fails, with typed/validate.go validateScalar's text `unexpected scalar type in schema: <kind>`
// (prefixed `lhs: `/`rhs: ` in compare and merge, which fail only when both sides have a value).
const atom = new Schema(
  parseSchema(`types:
- name: root
  map:
    fields:
    - {name: struct, type: {namedType: struct}}
- name: struct
  map:
    fields:
    - {name: name, type: {scalar: string}}
    - {name: value, type: {scalar: number}}
`),
).named('root');

const problems = (issues: readonly { path: string; message: string }[]) => issues.map((i) => `${i.path}: ${i.message}`);

describe('a field of an unknown scalar kind', () => {
  it('refuses a value there, and accepts null or no value', () => {
    expect(problems(validate({ struct: { name: 'a', value: 1 } }, atom))).toEqual(['.struct.value: unexpected scalar type in schema: number']);
    expect(problems(validate({ struct: { value: 'x' } }, atom))).toEqual(['.struct.value: unexpected scalar type in schema: number']);
    expect(validate({ struct: { name: 'a', value: null } }, atom)).toEqual([]);
    expect(validate({ struct: { name: 'a' } }, atom)).toEqual([]);
  });

  it('compare and merge fail only when both sides hold a value there', () => {
    const both = compare({ struct: { value: 1 } }, { struct: { value: 2 } }, atom);
    expect(both.ok ? [] : problems(both.issues)).toEqual([
      '.struct.value: lhs: unexpected scalar type in schema: number',
      '.struct.value: rhs: unexpected scalar type in schema: number',
    ]);
    const added = compare({ struct: { name: 'a' } }, { struct: { name: 'a', value: 1 } }, atom);
    expect(added.ok && setLines(added.comparison.added)).toEqual(['.struct.value']);
    const merged = merge({ struct: { value: 1 } }, { struct: { value: 2 } }, atom);
    expect(merged.ok ? [] : problems(merged.issues)).toEqual([
      '.struct.value: lhs: unexpected scalar type in schema: number',
      '.struct.value: rhs: unexpected scalar type in schema: number',
    ]);
    const onlyLive = merge({ struct: { value: 1 } }, { struct: { name: 'a' } }, atom);
    expect(onlyLive.ok && onlyLive.value).toEqual({ struct: { value: 1, name: 'a' } });
  });

  it('a field set and the updater do not look at the kind', () => {
    expect(setLines(toFieldSet({ struct: { value: 1 } }, atom))).toEqual(['.struct.value']);
    const ctx = { atom };
    const applied = apply(ctx, null, { struct: { name: 'a', value: 1 } }, 'v1', new Map(), 'm', false);
    expect(applied.ok ? '' : applied.error.message).toBe('invalid object: .struct.value: unexpected scalar type in schema: number');
    const created = apply(ctx, null, { struct: { name: 'a' } }, 'v1', new Map(), 'm', false);
    expect(created.ok && created.object).toEqual({ struct: { name: 'a' } });
    const updated = update(ctx, null, { struct: { value: null } }, 'v1', new Map(), 'u');
    expect(updated.ok && updated.object).toEqual({ struct: { value: null } });
  });
});
