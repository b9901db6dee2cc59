/**
 * The protobuf messages of the built-in kinds (protobuf-messages.generated.ts, made by
 * tools/gen-proto-tables.mjs from the Kubernetes API's .proto files and Go types), read into
 * field tables: each field's JSON name, number, type and how Go's JSON encoder treats it, and
 * whether the API's OpenAPI lists it as required (the OpenAPI documents read types from here too).
 */
import { PROTO_MESSAGE_LINES } from './protobuf-messages.generated.js';

/** string, bool, int32, int64, double, bytes. */
export type ScalarType = 's' | 'b' | 'i32' | 'i64' | 'd' | 'y';
export type ProtoType = { readonly scalar: ScalarType } | { readonly message: string };

export interface ProtoField {
  readonly json: string;
  readonly number: number;
  readonly type: ProtoType;
  readonly repeated: boolean;
  /** A map's key type (its entries are messages with the key as field 1, the value as field 2). */
  readonly mapKey?: ScalarType;
  /** A pointer: absent when nil; for a scalar, a zero it carries is a value (`replicas: 0`). */
  readonly pointer: boolean;
  /**
   * A scalar, slice, map or pointer Go's JSON encoder always writes (no `omitempty`): a missing
   * scalar reads as its zero, a missing slice, map or pointer as null (Go's nil).
   */
  readonly always: boolean;
  /** A message whose fields are its parent's in JSON (`VolumeSource` in `Volume`). */
  readonly inline: boolean;
  /** A message Go's JSON encoder omits when it is zero (`omitzero`). */
  readonly omitZero: boolean;
  /** Listed as required in the API's OpenAPI (kube-openapi: `+required`, or neither `+optional` nor `omitempty`). */
  readonly required: boolean;
}

export interface ProtoMessage {
  readonly name: string;
  /** In field-number order, as Kubernetes writes them. */
  readonly fields: readonly ProtoField[];
  /** In the order the Go struct declares them (the order of JSON and of OpenAPI's `required`). */
  readonly declared: readonly ProtoField[];
  readonly byNumber: ReadonlyMap<number, ProtoField>;
  /** Set for a message that stands for a Go slice (`ExtraValue []string`): its items' type. */
  readonly sliceOf?: ProtoType;
}

const PREFIX = 'k8s.io.';

function parseType(t: string, line: string): ProtoType {
  if (t.startsWith('@')) return { message: PREFIX + t.slice(1) };
  if (t === 's' || t === 'b' || t === 'i32' || t === 'i64' || t === 'd' || t === 'y') return { scalar: t };
  throw new Error(`protobuf tables: bad type ${t} in ${line}`);
}

function parseLine(line: string): ProtoMessage {
  const [name, ...rest] = line.split(' ');
  const full = PREFIX + name;
  if (rest.length === 1 && rest[0].startsWith('=[')) {
    return { name: full, fields: [], declared: [], byNumber: new Map(), sliceOf: parseType(rest[0].slice(2, -1), line) };
  }
  const fields: ProtoField[] = [];
  for (const f of rest) {
    const m = /^([^=]+)=(\d+):(\[[^\]]+\]|\{[^}]+\}|[@\w.]+?)([?!^~*]*)$/.exec(f);
    if (!m) throw new Error(`protobuf tables: bad field ${f} in ${line}`);
    const [, json, num, typeText, flags] = m;
    let type: ProtoType;
    let repeated = false;
    let mapKey: ScalarType | undefined;
    if (typeText.startsWith('[')) {
      type = parseType(typeText.slice(1, -1), line);
      repeated = true;
    } else if (typeText.startsWith('{')) {
      const [k, v] = typeText.slice(1, -1).split(':');
      mapKey = (parseType(k, line) as { scalar: ScalarType }).scalar;
      type = parseType(v, line);
    } else type = parseType(typeText, line);
    fields.push({
      json,
      number: Number(num),
      type,
      repeated,
      ...(mapKey ? { mapKey } : {}),
      pointer: flags.includes('?'),
      always: flags.includes('!'),
      inline: flags.includes('^'),
      omitZero: flags.includes('~'),
      required: flags.includes('*'),
    });
  }
  const declared = [...fields];
  fields.sort((a, b) => a.number - b.number);
  return { name: full, fields, declared, byNumber: new Map(fields.map((f) => [f.number, f])) };
}

/** Every message of the tables by full name (`k8s.io.api.apps.v1.Deployment`), read once. */
export class ProtoTables {
  private readonly lines = new Map<string, string>();
  private readonly parsed = new Map<string, ProtoMessage>();

  constructor(lines: readonly string[] = PROTO_MESSAGE_LINES) {
    // A message with no fields (CustomResourceSubresourceStatus) is its name alone.
    for (const l of lines) this.lines.set(PREFIX + l.split(' ', 1)[0], l);
  }

  message(name: string): ProtoMessage | undefined {
    let m = this.parsed.get(name);
    if (m) return m;
    const line = this.lines.get(name);
    if (line === undefined) return undefined;
    m = parseLine(line);
    this.parsed.set(name, m);
    return m;
  }

  names(): string[] {
    return [...this.lines.keys()];
  }
}

/**
 * Schema type names and protobuf packages differ in their prefix, and for apiextensions-apiserver
 * in its name too: a protobuf package cannot hold a hyphen.
 */
const APIEXTENSIONS_TYPE = 'io.k8s.apiextensions-apiserver.';
const APIEXTENSIONS_MESSAGE = PREFIX + 'apiextensions_apiserver.';

/** The message of a schema type name (`io.k8s.api.apps.v1.Deployment` → `k8s.io.api.apps.v1.Deployment`). */
export function messageNameOf(typeName: string): string {
  if (typeName.startsWith(APIEXTENSIONS_TYPE)) return APIEXTENSIONS_MESSAGE + typeName.slice(APIEXTENSIONS_TYPE.length);
  return typeName.replace(/^io\.k8s\./, PREFIX);
}

/** The schema type name of a message: messageNameOf's inverse. */
export function typeNameOfMessage(message: string): string {
  if (message.startsWith(APIEXTENSIONS_MESSAGE)) return APIEXTENSIONS_TYPE + message.slice(APIEXTENSIONS_MESSAGE.length);
  return message.replace(/^k8s\.io\./, 'io.k8s.');
}
