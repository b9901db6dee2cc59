import { describe, expect, it } from 'vitest';
import type { CatalogLike } from '../../src/apiserver/types.js';
import { parseSchema } from '../../src/schema/parse-schema.js';
import { schemasFor } from '../../src/server/openapi-schemas.js';

describe('OpenAPI of a type with a scalar kind the reference does not know', () => {
  it('describes the field as no type, and the rest as usual', () => {
    const decl = parseSchema('types:\n- name: t\n  map:\n    fields:\n    - {name: num, type: {scalar: number}}\n    - {name: s, type: {scalar: string}}\n');
    const catalog = { schema: { decl }, kinds: () => [] } as unknown as CatalogLike;
    const out = schemasFor(catalog, new Map([['t', []]]), '#/definitions/');
    expect(out.t).toMatchObject({ type: 'object', properties: { num: {}, s: { type: 'string' } } });
    expect((out.t as { properties: Record<string, unknown> }).properties.num).toEqual({});
  });
});
