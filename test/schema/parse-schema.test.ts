import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { stringify } from 'yaml';
import { SsaError } from '../../src/errors/ssa-error.js';
import { ATOMIC_UNTYPED_TYPE_NAME, DEDUCED_TYPE_NAME, deducedSchemaDecl } from '../../src/schema/deduced.js';
import type { SchemaDecl, TypeDef } from '../../src/schema/model.js';
import { parseSchema, readSchemaDocument } from '../../src/schema/parse-schema.js';
import { errorOf } from '../support/ssa-error.js';

const shared = (rel: string) => new URL(`../../../shared/${rel}`, import.meta.url);
const K8S_TEXT = readFileSync(shared('reference/kubernetes-schema.yaml'), 'utf8');

function vectorSchemas(): { texts: Set<string>; deduced: string } {
  const texts = new Set<string>();
  let deduced = '';
  for (const file of ['suite.jsonl', 'random.jsonl']) {
    for (const line of readFileSync(shared(`reference/vectors/${file}`), 'utf8').split('\n')) {
      if (!line) continue;
      const c = JSON.parse(line) as { schema?: string; type?: string; where?: string };
      if (!c.schema) continue;
      texts.add(c.schema);
      if (!deduced && c.type === DEDUCED_TYPE_NAME && c.where?.startsWith('merge/deduced_test.go')) deduced = c.schema;
    }
  }
  const byName = JSON.parse(readFileSync(shared('reference/vectors/k8s-schemas.json'), 'utf8')) as Record<string, string>;
  for (const t of Object.values(byName)) texts.add(t);
  return { texts, deduced };
}

function typeNamed(decl: SchemaDecl, name: string): TypeDef {
  const t = decl.types.find((x) => x.name === name);
  if (!t) throw new Error(`no type ${name}`);
  return t;
}

/** Asserts the exact message, code and source position of a schema error. */
function expectSchemaError(text: string, message: string, line: number, column: number): SsaError {
  const err = errorOf(() => parseSchema(text, { file: 'schema.yaml' }));
  expect(err.code).toBe('SCHEMA_PARSE');
  expect(err.message).toBe(`schema.yaml:${line}:${column}: ${message}`);
  expect(err.source).toEqual({ file: 'schema.yaml', line, column });
  return err;
}

describe('kubernetes-schema.yaml', () => {
  const decl = parseSchema(K8S_TEXT, { file: 'kubernetes-schema.yaml' });

  test('loads every type', () => {
    expect(decl.types).toHaveLength(959);
    expect(decl.types.filter((t) => !t.name.startsWith('__untyped_'))).toHaveLength(957);
    expect(new Set(decl.types.map((t) => t.name)).size).toBe(959);
  });

  test('is read by the fast reader, and the same as through the yaml package', () => {
    const fast = readSchemaDocument(K8S_TEXT, { reader: 'fast' });
    expect(fast).toBeDefined();
    expect(fast).toEqual(readSchemaDocument(K8S_TEXT, { reader: 'yaml' }));
  });

  test('Container', () => {
    const c = typeNamed(decl, 'io.k8s.api.core.v1.Container');
    expect(c.scalar).toBeUndefined();
    expect(c.list).toBeUndefined();
    const fields = c.map!.fields!;
    expect(fields.map((f) => f.name)).toContain('image');
    expect(fields.find((f) => f.name === 'name')).toEqual({ name: 'name', type: { inlined: { scalar: 'string' } }, default: '' });
    // An associative list keyed by containerPort + protocol.
    expect(fields.find((f) => f.name === 'ports')).toEqual({
      name: 'ports',
      type: {
        inlined: {
          list: {
            elementType: { namedType: 'io.k8s.api.core.v1.ContainerPort' },
            elementRelationship: 'associative',
            keys: ['containerPort', 'protocol'],
          },
        },
      },
    });
    // An atomic list.
    expect(fields.find((f) => f.name === 'command')!.type).toEqual({
      inlined: { list: { elementType: { inlined: { scalar: 'string' } }, elementRelationship: 'atomic' } },
    });
    // A field of a named type.
    expect(fields.find((f) => f.name === 'resources')!.type).toEqual({ namedType: 'io.k8s.api.core.v1.ResourceRequirements' });
  });

  test('ContainerPort key defaults', () => {
    const fields = typeNamed(decl, 'io.k8s.api.core.v1.ContainerPort').map!.fields!;
    expect(fields.find((f) => f.name === 'protocol')!.default).toBe('TCP');
    expect(fields.find((f) => f.name === 'containerPort')!.default).toBe(0);
    expect('default' in fields.find((f) => f.name === 'hostPort')!).toBe(false);
  });

  test('a separable map, a granular free-form map and a field-level override', () => {
    // A free-form map whose values are deduced (separable maps inside).
    expect(typeNamed(decl, 'io.k8s.api.apiserverinternal.v1alpha1.StorageVersionSpec').map).toEqual({
      elementType: {
        inlined: {
          scalar: 'untyped',
          list: { elementType: { namedType: ATOMIC_UNTYPED_TYPE_NAME }, elementRelationship: 'atomic' },
          map: { elementType: { namedType: DEDUCED_TYPE_NAME }, elementRelationship: 'separable' },
        },
      },
    });
    // A struct declared separable.
    const rs = typeNamed(decl, 'io.k8s.api.lifecycle.v1alpha1.ResponderStatus').map!;
    expect(rs.elementRelationship).toBe('separable');
    expect(rs.fields!.find((f) => f.name === 'name')).toEqual({ name: 'name', type: { inlined: { scalar: 'string' } }, default: '' });
    const pv = typeNamed(decl, 'io.k8s.api.core.v1.PersistentVolumeSpec').map!.fields!;
    expect(pv.find((f) => f.name === 'capacity')!.type).toEqual({
      inlined: { map: { elementType: { namedType: 'io.k8s.apimachinery.pkg.api.resource.Quantity' } } },
    });
    expect(pv.find((f) => f.name === 'claimRef')!.type).toEqual({
      namedType: 'io.k8s.api.core.v1.ObjectReference',
      elementRelationship: 'separable',
    });
  });

  test('unions are kept as data; a map default', () => {
    const m = typeNamed(decl, 'io.k8s.api.core.v1.AppArmorProfile').map!;
    expect(m.unions).toEqual([
      { discriminator: 'type', fields: [{ fieldName: 'localhostProfile', discriminatorValue: 'LocalhostProfile' }] },
    ]);
    const withMapDefault = decl.types.flatMap((t) => t.map?.fields ?? []).find((f) => f.name === 'metadata' && f.default !== undefined);
    expect(withMapDefault?.default).toEqual({});
  });
});

describe('vector schemas', () => {
  const { texts, deduced } = vectorSchemas();

  test('every distinct schema text loads, through the fast reader', () => {
    expect(texts.size).toBeGreaterThan(2500);
    for (const t of texts) {
      expect(readSchemaDocument(t, { reader: 'fast' }), t.slice(0, 200)).toBeDefined();
      expect(parseSchema(t).types.length).toBeGreaterThan(0);
    }
  });

  test('the fast reader agrees with the yaml package (sample)', () => {
    let i = 0;
    for (const t of texts) {
      if (i++ % 25 !== 0) continue;
      expect(readSchemaDocument(t, { reader: 'fast' })).toEqual(readSchemaDocument(t, { reader: 'yaml' }));
    }
  });

  test('the deduced declaration equals the parse of the reference deduced schema', () => {
    expect(deduced).not.toBe('');
    expect(deducedSchemaDecl()).toEqual(parseSchema(deduced));
    expect(deducedSchemaDecl().types.map((t) => t.name)).toEqual([ATOMIC_UNTYPED_TYPE_NAME, DEDUCED_TYPE_NAME]);
    expect(deducedSchemaDecl()).not.toBe(deducedSchemaDecl());
  });
});

describe('YAML reading', () => {
  const defaults = (text: string) =>
    parseSchema(`types:\n- name: t\n  map:\n    fields:\n${text}`).types[0].map!.fields!.map((f) => f.default);
  const field = (name: string, def: string) => `    - name: f_${name}\n      type:\n        scalar: string\n      default: ${def}\n`;

  test('YAML 1.1 scalars in defaults, as yaml.v2 reads them', () => {
    expect(
      defaults(
        field('a', 'no') +
          field('b', '"80"') +
          field('c', '80') +
          field('d', '1.5') +
          field('e', 'on') +
          field('f', 'Y') +
          field('g', "'yes'") +
          field('h', '~') +
          field('i', '2001-12-14') +
          field('j', '1:30') +
          field('k', '0x1F') +
          field('l', '010') +
          field('m', '1_000') +
          field('n', '1e3') +
          field('o', 'NULL'),
      ),
    ).toEqual([false, '80', 80, 1.5, true, true, 'yes', undefined, '2001-12-14', '1:30', 31, 8, 1000, 1000, undefined]);
  });

  test('null values mean "not set"', () => {
    const decl = parseSchema(
      'types:\n- name: t\n  scalar: null\n  map:\n    elementType:\n    elementRelationship: ~\n    fields:\n    - name: x\n      type: {scalar: string, nullable: true}\n      default: null\n',
    );
    expect(decl).toEqual({
      types: [{ name: 't', map: { fields: [{ name: 'x', type: { inlined: { scalar: 'string' }, nullable: true } }] } }],
    });
  });

  test('JSON input gives the same declaration as YAML', () => {
    const json = JSON.stringify({
      types: [
        { name: 'a', map: { fields: [{ name: 'p', type: { scalar: 'string' }, default: 'TCP' }], elementRelationship: 'atomic' } },
        { name: 'l', list: { elementType: { namedType: 'a' }, elementRelationship: 'associative', keys: ['p'] } },
      ],
    });
    const yaml =
      'types:\n- name: a\n  map:\n    fields:\n    - name: p\n      type:\n        scalar: string\n      default: TCP\n    elementRelationship: atomic\n' +
      '- name: l\n  list:\n    elementType:\n      namedType: a\n    elementRelationship: associative\n    keys:\n    - p\n';
    expect(parseSchema(json)).toEqual(parseSchema(yaml));
  });

  test('comments, blank lines, quoting, spacing and indentation styles', () => {
    const a = parseSchema(
      '# a schema\ntypes:\n\n  -   name: "a"   \n      # inside\n      list:\n        elementType: {namedType: b}\n        keys: [x, "z"]\n        elementRelationship: \'associative\'\n  - name: b\n    scalar: string # trailing comment\n',
    );
    const b = parseSchema(
      'types:\n- name: a\n  list:\n    elementType:\n      namedType: b\n    keys:\n    - x\n    - z\n    elementRelationship: associative\n- name: b\n  scalar: string\n',
    );
    expect(a).toEqual(b);
  });

  test('the fast reader agrees with the yaml package on generated documents', () => {
    const words = ['a', 'name', 'yes', 'no', 'Y', 'n', 'null', '~', '', ' lead', 'trail ', "it's", 'say "x"', 'a: b', 'x #y', 'a#b',
      '-1', '1.0', '080', '1e3', '0x1F', '.5', '1:30', '2001-12-14', 'true', '__proto__', 'constructor', 'io.k8s.x/y-z', '- x', '[x]', '{}', '\\n', 'é'];
    const word = fc.constantFrom(...words);
    const scalar = fc.oneof(word, fc.integer({ min: -1e6, max: 1e6 }), fc.boolean(), fc.constant(null), fc.double({ noNaN: true, noDefaultInfinity: true }));
    const { tree } = fc.letrec<{ tree: unknown }>((tie) => ({
      tree: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        scalar,
        fc.array(tie('tree'), { maxLength: 4 }),
        fc.dictionary(word, tie('tree'), { maxKeys: 4 }),
      ),
    }));
    fc.assert(
      fc.property(tree, fc.boolean(), (v, indentSeq) => {
        const text = stringify(v, { version: '1.1', indentSeq });
        const fast = readSchemaDocument(text, { reader: 'fast' });
        if (fast !== undefined) expect(fast).toEqual(readSchemaDocument(text, { reader: 'yaml' }));
      }),
      { numRuns: 500 },
    );
  });

  test('aliases and merge keys are resolved', () => {
    const decl = parseSchema(
      'types:\n- &base\n  name: a\n  scalar: string\n- <<: *base\n  name: b\n- name: c\n  list:\n    elementType: {namedType: a}\n    keys: &k [x, z]\n    elementRelationship: associative\n- name: d\n  list:\n    elementType: {namedType: a}\n    keys: *k\n',
    );
    expect(decl.types.map((t) => [t.name, t.scalar])).toEqual([['a', 'string'], ['b', 'string'], ['c', undefined], ['d', undefined]]);
    expect(decl.types[3].list!.keys).toEqual(["x", "z"]);
  });
});

describe('keys that are Object.prototype names are data', () => {
  test('__proto__ field and type names round-trip', () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    const decl = parseSchema(
      'types:\n- name: __proto__\n  map:\n    fields:\n    - name: __proto__\n      type:\n        namedType: constructor\n      default:\n        __proto__:\n          polluted: 1\n        constructor: 2\n        toString: 3\n- name: constructor\n  scalar: string\n',
    );
    const field = decl.types[0].map!.fields![0];
    expect(decl.types.map((t) => t.name)).toEqual(['__proto__', 'constructor']);
    expect(field.name).toBe('__proto__');
    expect(field.type).toEqual({ namedType: 'constructor' });
    const def = field.default as Record<string, unknown>;
    expect(Object.getPrototypeOf(def)).toBeNull();
    expect(Object.keys(def)).toEqual(['__proto__', 'constructor', 'toString']);
    expect(Object.prototype.hasOwnProperty.call(def, '__proto__')).toBe(true);
    expect(def.__proto__).toEqual({ polluted: 1 });
    expect(def.toString).toBe(3);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
  });

  test('the same through the yaml package (flow style) and JSON', () => {
    for (const text of [
      'types: [{name: t, map: {fields: [{name: x, type: {scalar: string}, default: {__proto__: {polluted: 1}}}]}}]',
      '{"types": [{"name": "t", "map": {"fields": [{"name": "x", "type": {"scalar": "string"}, "default": {"__proto__": {"polluted": 1}}}]}}]}',
    ]) {
      const def = parseSchema(text).types[0].map!.fields![0].default as Record<string, unknown>;
      expect(Object.getPrototypeOf(def)).toBeNull();
      expect(Object.keys(def)).toEqual(['__proto__']);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
  });

  test('an unknown __proto__ key is reported, not swallowed', () => {
    expectSchemaError('types:\n- name: a\n  __proto__: {}\n', 'types[0]: unknown key "__proto__" (expected name, scalar, list, map)', 3, 3);
  });
});

describe('errors', () => {
  test('unknown key', () => {
    const err = expectSchemaError(
      'types:\n- name: a\n  map:\n    fields:\n    - name: x\n      tpye:\n        scalar: string\n',
      'types[0].map.fields[0]: unknown key "tpye" (expected name, type, default)',
      6,
      7,
    );
    expect(err.path).toBe('types[0].map.fields[0]');
    expectSchemaError('types: []\nextra: 1\n', 'document: unknown key "extra" (expected types)', 2, 1);
    expectSchemaError(
      'types:\n- name: a\n  list:\n    elementType:\n      namedType: b\n      elementRelation: atomic\n',
      'types[0].list.elementType: unknown key "elementRelation" (expected namedType, scalar, list, map, elementRelationship, nullable)',
      6,
      7,
    );
    expectSchemaError(
      'types:\n- name: a\n  map:\n    unions:\n    - discriminator: a\n      fieldz: []\n',
      'types[0].map.unions[0]: unknown key "fieldz" (expected discriminator, deduceInvalidDiscriminator, fields)',
      6,
      7,
    );
  });

  test('a scalar kind the reference does not know is read as written (values fail later, in the typed walkers)', () => {
    // structured-merge-diff v6.4.2 reads any string as a scalar kind (its schema of schemas says
    // `scalar: string`); only typed/validate.go's validateScalar refuses a value of that kind.
    const decl = parseSchema('types:\n- name: a\n  scalar: strnig\n', { file: 'schema.yaml' });
    expect(decl.types[0].scalar).toBe('strnig');
    const inline = parseSchema('{"types": [{"name": "a", "map": {"elementType": {"scalar": "int"}}}]}', { file: 'schema.yaml' });
    expect(inline.types[0].map?.elementType?.inlined?.scalar).toBe('int');
    expectSchemaError('types:\n- name: a\n  scalar: [string]\n', 'types[0].scalar: expected a string, got a list', 3, 11);
  });

  test('missing elementType, name, type', () => {
    expectSchemaError('types:\n- name: a\n  list:\n    elementRelationship: atomic\n', 'types[0].list: missing required key "elementType"', 4, 5);
    expectSchemaError('types:\n- scalar: string\n', 'types[0]: missing required key "name"', 2, 3);
    expectSchemaError(
      'types:\n- name: a\n  map:\n    fields:\n    - name: x\n      type:\n',
      'types[0].map.fields[0].type: expected a type reference (a map with namedType, scalar, list or map), got null',
      6,
      7,
    );
    expectSchemaError('{}', 'document: missing required key "types"', 1, 1);
  });

  test('wrong shapes', () => {
    expectSchemaError('types:\n  name: a\n', 'types: expected a list, got a map', 2, 3);
    expectSchemaError('types: a\n', 'types: expected a list, got the string "a"', 1, 8);
    expectSchemaError('types:\n- name: 12\n  scalar: string\n', 'types[0].name: expected a string, got the number 12', 2, 9);
    expectSchemaError('types:\n- name: no\n  scalar: string\n', 'types[0].name: expected a string, got the boolean false', 2, 9);
    expectSchemaError(
      'types:\n- name: a\n  list:\n    elementType: {scalar: string}\n    keys: name\n',
      'types[0].list.keys: expected a list, got the string "name"',
      5,
      11,
    );
    expectSchemaError(
      'types:\n- name: a\n  list:\n    elementType: {scalar: string}\n    keys: [a, [b]]\n',
      'types[0].list.keys[1]: expected a string, got a list',
      5,
      15,
    );
    expectSchemaError(
      'types:\n- name: a\n  map:\n    fields:\n    - name: x\n      type: {scalar: string, nullable: "yes"}\n',
      'types[0].map.fields[0].type.nullable: expected a boolean, got the string "yes"',
      6,
      40,
    );
    expectSchemaError('types:\n- a\n', 'types[0]: expected a type definition (a map), got the string "a"', 2, 3);
  });

  test('the document is not a map', () => {
    expectSchemaError('- name: a\n', 'document: expected a map with a "types" list, got a list', 1, 1);
    expectSchemaError('hello\n', 'document: expected a map with a "types" list, got the string "hello"', 1, 1);
    expectSchemaError('# nothing\n', 'document: the document is empty: expected a map with a "types" list', 1, 1);
    expectSchemaError('', 'document: the document is empty: expected a map with a "types" list', 1, 1);
  });

  test('bad YAML syntax', () => {
    expectSchemaError(
      'types:\n- name: a\n  map: {fields: [\n',
      'invalid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]',
      4,
      1,
    );
    expectSchemaError('types:\n- name: a\n   scalar: string\n', 'invalid YAML: Nested mappings are not allowed in compact mappings', 2, 9);
    expectSchemaError('types:\n\t- name: a\n', 'invalid YAML: Tabs are not allowed as indentation', 2, 1);
    expectSchemaError('types: []\n---\ntypes: []\n', 'the schema must be a single YAML document (found a second one)', 2, 1);
    expectSchemaError('types: *nope\n', 'unknown YAML alias *nope', 1, 8);
  });

  test('duplicate keys', () => {
    const err = expectSchemaError('types:\n- name: a\n  scalar: string\n  name: b\n', 'types[0]: duplicate key "name"', 4, 3);
    expect(err.path).toBe('types[0]');
    expectSchemaError('types: []\ntypes: []\n', 'document: duplicate key "types"', 2, 1);
  });

  // The cap is what keeps this fast; the test checks the cap, not the clock (no timing assertions).
  test('alias bombs are capped', () => {
    let text = 'bomb:\n  x0: &a0 [x, x, x, x, x, x, x, x, x, x]\n';
    for (let i = 1; i < 10; i++) text += `  x${i}: &a${i} [${Array(10).fill(`*a${i - 1}`).join(', ')}]\n`;
    text += 'types: *a9\n';
    const err = errorOf(() => parseSchema(text, { file: 'schema.yaml' }));
    expect(err.code).toBe('SCHEMA_PARSE');
    expect(err.message).toMatch(/^schema\.yaml:\d+:\d+: YAML aliases expand to more than 100000 nodes \(aliases are capped to stop alias bombs\)$/);
  });

  test('deep nesting gives an error, not a crash', () => {
    const flow = `types: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n`;
    expectSchemaError(flow, 'YAML nesting is deeper than 256 levels', 1, 263);
    const block = `types:\n- ${'- '.repeat(10_000)}x\n`;
    expectSchemaError(block, 'YAML nesting is deeper than 256 levels', 2, 511);
    let inline = 'types:\n- name: a\n  map:\n    elementType: ';
    for (let i = 0; i < 10_000; i++) inline += '{list: {elementType: ';
    inline += '{scalar: string}' + '}}'.repeat(10_000) + '\n';
    expectSchemaError(inline, 'YAML nesting is deeper than 256 levels', 4, 2664);
  });

  test('without a file name the position is still given', () => {
    const err = errorOf(() => parseSchema('types:\n- name: a\n  scalar: [x]\n'));
    expect(err.message).toBe('3:11: types[0].scalar: expected a string, got a list');
    expect(err.source).toEqual({ line: 3, column: 11 });
  });
});
