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
 * - A `[]byte` is read from a string as standard base64: where it is not, the error is Go's
 *   CorruptInputError (`illegal base64 data at input byte 3`, go-base64.ts), without a field.
 *
 * Not modelled (left to the schema check that follows): the parse errors of a time or a duration
 * given as a string, the types of CustomResourceDefinition's schema unions (JSONSchemaPropsOrBool...).
 */
import { formatGoJsonNumber } from '../fieldpath/json-text.js';
import { isList, isMap, type Value } from '../value/value.js';
import { goBase64Error } from './go-base64.js';
import { deref, goShapes, isByte, type GoShapes, type OwnUnmarshal, type Shape } from './go-types.js';
import type { ProtoTables } from './protobuf-messages.js';
import { parseQuantity } from './quantity.js';

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
  constructor(private readonly shapes: GoShapes) {}

  /** Go's UnmarshalTypeError text. */
  typeError(what: string, go: string, ctx: Context): string {
    const t = deref(go);
    if (ctx.struct !== undefined || ctx.path.length > 0) return `json: cannot unmarshal ${what} into Go struct field ${ctx.struct ?? ''}.${ctx.path.join('.')} of type ${t}`;
    return `json: cannot unmarshal ${what} into Go value of type ${t}`;
  }

  save(text: string): void {
    this.saved ??= text;
  }

  value(v: Value, shape: Shape, ctx: Context): void {
    if (v === null) return;
    if (shape.kind === 'own') return this.own(v, shape, ctx);
    if (isMap(v)) {
      if (shape.kind === 'struct') {
        const fields = this.shapes.jsonFields(shape.message);
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
      if (shape.kind === 'slice' && isByte(shape.element())) {
        // A []byte is read from base64; its error has no field (it is no UnmarshalTypeError).
        const bad = goBase64Error(v);
        if (bad !== undefined) this.save(bad);
      } else if (!(shape.kind === 'scalar' && shape.scalar === 's')) this.save(this.typeError('string', shape.go, ctx));
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

  /** A type with its own UnmarshalJSON: its error stops decoding. */
  own(v: Value, shape: Shape & { kind: 'own' }, ctx: Context): void {
    const text = ownUnmarshalError(v, shape.own, (what, go) => this.typeError(what, go, ctx));
    if (text !== undefined) throw new Stop(text);
  }
}

/**
 * The error of a type's own UnmarshalJSON reading value `v` (undefined: it fits); `typeError`
 * words Go's UnmarshalTypeError for the Go type the method reads a misfit into.
 */
export function ownUnmarshalError(v: Value, own: OwnUnmarshal, typeError: (what: string, go: string) => string): string | undefined {
  switch (own) {
    case 'any':
    case 'unmodelled':
      return undefined;
    case 'quantity': {
      // The JSON text, without the quotes of a string, trimmed, is parsed.
      const text = typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'bigint' ? formatGoJsonNumber(v) : typeof v === 'boolean' ? String(v) : isList(v) ? '[' : '{';
      const r = parseQuantity(text.trim());
      return r.ok ? undefined : r.error;
    }
    case 'intorstring': {
      // Not a string: Go's standard decoder reads the JSON into the int32.
      if (typeof v === 'string') return undefined;
      const what = isMap(v) ? 'object' : isList(v) ? 'array' : typeof v === 'boolean' ? 'bool' : undefined;
      if (what !== undefined) return typeError(what, 'int32');
      const bad = intMisfit(v as number | bigint, 'int32');
      return bad === undefined ? undefined : typeError(`number ${bad}`, 'int32');
    }
    case 'time': {
      // Read into a string first (its parse errors are not modelled).
      if (typeof v === 'string') return undefined;
      return typeError(isMap(v) ? 'object' : isList(v) ? 'array' : typeof v === 'boolean' ? 'bool' : 'number', 'string');
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
  const shapes = goShapes(tables);
  const root = shapes.root(messageName);
  if (!root) return undefined;
  const d = new Decoder(shapes);
  try {
    d.value(body, root, { path: [] });
  } catch (e) {
    if (e instanceof Stop) return e.text;
    throw e;
  }
  return d.saved;
}
