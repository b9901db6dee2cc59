import { describe, expect, it } from 'vitest';
import { SsaError } from '../../src/errors/ssa-error.js';
import { encodeFieldsV1 } from '../../src/fieldpath/fieldsv1-encode.js';
import { pathToString } from '../../src/fieldpath/path-string.js';
import { apply } from '../../src/merge/apply.js';
import type { EngineContext } from '../../src/merge/context.js';
import type { ManagedFields } from '../../src/merge/managers.js';
import type { EngineOutcome } from '../../src/merge/outcome.js';
import {
  builtinCatalog,
  catalogFromCrd,
  catalogFromText,
  combineCatalogs,
  type SchemaCatalog,
  undeclaredFieldWarnings,
  withDeducedFallback,
} from '../../src/schema/catalog.js';
import type { Atom } from '../../src/schema/schema.js';
import { getKey, type Value, type ValueMap } from '../../src/value/value.js';
import { readShared } from '../support/shared.js';

// A CRD written for these tests: every list and map kind the issue names, and a set that becomes
// atomic between two served versions (v1 → v2); v0 is not served.
const WIDGETS = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}
  versions:
  - name: v0
    served: false
    storage: false
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              endpoints:
                type: array
                x-kubernetes-list-type: map
                x-kubernetes-list-map-keys: [host, port]
                items:
                  type: object
                  required: [host]
                  properties:
                    host: {type: string}
                    port: {type: integer, default: 443}
                    weight: {type: integer}
              zones:
                type: array
                x-kubernetes-list-type: set
                items: {type: string}
              resources:
                type: object
                x-kubernetes-map-type: atomic
                properties:
                  cpu: {type: string}
                  memory: {type: string}
              settings:
                type: object
                x-kubernetes-preserve-unknown-fields: true
                properties:
                  mode: {type: string}
              template:
                type: object
                x-kubernetes-embedded-resource: true
                x-kubernetes-preserve-unknown-fields: true
              replicas:
                x-kubernetes-int-or-string: true
              args:
                type: array
                items: {type: string}
              __proto__: {type: string}
          status:
            type: object
            properties:
              conditions:
                type: array
                x-kubernetes-list-type: map
                x-kubernetes-list-map-keys: [type]
                items:
                  type: object
                  required: [type]
                  properties:
                    type: {type: string}
                    status: {type: string}
  - name: v2
    served: true
    storage: false
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              zones:
                type: array
                x-kubernetes-list-type: atomic
                items: {type: string}
`;

const none: ManagedFields = new Map();

function must(o: EngineOutcome): EngineOutcome & { ok: true } {
  if (!o.ok) throw o.error;
  return o;
}

function ctxFor(catalog: SchemaCatalog, apiVersion: string, kind: string): EngineContext {
  const type = catalog.typeFor(apiVersion, kind);
  if (type === undefined) throw new Error(`no type for ${apiVersion} ${kind}`);
  return { atom: catalog.schema.named(type) };
}

const widget = (apiVersion: string, spec: Record<string, unknown>): Value => ({ apiVersion, kind: 'Widget', metadata: { name: 'w', namespace: 'ns' }, spec }) as Value;
const field = (a: Atom, ...names: string[]): Atom => names.reduce((x, n) => x.map!.fields.get(n)!.type.get(), a);
const owned = (o: EngineOutcome & { ok: true }, manager: string) => encodeFieldsV1(o.managers.get(manager)!.set);

describe('CRDs', () => {
  const crd = catalogFromText(WIDGETS, 'widgets-crd.yaml', 'crd');

  it('give one type per served version, named as Kubernetes names them', () => {
    expect(crd.kinds().map(({ openApiSchema: _, ...k }) => k)).toEqual([
      { apiVersion: 'example.com/v1', group: 'example.com', version: 'v1', kind: 'Widget', typeName: 'com.example.v1.Widget', namespaced: true, resource: 'widgets', singular: 'widget', custom: true },
      { apiVersion: 'example.com/v2', group: 'example.com', version: 'v2', kind: 'Widget', typeName: 'com.example.v2.Widget', namespaced: true, resource: 'widgets', singular: 'widget', custom: true },
    ]);
    // Each keeps its version's schema as written, for the OpenAPI documents.
    expect(crd.kinds().map((k) => (k.openApiSchema as { properties: object }).properties)).toEqual([expect.objectContaining({ spec: expect.anything() }), expect.objectContaining({ spec: expect.anything() })]);
    expect(crd.sources).toEqual(['CRD file widgets-crd.yaml']);
    expect(crd.warnings).toEqual([]);
    expect(crd.schema.hasType('com.example.v0.Widget')).toBe(false);
  });

  it('turn the x-kubernetes extensions into merge semantics', () => {
    const root = crd.schema.named('com.example.v1.Widget');
    expect([...root.map!.fields.keys()]).toEqual(['spec', 'status', 'apiVersion', 'kind', 'metadata']);
    expect(root.map!.fields.get('metadata')!.type.get().description).toBe('named type: io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta');
    const endpoints = field(root, 'spec', 'endpoints').list!;
    expect([endpoints.elementRelationship, endpoints.keys]).toEqual(['associative', ['host', 'port']]);
    expect(endpoints.element.get().map!.fields.get('port')!.default).toBe(443);
    expect([field(root, 'spec', 'zones').list!.elementRelationship, field(root, 'spec', 'zones').list!.keys]).toEqual(['associative', []]);
    expect(field(root, 'spec', 'resources').map!.atomic).toBe(true);
    expect(field(root, 'spec', 'settings').map!.elementTypeName).toBe('__untyped_deduced_');
    expect(field(root, 'spec').map!.element).toBeUndefined();
    const template = field(root, 'spec', 'template').map!;
    expect([...template.fields.keys()]).toEqual(['apiVersion', 'kind', 'metadata']);
    expect(template.elementTypeName).toBe('__untyped_deduced_');
    const replicas = field(root, 'spec', 'replicas');
    expect([replicas.scalar, replicas.list?.elementRelationship, !!replicas.map]).toEqual(['untyped', 'atomic', true]);
    expect(field(root, 'spec', 'args').list!.elementRelationship).toBe('atomic');
    expect(field(root, 'spec', '__proto__').scalar).toBe('string');
    expect(field(crd.schema.named('com.example.v2.Widget'), 'spec', 'zones').list!.elementRelationship).toBe('atomic');
  });

  it('merge and own objects by those semantics', () => {
    const ctx = ctxFor(crd, 'example.com/v1', 'Widget');
    const a = must(apply(ctx, null, widget('example.com/v1', { endpoints: [{ host: 'a' }], zones: ['z1'], resources: { cpu: '1' }, settings: { mode: 'x', extra: { deep: true } } }), 'example.com/v1', none, 'alice', false));
    expect(owned(a, 'alice')).toBe(
      '{"f:apiVersion":{},"f:kind":{},"f:metadata":{"f:name":{},"f:namespace":{}},"f:spec":{"f:endpoints":{"k:{\\"host\\":\\"a\\",\\"port\\":443}":{".":{},"f:host":{}}},"f:resources":{},"f:settings":{"f:extra":{".":{},"f:deep":{}},"f:mode":{}},"f:zones":{"v:\\"z1\\"":{}}}}',
    );
    const b = must(apply(ctx, a.object, widget('example.com/v1', { endpoints: [{ host: 'a', port: 8443 }], zones: ['z2'] }), 'example.com/v1', a.managers, 'bob', false));
    const spec = getKey(b.object as ValueMap, 'spec') as ValueMap;
    expect(getKey(spec, 'endpoints')).toEqual([{ host: 'a' }, { host: 'a', port: 8443 }]);
    expect(getKey(spec, 'zones')).toEqual(['z1', 'z2']);
    // The atomic struct is one field: changing part of it conflicts with its owner.
    const c = apply(ctx, b.object, widget('example.com/v1', { resources: { cpu: '1', memory: '1Gi' } }), 'example.com/v1', b.managers, 'bob', false);
    expect(c.ok).toBe(false);
    if (!c.ok) expect(c.conflicts.map((x) => x.manager)).toEqual(['alice']);
    // Embedded resources have typed metadata and free-form content.
    const d = must(apply(ctx, null, widget('example.com/v1', { template: { apiVersion: 'v1', kind: 'Pod', metadata: { labels: { app: 'x' } }, spec: { containers: [] } } }), 'example.com/v1', none, 'carol', false));
    expect(owned(d, 'carol')).toContain('"f:template":{"f:apiVersion":{},"f:kind":{},"f:metadata":{"f:labels":{"f:app":{}}},"f:spec":{".":{},"f:containers":{}}}');
    // An undeclared field is rejected, unless the catalog falls back to deduced for it.
    const bad = widget('example.com/v1', { colour: 'red' });
    expect(apply(ctx, null, bad, 'example.com/v1', none, 'alice', false).ok).toBe(false);
    const tolerant = withDeducedFallback(crd);
    must(apply(ctxFor(tolerant, 'example.com/v1', 'Widget'), null, bad, 'example.com/v1', none, 'alice', false));
    expect(undeclaredFieldWarnings(crd.schema, 'com.example.v1.Widget', bad)).toEqual([
      'unknown field ".spec.colour": com.example.v1.Widget does not declare it; it is kept with deduced semantics (granular maps, atomic lists)',
    ]);
  });

  it('reproduce a set becoming atomic between two versions: ownership of items turns into ownership of the list', () => {
    const v1 = ctxFor(crd, 'example.com/v1', 'Widget');
    const v2 = ctxFor(crd, 'example.com/v2', 'Widget');
    // The stored object, as either version serves it (identity conversion: no apiVersion in the body).
    const zones = (list: string[]) => ({ metadata: { name: 'w', namespace: 'ns' }, spec: { zones: list } }) as Value;
    const a = must(apply(v1, null, zones(['a']), 'example.com/v1', none, 'alice', false));
    const b = must(apply(v1, a.object, zones(['b']), 'example.com/v1', a.managers, 'bob', false));
    expect(getKey(getKey(b.object as ValueMap, 'spec') as ValueMap, 'zones')).toEqual(['a', 'b']);
    expect(owned(b, 'bob')).toBe('{"f:metadata":{"f:name":{},"f:namespace":{}},"f:spec":{"f:zones":{"v:\\"b\\"":{}}}}');
    // Served as v2, the list is atomic: alice re-applying her item now conflicts with bob over the whole list.
    const c = apply(v2, b.object, zones(['a']), 'example.com/v2', b.managers, 'alice', false);
    expect(c.ok).toBe(false);
    if (!c.ok) expect(c.conflicts.map((x) => [x.manager, pathToString(x.path)])).toEqual([['bob', '.spec.zones']]);
    const forced = must(apply(v2, b.object, zones(['a']), 'example.com/v2', b.managers, 'alice', true));
    expect(getKey(getKey(forced.object as ValueMap, 'spec') as ValueMap, 'zones')).toEqual(['a']);
    expect(owned(forced, 'alice')).toBe('{"f:metadata":{"f:name":{},"f:namespace":{}},"f:spec":{"f:zones":{}}}');
    expect(owned(forced, 'bob')).toBe('{"f:metadata":{"f:name":{},"f:namespace":{}}}');
  });

  it('without a schema, or preserving unknown fields at the root, are deduced: lists atomic', () => {
    const noSchema = catalogFromText(
      `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: things.example.com}
spec:
  group: example.com
  scope: Cluster
  names: {kind: Thing, plural: things}
  versions: [{name: v1, served: true, storage: true}]
---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: blobs.example.com}
spec:
  group: example.com
  scope: Namespaced
  names: {kind: Blob, plural: blobs}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}
`,
      'loose.yaml',
      'crd',
    );
    expect(noSchema.typeFor('example.com/v1', 'Thing')).toBe('__untyped_deduced_');
    expect(noSchema.kinds()[0]).toMatchObject({ namespaced: false, resource: 'things' });
    expect(noSchema.warnings).toEqual(['loose.yaml: /spec/versions/0: example.com/v1 Thing has no schema: its objects are deduced (every list atomic)']);
    const blob = noSchema.schema.named(noSchema.typeFor('example.com/v1', 'Blob')!);
    expect(blob.map!.elementTypeName).toBe('__untyped_deduced_');
    expect(blob.map!.fields.get('metadata')!.type.get().description).toBe('named type: io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta');
    for (const kind of ['Thing', 'Blob']) {
      const ctx = ctxFor(noSchema, 'example.com/v1', kind);
      const obj = (items: string[]) => ({ apiVersion: 'example.com/v1', kind, metadata: { name: 'x' }, spec: { items } }) as Value;
      const a = must(apply(ctx, null, obj(['a']), 'example.com/v1', none, 'alice', false));
      expect(owned(a, 'alice')).toContain('"f:spec":{".":{},"f:items":{}}');
      const b = apply(ctx, a.object, obj(['b']), 'example.com/v1', a.managers, 'bob', false);
      expect(b.ok, kind).toBe(false); // an atomic list: bob would replace alice's
    }
  });

  it('read v1beta1 manifests; a non-structural schema is deduced with a warning (the Prometheus CRD)', () => {
    const prometheus = catalogFromText(readShared('reference', 'objects', 'prometheus-crd.yaml'), 'prometheus-crd.yaml', 'crd');
    expect(prometheus.kinds()).toEqual([
      { apiVersion: 'monitoring.coreos.com/v1', group: 'monitoring.coreos.com', version: 'v1', kind: 'Prometheus', typeName: '__untyped_deduced_', namespaced: true, resource: 'prometheuses', singular: 'prometheus', custom: true },
    ]);
    expect(prometheus.warnings).toEqual([
      'prometheus-crd.yaml: /spec/validation/openAPIV3Schema/type: monitoring.coreos.com/v1 Prometheus: the schema is not structural (the root of a CRD schema must have type: object, and 151 more): its objects are deduced (every list atomic), as Kubernetes treats them',
    ]);
  });

  it('come one per document or in a List, and combine with the built-in schema', () => {
    const list = { apiVersion: 'v1', kind: 'List', items: [catalogDoc('a'), catalogDoc('b')] } as unknown as Value;
    const c = catalogFromCrd(list, 'list.json');
    expect(c.kinds().map((k) => k.kind)).toEqual(['A', 'B']);
    const docs = catalogFromCrd([catalogDoc('a'), catalogDoc('c')] as unknown as Value[], 'docs.yaml');
    expect(docs.kinds().map((k) => k.kind)).toEqual(['A', 'C']);
    const all = combineCatalogs(builtinCatalog(), c);
    expect(all.typeFor('apps/v1', 'DaemonSet')).toBe('io.k8s.api.apps.v1.DaemonSet');
    expect(all.typeFor('example.com/v1', 'B')).toBe('com.example.v1.B');
    expect(all.sources).toEqual(['built-in Kubernetes schema', 'CRD file list.json']);
  });
});

function catalogDoc(name: string): Record<string, unknown> {
  const kind = name.toUpperCase();
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${name}s.example.com` },
    spec: {
      group: 'example.com',
      scope: 'Namespaced',
      names: { kind, plural: `${name}s` },
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { x: { type: 'string' } } } } } } }],
    },
  };
}

describe('CRDs with mistakes', () => {
  const errorOf = (text: string): SsaError => {
    try {
      catalogFromText(text, 'bad-crd.yaml', 'crd');
    } catch (err) {
      expect(err).toBeInstanceOf(SsaError);
      return err as SsaError;
    }
    throw new Error('no error');
  };
  const withSpecField = (yaml: string) => WIDGETS.replace('              args:\n', `${yaml}\n              args:\n`);

  it('name the file, the line and the JSON pointer of the node', () => {
    const e = errorOf(withSpecField('              colour: {description: no type}'));
    expect(e.code).toBe('SCHEMA_PARSE');
    const pointer = '/spec/versions/1/schema/openAPIV3Schema/properties/spec/properties/colour/type';
    expect(e.path).toBe(pointer);
    const line = WIDGETS.split('\n').findIndex((l) => l.includes('              args:')) + 1;
    expect(e.source).toEqual({ file: 'bad-crd.yaml', line, column: 23 });
    expect(e.message).toBe(
      `bad-crd.yaml:${line}:23: ${pointer}: the schema is not structural: must have a type (only x-kubernetes-int-or-string or x-kubernetes-preserve-unknown-fields nodes may leave it out)`,
    );
  });

  it('reject what the API server rejects', () => {
    expect(errorOf(withSpecField('              l: {type: array, items: {type: object}, x-kubernetes-list-type: map}')).message).toMatch(
      /properties\/l\/x-kubernetes-list-map-keys: the schema is not structural: a list of type map needs x-kubernetes-list-map-keys/,
    );
    expect(errorOf(withSpecField('              l: {type: array, items: {type: string}, x-kubernetes-list-type: bag}')).message).toMatch(/unknown list type string "bag"/);
    expect(errorOf(withSpecField('              l: {type: array, items: {type: object}, x-kubernetes-list-type: set}')).message).toMatch(/items of a list of type set must be scalars or atomic/);
    expect(errorOf(withSpecField('              l: {type: array, items: {type: object, properties: {a: {type: string}}}, x-kubernetes-list-type: map, x-kubernetes-list-map-keys: [b]}')).message).toMatch(
      /key "b" is not a property of the items/,
    );
    expect(errorOf(withSpecField('              m: {type: string, x-kubernetes-map-type: atomic}')).message).toMatch(/x-kubernetes-map-type is only allowed on objects/);
    expect(errorOf(withSpecField('              r: {$ref: "#/definitions/x"}')).message).toMatch(/\$ref: the schema is not structural: \$ref is not allowed in a CRD schema/);
    expect(errorOf(withSpecField('              a: {type: array}')).message).toMatch(/properties\/a: the schema is not structural: an array must say the type of its items/);
    expect(errorOf(WIDGETS.replace('plural: widgets, ', '')).message).toMatch(/^bad-crd.yaml:\d+:\d+: \/spec\/names\/plural: expected a non-empty string, got nothing/);
    expect(errorOf(WIDGETS.replace('scope: Namespaced', 'scope: Global')).message).toMatch(/\/spec\/scope: expected Namespaced or Cluster, got string "Global"/);
    expect(errorOf('apiVersion: v1\nkind: ConfigMap\n').message).toMatch(/^bad-crd.yaml:1:1: \(document root\): not a CustomResourceDefinition: apiVersion string "v1", kind string "ConfigMap"/);
  });

  it('report YAML mistakes with their line', () => {
    const dup = errorOf('apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nkind: again\n');
    expect(dup.code).toBe('INPUT');
    expect(dup.message).toMatch(/^bad-crd.yaml:3:1: invalid YAML: /);
  });

  it('keep __proto__ and constructor as data', () => {
    const crd = catalogFromText(WIDGETS, 'widgets-crd.yaml', 'crd');
    const ctx = ctxFor(crd, 'example.com/v1', 'Widget');
    const obj = JSON.parse('{"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"w"},"spec":{"__proto__":"x","settings":{"constructor":{"a":1}}}}') as Value;
    const a = must(apply(ctx, null, obj, 'example.com/v1', none, 'alice', false));
    expect(owned(a, 'alice')).toBe('{"f:apiVersion":{},"f:kind":{},"f:metadata":{"f:name":{}},"f:spec":{"f:__proto__":{},"f:settings":{"f:constructor":{".":{},"f:a":{}}}}}');
    expect(({} as Record<string, unknown>).a).toBeUndefined();
  });
});
