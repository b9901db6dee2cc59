/**
 * The error kube-apiserver's JSON decoder (sigs.k8s.io/json, the fork of Go's encoding/json)
 * gives for a body of a built-in kind whose values do not fit the kind's Go types, or undefined
 * when they fit. Go reads the body into the kind's Go struct:
 *
 * - A value of the wrong JSON kind is remembered and decoding goes on (the first one is kept):
 *   `json: cannot unmarshal <what> into Go struct field <Struct>.<path> of type <Go type>`, where
 *   `<what>` is `string`, `number`, `bool`, `object` or `array` (`number <literal>` when an int
 *   field cannot hold the number: a fraction, or out of the int's range), `<Struct>` the Go name
 *   of the innermost struct whose field was being read (an inlined struct's fields are its
 *   parent's), `<path>` the JSON names of the fields read from the top, without map keys or list
 *   indexes, and `<Go type>` the Go type of the value that did not fit, pointers removed
 *   (reflect's names: `int32`, `[]v1.Container`, `map[string]string`, `v1.Protocol`, `[]uint8`).
 * - A type with its own UnmarshalJSON stops decoding with its own error, even after a remembered
 *   one: resource.Quantity its parse error (`quantities must match the regular expression ...`,
 *   no path); intstr.IntOrString, metav1.Time, metav1.MicroTime and metav1.Duration read a value
 *   that is not a string (not a number, for IntOrString) with Go's standard decoder into an int32
 *   or a string, whose error takes the path of the field being read. RawExtension and FieldsV1
 *   take any JSON.
 * - `null` fits everything; unknown fields are skipped (they are the strict decoder's business).
 *
 * Go reads a number by its literal text; a body's numbers are kept as values here, so the literal
 * is the number as Go's encoder writes it (kubectl's request bodies are written so).
 *
 * Not modelled (left to the schema check that follows): the parse errors of a time or a duration
 * given as a string, base64 errors of a `[]byte` field, the types of CustomResourceDefinition's
 * schema unions (JSONSchemaPropsOrBool...).
 */
import { formatGoJsonNumber } from '../fieldpath/json-text.js';
import { isList, isMap, type Value } from '../value/value.js';
import { GO_FIELD_TYPE_LINES } from './go-field-types.generated.js';
import type { ProtoField, ProtoMessage, ProtoTables, ProtoType, ScalarType } from './protobuf-messages.js';
import { parseQuantity } from './quantity.js';

/** Types whose Go type has its own UnmarshalJSON: protobuf message name → what it accepts. */
const OWN_UNMARSHAL: ReadonlyMap<string, 'quantity' | 'intorstring' | 'time' | 'any' | 'unmodelled'> = new Map([
  ['k8s.io.apimachinery.pkg.api.resource.Quantity', 'quantity'],
  ['k8s.io.apimachinery.pkg.util.intstr.IntOrString', 'intorstring'],
  ['k8s.io.apimachinery.pkg.apis.meta.v1.Time', 'time'],
  ['k8s.io.apimachinery.pkg.apis.meta.v1.MicroTime', 'time'],
  ['k8s.io.apimachinery.pkg.apis.meta.v1.Duration', 'time'],
  ['k8s.io.apimachinery.pkg.apis.meta.v1.FieldsV1', 'any'],
  ['k8s.io.apimachinery.pkg.runtime.RawExtension', 'any'],
  ['k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1.JSON', 'any'],
  ['k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1.JSONSchemaPropsOrArray', 'unmodelled'],
  ['k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1.JSONSchemaPropsOrBool', 'unmodelled'],
  ['k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1.JSONSchemaPropsOrStringArray', 'unmodelled'],
]);

interface GoTypes {
  /** Message → protobuf number → Go type (pointers kept). */
  readonly fields: ReadonlyMap<string, ReadonlyMap<number, string>>;
  /** A named slice or map type → its underlying type. */
  readonly named: ReadonlyMap<string, string>;
}

let goTypes: GoTypes | undefined;
function readGoTypes(): GoTypes {
  if (goTypes) return goTypes;
  const fields = new Map<string, Map<number, string>>();
  const named = new Map<string, string>();
  for (const line of GO_FIELD_TYPE_LINES) {
    const [head, ...rest] = line.split(' ');
    if (head === 'type') {
      named.set(rest[0], rest[1]);
      continue;
    }
    const m = new Map<number, string>();
    for (const f of rest) {
      const eq = f.indexOf('=');
      m.set(Number(f.slice(0, eq)), f.slice(eq + 1));
    }
    fields.set('k8s.io.' + head, m);
  }
  return (goTypes = { fields, named });
}

/** A Go type without its pointers: what reflect names after the decoder has followed them. */
function deref(go: string): string {
  let t = go;
  while (t.startsWith('*')) t = t.slice(1);
  return t;
}

/** The element type of a Go slice or map type (a named one through its underlying type). */
function elementOf(go: string, types: GoTypes): string {
  const t = deref(go);
  if (t.startsWith('[]')) return t.slice(2);
  if (t.startsWith('map[')) {
    let depth = 0;
    for (let i = 3; i < t.length; i++) {
      if (t[i] === '[') depth++;
      else if (t[i] === ']' && --depth === 0) return t.slice(i + 1);
    }
  }
  const u = types.named.get(t);
  return u === undefined ? '?' : elementOf(u, types);
}

/** What a value is decoded into: the protobuf shape with Go's name of the type. */
type Shape =
  | { readonly kind: 'struct'; readonly go: string; readonly message: ProtoMessage }
  | { readonly kind: 'slice' | 'map'; readonly go: string; readonly element: () => Shape }
  | { readonly kind: 'scalar'; readonly go: string; readonly scalar: ScalarType }
  | { readonly kind: 'own'; readonly go: string; readonly own: 'quantity' | 'intorstring' | 'time' | 'any' | 'unmodelled' };

/** Stops decoding: an error of a type's own UnmarshalJSON. */
class Stop {
  constructor(readonly text: string) {}
}

interface Context {
  readonly struct?: string;
  readonly path: readonly string[];
}

class Decoder {
  saved: string | undefined;
  constructor(
    private readonly tables: ProtoTables,
    private readonly types: GoTypes,
  ) {}

  /** Go's UnmarshalTypeError text. */
  typeError(what: string, go: string, ctx: Context): string {
    const t = deref(go);
    if (ctx.struct !== undefined || ctx.path.length > 0) return `json: cannot unmarshal ${what} into Go struct field ${ctx.struct ?? ''}.${ctx.path.join('.')} of type ${t}`;
    return `json: cannot unmarshal ${what} into Go value of type ${t}`;
  }

  save(text: string): void {
    this.saved ??= text;
  }

  /** The shape of one value of protobuf type `type` whose Go type is `go`. */
  single(type: ProtoType, go: string): Shape {
    if ('scalar' in type) {
      if (type.scalar === 'y') return { kind: 'slice', go: deref(go), element: () => ({ kind: 'scalar', go: 'uint8', scalar: 'i32' }) };
      return { kind: 'scalar', go: deref(go), scalar: type.scalar };
    }
    const own = OWN_UNMARSHAL.get(type.message);
    if (own) return { kind: 'own', go: deref(go), own };
    const message = this.tables.message(type.message);
    if (!message) return { kind: 'own', go: deref(go), own: 'unmodelled' };
    if (message.sliceOf) {
      const item = message.sliceOf;
      return { kind: 'slice', go: deref(go), element: () => this.single(item, elementOf(go, this.types)) };
    }
    return { kind: 'struct', go: deref(go), message };
  }

  /** The shape of a struct field. */
  field(f: ProtoField, go: string): Shape {
    if (f.mapKey !== undefined) return { kind: 'map', go: deref(go), element: () => this.single(f.type, elementOf(go, this.types)) };
    if (f.repeated) return { kind: 'slice', go: deref(go), element: () => this.single(f.type, elementOf(go, this.types)) };
    return this.single(f.type, go);
  }

  private readonly fieldsOf = new Map<ProtoMessage, Map<string, Shape>>();

  /** The JSON fields of a message, inlined structs' fields in their place, by JSON name. */
  jsonFields(message: ProtoMessage): Map<string, Shape> {
    const known = this.fieldsOf.get(message);
    if (known) return known;
    const out = new Map<string, Shape>();
    this.fieldsOf.set(message, out);
    const goFields = this.types.fields.get(message.name);
    // A field of the struct itself hides an inlined struct's field of the same name.
    for (const f of message.declared) {
      if (f.inline || f.json === '-' || out.has(f.json)) continue;
      out.set(f.json, this.field(f, goFields?.get(f.number) ?? '?'));
    }
    for (const f of message.declared) {
      const inner = f.inline && 'message' in f.type ? this.tables.message(f.type.message) : undefined;
      if (inner) for (const [k, s] of this.jsonFields(inner)) if (!out.has(k)) out.set(k, s);
    }
    return out;
  }

  value(v: Value, shape: Shape, ctx: Context): void {
    if (v === null) return;
    if (shape.kind === 'own') return this.own(v, shape, ctx);
    if (isMap(v)) {
      if (shape.kind === 'struct') {
        const fields = this.jsonFields(shape.message);
        const name = shape.message.name.slice(shape.message.name.lastIndexOf('.') + 1);
        for (const k of Object.keys(v)) {
          const f = fields.get(k);
          if (f) this.value(v[k], f, { struct: name, path: [...ctx.path, k] });
        }
      } else if (shape.kind === 'map') {
        const el = shape.element();
        for (const k of Object.keys(v)) this.value(v[k], el, ctx);
      } else this.save(this.typeError('object', shape.go, ctx));
      return;
    }
    if (isList(v)) {
      if (shape.kind === 'slice') {
        const el = shape.element();
        for (const item of v) this.value(item, el, ctx);
      } else this.save(this.typeError('array', shape.go, ctx));
      return;
    }
    if (typeof v === 'string') {
      const fits = (shape.kind === 'scalar' && shape.scalar === 's') || (shape.kind === 'slice' && shape.go === '[]uint8');
      if (!fits) this.save(this.typeError('string', shape.go, ctx));
      return;
    }
    if (typeof v === 'boolean') {
      if (!(shape.kind === 'scalar' && shape.scalar === 'b')) this.save(this.typeError('bool', shape.go, ctx));
      return;
    }
    // A number.
    if (shape.kind !== 'scalar' || shape.scalar === 's' || shape.scalar === 'b') {
      this.save(this.typeError('number', shape.go, ctx));
      return;
    }
    const bad = intMisfit(v, INT_RANGES.has(shape.go) || shape.scalar === 'd' ? shape.go : shape.scalar === 'i32' ? 'int32' : 'int64');
    if (bad !== undefined) this.save(this.typeError(`number ${bad}`, shape.go, ctx));
  }

  /** A type with its own UnmarshalJSON. */
  own(v: Value, shape: Shape & { kind: 'own' }, ctx: Context): void {
    switch (shape.own) {
      case 'any':
      case 'unmodelled':
        return;
      case 'quantity': {
        // The JSON text, without the quotes of a string, trimmed, is parsed.
        const text = typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'bigint' ? formatGoJsonNumber(v) : typeof v === 'boolean' ? String(v) : isList(v) ? '[' : '{';
        const r = parseQuantity(text.trim());
        if (!r.ok) throw new Stop(r.error);
        return;
      }
      case 'intorstring': {
        // Not a string: Go's standard decoder reads the JSON into the int32.
        if (typeof v === 'string') return;
        const what = isMap(v) ? 'object' : isList(v) ? 'array' : typeof v === 'boolean' ? 'bool' : undefined;
        if (what !== undefined) throw new Stop(this.typeError(what, 'int32', ctx));
        const bad = intMisfit(v as number | bigint, 'int32');
        if (bad !== undefined) throw new Stop(this.typeError(`number ${bad}`, 'int32', ctx));
        return;
      }
      case 'time': {
        // Read into a string first (its parse errors are not modelled).
        if (typeof v === 'string') return;
        const what = isMap(v) ? 'object' : isList(v) ? 'array' : typeof v === 'boolean' ? 'bool' : 'number';
        throw new Stop(this.typeError(what, 'string', ctx));
      }
    }
  }
}

const INT_RANGES: ReadonlyMap<string, readonly [bigint, bigint]> = new Map([
  ['int8', [-(2n ** 7n), 2n ** 7n - 1n]],
  ['int16', [-(2n ** 15n), 2n ** 15n - 1n]],
  ['int32', [-(2n ** 31n), 2n ** 31n - 1n]],
  ['int64', [-(2n ** 63n), 2n ** 63n - 1n]],
  ['int', [-(2n ** 63n), 2n ** 63n - 1n]],
  ['uint8', [0n, 2n ** 8n - 1n]],
  ['uint16', [0n, 2n ** 16n - 1n]],
  ['uint32', [0n, 2n ** 32n - 1n]],
  ['uint64', [0n, 2n ** 64n - 1n]],
]);

/**
 * The literal of a number the Go int type `intType` cannot hold (Go's ParseInt of the literal
 * fails or the int overflows), or undefined when it fits; a float type takes any number. (A named
 * int type is read as the int its protobuf scalar says.)
 */
function intMisfit(v: number | bigint, intType: string): string | undefined {
  const literal = formatGoJsonNumber(v);
  const range = INT_RANGES.get(intType);
  if (!range) return undefined;
  if (!/^-?[0-9]+$/.test(literal)) return literal;
  const n = BigInt(literal);
  return n < range[0] || n > range[1] ? literal : undefined;
}

/**
 * The decoding error of `body` as the Go type of protobuf message `messageName`, or undefined
 * when it decodes (or the kind has no message in the tables).
 */
export function goDecodeError(body: Value, messageName: string, tables: ProtoTables): string | undefined {
  const message = tables.message(messageName);
  if (!message) return undefined;
  const types = readGoTypes();
  const d = new Decoder(tables, types);
  const name = messageName.slice(messageName.lastIndexOf('.') + 1);
  try {
    d.value(body, { kind: 'struct', go: name, message }, { path: [] });
  } catch (e) {
    if (e instanceof Stop) return e.text;
    throw e;
  }
  return d.saved;
}
