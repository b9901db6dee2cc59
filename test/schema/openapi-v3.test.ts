import { describe, expect, it } from 'vitest';
import { SsaError } from '../../src/errors/ssa-error.js';
import { apply } from '../../src/merge/apply.js';
import type { ManagedFields } from '../../src/merge/managers.js';
import { encodeFieldsV1 } from '../../src/fieldpath/fieldsv1-encode.js';
import { builtinCatalog, catalogFromOpenApi, catalogFromText, combineCatalogs } from '../../src/schema/catalog.js';
import type { Atom } from '../../src/schema/schema.js';
import type { Value } from '../../src/value/value.js';
import { semanticDifferences } from './support/merge-semantics.js';

const S = '#/components/schemas/';
const ref = (name: string) => ({ allOf: [{ $ref: `${S}${name}` }] });

/** A v3 document as an API server serves /openapi/v3/apis/example.com/v1 (references wrapped in allOf). */
function widgetDocV3(): Record<string, unknown> {
  return {
    openapi: '3.0.0',
    info: { title: 'Kubernetes', version: 'v1.33.0' },
    paths: {
      '/apis/example.com/v1/namespaces/{namespace}/widgets/{name}': {
        get: { 'x-kubernetes-action': 'get', 'x-kubernetes-group-version-kind': { group: 'example.com', version: 'v1', kind: 'Widget' } },
      },
      '/apis/example.com/v1/namespaces/{namespace}/widgets/{name}/status': {
        get: { 'x-kubernetes-action': 'get', 'x-kubernetes-group-version-kind': { group: 'example.com', version: 'v1', kind: 'Widget' } },
      },
      '/apis/example.com/v1/gadgets/{name}': {
        put: { 'x-kubernetes-action': 'put', 'x-kubernetes-group-version-kind': { group: 'example.com', version: 'v1', kind: 'Gadget' } },
      },
    },
    components: {
      schemas: {
        'com.example.v1.Widget': {
          type: 'object',
          'x-kubernetes-group-version-kind': [{ group: 'example.com', version: 'v1', kind: 'Widget' }],
          properties: {
            apiVersion: { type: 'string' },
            kind: { type: 'string' },
            metadata: { default: {}, ...ref('io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta') },
            spec: { default: {}, ...ref('com.example.v1.WidgetSpec') },
          },
        },
        'com.example.v1.WidgetSpec': {
          type: 'object',
          properties: {
            ports: {
              type: 'array',
              items: { default: {}, ...ref('com.example.v1.Port') },
              'x-kubernetes-list-type': 'map',
              'x-kubernetes-list-map-keys': ['port', 'protocol'],
              'x-kubernetes-patch-merge-key': 'port',
              'x-kubernetes-patch-strategy': 'merge',
            },
            tags: { type: 'array', items: { type: 'string', default: '' }, 'x-kubernetes-list-type': 'set' },
            finalizers: { type: 'array', items: { type: 'string' }, 'x-kubernetes-patch-strategy': 'merge' },
            args: { type: 'array', items: { type: 'string' } },
            selector: { ...ref('com.example.v1.Selector'), 'x-kubernetes-map-type': 'atomic' },
            labels: { type: 'object', additionalProperties: { type: 'string', default: '' } },
            config: {
              type: 'object',
              'x-kubernetes-preserve-unknown-fields': true,
              properties: { mode: { type: 'string' }, nested: { type: 'object', properties: { a: { type: 'string' } } } },
            },
            raw: { type: 'object' },
            target: { 'x-kubernetes-int-or-string': true },
            quantity: ref('io.k8s.apimachinery.pkg.api.resource.Quantity'),
            created: { type: 'string', format: 'date-time' },
            data: { type: 'string', format: 'byte' },
            weight: { type: 'number', format: 'double' },
            size: { type: 'integer', format: 'int64' },
            enabled: { type: 'boolean' },
            ['__proto__']: { type: 'string' },
          },
        },
        'com.example.v1.Port': {
          type: 'object',
          required: ['port'],
          properties: { port: { type: 'integer', default: 0 }, protocol: { type: 'string', default: 'TCP' }, name: { type: 'string' } },
        },
        'com.example.v1.Selector': {
          type: 'object',
          properties: { matchLabels: { type: 'object', additionalProperties: { type: 'string' } } },
        },
        'com.example.v1.Gadget': {
          type: 'object',
          'x-kubernetes-group-version-kind': [{ group: 'example.com', version: 'v1', kind: 'Gadget' }],
          'x-kubernetes-map-type': 'atomic',
          properties: { apiVersion: { type: 'string' }, kind: { type: 'string' }, value: { type: 'string' } },
        },
        'io.k8s.apimachinery.pkg.api.resource.Quantity': { type: 'string' },
      },
    },
  };
}

/** The same document as OpenAPI v2 (`definitions`, plain `$ref`s). */
function asV2(v3: Record<string, unknown>): Record<string, unknown> {
  const text = JSON.stringify((v3.components as { schemas: object }).schemas, (k, v) => {
    if (v && typeof v === 'object' && Array.isArray(v.allOf) && v.allOf.length === 1 && v.allOf[0].$ref) {
      const { allOf, ...rest } = v;
      return { ...rest, $ref: allOf[0].$ref.replace(S, '#/definitions/') };
    }
    return v;
  });
  return { swagger: '2.0', info: v3.info, paths: v3.paths, definitions: JSON.parse(text) };
}

const spec = (a: Atom, field: string): Atom => a.map!.fields.get(field)!.type.get();

describe('OpenAPI v3 import', () => {
  const doc = widgetDocV3();
  // JSON text, so the `__proto__` property is data as it would be in a file.
  // Through JSON text, as from a file: the `__proto__` property is data.
  const catalog = catalogFromOpenApi(JSON.parse(JSON.stringify(doc)) as Value, 'widgets-v3.json');

  it('maps kinds to types, with resources and scope from the paths', () => {
    expect(catalog.sources).toEqual(['OpenAPI v3 document widgets-v3.json']);
    expect(catalog.kinds()).toEqual([
      { apiVersion: 'example.com/v1', group: 'example.com', version: 'v1', kind: 'Widget', typeName: 'com.example.v1.Widget', resource: 'widgets', namespaced: true },
      { apiVersion: 'example.com/v1', group: 'example.com', version: 'v1', kind: 'Gadget', typeName: 'com.example.v1.Gadget', resource: 'gadgets', namespaced: false },
    ]);
    expect(catalog.warnings).toEqual([
      'widgets-v3.json: /components/schemas/com.example.v1.Widget/properties/metadata: refers to io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta, which this document does not define (it must come from another schema source)',
    ]);
  });

  it('honours every x-kubernetes extension and the rules for unannotated nodes', () => {
    const s = catalog.schema.named('com.example.v1.WidgetSpec');
    const ports = spec(s, 'ports').list!;
    expect([ports.elementRelationship, ports.keys]).toEqual(['associative', ['port', 'protocol']]);
    expect(s.map!.fields.get('ports')).toMatchObject({ patchMergeKey: 'port', patchStrategy: 'merge' });
    expect(ports.element.get().map!.fields.get('protocol')!.default).toBe('TCP');
    expect([spec(s, 'tags').list!.elementRelationship, spec(s, 'tags').list!.keys]).toEqual(['associative', []]);
    expect([spec(s, 'finalizers').list!.elementRelationship, spec(s, 'finalizers').list!.keys]).toEqual(['associative', []]);
    expect(spec(s, 'args').list!.elementRelationship).toBe('atomic');
    expect(spec(s, 'selector').map!.atomic).toBe(true); // the field-level override...
    expect(catalog.schema.named('com.example.v1.Selector').map!.atomic).toBe(false); // ...not the type
    expect(spec(s, 'labels').map!.element!.get().scalar).toBe('string');
    const config = spec(s, 'config');
    expect(config.map!.elementTypeName).toBe('__untyped_deduced_');
    expect(spec(config, 'nested').map!.elementTypeName).toBe('__untyped_deduced_'); // preserve-unknown-fields reaches down
    expect(spec(s, 'raw').map!.elementTypeName).toBe('__untyped_deduced_');
    expect(s.map!.element).toBeUndefined();
    const target = spec(s, 'target');
    expect([target.scalar, target.list?.elementRelationship, !!target.map]).toEqual(['untyped', 'atomic', true]);
    expect(spec(s, 'quantity').scalar).toBe('untyped');
    expect(spec(s, 'created').scalar).toBe('untyped');
    expect(spec(s, 'data').scalar).toBe('string');
    expect([spec(s, 'weight').scalar, spec(s, 'size').scalar, spec(s, 'enabled').scalar]).toEqual(['numeric', 'numeric', 'boolean']);
    expect(spec(s, '__proto__').scalar).toBe('string');
    expect(catalog.schema.named('com.example.v1.Gadget').map!.atomic).toBe(true);
  });

  it('gives the same merge semantics as the same document in OpenAPI v2', () => {
    const v2 = catalogFromOpenApi(JSON.parse(JSON.stringify(asV2(doc))) as Value, 'widgets-v2.json');
    expect(v2.kinds()).toEqual(catalog.kinds());
    const [a, b] = [combineCatalogs(builtinCatalog(), v2), combineCatalogs(builtinCatalog(), catalog)];
    for (const name of Object.keys((doc.components as { schemas: object }).schemas)) {
      expect(semanticDifferences(a.schema, name, b.schema, name, { allDefaults: true }), name).toEqual([]);
    }
  });

  it('merges and owns objects by those semantics, with the built-in ObjectMeta', () => {
    const both = combineCatalogs(builtinCatalog(), catalog);
    const ctx = { atom: both.schema.named(both.typeFor('example.com/v1', 'Widget')!) };
    const obj = (spec: Record<string, unknown>) => ({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' }, spec }) as Value;
    const none: ManagedFields = new Map();
    const a = apply(ctx, null, obj({ ports: [{ port: 80 }], tags: ['x'], selector: { matchLabels: { app: 'a' } }, config: { mode: 'm', extra: { k: 1 } } }), 'example.com/v1', none, 'alice', false);
    if (!a.ok) throw a.error;
    expect(encodeFieldsV1(a.managers.get('alice')!.set)).toBe(
      '{"f:apiVersion":{},"f:kind":{},"f:metadata":{"f:name":{}},"f:spec":{"f:config":{"f:extra":{".":{},"f:k":{}},"f:mode":{}},"f:ports":{"k:{\\"port\\":80,\\"protocol\\":\\"TCP\\"}":{".":{},"f:port":{}}},"f:selector":{},"f:tags":{"v:\\"x\\"":{}}}}',
    );
    const b = apply(ctx, a.object, obj({ ports: [{ port: 443 }], tags: ['y'] }), 'example.com/v1', a.managers, 'bob', false);
    if (!b.ok) throw b.error;
    expect((b.object as { spec: { ports: unknown[]; tags: unknown[] } }).spec.ports).toEqual([{ port: 80 }, { port: 443 }]);
    expect((b.object as { spec: { tags: unknown[] } }).spec.tags).toEqual(['x', 'y']);
    const c = apply(ctx, b.object, obj({ selector: { matchLabels: { other: 'b' } } }), 'example.com/v1', b.managers, 'bob', false);
    expect(c.ok).toBe(false);
    if (!c.ok) expect(c.conflicts.map((x) => x.manager)).toEqual(['alice']);
  });
});

describe('OpenAPI documents with mistakes', () => {
  const problem = (mutate: (d: Record<string, any>) => void): SsaError => {
    const d = widgetDocV3() as Record<string, any>;
    mutate(d);
    try {
      catalogFromText(JSON.stringify(d, null, 2), 'bad.json', 'schema');
    } catch (err) {
      expect(err).toBeInstanceOf(SsaError);
      return err as SsaError;
    }
    throw new Error('no error');
  };
  const specPath = '/components/schemas/com.example.v1.WidgetSpec/properties';

  it('name the file, the JSON pointer and the line', () => {
    const e = problem((d) => (d.components.schemas['com.example.v1.WidgetSpec'].properties.tags['x-kubernetes-list-type'] = 'bag'));
    expect(e.code).toBe('SCHEMA_PARSE');
    expect(e.path).toBe(`${specPath}/tags/x-kubernetes-list-type`);
    expect(e.source?.file).toBe('bad.json');
    expect(e.source?.line).toBeGreaterThan(40);
    expect(e.message).toBe(`bad.json:${e.source!.line}:${e.source!.column}: ${specPath}/tags/x-kubernetes-list-type: unknown list type "bag" (expected atomic, set or map)`);
  });

  it('reject what Kubernetes rejects', () => {
    expect(problem((d) => delete d.components.schemas['com.example.v1.WidgetSpec'].properties.ports['x-kubernetes-list-map-keys']).message).toMatch(
      /ports\/x-kubernetes-list-map-keys: a list of type map needs x-kubernetes-list-map-keys/,
    );
    expect(problem((d) => (d.components.schemas['com.example.v1.WidgetSpec'].properties.args = { type: 'array' })).message).toMatch(/args: an array must say the type of its items/);
    expect(problem((d) => (d.components.schemas['com.example.v1.WidgetSpec'].properties.args.type = 5)).message).toMatch(/args\/type: expected one type name, got number 5/);
    expect(problem((d) => (d.components.schemas['com.example.v1.WidgetSpec'].properties.args.type = 'text')).message).toMatch(/unrecognized type "text"/);
    expect(problem((d) => (d.components.schemas['com.example.v1.WidgetSpec'].properties.spec = { $ref: 'other.json#/x' })).message).toMatch(
      /spec\/\$ref: \$ref "other.json#\/x" must point into #\/components\/schemas\//,
    );
    expect(problem((d) => (d.components.schemas['com.example.v1.WidgetSpec'].properties.args['x-kubernetes-patch-strategy'] = 'replace')).message).toMatch(
      /unknown patch strategy "replace" for a list/,
    );
    expect(problem((d) => (d.components.schemas['com.example.v1.Gadget']['x-kubernetes-map-type'] = 'fine')).message).toMatch(/unknown map type "fine"/);
    expect(problem((d) => (d.components.schemas = [])).message).toMatch(/^bad.json:\d+:\d+: \/components\/schemas: expected a map of schemas, got a list/);
    expect(problem((d) => (d.components.schemas['com.example.v1.Widget']['x-kubernetes-group-version-kind'] = [{ kind: 3 }])).message).toMatch(
      /x-kubernetes-group-version-kind\/0: expected \{group, version, kind\}/,
    );
  });

  it('say what a file is not', () => {
    expect(() => catalogFromText('{"kind": "Pod"}', 'pod.json', 'schema')).toThrow(/^pod.json: not a schema: expected schema YAML/);
    const e = (() => {
      try {
        catalogFromText('{\n  "swagger": "2.0",\n  "definitions": {,}\n}', 'broken.json', 'schema');
      } catch (err) {
        return err as SsaError;
      }
    })()!;
    expect(e.code).toBe('INPUT');
    expect(e.message).toMatch(/^broken.json:3:\d+: invalid JSON/);
  });
});
