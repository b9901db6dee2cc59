import { describe, expect, it } from 'vitest';
import { catalogFromOpenApi } from '../../src/schema/catalog.js';
import { parseSchema } from '../../src/schema/parse-schema.js';
import { Schema } from '../../src/schema/schema.js';
import type { Value } from '../../src/value/value.js';
import { readShared } from '../support/shared.js';
import { type SemanticDifference, semanticDifferences } from './support/merge-semantics.js';

const reference = new Schema(parseSchema(readShared('reference', 'kubernetes-schema.yaml'), { file: 'kubernetes-schema.yaml' }));
const subsetDoc = JSON.parse(readShared('reference', 'openapi-v2-subset.json')) as { definitions: Record<string, Json> };
type Json = Record<string, unknown>;

/** The subset's node for a difference: where it is used (`site`) and what it resolves to (`node`). */
function subsetNode(root: string, segments: readonly string[]): { site: Json; node: Json } | undefined {
  const defs = subsetDoc.definitions;
  const resolve = (s: Json): Json => (typeof s.$ref === 'string' ? defs[s.$ref.slice('#/definitions/'.length)] : s);
  let node: Json = defs[root];
  let site: Json = node;
  for (const seg of segments) {
    const next = seg === '[]' ? node.items : seg === '.*' ? node.additionalProperties : (node.properties as Record<string, Json> | undefined)?.[seg.slice(1)];
    if (!next || typeof next !== 'object') return undefined;
    site = next as Json;
    node = resolve(site);
  }
  return { site, node };
}

/**
 * Why a difference is not the importer's: the subset is an older Kubernetes release than the
 * reference schema, without the annotations later releases added. A difference is explained when
 * the subset leaves that node unannotated (so Kubernetes' own rules give what the importer gives:
 * granular maps, atomic lists, no key default) and the reference shows the later annotation.
 */
function explanation(d: SemanticDifference): string | undefined {
  if (d.kind === 'field-only-in-b') return 'field added after the subset was cut';
  if (d.kind === 'field-only-in-a') return 'field removed since (ObjectMeta.clusterName)';
  const found = subsetNode(d.path.slice(0, d.path.length - d.segments.join('').length), d.segments);
  if (!found) return undefined;
  const { site, node } = found;
  if (d.kind === 'key-default') return site.default === undefined ? 'key default added later (+default)' : undefined;
  if (d.message === 'map granular vs atomic') {
    return site['x-kubernetes-map-type'] === undefined && node['x-kubernetes-map-type'] === undefined ? 'x-kubernetes-map-type: atomic added later' : undefined;
  }
  if (/^list (atomic vs associative|keys \[\] vs)/.test(d.message)) {
    return node['x-kubernetes-list-type'] === undefined && node['x-kubernetes-patch-strategy'] === undefined ? 'x-kubernetes-list-type added later' : undefined;
  }
  return undefined;
}

describe('OpenAPI v2 import of openapi-v2-subset.json', () => {
  const catalog = catalogFromOpenApi(subsetDoc as unknown as Value, 'openapi-v2-subset.json');
  const names = Object.keys(subsetDoc.definitions);

  it('merges every type it defines as kubernetes-schema.yaml does, but for annotations the subset predates', () => {
    const unexplained: string[] = [];
    const reasons = new Map<string, number>();
    let types = 0;
    for (const name of names) {
      if (!reference.hasType(name)) continue;
      types++;
      for (const d of semanticDifferences(catalog.schema, name, reference, name)) {
        const why = explanation(d);
        if (why === undefined) unexplained.push(`${d.path}: ${d.message}`);
        else reasons.set(why, (reasons.get(why) ?? 0) + 1);
      }
    }
    console.log(`openapi-v2-subset.json: ${types} types compared with kubernetes-schema.yaml; differences explained by the subset's age:`, Object.fromEntries(reasons));
    expect(types).toBe(142);
    expect(unexplained).toEqual([]);
  });

  it('agrees exactly wherever the subset carries the annotation', () => {
    // Every annotated list of the subset, compared with the reference.
    let annotated = 0;
    for (const name of names) {
      if (!reference.hasType(name)) continue;
      const props = (subsetDoc.definitions[name].properties ?? {}) as Record<string, Json>;
      for (const [field, p] of Object.entries(props)) {
        if (p.type !== 'array' || (p['x-kubernetes-list-type'] === undefined && p['x-kubernetes-patch-strategy'] === undefined)) continue;
        const ours = catalog.schema.named(name).map!.fields.get(field)!.type.get().list!;
        const theirs = reference.named(name).map!.fields.get(field)!.type.get().list!;
        expect([ours.elementRelationship, ours.keys], `${name}.${field}`).toEqual([theirs.elementRelationship, theirs.keys]);
        annotated++;
      }
    }
    expect(annotated).toBe(22);
  });

  it('reads scalars as Kubernetes does: formats make strings untyped, except byte; Quantity is untyped', () => {
    const t = (name: string) => catalog.schema.named(name);
    expect(t('io.k8s.apimachinery.pkg.apis.meta.v1.Time').scalar).toBe('untyped');
    expect(t('io.k8s.apimachinery.pkg.util.intstr.IntOrString').scalar).toBe('untyped');
    expect(t('io.k8s.apimachinery.pkg.api.resource.Quantity').scalar).toBe('untyped');
    expect(t('io.k8s.api.core.v1.Secret').map!.fields.get('data')!.type.get().map!.element!.get().scalar).toBe('string');
    expect(t('io.k8s.api.core.v1.ContainerPort').map!.fields.get('containerPort')!.type.get().scalar).toBe('numeric');
    const fieldsV1 = t('io.k8s.apimachinery.pkg.apis.meta.v1.FieldsV1');
    expect(fieldsV1.map?.elementTypeName).toBe('__untyped_deduced_');
  });

  it('maps apiVersion + kind to the definition that declares it', () => {
    expect(catalog.typeFor('apps/v1', 'Deployment')).toBe('io.k8s.api.apps.v1.Deployment');
    expect(catalog.typeFor('v1', 'Pod')).toBe('io.k8s.api.core.v1.Pod');
    expect(catalog.typeFor('extensions/v1beta1', 'Deployment')).toBe('io.k8s.api.extensions.v1beta1.Deployment');
    expect(catalog.sources).toEqual(['OpenAPI v2 document openapi-v2-subset.json']);
    expect(catalog.warnings).toEqual([]);
  });
});
