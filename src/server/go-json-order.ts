/**
 * The key order of kube-apiserver's JSON answers. Go's encoding/json writes a struct's fields in
 * the order the struct declares them and a map's keys sorted (byte-wise). Built-in kinds are Go
 * structs: TypeMeta first (`kind`, then `apiVersion`), then the fields in declaration order (the
 * protobuf tables keep it, `declared`), an inlined struct's fields in its place, maps sorted, and
 * what a Go type carries as raw JSON (`RawExtension`, `FieldsV1`, a CRD schema's `JSON`) as it
 * is. Custom resources are unstructured maps: every key at every level sorted, managedFields and
 * their `fieldsV1` included. Only the bytes of answers change: the stored objects keep their order.
 */
import type { CatalogLike, ResourceType } from '../apiserver/types.js';
import { compareStrings } from '../value/compare-strings.js';
import { isList, isMap, newMap, type Value, type ValueMap } from '../value/value.js';
import { schemaOfUnion } from '../apiserver/protobuf-codec.js';
import type { ProtoField, ProtoMessage, ProtoTables } from '../apiserver/protobuf-messages.js';
import { builtinProtoTables, protoMessageFor } from '../apiserver/protobuf-envelope.js';

/** Every map's keys sorted as Go sorts map keys, at every level. */
export function sortedDeep(v: Value): Value {
  if (isList(v)) return v.map(sortedDeep);
  if (!isMap(v)) return v;
  const out = newMap();
  for (const k of Object.keys(v).sort(compareStrings)) out[k] = sortedDeep(v[k]);
  return out;
}

/** The JSON fields of a message in declaration order, an inlined struct's fields in its place. */
function jsonFields(tables: ProtoTables, message: ProtoMessage): ProtoField[] {
  const out: ProtoField[] = [];
  for (const f of message.declared) {
    const inner = f.inline && 'message' in f.type ? tables.message(f.type.message) : undefined;
    if (inner) out.push(...jsonFields(tables, inner));
    else out.push(f);
  }
  return out;
}

/** jsonFields and their names, once per message (the tables keep one parsed message per name). */
const fieldCache = new WeakMap<ProtoMessage, { fields: ProtoField[]; names: ReadonlySet<string> }>();
function fieldsOf(tables: ProtoTables, message: ProtoMessage): { fields: ProtoField[]; names: ReadonlySet<string> } {
  let known = fieldCache.get(message);
  if (!known) {
    const fields = jsonFields(tables, message);
    known = { fields, names: new Set(fields.map((f) => f.json)) };
    fieldCache.set(message, known);
  }
  return known;
}

/** A value of message type `name` in Go's order; values of hand-converted types stay as they are. */
function inMessageOrder(tables: ProtoTables, name: string, v: Value): Value {
  const union = schemaOfUnion(name);
  if (union !== undefined) return isList(v) ? v.map((item) => inMessageOrder(tables, union, item)) : isMap(v) ? inMessageOrder(tables, union, v) : v;
  const message = tables.message(name);
  if (!message) return v;
  if (message.sliceOf) {
    const of = message.sliceOf;
    return isList(v) && 'message' in of ? v.map((item) => inMessageOrder(tables, of.message, item)) : v;
  }
  if (!isMap(v)) return v;
  const out = newMap();
  const { fields, names } = fieldsOf(tables, message);
  // TypeMeta, inlined first in every kind and List: its fields are in no message.
  for (const k of ['kind', 'apiVersion']) if (Object.hasOwn(v, k) && !names.has(k)) out[k] = v[k];
  for (const f of fields) {
    if (!Object.hasOwn(v, f.json)) continue;
    const fv = v[f.json];
    if (!('message' in f.type)) {
      out[f.json] = f.mapKey && isMap(fv) ? sortedKeys(fv, (x) => x) : fv;
      continue;
    }
    const type = f.type.message;
    if (f.mapKey) out[f.json] = isMap(fv) ? sortedKeys(fv, (x) => inMessageOrder(tables, type, x)) : fv;
    else if (f.repeated) out[f.json] = isList(fv) ? fv.map((item) => inMessageOrder(tables, type, item)) : fv;
    else out[f.json] = inMessageOrder(tables, type, fv);
  }
  // Keys no field has (none for what the API server stores) keep their place after the fields.
  for (const k of Object.keys(v)) if (!Object.hasOwn(out, k)) out[k] = v[k];
  return out;
}

function sortedKeys(m: ValueMap, each: (v: Value) => Value): ValueMap {
  const out = newMap();
  for (const k of Object.keys(m).sort(compareStrings)) out[k] = each(m[k]);
  return out;
}

/**
 * An answer of a resource's endpoint (an object, its List, its Scale, or a Status) with its keys
 * in the order kube-apiserver writes them. A body of no known message keeps its order.
 */
export function inWireOrder(catalog: CatalogLike, resource: ResourceType, body: ValueMap): ValueMap {
  const { apiVersion, kind } = body;
  const tables = builtinProtoTables();
  // A custom resource's Scale and Status are Go structs like any other.
  const message = typeof apiVersion === 'string' && typeof kind === 'string' ? protoMessageFor(catalog, tables, apiVersion, kind) : undefined;
  if (message) return inMessageOrder(tables, message, body) as ValueMap;
  return resource.custom ? (sortedDeep(body) as ValueMap) : body;
}

/** Metadata in ObjectMeta's order (PartialObjectMetadata is a Go struct, for custom resources too). */
export function inObjectMetaOrder(metadata: ValueMap): ValueMap {
  return inMessageOrder(builtinProtoTables(), 'k8s.io.apimachinery.pkg.apis.meta.v1.ObjectMeta', metadata) as ValueMap;
}

/**
 * A built-in kind's List as kube-apiserver writes it: its items are Go structs whose TypeMeta is
 * empty, so they carry no `kind` and `apiVersion` (kubernetes/kubernetes#3030; a get, a watch
 * event and a Table row's object have theirs). Custom resources' items are unstructured maps and
 * keep them; so does anything that is not a List.
 */
export function withoutItemTypeMeta(resource: ResourceType, list: ValueMap): ValueMap {
  const items = list.items;
  if (resource.custom || list.kind === 'Status' || !isList(items)) return list;
  const out = newMap();
  for (const k of Object.keys(list)) out[k] = list[k];
  out.items = items.map((item) => {
    if (!isMap(item)) return item;
    const typed = newMap();
    for (const k of Object.keys(item)) if (k !== 'kind' && k !== 'apiVersion') typed[k] = item[k];
    return typed;
  });
  return out;
}
