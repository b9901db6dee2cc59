import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { BUILTIN_KINDS } from '../../src/schema/builtin/kinds.js';
import { catalogParts } from '../../src/schema/schema-catalog.js';
import { formatCompactSchema } from '../../src/schema/builtin/compact-format.js';
import { parseCompactSchema, parseCompactSchemaLazily } from '../../src/schema/builtin/compact-parse.js';
import { EXTRA_TYPE_LINES } from '../../src/schema/builtin/extra-types.js';
import { K8S_TYPE_LINES } from '../../src/schema/builtin/k8s-types.generated.js';
import type { AtomDecl, FieldDecl, SchemaDecl, TypeDef, TypeRef } from '../../src/schema/model.js';
import { openApiToSchema } from '../../src/schema/openapi/openapi-to-schema.js';
import { parseSchema } from '../../src/schema/parse-schema.js';
import { Schema } from '../../src/schema/schema.js';
import { readShared } from '../support/shared.js';
import { semanticDifferences } from './support/merge-semantics.js';

const reference = parseSchema(readShared('reference', 'kubernetes-schema.yaml'), { file: 'kubernetes-schema.yaml' });
const referenceSchema = new Schema(reference);
const referenceTypes = new Map(reference.types.map((t) => [t.name, t]));
const catalog = builtinCatalog();
const builtinTypes = new Map(catalogParts(catalog).types.map((t) => [t.name, t]));

/** Names of every type reachable from a root in a schema's declarations. */
function reachable(types: ReadonlyMap<string, TypeDef>, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const ref = (r: TypeRef) => {
    if (r.namedType !== undefined) visit(r.namedType);
    if (r.inlined) atom(r.inlined);
  };
  const atom = (a: AtomDecl) => {
    if (a.list) ref(a.list.elementType);
    for (const f of a.map?.fields ?? []) ref(f.type);
    if (a.map?.elementType) ref(a.map.elementType);
  };
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const t = types.get(name);
    if (t) atom(t);
  };
  roots.forEach(visit);
  return seen;
}

/** A declaration without what merging ignores (unions) or the reference cannot say (patch metadata). */
function mergeView(t: TypeDef): unknown {
  const field = ({ patchMergeKey: _k, patchStrategy: _s, ...f }: FieldDecl) => ({ ...f, type: refView(f.type) });
  const atom = (a: AtomDecl): unknown => ({
    scalar: a.scalar,
    list: a.list && { ...a.list, elementType: refView(a.list.elementType), keys: a.list.keys ?? [] },
    map: a.map && {
      fields: (a.map.fields ?? []).map(field),
      elementType: a.map.elementType && refView(a.map.elementType),
      elementRelationship: a.map.elementRelationship,
    },
  });
  const refView = (r: TypeRef): unknown => ({ namedType: r.namedType, elementRelationship: r.elementRelationship, inlined: r.inlined && atom(r.inlined) });
  return JSON.parse(JSON.stringify({ name: t.name, ...(atom(t) as object) }));
}

const HAND_WRITTEN = new Set(parseCompactSchema(EXTRA_TYPE_LINES).types.map((t) => t.name));

describe('built-in schema', () => {
  const roots = BUILTIN_KINDS.map((k) => k.typeName);
  const reached = reachable(builtinTypes, roots);

  it('serves every listed kind, with its resource and scope', () => {
    // Every GA kind of the reference but two (test/schema/builtin-kinds.test.ts), Scale and CustomResourceDefinition.
    expect(BUILTIN_KINDS).toHaveLength(64);
    for (const k of BUILTIN_KINDS) {
      expect(catalog.typeFor(k.apiVersion, k.kind)).toBe(k.typeName);
      expect(catalog.schema.named(k.typeName).map?.fields.has('metadata')).toBe(true);
    }
    expect(catalog.typeFor('apps/v1', 'DaemonSet')).toBe('io.k8s.api.apps.v1.DaemonSet');
    expect(catalog.kinds().find((k) => k.kind === 'DaemonSet')).toMatchObject({ group: 'apps', resource: 'daemonsets', namespaced: true });
    expect(catalog.kinds().find((k) => k.kind === 'ClusterRole')).toMatchObject({ group: 'rbac.authorization.k8s.io', resource: 'clusterroles', namespaced: false });
    expect(catalog.kinds().find((k) => k.kind === 'ConfigMap')).toMatchObject({ apiVersion: 'v1', group: '', resource: 'configmaps' });
    expect(catalog.typeFor('apps/v1beta1', 'Deployment')).toBeUndefined();
  });

  it('defines every type reachable from those kinds, and nothing else', () => {
    for (const name of reached) expect(catalog.schema.hasType(name), name).toBe(true);
    const own = new Set(builtinTypes.keys());
    for (const name of own) expect(reached.has(name), `${name} is not reachable from a built-in kind`).toBe(true);
  });

  it('declares every reachable type exactly as the reference schema does (merge semantics)', () => {
    const compared: string[] = [];
    const missingFromReference: string[] = [];
    for (const name of reached) {
      const ref = referenceTypes.get(name);
      if (!ref) {
        missingFromReference.push(name);
        continue;
      }
      expect(mergeView(builtinTypes.get(name) ?? referenceTypes.get(name)!), name).toEqual(mergeView(ref));
      compared.push(name);
    }
    // The reference has no autoscaling/v1 Scale and no apiextensions types: those are written by hand.
    expect(new Set(missingFromReference)).toEqual(HAND_WRITTEN);
    console.log(`built-in schema: ${compared.length} types identical to the reference, ${missingFromReference.length} hand-written`);
    expect(compared.length).toBeGreaterThan(300);
  });

  it('merges every kind the reference has exactly as the reference does (walked, every default compared)', () => {
    let kinds = 0;
    for (const k of BUILTIN_KINDS) {
      if (!referenceTypes.has(k.typeName)) continue;
      kinds++;
      const diffs = semanticDifferences(catalog.schema, k.typeName, referenceSchema, k.typeName, { allDefaults: true });
      expect(diffs, k.typeName).toEqual([]);
    }
    expect(kinds).toBe(62);
  });

  it('carries the patch metadata of the OpenAPI v2 subset for every field the subset annotates', () => {
    const subset = openApiToSchema(JSON.parse(readShared('reference', 'openapi-v2-subset.json')), { file: 'openapi-v2-subset.json' });
    let annotated = 0;
    for (const t of subset.types) {
      if (!reached.has(t.name)) continue;
      const ours = catalog.schema.named(t.name);
      for (const f of t.map?.fields ?? []) {
        const info = ours.map?.fields.get(f.name);
        if (!info) {
          // The subset is older than the reference: it still has ObjectMeta.clusterName.
          expect(`${t.name}.${f.name}`).toBe('io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta.clusterName');
          continue;
        }
        if (f.patchStrategy === undefined && f.patchMergeKey === undefined) continue;
        annotated++;
        expect([info!.patchStrategy, info!.patchMergeKey], `${t.name}.${f.name}`).toEqual([f.patchStrategy, f.patchMergeKey]);
      }
    }
    expect(annotated).toBeGreaterThan(15);
    const podSpec = catalog.schema.named('io.k8s.api.core.v1.PodSpec').map!.fields;
    expect(podSpec.get('containers')).toMatchObject({ patchStrategy: 'merge', patchMergeKey: 'name' });
    expect(podSpec.get('volumes')).toMatchObject({ patchStrategy: 'merge,retainKeys', patchMergeKey: 'name' });
    expect(podSpec.get('tolerations')?.patchStrategy).toBeUndefined();
    const meta = catalog.schema.named('io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta').map!.fields;
    expect(meta.get('finalizers')).toMatchObject({ patchStrategy: 'merge' });
    expect(meta.get('finalizers')?.patchMergeKey).toBeUndefined();
    // Outside the subset: what the API types declare (the generator's KNOWN_PATCH_METADATA)...
    const service = catalog.schema.named('io.k8s.api.core.v1.ServiceSpec').map!.fields.get('ports')!;
    expect([service.patchStrategy, service.patchMergeKey]).toEqual(['merge', 'port']);
    const hooks = catalog.schema.named('io.k8s.api.admissionregistration.v1.MutatingWebhookConfiguration').map!.fields.get('webhooks')!;
    expect([hooks.patchStrategy, hooks.patchMergeKey]).toEqual(['merge', 'name']);
    const nodeStatus = catalog.schema.named('io.k8s.api.core.v1.NodeStatus').map!.fields;
    expect([nodeStatus.get('addresses')!.patchStrategy, nodeStatus.get('addresses')!.patchMergeKey]).toEqual(['merge', 'type']);
    // ...else only a merge key derived from a one-key list map, never a strategy.
    const rules = catalog.schema.named('io.k8s.api.rbac.v1.ClusterRole').map!.fields.get('rules')!;
    expect([rules.patchStrategy, rules.patchMergeKey]).toEqual([undefined, undefined]); // atomic: nothing derived
    const claims = catalog.schema.named('io.k8s.api.core.v1.ResourceRequirements').map!.fields.get('claims')!;
    expect([claims.patchStrategy, claims.patchMergeKey]).toEqual([undefined, 'name']);
  });

  it('is small and reads back what it was written from', () => {
    const bytes = K8S_TYPE_LINES.reduce((n, l) => n + l.length + 1, 0);
    expect(bytes).toBeLessThan(70_000);
    const decl = parseCompactSchema(K8S_TYPE_LINES);
    const aliases = new Map(K8S_TYPE_LINES.filter((l) => l.startsWith('%')).map((l) => [l.slice(1, l.indexOf(' ')), l.slice(l.indexOf(' ') + 1)]));
    expect(formatCompactSchema(decl, aliases)).toEqual(K8S_TYPE_LINES);
    // The catalog reads each line when a type is first reached: the same declarations.
    expect(JSON.parse(JSON.stringify(parseCompactSchemaLazily(K8S_TYPE_LINES)))).toEqual(JSON.parse(JSON.stringify(decl)));
    expect(() => parseCompactSchemaLazily(['t {a:s', 'u s']).types[0].map).toThrow(/^compact schema:1:7: unterminated "\{"/);
  });
});

describe('compact notation', () => {
  const name = fc.constantFrom('ta', 'tb', 'io.k8s.api.core.v1.T', 'x.y.Z', '__untyped_deduced_');
  const scalar = fc.constantFrom('string', 'numeric', 'boolean', 'untyped') as fc.Arbitrary<'string' | 'numeric' | 'boolean' | 'untyped'>;
  const fieldName = fc.oneof(fc.constantFrom('a', 'b-c', '$ref', 'x_y', '__proto__', 'constructor'), fc.string({ minLength: 1, maxLength: 6 }));
  const json = fc.oneof(fc.constant(''), fc.integer(), fc.boolean(), fc.string({ maxLength: 5 }), fc.constant({}), fc.constant({ single: {} }));
  const rel = fc.constantFrom(undefined, 'atomic', 'separable', 'granular');
  const { ref } = fc.letrec<{ ref: TypeRef; atom: AtomDecl }>((tie) => ({
    ref: fc.oneof(
      { depthSize: 'small' },
      fc.record({ namedType: name }, { requiredKeys: ['namedType'] }),
      fc.record({ namedType: name, elementRelationship: fc.constantFrom('atomic', 'separable') }),
      tie('atom').map((inlined) => ({ inlined })),
    ),
    atom: fc.oneof(
      { depthSize: 'small' },
      scalar.map((s) => ({ scalar: s })),
      fc.record({
        elementType: tie('ref'),
        elementRelationship: fc.constantFrom('atomic', 'associative', 'x'),
        keys: fc.array(fc.constantFrom('k', 'name', 'port'), { minLength: 1, maxLength: 2 }),
      }).map((l) => ({ list: l.elementRelationship === 'associative' ? l : { elementType: l.elementType, elementRelationship: l.elementRelationship } })),
      fc.record({
        fields: fc.uniqueArray(
          fc.record({ name: fieldName, type: tie('ref'), default: json, patchMergeKey: fc.constantFrom('name', 'uid'), patchStrategy: fc.constantFrom('merge', 'merge,retainKeys') }, { requiredKeys: ['name', 'type'] }),
          { selector: (f) => f.name, maxLength: 3 },
        ),
        elementRelationship: rel,
      }).map((m) => ({ map: m.elementRelationship === undefined ? { fields: m.fields } : m })),
      fc.record({ elementType: tie('ref'), elementRelationship: rel }).map((m) => ({ map: m.elementRelationship === undefined ? { elementType: m.elementType } : m })),
    ),
  }));

  it('reads back any declaration it writes (fixed seed)', () => {
    const typeDef = fc.record({ name, atom: ref.filter((r) => r.inlined !== undefined) }).map(({ name: n, atom }) => ({ name: n, ...atom.inlined! }));
    fc.assert(
      fc.property(fc.array(typeDef, { maxLength: 4 }), (types) => {
        const decl: SchemaDecl = { types };
        const aliases = new Map([['core.v1', 'io.k8s.api.core.v1']]);
        const lines = formatCompactSchema(decl, aliases);
        const back = parseCompactSchema(lines);
        expect(formatCompactSchema(back, aliases)).toEqual(lines);
        expect(JSON.parse(JSON.stringify(back))).toEqual(JSON.parse(JSON.stringify(decl)));
      }),
      { seed: 20241, numRuns: 300 },
    );
  });

  it('refuses a scalar kind it has no letter for (the schema reader keeps unknown kinds)', () => {
    expect(() => formatCompactSchema({ types: [{ name: 'a', scalar: 'number' }] })).toThrow('scalar kind number cannot be written in the compact notation');
  });

  it('names the line and column of a mistake', () => {
    expect(() => parseCompactSchema(['a {x:s', 'b s'], 'extra')).toThrow(/^extra:1:7: unterminated "\{"/);
    expect(() => parseCompactSchema(['a s', 'b {x:[s]#(k)}'], 'extra')).toThrow(/^extra:2:/);
    expect(() => parseCompactSchema(['a {x:s=nope}'])).toThrow(/invalid JSON value/);
  });

  it('keeps __proto__ and constructor as field names and default keys', () => {
    const decl = parseCompactSchema(['t {__proto__:s constructor:{a:s}={"__proto__":1}}']);
    const fields = decl.types[0].map!.fields!;
    expect(fields.map((f) => f.name)).toEqual(['__proto__', 'constructor']);
    expect(Object.keys(fields[1].default as object)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(fields[1].default)).toBeNull();
  });
});
