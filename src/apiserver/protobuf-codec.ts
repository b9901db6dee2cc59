/**
 * Kubernetes objects between JSON values and their protobuf messages, as kube-apiserver and
 * client-go convert them: decoding gives the JSON Go's encoder writes for the decoded struct
 * (zero scalars of `omitempty` fields dropped, pointer zeros kept, inlined structs flattened),
 * encoding writes what Go's protobuf marshaller writes (fields in number order, map entries in
 * key order). The types whose JSON is not their message are converted by hand:
 * `resource.Quantity` (a string), `intstr.IntOrString` (a number or a string), `Time` (RFC 3339,
 * seconds), `MicroTime` (RFC 3339, microseconds), `Duration` (Go's duration text),
 * `RawExtension` and `FieldsV1` (JSON carried as bytes); and CustomResourceDefinition's
 * `JSON` (JSON carried as bytes) and the three unions of its schemas (JSONSchemaPropsOrArray: a
 * schema or a list of schemas; JSONSchemaPropsOrBool: a schema or a boolean;
 * JSONSchemaPropsOrStringArray: a schema or a list of strings), whose JSON is whichever they hold,
 * as their Go types' MarshalJSON writes it.
 */
import { parseJson as parseJsonValue } from './object-paths.js';
import { stringifyJson } from '../value/stringify-json.js';
import { intValue, isNumber, newMap, type Value, type ValueMap } from '../value/value.js';
import { goDurationText, parseGoDuration } from './go-duration.js';
import type { ProtoField, ProtoTables, ProtoType, ScalarType } from './protobuf-messages.js';
import { WIRE_BYTES, WIRE_FIXED64, WIRE_VARINT, WireError, WireReader, WireWriter } from './protobuf-wire.js';

const META = 'k8s.io.apimachinery.pkg.apis.meta.v1.';
const TIME = META + 'Time';
const MICRO_TIME = META + 'MicroTime';
const DURATION = META + 'Duration';
const FIELDS_V1 = META + 'FieldsV1';
const INT_OR_STRING = 'k8s.io.apimachinery.pkg.util.intstr.IntOrString';
const QUANTITY = 'k8s.io.apimachinery.pkg.api.resource.Quantity';
const RAW_EXTENSION = 'k8s.io.apimachinery.pkg.runtime.RawExtension';
const APIEXTENSIONS = 'k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1.';
const JSON_RAW = APIEXTENSIONS + 'JSON';
const SCHEMA = APIEXTENSIONS + 'JSONSchemaProps';
const SCHEMA_OR_ARRAY = APIEXTENSIONS + 'JSONSchemaPropsOrArray';
const SCHEMA_OR_BOOL = APIEXTENSIONS + 'JSONSchemaPropsOrBool';
const SCHEMA_OR_STRINGS = APIEXTENSIONS + 'JSONSchemaPropsOrStringArray';

/** JSONSchemaProps when `name` is one of the three unions whose JSON is a schema or something else. */
export function schemaOfUnion(name: string): string | undefined {
  return name === SCHEMA_OR_ARRAY || name === SCHEMA_OR_BOOL || name === SCHEMA_OR_STRINGS ? SCHEMA : undefined;
}

/** A value that does not fit its message (while encoding) or bytes that do not decode. */
export class ProtoCodecError extends Error {}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const UTF8 = new TextEncoder();
const textBytes = (s: string) => UTF8.encode(s);

// --- decoding -------------------------------------------------------------------------------------

function scalarOf(type: ScalarType, wire: number, r: WireReader, path: string): Value {
  if (type === 's' || type === 'y') {
    if (wire !== WIRE_BYTES) throw new ProtoCodecError(`${path}: expected a length-delimited field, got wire type ${wire}`);
    const b = r.lengthDelimited();
    if (type === 'y') return base64Text(b);
    try {
      return utf8.decode(b);
    } catch {
      throw new ProtoCodecError(`${path}: a string that is not UTF-8`);
    }
  }
  if (type === 'd') {
    if (wire !== WIRE_FIXED64) throw new ProtoCodecError(`${path}: expected a 64-bit field, got wire type ${wire}`);
    const d = r.double();
    if (!Number.isFinite(d)) throw new ProtoCodecError(`${path}: ${d} has no JSON form`);
    return d;
  }
  if (wire !== WIRE_VARINT) throw new ProtoCodecError(`${path}: expected a varint, got wire type ${wire}`);
  const v = r.varint();
  if (type === 'b') return v !== 0n;
  // An int64 beyond 2^53 keeps every digit (a bigint), as the JSON readers keep it.
  return type === 'i32' ? Number(BigInt.asIntN(32, v)) : intValue(BigInt.asIntN(64, v));
}

function isZeroScalar(v: Value): boolean {
  return v === '' || v === 0 || v === false;
}

function zeroOf(type: ScalarType): Value {
  return type === 's' || type === 'y' ? '' : type === 'b' ? false : 0;
}

/** Two fields of a Timestamp-like message: seconds (1) and nanos (2). */
function timestamp(bytes: Uint8Array): { seconds: bigint; nanos: number } {
  const r = new WireReader(bytes);
  let seconds = 0n;
  let nanos = 0;
  while (!r.done()) {
    const { number, wire } = r.tag();
    if (number === 1 && wire === WIRE_VARINT) seconds = BigInt.asIntN(64, r.varint());
    else if (number === 2 && wire === WIRE_VARINT) nanos = Number(BigInt.asIntN(32, r.varint()));
    else r.skip(wire);
  }
  return { seconds, nanos };
}

function rfc3339(seconds: bigint, micros: number | undefined): string {
  const ms = Number(seconds) * 1000;
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) throw new ProtoCodecError(`a time of ${seconds} seconds is out of range`);
  const base = d.toISOString().slice(0, 19);
  return micros === undefined ? `${base}Z` : `${base}.${String(micros).padStart(6, '0')}Z`;
}

function parseJson(bytes: Uint8Array, path: string): Value {
  if (bytes.length === 0) return null;
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new ProtoCodecError(`${path}: raw JSON that is not UTF-8`);
  }
  try {
    return parseJsonValue(text);
  } catch {
    throw new ProtoCodecError(`${path}: raw JSON that does not parse`);
  }
}

/** The last field `want` of a one-field message: its bytes or its varint. */
function onlyField(bytes: Uint8Array, want: number): { bytes?: Uint8Array; value?: bigint } {
  const r = new WireReader(bytes);
  let found: { bytes?: Uint8Array; value?: bigint } = {};
  while (!r.done()) {
    const { number, wire } = r.tag();
    if (number === want && wire === WIRE_BYTES) found = { bytes: r.lengthDelimited() };
    else if (number === want && wire === WIRE_VARINT) found = { value: r.varint() };
    else r.skip(wire);
  }
  return found;
}

function utf8Text(b: Uint8Array, path: string): string {
  try {
    return utf8.decode(b);
  } catch {
    throw new ProtoCodecError(`${path}: a string that is not UTF-8`);
  }
}

function specialValue(tables: ProtoTables, name: string, bytes: Uint8Array, path: string): Value | undefined {
  switch (name) {
    case TIME:
      if (bytes.length === 0) return null;
      return rfc3339(timestamp(bytes).seconds, undefined);
    case MICRO_TIME: {
      if (bytes.length === 0) return null;
      const t = timestamp(bytes);
      return rfc3339(t.seconds, Math.floor(t.nanos / 1000));
    }
    case DURATION: {
      return goDurationText(BigInt.asIntN(64, onlyField(bytes, 1).value ?? 0n));
    }
    case QUANTITY: {
      const b = onlyField(bytes, 1).bytes;
      return b ? utf8.decode(b) : '0';
    }
    case FIELDS_V1: {
      // Go keeps a FieldsV1's bytes as they came; bytes that are not one JSON value (trailing
      // data: Kubernetes' TestManagedFieldsTrailingData) are no error of the body, the field
      // manager fails to read them and ignores the request's managedFields. Kept as their text,
      // a string, which it fails to read the same way.
      const raw = onlyField(bytes, 1).bytes ?? new Uint8Array();
      try {
        return parseJson(raw, path);
      } catch (e) {
        if (!(e instanceof ProtoCodecError)) throw e;
        return new TextDecoder().decode(raw);
      }
    }
    case RAW_EXTENSION: {
      return parseJson(onlyField(bytes, 1).bytes ?? new Uint8Array(), path);
    }
    case JSON_RAW: {
      // Absent raw bytes are Go's nil: MarshalJSON writes null.
      return parseJson(onlyField(bytes, 1).bytes ?? new Uint8Array(), path);
    }
    case SCHEMA_OR_ARRAY:
    case SCHEMA_OR_STRINGS: {
      // MarshalJSON: the list when it has items, else the schema, else null.
      let schema: Value = null;
      const list: Value[] = [];
      const r = new WireReader(bytes);
      while (!r.done()) {
        const { number, wire } = r.tag();
        if (number === 1 && wire === WIRE_BYTES) schema = messageValue(tables, SCHEMA, r.lengthDelimited(), path);
        else if (number === 2 && wire === WIRE_BYTES) {
          const b = r.lengthDelimited();
          const at = `${path}[${list.length}]`;
          list.push(name === SCHEMA_OR_ARRAY ? messageValue(tables, SCHEMA, b, at) : utf8Text(b, at));
        } else r.skip(wire);
      }
      return list.length > 0 ? list : schema;
    }
    case SCHEMA_OR_BOOL: {
      // MarshalJSON: the schema when there is one, else the boolean.
      let allows = false;
      let schema: Value | undefined;
      const r = new WireReader(bytes);
      while (!r.done()) {
        const { number, wire } = r.tag();
        if (number === 1 && wire === WIRE_VARINT) allows = r.varint() !== 0n;
        else if (number === 2 && wire === WIRE_BYTES) schema = messageValue(tables, SCHEMA, r.lengthDelimited(), path);
        else r.skip(wire);
      }
      return schema ?? allows;
    }
    case INT_OR_STRING: {
      const r = new WireReader(bytes);
      let type = 0n;
      let intVal = 0;
      let strVal = '';
      while (!r.done()) {
        const { number, wire } = r.tag();
        if (number === 1 && wire === WIRE_VARINT) type = BigInt.asIntN(64, r.varint());
        else if (number === 2 && wire === WIRE_VARINT) intVal = Number(BigInt.asIntN(32, r.varint()));
        else if (number === 3 && wire === WIRE_BYTES) strVal = utf8.decode(r.lengthDelimited());
        else r.skip(wire);
      }
      return type === 1n ? strVal : intVal;
    }
    default:
      return undefined;
  }
}

/** The JSON value of a message of type `type` held in `bytes`. */
function messageValue(tables: ProtoTables, name: string, bytes: Uint8Array, path: string): Value {
  const special = specialValue(tables, name, bytes, path);
  if (special !== undefined) return special;
  const msg = tables.message(name);
  if (!msg) throw new ProtoCodecError(`${path}: no protobuf message ${name}`);
  if (msg.sliceOf) {
    const items: Value[] = [];
    const r = new WireReader(bytes);
    while (!r.done()) {
      const { number, wire } = r.tag();
      if (number === 1) items.push(...elements(tables, msg.sliceOf, wire, r, `${path}[${items.length}]`));
      else r.skip(wire);
    }
    return items;
  }
  const out = newMap();
  const seen = new Set<ProtoField>();
  const r = new WireReader(bytes);
  while (!r.done()) {
    const { number, wire } = r.tag();
    const f = msg.byNumber.get(number);
    if (!f) {
      r.skip(wire);
      continue;
    }
    seen.add(f);
    const at = `${path}.${f.json}`;
    if (f.mapKey) {
      if (wire !== WIRE_BYTES) throw new ProtoCodecError(`${at}: a map entry must be length-delimited`);
      const [k, v] = mapEntry(tables, f, r.lengthDelimited(), at);
      const m = (out[f.json] as ValueMap | undefined) ?? newMap();
      m[String(k)] = v;
      out[f.json] = m;
    } else if (f.repeated) {
      const list = (out[f.json] as Value[] | undefined) ?? [];
      list.push(...elements(tables, f.type, wire, r, `${at}[${list.length}]`));
      out[f.json] = list;
    } else if ('scalar' in f.type) {
      out[f.json] = scalarOf(f.type.scalar, wire, r, at);
    } else {
      if (wire !== WIRE_BYTES) throw new ProtoCodecError(`${at}: a message field must be length-delimited`);
      const v = messageValue(tables, f.type.message, r.lengthDelimited(), at);
      if (f.inline) Object.assign(out, v);
      else out[f.json] = v;
    }
  }
  // What Go's JSON encoder writes for the struct these fields decode into.
  // A struct that is not a pointer is there even when the bytes leave it out (Go writes it whole).
  for (const f of msg.fields) {
    if (f.repeated || f.mapKey) {
      if (!seen.has(f) && f.always) out[f.json] = null;
      continue;
    }
    if ('scalar' in f.type) {
      if (!seen.has(f)) {
        // A nil pointer Go always writes is null; a value, its zero.
        if (f.always) out[f.json] = f.pointer ? null : zeroOf(f.type.scalar);
      } else if (isZeroScalar(out[f.json]) && !f.pointer && !f.always) delete out[f.json];
      continue;
    }
    if (!seen.has(f) && f.pointer && f.always) out[f.json] = null;
    if (!seen.has(f) && !f.pointer) {
      const zero = messageValue(tables, f.type.message, new Uint8Array(), `${path}.${f.json}`);
      if (f.inline) Object.assign(out, zero);
      else out[f.json] = zero;
    }
    if (!f.inline && f.omitZero && isZeroMessage(out[f.json])) delete out[f.json];
  }
  return out;
}

function isZeroMessage(v: Value | undefined): boolean {
  return v === null || (typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0);
}

function elements(tables: ProtoTables, type: ProtoType, wire: number, r: WireReader, path: string): Value[] {
  if ('message' in type) {
    if (wire !== WIRE_BYTES) throw new ProtoCodecError(`${path}: a message must be length-delimited`);
    return [messageValue(tables, type.message, r.lengthDelimited(), path)];
  }
  if (wire === WIRE_BYTES && type.scalar !== 's' && type.scalar !== 'y') {
    // Packed repeated numbers.
    const packed = new WireReader(r.lengthDelimited());
    const out: Value[] = [];
    while (!packed.done()) out.push(scalarOf(type.scalar, type.scalar === 'd' ? WIRE_FIXED64 : WIRE_VARINT, packed, path));
    return out;
  }
  return [scalarOf(type.scalar, wire, r, path)];
}

function mapEntry(tables: ProtoTables, f: ProtoField, bytes: Uint8Array, path: string): [Value, Value] {
  const r = new WireReader(bytes);
  let key: Value = zeroOf(f.mapKey!);
  let value: Value | undefined;
  while (!r.done()) {
    const { number, wire } = r.tag();
    if (number === 1) key = scalarOf(f.mapKey!, wire, r, `${path} key`);
    else if (number === 2) value = elements(tables, f.type, wire, r, `${path}[${JSON.stringify(key)}]`)[0];
    else r.skip(wire);
  }
  if (value === undefined) value = 'scalar' in f.type ? zeroOf(f.type.scalar) : messageValue(tables, f.type.message, new Uint8Array(), path);
  return [key, value];
}

/** The JSON object of a message (`k8s.io.api.apps.v1.Deployment`) held in `bytes`. */
export function decodeProtoObject(tables: ProtoTables, messageName: string, bytes: Uint8Array): ValueMap {
  try {
    const v = messageValue(tables, messageName, bytes, '');
    return v as ValueMap;
  } catch (e) {
    if (e instanceof WireError) throw new ProtoCodecError(e.message);
    throw e;
  }
}

// --- encoding -------------------------------------------------------------------------------------

function expectType(ok: boolean, path: string, what: string, v: Value): void {
  if (!ok) throw new ProtoCodecError(`${path}: expected ${what}, got ${stringifyJson(v)}`);
}

/** Base64 text of bytes: Node's encoder where there is one (serve), btoa in a browser. */
function base64Text(b: Uint8Array): string {
  if (typeof Buffer !== 'undefined') return Buffer.from(b).toString('base64');
  let binary = '';
  for (const byte of b) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The bytes of base64 text: Node's lenient decoder where there is one (serve), atob in a browser. */
function base64Bytes(text: string): Uint8Array {
  if (typeof Buffer !== 'undefined') return Buffer.from(text, 'base64');
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    throw new ProtoCodecError('bytes that are not base64');
  }
}

function writeScalar(w: WireWriter, number: number, type: ScalarType, v: Value, path: string): void {
  switch (type) {
    case 's':
      expectType(typeof v === 'string', path, 'a string', v);
      w.string(number, v as string);
      return;
    case 'y':
      expectType(typeof v === 'string', path, 'base64 text', v);
      w.bytes(number, base64Bytes(v as string));
      return;
    case 'b':
      expectType(typeof v === 'boolean', path, 'a boolean', v);
      w.varint(number, v ? 1n : 0n);
      return;
    case 'd':
      expectType(isNumber(v), path, 'a number', v);
      w.double(number, Number(v));
      return;
    default:
      expectType(typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v)), path, 'an integer', v);
      w.varint(number, BigInt(v as number | bigint));
  }
}

function parseTime(v: Value, path: string, micro: boolean): { seconds: bigint; nanos: number } {
  expectType(typeof v === 'string', path, 'an RFC 3339 time', v);
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.exec(v as string);
  const ms = m ? Date.parse(`${m[1]}${m[3]}`) : NaN;
  if (!m || Number.isNaN(ms)) throw new ProtoCodecError(`${path}: expected an RFC 3339 time, got ${stringifyJson(v)}`);
  const nanos = micro && m[2] ? Number((m[2].slice(1) + '000000000').slice(0, 9)) : 0;
  return { seconds: BigInt(Math.floor(ms / 1000)), nanos: micro ? Math.floor(nanos / 1000) * 1000 : 0 };
}

/** The bytes of a hand-written type's message, or undefined when `name` is an ordinary message. */
function specialBytes(tables: ProtoTables, name: string, v: Value, path: string): Uint8Array | undefined {
  const w = new WireWriter();
  switch (name) {
    case JSON_RAW:
      // null is Go's nil raw bytes: nothing written (UnmarshalJSON keeps no bytes for null).
      if (v !== null) w.bytes(1, textBytes(stringifyJson(v)));
      return w.finish();
    case SCHEMA_OR_ARRAY:
    case SCHEMA_OR_STRINGS:
      // UnmarshalJSON: an object is the schema, a list the other choice, null neither.
      if (v === null) return w.finish();
      if (Array.isArray(v)) {
        v.forEach((item, i) => {
          if (name === SCHEMA_OR_ARRAY) w.bytes(2, messageBytes(tables, SCHEMA, item, `${path}[${i}]`));
          else writeScalar(w, 2, 's', item, `${path}[${i}]`);
        });
      } else {
        expectType(v !== null && typeof v === 'object', path, name === SCHEMA_OR_ARRAY ? 'a schema or a list of schemas' : 'a schema or a list of strings', v);
        w.bytes(1, messageBytes(tables, SCHEMA, v, path));
      }
      return w.finish();
    case SCHEMA_OR_BOOL:
      // UnmarshalJSON: a schema also allows; Go's marshaller always writes `allows`.
      expectType(typeof v === 'boolean' || (v !== null && typeof v === 'object' && !Array.isArray(v)), path, 'a schema or a boolean', v);
      w.varint(1, v === false ? 0n : 1n);
      if (typeof v !== 'boolean') w.bytes(2, messageBytes(tables, SCHEMA, v, path));
      return w.finish();
    case TIME:
    case MICRO_TIME: {
      if (v === null) return new Uint8Array();
      const t = parseTime(v, path, name === MICRO_TIME);
      // A Timestamp: seconds, and nanos (always 0 for Time, which keeps seconds only).
      w.varint(1, t.seconds);
      w.varint(2, BigInt(t.nanos));
      return w.finish();
    }
    case DURATION: {
      expectType(typeof v === 'string', path, 'a duration', v);
      const nanos = parseGoDuration(v as string);
      if (nanos === undefined) throw new ProtoCodecError(`${path}: expected a duration, got ${stringifyJson(v)}`);
      w.varint(1, nanos);
      return w.finish();
    }
    case QUANTITY:
      expectType(typeof v === 'string' || isNumber(v), path, 'a quantity', v);
      w.string(1, String(v));
      return w.finish();
    case FIELDS_V1:
    case RAW_EXTENSION:
      w.bytes(1, textBytes(stringifyJson(v)));
      return w.finish();
    case INT_OR_STRING:
      expectType(typeof v === 'string' || (typeof v === 'number' && Number.isInteger(v)), path, 'an integer or a string', v);
      w.varint(1, typeof v === 'string' ? 1n : 0n);
      w.varint(2, typeof v === 'number' ? BigInt(v) : 0n);
      w.string(3, typeof v === 'string' ? v : '');
      return w.finish();
    default:
      return undefined;
  }
}

function messageBytes(tables: ProtoTables, name: string, v: Value, path: string): Uint8Array {
  const special = specialBytes(tables, name, v, path);
  if (special) return special;
  const msg = tables.message(name);
  if (!msg) throw new ProtoCodecError(`${path}: no protobuf message ${name}`);
  const w = new WireWriter();
  if (msg.sliceOf) {
    expectType(Array.isArray(v), path, 'a list', v);
    (v as Value[]).forEach((item, i) => writeElement(tables, w, 1, msg.sliceOf!, item, `${path}[${i}]`));
    return w.finish();
  }
  expectType(v !== null && typeof v === 'object' && !Array.isArray(v), path, 'an object', v);
  const obj = v as ValueMap;
  for (const f of msg.fields) {
    const at = `${path}.${f.json}`;
    if (f.inline) {
      w.bytes(f.number, messageBytes(tables, (f.type as { message: string }).message, obj, path));
      continue;
    }
    const fv = Object.hasOwn(obj, f.json) ? obj[f.json] : null;
    if (fv === null) {
      // Go's marshaller writes every field that is not a pointer, a slice or a map: zeros too.
      if (!f.pointer && !f.repeated && !f.mapKey) writeZero(tables, w, f, at);
      continue;
    }
    if (f.mapKey) {
      expectType(typeof fv === 'object' && !Array.isArray(fv), at, 'a map', fv);
      const m = fv as ValueMap;
      for (const k of Object.keys(m).sort()) {
        const entry = new WireWriter();
        writeScalar(entry, 1, f.mapKey, f.mapKey === 's' ? k : Number(k), `${at} key`);
        writeElement(tables, entry, 2, f.type, m[k], `${at}[${JSON.stringify(k)}]`);
        w.bytes(f.number, entry.finish());
      }
    } else if (f.repeated) {
      expectType(Array.isArray(fv), at, 'a list', fv);
      (fv as Value[]).forEach((item, i) => writeElement(tables, w, f.number, f.type, item, `${at}[${i}]`));
    } else writeElement(tables, w, f.number, f.type, fv, at);
  }
  return w.finish();
}

function writeZero(tables: ProtoTables, w: WireWriter, f: ProtoField, path: string): void {
  if ('scalar' in f.type) {
    if (f.type.scalar !== 'y') writeScalar(w, f.number, f.type.scalar, zeroOf(f.type.scalar), path);
    return;
  }
  const name = f.type.message;
  if (name === TIME || name === MICRO_TIME) w.bytes(f.number, new Uint8Array());
  else if (name === INT_OR_STRING) w.bytes(f.number, specialBytes(tables, name, 0, path)!);
  else if (name === QUANTITY) w.bytes(f.number, specialBytes(tables, name, '0', path)!);
  else if (name === DURATION) w.bytes(f.number, specialBytes(tables, name, '0s', path)!);
  else if (name === FIELDS_V1 || name === RAW_EXTENSION) w.bytes(f.number, new Uint8Array());
  else w.bytes(f.number, messageBytes(tables, name, newMap(), path));
}

function writeElement(tables: ProtoTables, w: WireWriter, number: number, type: ProtoType, v: Value, path: string): void {
  if ('scalar' in type) writeScalar(w, number, type.scalar, v, path);
  else w.bytes(number, messageBytes(tables, type.message, v, path));
}

/** The protobuf message `messageName` of a JSON object (its apiVersion and kind are not written: the envelope has them). */
export function encodeProtoObject(tables: ProtoTables, messageName: string, object: ValueMap): Uint8Array {
  return messageBytes(tables, messageName, object, '');
}
