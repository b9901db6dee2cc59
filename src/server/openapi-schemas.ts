/**
 * The schema catalog's types as OpenAPI schemas (`components.schemas`): list types and map
 * keys, map types, strategic-merge-patch strategies and keys, and the group/version/kind of
 * each served kind. The catalog carries structure, not descriptions, so none are given.
 */
import type { CatalogLike } from '../apiserver/types.js';
import { ATOMIC_UNTYPED_TYPE_NAME, DEDUCED_TYPE_NAME } from '../schema/deduced.js';
import type { AtomDecl, TypeDef, TypeRef } from '../schema/model.js';
import type { GoTypeFacts } from './openapi-go-facts.js';
import { crdSchema } from './openapi-crd-schema.js';
import type { Value } from '../value/value.js';
import { withScalarFormat } from './openapi-go-facts.js';

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

/** What the Go types say that the catalog does not (openapi-go-facts.ts). */
export interface GoTypes {
  /** Integer and byte formats and required properties of a catalog type. */
  facts(typeName: string): GoTypeFacts | undefined;
  /** The schema of a type the catalog does not have (`ListMeta`), referring to others with `ref`. */
  schema(typeName: string, ref: (typeName: string) => Json): Json | undefined;
}

const NO_GO_TYPES: GoTypes = { facts: () => undefined, schema: () => undefined };

/** The metadata of every List. */
const LIST_META = 'io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta';

/**
 * Schemas for `roots` and every type they reach, by type name; each root type carries
 * `x-kubernetes-group-version-kind` for the kinds served by it. `lists` are the List types of
 * the served kinds (name → item type): a List has a kind's TypeMeta, ListMeta and its items, as
 * every Kubernetes List does. Built-in types get the integer and byte formats and the required
 * properties of their Go types, and the types the catalog lacks (ListMeta), from `go`.
 */
export function schemasFor(
  catalog: CatalogLike,
  roots: ReadonlyMap<string, readonly GroupVersionKind[]>,
  prefix: RefPrefix,
  go: GoTypes = NO_GO_TYPES,
  lists: ReadonlyMap<string, string> = new Map(),
): Record<string, Json> {
  const defs = new Map<string, TypeDef>();
  for (const t of catalog.schema.decl.types) defs.set(t.name, t);
  // Custom kinds are published from their CRD's own schema (openapi-crd-schema.ts).
  const crdSources = new Map<string, Value>();
  for (const k of catalog.kinds()) if (k.custom && k.openApiSchema !== undefined) crdSources.set(k.typeName, k.openApiSchema);
  const out: Record<string, Json> = {};
  const queue = [...roots.keys()];
  const seen = new Set(queue);
  const visit = (name: string) => {
    const def = defs.get(name);
    if (!seen.has(name)) {
      seen.add(name);
      queue.push(name);
    }
    return def;
  };
  const ref = (name: string): Json => {
    visit(name);
    return prefix === '#/definitions/' ? { $ref: prefix + name } : { allOf: [{ $ref: prefix + name }] };
  };
  while (queue.length > 0) {
    const name = queue.shift()!;
    const def = defs.get(name);
    const item = lists.get(name);
    const source = crdSources.get(name);
    const schema =
      source !== undefined ? crdSchema(source, ref, prefix === '#/definitions/' ? 2 : 3) : def ? atomSchema(def, prefix, visit, name, go.facts(name)) : item ? listSchema(item, ref) : go.schema(name, ref);
    if (!schema) continue;
    const gvks = roots.get(name);
    if (gvks && gvks.length > 0) schema['x-kubernetes-group-version-kind'] = gvks.map((g) => ({ group: g.group, kind: g.kind, version: g.version }));
    out[name] = schema;
  }
  return out;
}

/** A List of `item`s: TypeMeta, ListMeta and the items (`required: [items]`, as Go declares it). */
function listSchema(item: string, ref: (name: string) => Json): Json {
  return {
    type: 'object',
    required: ['items'],
    properties: {
      apiVersion: { type: 'string' },
      items: { type: 'array', items: ref(item) },
      kind: { type: 'string' },
      metadata: { ...ref(LIST_META), default: {} },
    },
  };
}

/** Time and MicroTime are RFC 3339 strings; any other untyped scalar (IntOrString, Quantity) is a string with a format. */
const DATE_TIME_TYPES = new Set(['io.k8s.apimachinery.pkg.apis.meta.v1.Time', 'io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime']);
const QUANTITY_TYPE = 'io.k8s.apimachinery.pkg.api.resource.Quantity';

function atomSchema(decl: AtomDecl, prefix: RefPrefix, visit: Visit, name?: string, facts?: GoTypeFacts): Json {
  const shapes = [decl.scalar, decl.list, decl.map].filter((x) => x !== undefined).length;
  if (shapes > 1) {
    // A value of any shape (the deduced type, FieldsV1, free-form JSON): readers take a schema
    // without a type as anything, with maps atomic when the map type says so.
    return { 'x-kubernetes-preserve-unknown-fields': true, ...(decl.map?.elementRelationship === 'atomic' ? { 'x-kubernetes-map-type': 'atomic' } : {}) };
  }
  if (decl.scalar === 'untyped') {
    // A scalar of no one kind: a string, as kube-apiserver describes them (resource.Quantity's
    // OpenAPI type is a plain string; Time's format date-time; IntOrString's int-or-string).
    if (name === QUANTITY_TYPE) return { type: 'string' };
    return { type: 'string', format: name !== undefined && DATE_TIME_TYPES.has(name) ? 'date-time' : 'int-or-string' };
  }
  if (decl.scalar === 'string') return { type: 'string' };
  if (decl.scalar === 'boolean') return { type: 'boolean' };
  if (decl.scalar === 'numeric') return { type: 'number' };
  // A kind the reference does not know: described as no type (the engine refuses any value there).
  if (decl.scalar !== undefined) return {};
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
      const scalar = facts?.scalars.get(f.name);
      const s = scalar ? withScalarFormat(refSchema(f.type, prefix, visit), scalar) : refSchema(f.type, prefix, visit);
      if (f.default !== undefined) s.default = f.default;
      if (f.patchStrategy !== undefined) s['x-kubernetes-patch-strategy'] = f.patchStrategy;
      if (f.patchMergeKey !== undefined) s['x-kubernetes-patch-merge-key'] = f.patchMergeKey;
      properties[f.name] = s;
    }
    out.properties = properties;
    const required = facts?.required.filter((p) => p in properties) ?? [];
    if (required.length > 0) out.required = required;
  }
  // A map of anything (FieldsV1, RawExtension) is a plain object, as kube-apiserver describes them.
  if (map.elementType && !isAnything(map.elementType)) out.additionalProperties = refSchema(map.elementType, prefix, visit);
  if (map.elementRelationship === 'atomic') out['x-kubernetes-map-type'] = 'atomic';
  return out;
}

/** A value of any shape: the engine's untyped names, or an inlined atom of several shapes. */
function isAnything(ref: TypeRef): boolean {
  if (ref.namedType === DEDUCED_TYPE_NAME || ref.namedType === ATOMIC_UNTYPED_TYPE_NAME) return true;
  const a = ref.inlined;
  return a !== undefined && [a.scalar, a.list, a.map].filter((x) => x !== undefined).length > 1;
}

function refSchema(ref: TypeRef, prefix: RefPrefix, visit: Visit): Json {
  let base: Json;
  let shape: AtomDecl | undefined = ref.inlined;
  if (ref.namedType === DEDUCED_TYPE_NAME || ref.namedType === ATOMIC_UNTYPED_TYPE_NAME) {
    // The engine's own names for "anything" are written out where used (no definition has them).
    base = { 'x-kubernetes-preserve-unknown-fields': true, ...(ref.namedType === ATOMIC_UNTYPED_TYPE_NAME ? { 'x-kubernetes-map-type': 'atomic' } : {}) };
  } else if (ref.namedType !== undefined) {
    shape = visit(ref.namedType);
    // v3 wraps a reference in `allOf` so that siblings are allowed; v2 refers directly.
    base = prefix === '#/definitions/' ? { $ref: prefix + ref.namedType } : { allOf: [{ $ref: prefix + ref.namedType }] };
  } else if (ref.inlined) {
    base = atomSchema(ref.inlined, prefix, visit);
  } else {
    base = {};
  }
  // A field-level override of the referenced type's relationship (`atomic` for a struct kept
  // whole, `separable` for one of an atomic type merged field by field).
  if (ref.elementRelationship === 'atomic' && shape) {
    if (shape.list) base['x-kubernetes-list-type'] = 'atomic';
    else if (shape.map) base['x-kubernetes-map-type'] = 'atomic';
  } else if (ref.elementRelationship === 'separable' && shape?.map) {
    base['x-kubernetes-map-type'] = 'granular';
  }
  return base;
}
