/**
 * A value of a built-in kind's Go struct with its keys in the order Go's encoding/json writes
 * them: a struct's fields in the order the struct declares them (the protobuf tables keep it,
 * `declared`), an inlined struct's fields in its place, TypeMeta's `kind` and `apiVersion` first,
 * maps sorted (byte-wise), and what a Go type carries as raw JSON as it is. Serve writes its
 * answers so (src/server/go-json-order.ts); the patch handler encodes the object it patches so.
 */
import { compareStrings } from '../value/compare-strings.js';
import { isList, isMap, newMap, type Value, type ValueMap } from '../value/value.js';
import { schemaOfUnion } from './protobuf-codec.js';
import type { ProtoField, ProtoMessage, ProtoTables } from './protobuf-messages.js';

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
export function inMessageOrder(tables: ProtoTables, name: string, v: Value): Value {
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

