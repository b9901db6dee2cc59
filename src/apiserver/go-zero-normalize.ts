/**
 * A built-in object's JSON as Go holds it for `apiequality.Semantic.DeepEqual`: a non-pointer
 * field at its zero (`hostNetwork: false`, `workingDir: ""`, `hostPort: 0`, a struct whose fields
 * are all zero) is the same value as a field left out, so it is dropped; a pointer field keeps its
 * value, zero or not (`automountServiceAccountToken: false` is not nil). Field kinds come from the
 * protobuf tables (protobuf-messages.ts: `pointer`, `inline`); a field they do not know, and a
 * value whose JSON is not an object where they expect a message (IntOrString, Quantity), is kept
 * as written. Used with semantic-equal.ts, which also takes null, `[]` and `{}` as absent.
 */
import { isMap, type Value, type ValueMap } from '../value/value.js';
import { type ProtoField, ProtoTables } from './protobuf-messages.js';

/** The message's fields by JSON name, an inline message's fields among them (`VolumeSource` in `Volume`). */
function jsonFields(tables: ProtoTables, message: string, into = new Map<string, ProtoField>()): Map<string, ProtoField> {
  const m = tables.message(message);
  if (!m) return into;
  for (const f of m.fields) {
    if (f.inline && 'message' in f.type) jsonFields(tables, f.type.message, into);
    else into.set(f.json, f);
  }
  return into;
}

function isZeroScalar(v: Value): boolean {
  return v === false || v === '' || v === 0 || v === 0n;
}

function normalizeMessage(tables: ProtoTables, v: ValueMap, message: string): ValueMap {
  const fields = jsonFields(tables, message);
  const out: Record<string, Value> = {};
  for (const [k, x] of Object.entries(v)) {
    const f = fields.get(k);
    if (!f) {
      out[k] = x;
      continue;
    }
    const element = 'message' in f.type ? f.type.message : undefined;
    // A map's values are kept as written (the pod spec's maps hold strings and quantities).
    if (f.mapKey !== undefined) {
      out[k] = x;
      continue;
    }
    if (f.repeated) {
      out[k] = Array.isArray(x) && element ? x.map((item) => (isMap(item) ? normalizeMessage(tables, item, element) : item)) : x;
      continue;
    }
    if (element && isMap(x)) {
      const inner = normalizeMessage(tables, x, element);
      if (f.pointer || Object.keys(inner).length > 0) out[k] = inner;
      continue;
    }
    if (!f.pointer && x !== null && isZeroScalar(x)) continue;
    out[k] = x;
  }
  return out as ValueMap;
}

/** `v` (of the built-in type `typeName`, e.g. `io.k8s.api.core.v1.PodSpec`) without its Go-zero non-pointer fields. */
export function withoutGoZeros(v: Value | undefined, typeName: string): Value | undefined {
  if (!isMap(v)) return v;
  return normalizeMessage(new ProtoTables(), v, typeName.replace(/^io\.k8s\./, 'k8s.io.'));
}
