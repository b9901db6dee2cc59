/**
 * The error apimachinery's runtime.DefaultUnstructuredConverter gives converting a strategic
 * merge patch's result (a map of decoded JSON: ints int64, other numbers float64) into a built-in
 * kind's Go type (handlers/patch.go, applyPatchToObject: FromUnstructuredWithValidation), or
 * undefined when it converts. Its rules (runtime/converter.go, v0.32.13): the struct's fields are
 * read in the order the Go struct declares them (an inlined struct's in its place), the first
 * error ends the conversion, and no error names a path:
 *
 * - into a string, bool, int or float field: a value of the same family fits (an int into a
 *   float; a float into an int when it is integral); an int64 into a string is `cannot convert
 *   int64 to <Go type>`, a fractional float64 into an int `cannot convert float64 to <Go type>`,
 *   anything else `unrecognized type: <Go kind>` (`string`, `int32`, `bool`...);
 * - into a map: `cannot restore map from <kind>`, a slice `cannot restore slice from <kind>`
 *   (a string is read into a `[]byte` as base64: `error decoding from json: illegal base64 data
 *   at input byte N`), a struct `cannot restore struct from: <kind>`, where the kind of
 *   the value is `string`, `int64`, `float64`, `bool`, `map` or `slice`;
 * - a type with its own UnmarshalJSON reads the value's JSON (go-decode-error.ts), Go's standard
 *   decoder's errors without a struct field (`json: cannot unmarshal bool into Go value of type int32`).
 *
 * A map's entries are read in Go's random map order; here in the order the map has them.
 */
import { isList, isMap, type Value } from '../value/value.js';
import { ownUnmarshalError } from './go-decode-error.js';
import { changesInGoInt } from './go-int-conversion.js';
import { goBase64Error } from './go-base64.js';
import { goShapes, isByte, type GoShapes, type Shape } from './go-types.js';
import { goTypeName } from './patch/go-sprint.js';
import type { ProtoTables, ScalarType } from './protobuf-messages.js';

const KIND_OF_SCALAR: Record<ScalarType, string> = { s: 'string', b: 'bool', i32: 'int32', i64: 'int64', d: 'float64', y: 'slice' };

/** reflect's Kind of a decoded JSON value. */
function kindOfValue(v: Value): string {
  if (isList(v)) return 'slice';
  if (isMap(v)) return 'map';
  return goTypeName(v) ?? 'invalid';
}

function convert(v: Value, shape: Shape, shapes: GoShapes, seen: Seen): string | undefined {
  if (v === null) return undefined;
  switch (shape.kind) {
    case 'own':
      return ownUnmarshalError(v, shape.own, (what, go) => `json: cannot unmarshal ${what} into Go value of type ${go}`);
    case 'struct': {
      if (!isMap(v)) return `cannot restore struct from: ${kindOfValue(v)}`;
      for (const [name, field] of shapes.orderedFields(shape.message)) {
        if (!Object.hasOwn(v, name)) continue;
        const e = convert(v[name], field, shapes, seen);
        if (e !== undefined) return e;
      }
      return undefined;
    }
    case 'map': {
      if (!isMap(v)) return `cannot restore map from ${kindOfValue(v)}`;
      const el = shape.element();
      for (const k of Object.keys(v)) {
        const e = convert(v[k], el, shapes, seen);
        if (e !== undefined) return e;
      }
      return undefined;
    }
    case 'slice': {
      const el = shape.element();
      if (typeof v === 'string' && isByte(el)) {
        // A []byte is kept as base64 text: read back through Go's JSON decoder.
        const bad = v === '' ? undefined : goBase64Error(v);
        return bad === undefined ? undefined : `error decoding from json: ${bad}`;
      }
      if (!isList(v)) return `cannot restore slice from ${kindOfValue(v)}`;
      for (const item of v) {
        const e = convert(item, el, shapes, seen);
        if (e !== undefined) return e;
      }
      return undefined;
    }
    case 'scalar':
      if (!seen.changedInts && changesInGoInt(v, shape)) seen.changedInts = true;
      return scalarError(v, shape);
  }
}

function scalarError(v: Value, shape: Shape & { kind: 'scalar' }): string | undefined {
  const kind = shape.go === 'uint8' ? 'uint8' : KIND_OF_SCALAR[shape.scalar];
  const isInt = kind === 'int32' || kind === 'int64' || kind === 'uint8';
  const unrecognized = `unrecognized type: ${kind}`;
  if (typeof v === 'string') return kind === 'string' ? undefined : unrecognized;
  if (typeof v === 'boolean') return kind === 'bool' ? undefined : unrecognized;
  if (typeof v === 'number' || typeof v === 'bigint') {
    const type = goTypeName(v);
    if (type === 'int64') return isInt || kind === 'float64' ? undefined : kind === 'string' ? `cannot convert int64 to ${shape.go}` : unrecognized;
    if (kind === 'float64') return undefined;
    if (isInt) return Number.isInteger(v) ? undefined : `cannot convert float64 to ${shape.go}`;
    return unrecognized;
  }
  return unrecognized;
}

/** What the walk met besides errors. */
interface Seen {
  /** A number that an int field holds otherwise (go-int-conversion.ts). */
  changedInts: boolean;
}

/** The converter's error for `object` as protobuf message `messageName`'s Go type, or undefined. */
export function fromUnstructuredError(object: Value, messageName: string, tables: ProtoTables): string | undefined {
  return fromUnstructured(object, messageName, tables).error;
}

/**
 * The converter's error, and whether an int field would hold a number otherwise than it is
 * written (then withGoIntegers says how): one walk for both, as a write asks both.
 */
export function fromUnstructured(object: Value, messageName: string, tables: ProtoTables): { error: string | undefined; changedInts: boolean } {
  const shapes = goShapes(tables);
  const root = shapes.root(messageName);
  const seen: Seen = { changedInts: false };
  const error = root ? convert(object, root, shapes, seen) : undefined;
  return { error, changedInts: seen.changedInts };
}
