/**
 * A field-level `elementRelationship` on a type reference, as structured-merge-diff v6.4.2
 * resolves it (schema/elements.go Resolve; typed/helpers_test.go TestInvalidOverride): the
 * referenced map takes it, else its list; a type that is both (the untyped atomic one) keeps its
 * list atomic; on a scalar the reference resolves to nothing.
 */
import { describe, expect, it } from 'vitest';
import { encodeFieldsV1 } from '../../src/fieldpath/fieldsv1-encode.js';
import { apply } from '../../src/merge/apply.js';
import { parseSchema } from '../../src/schema/parse-schema.js';
import { Schema } from '../../src/schema/schema.js';
import { toValue } from '../../src/apiserver/object-paths.js';

function schemaWith(xType: string): Schema {
  return new Schema(parseSchema(`types:
- name: root
  map:
    fields:
    - name: x
      type: ${xType}
- name: word
  scalar: string
- name: __untyped_atomic_
  scalar: untyped
  list:
    elementType: {namedType: __untyped_atomic_}
    elementRelationship: atomic
  map:
    elementType: {namedType: __untyped_atomic_}
    elementRelationship: atomic
`));
}

function applied(xType: string, object: unknown) {
  return apply({ atom: schemaWith(xType).named('root') }, toValue({}), toValue(object), 'v1', new Map(), 'a', false);
}

describe('field-level elementRelationship overrides', () => {
  it.each([
    ['a named scalar', '{namedType: word, elementRelationship: atomic}', 'schema error: no type found matching: word'],
    ['an inlined scalar', '{scalar: string, elementRelationship: separable}', 'schema error: no type found matching: inlined type'],
  ])('on %s the reference resolves to nothing once a value reaches it', (_, xType, message) => {
    const r = applied(xType, { x: 'v' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toBe(message);
  });

  it.each(['separable', 'associative'])('on the untyped atomic type (%s) only its map takes it: a list stays owned whole', (rel) => {
    const r = applied(`{namedType: __untyped_atomic_, elementRelationship: ${rel}}`, { x: [1, 2] });
    expect(r.ok ? '' : r.error.message).toBe('');
    if (r.ok) expect(encodeFieldsV1(r.managers.get('a')!.set)).toBe('{"f:x":{}}');
  });

  it('on the untyped atomic type a map becomes granular with it', () => {
    const r = applied('{namedType: __untyped_atomic_, elementRelationship: separable}', { x: { p: 1 } });
    expect(r.ok ? '' : r.error.message).toBe('');
    if (r.ok) expect(encodeFieldsV1(r.managers.get('a')!.set)).toBe('{"f:x":{"f:p":{}}}');
  });
});
