/**
 * The schema catalog's types as OpenAPI schemas (`components.schemas`): list types and map
 * keys, map types, strategic-merge-patch strategies and keys, and the group/version/kind of
 * each served kind. The catalog carries structure, not descriptions, so none are given.
 */
import type { CatalogLike } from '../apiserver/types.js';
import type { AtomDecl, TypeDef, TypeRef } from '../schema/model.js';

type Json = Record<string, unknown>;

/** Notes a named type as reached; returns its declaration. */
type Visit = (name: string) => TypeDef | undefined;

export interface GroupVersionKind {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
}

/** `#/components/schemas/NAME` (v3) or `#/definitions/NAME` (v2). */
export type RefPrefix = '#/components/schemas/' | '#/definitions/';

/**
 * Schemas for `roots` and every type they reach, by type name; each root type carries
 * `x-kubernetes-group-version-kind` for the kinds served by it.
 */
export function schemasFor(catalog: CatalogLike, roots: ReadonlyMap<string, readonly GroupVersionKind[]>, prefix: RefPrefix): Record<string, Json> {
  const defs = new Map<string, TypeDef>();
  for (const t of catalog.schema.decl.types) defs.set(t.name, t);
  const out: Record<string, Json> = {};
  const queue = [...roots.keys()];
  const seen = new Set(queue);
  const visit = (name: string) => {
    const def = defs.get(name);
    if (!seen.has(name) && def) {
      seen.add(name);
      queue.push(name);
    }
    return def;
  };
  while (queue.length > 0) {
    const name = queue.shift()!;
    const def = defs.get(name);
    if (!def) continue;
    const schema = atomSchema(def, prefix, visit);
    const gvks = roots.get(name);
    if (gvks && gvks.length > 0) schema['x-kubernetes-group-version-kind'] = gvks.map((g) => ({ group: g.group, kind: g.kind, version: g.version }));
    out[name] = schema;
  }
  return out;
}

function atomSchema(decl: AtomDecl, prefix: RefPrefix, visit: Visit): Json {
  const shapes = [decl.scalar, decl.list, decl.map].filter((x) => x !== undefined).length;
  if (shapes > 1 || decl.scalar === 'untyped') {
    // A value of several shapes (the deduced type, IntOrString, Quantity, free-form JSON).
    return decl.list || decl.map ? { 'x-kubernetes-preserve-unknown-fields': true } : { 'x-kubernetes-int-or-string': true };
  }
  if (decl.scalar === 'string') return { type: 'string' };
  if (decl.scalar === 'boolean') return { type: 'boolean' };
  if (decl.scalar === 'numeric') return { type: 'number' };
  if (decl.list) {
    const rel = decl.list.elementRelationship ?? 'atomic';
    const keys = decl.list.keys ?? [];
    const listType = rel === 'associative' ? (keys.length > 0 ? 'map' : 'set') : 'atomic';
    return {
      type: 'array',
      items: refSchema(decl.list.elementType, prefix, visit),
      'x-kubernetes-list-type': listType,
      ...(listType === 'map' ? { 'x-kubernetes-list-map-keys': [...keys] } : {}),
    };
  }
  const map = decl.map!;
  const out: Json = { type: 'object' };
  if (map.fields && map.fields.length > 0) {
    const properties: Record<string, Json> = {};
    for (const f of map.fields) {
      const s = refSchema(f.type, prefix, visit);
      if (f.default !== undefined) s.default = f.default;
      if (f.patchStrategy !== undefined) s['x-kubernetes-patch-strategy'] = f.patchStrategy;
      if (f.patchMergeKey !== undefined) s['x-kubernetes-patch-merge-key'] = f.patchMergeKey;
      properties[f.name] = s;
    }
    out.properties = properties;
  }
  if (map.elementType) out.additionalProperties = refSchema(map.elementType, prefix, visit);
  if (map.elementRelationship === 'atomic') out['x-kubernetes-map-type'] = 'atomic';
  return out;
}

function refSchema(ref: TypeRef, prefix: RefPrefix, visit: Visit): Json {
  let base: Json;
  let shape: AtomDecl | undefined = ref.inlined;
  if (ref.namedType !== undefined) {
    shape = visit(ref.namedType);
    base = { allOf: [{ $ref: prefix + ref.namedType }] };
  } else if (ref.inlined) {
    base = atomSchema(ref.inlined, prefix, visit);
  } else {
    base = {};
  }
  // A field-level override of the referenced type's relationship (`atomic` for a struct kept whole).
  if (ref.elementRelationship === 'atomic' && shape) {
    if (shape.list) base['x-kubernetes-list-type'] = 'atomic';
    else if (shape.map) base['x-kubernetes-map-type'] = 'atomic';
  }
  return base;
}
