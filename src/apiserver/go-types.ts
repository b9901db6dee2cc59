/**
 * The Go types of the built-in kinds as the API server's decoders meet them: for each value, the
 * protobuf tables' shape (struct, slice, map, scalar, or a type with its own UnmarshalJSON) with
 * reflect's name of its Go type (go-field-types.generated.ts, from k8s.io/api's Go sources).
 * Read by the JSON decoder's errors (go-decode-error.ts) and the unstructured converter's
 * (from-unstructured-error.ts).
 */
import { GO_FIELD_TYPE_LINES } from './go-field-types.generated.js';
import type { ProtoField, ProtoMessage, ProtoTables, ProtoType, ScalarType } from './protobuf-messages.js';

/** Types whose Go type has its own UnmarshalJSON: protobuf message name → what it accepts. */
/** What a type with its own UnmarshalJSON accepts. */
export type OwnUnmarshal = 'quantity' | 'intorstring' | 'time' | 'any' | 'unmodelled';

export const OWN_UNMARSHAL: ReadonlyMap<string, OwnUnmarshal> = new Map([
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

export interface GoTypes {
  /** A message's protobuf numbers → Go types (pointers kept), or undefined for a message not in the table. */
  fieldsOf(message: string): ReadonlyMap<number, string> | undefined;
  /** A named slice or map type's underlying type. */
  underlying(named: string): string | undefined;
}

/**
 * The generated table, read a message at a time: a write only meets the messages of its own kind,
 * and parsing all of them at first use cost the command line's cold start a few milliseconds and
 * some hundreds of maps.
 */
class LazyGoTypes implements GoTypes {
  private readonly lines = new Map<string, string>();
  private readonly named = new Map<string, string>();
  private readonly parsed = new Map<string, ReadonlyMap<number, string>>();

  constructor(lines: readonly string[]) {
    for (const line of lines) {
      // A struct without fields is its name alone.
      const space = line.indexOf(' ');
      const head = space < 0 ? line : line.slice(0, space);
      const rest = space < 0 ? '' : line.slice(space + 1);
      if (head === 'type') {
        const [name, underlying] = rest.split(' ');
        this.named.set(name, underlying);
      } else this.lines.set('k8s.io.' + head, rest);
    }
  }

  fieldsOf(message: string): ReadonlyMap<number, string> | undefined {
    const known = this.parsed.get(message);
    if (known) return known;
    const rest = this.lines.get(message);
    if (rest === undefined) return undefined;
    const m = new Map<number, string>();
    for (const f of rest === '' ? [] : rest.split(' ')) {
      const eq = f.indexOf('=');
      m.set(Number(f.slice(0, eq)), f.slice(eq + 1));
    }
    this.parsed.set(message, m);
    return m;
  }

  underlying(named: string): string | undefined {
    return this.named.get(named);
  }
}

let goTypes: GoTypes | undefined;
export function readGoTypes(): GoTypes {
  return (goTypes ??= new LazyGoTypes(GO_FIELD_TYPE_LINES));
}

/** A Go type without its pointers: what reflect names after the decoder has followed them. */
export function deref(go: string): string {
  let t = go;
  while (t.startsWith('*')) t = t.slice(1);
  return t;
}

/** The element type of a Go slice or map type (a named one through its underlying type). */
export function elementOf(go: string, types: GoTypes): string {
  const t = deref(go);
  if (t.startsWith('[]')) return t.slice(2);
  if (t.startsWith('map[')) {
    let depth = 0;
    for (let i = 3; i < t.length; i++) {
      if (t[i] === '[') depth++;
      else if (t[i] === ']' && --depth === 0) return t.slice(i + 1);
    }
  }
  const u = types.underlying(t);
  return u === undefined ? '?' : elementOf(u, types);
}

/** What a value is decoded into: the protobuf shape with Go's name of the type. */
export type Shape =
  | { readonly kind: 'struct'; readonly go: string; readonly message: ProtoMessage }
  | { readonly kind: 'slice' | 'map'; readonly go: string; readonly element: () => Shape }
  | { readonly kind: 'scalar'; readonly go: string; readonly scalar: ScalarType }
  | { readonly kind: 'own'; readonly go: string; readonly own: OwnUnmarshal };

/**
 * An element's shape, made at its first use and kept: the walkers ask it once per list item or map
 * value, and a shape made afresh each time was most of what canonicalizing a write's `[]byte`
 * values allocated.
 */
function once(make: () => Shape): () => Shape {
  let shape: Shape | undefined;
  return () => (shape ??= make());
}

/** A `[]byte`'s element. */
const BYTE: Shape = { kind: 'scalar', go: 'uint8', scalar: 'i32' };

/** Whether a shape is a byte (a `[]byte`'s element). */
export function isByte(shape: Shape): boolean {
  return shape.kind === 'scalar' && shape.go === 'uint8';
}

/** Shapes of the Go types of one set of protobuf tables, built as they are asked for. */
export class GoShapes {
  private readonly types = readGoTypes();
  private readonly fieldsOf = new Map<ProtoMessage, Map<string, Shape>>();
  private readonly orderOf = new Map<ProtoMessage, [string, Shape][]>();

  constructor(private readonly tables: ProtoTables) {}

  /** A kind's top-level struct (undefined when the tables have no such message). */
  root(messageName: string): Shape | undefined {
    const message = this.tables.message(messageName);
    return message ? { kind: 'struct', go: messageName.slice(messageName.lastIndexOf('.') + 1), message } : undefined;
  }

  /** The shape of one value of protobuf type `type` whose Go type is `go`. */
  single(type: ProtoType, go: string): Shape {
    if ('scalar' in type) {
      if (type.scalar === 'y') return { kind: 'slice', go: deref(go), element: () => BYTE };
      return { kind: 'scalar', go: deref(go), scalar: type.scalar };
    }
    const own = OWN_UNMARSHAL.get(type.message);
    if (own) return { kind: 'own', go: deref(go), own };
    const message = this.tables.message(type.message);
    if (!message) return { kind: 'own', go: deref(go), own: 'unmodelled' };
    if (message.sliceOf) {
      const item = message.sliceOf;
      return { kind: 'slice', go: deref(go), element: once(() => this.single(item, elementOf(go, this.types))) };
    }
    return { kind: 'struct', go: deref(go), message };
  }

  /** The shape of a struct field. */
  field(f: ProtoField, go: string): Shape {
    if (f.mapKey !== undefined) return { kind: 'map', go: deref(go), element: once(() => this.single(f.type, elementOf(go, this.types))) };
    if (f.repeated) return { kind: 'slice', go: deref(go), element: once(() => this.single(f.type, elementOf(go, this.types))) };
    return this.single(f.type, go);
  }

  /** The JSON fields of a message in the order its Go struct declares them, an inlined struct's in its place. */
  orderedFields(message: ProtoMessage): [string, Shape][] {
    const known = this.orderOf.get(message);
    if (known) return known;
    const out: [string, Shape][] = [];
    this.orderOf.set(message, out);
    const goFields = this.types.fieldsOf(message.name);
    for (const f of message.declared) {
      const inner = f.inline && 'message' in f.type ? this.tables.message(f.type.message) : undefined;
      if (inner) out.push(...this.orderedFields(inner));
      else if (!f.inline && f.json !== '-') out.push([f.json, this.field(f, goFields?.get(f.number) ?? '?')]);
    }
    return out;
  }

  /** The JSON fields of a message by JSON name; a field of the struct itself hides an inlined struct's of the same name. */
  jsonFields(message: ProtoMessage): Map<string, Shape> {
    const known = this.fieldsOf.get(message);
    if (known) return known;
    const out = new Map<string, Shape>();
    this.fieldsOf.set(message, out);
    const goFields = this.types.fieldsOf(message.name);
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
}

/** Shapes of the built-in protobuf tables, made once. */
const shapesOf = new WeakMap<ProtoTables, GoShapes>();
export function goShapes(tables: ProtoTables): GoShapes {
  let s = shapesOf.get(tables);
  if (!s) shapesOf.set(tables, (s = new GoShapes(tables)));
  return s;
}
