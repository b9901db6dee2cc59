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
import { inMessageOrder } from '../apiserver/go-struct-order.js';
import { builtinProtoTables, protoMessageFor } from '../apiserver/protobuf-envelope.js';

/** Every map's keys sorted as Go sorts map keys, at every level. */
export function sortedDeep(v: Value): Value {
  if (isList(v)) return v.map(sortedDeep);
  if (!isMap(v)) return v;
  const out = newMap();
  for (const k of Object.keys(v).sort(compareStrings)) out[k] = sortedDeep(v[k]);
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
