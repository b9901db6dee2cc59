/**
 * The fields Go's JSON encoder writes for every struct of the built-in kinds even when a body
 * leaves them out, and what it writes for them: the JSON of the struct's Go zero value. A field
 * is there when its Go type has no `omitempty`: a string `""`, a number `0`, a bool `false`, a nil
 * slice, map or pointer `null`; and a struct that is not a pointer always (`omitempty` does not
 * apply to structs), whole, as its own zero (`{}` with its own such fields; a `Time` `null`, a
 * `Quantity` `"0"`, an `IntOrString` `0`), unless `omitzero`; an inlined struct's fields are its
 * parent's. This is exactly what decoding an empty protobuf message gives (protobuf-codec.ts), so
 * the table is derived from the protobuf tables (tools/gen-go-zero-fields.mjs writes it into
 * src/apiserver/go-zero-fields.generated.ts, which the API server reads).
 */
import { stringifyJson } from '../value/stringify-json.js';
import { isMap } from '../value/value.js';
import { decodeProtoObject } from '../apiserver/protobuf-codec.js';
import { type ProtoTables, typeNameOfMessage } from '../apiserver/protobuf-messages.js';

const EMPTY = new Uint8Array();

/**
 * Every struct type of the tables that has such fields, by schema type name
 * (`io.k8s.api.rbac.v1.Role`), with the JSON text of its zero value, sorted by name. Types whose
 * JSON is not an object (`Time`, `Quantity`, ...) and messages standing for slices are left out.
 */
export function goZeroFieldTable(tables: ProtoTables): [typeName: string, zeroJson: string][] {
  const out: [string, string][] = [];
  for (const name of tables.names()) {
    const msg = tables.message(name);
    if (!msg || msg.sliceOf) continue;
    const zero = decodeProtoObject(tables, name, EMPTY);
    if (!isMap(zero) || Object.keys(zero).length === 0) continue;
    out.push([typeNameOfMessage(name), stringifyJson(zero)]);
  }
  return out.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
