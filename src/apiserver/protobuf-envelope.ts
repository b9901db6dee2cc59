/**
 * Kubernetes' protobuf envelope (`application/vnd.kubernetes.protobuf`): the four bytes `k8s\0`,
 * then a `runtime.Unknown` message: `typeMeta` (1: apiVersion 1, kind 2), `raw` (2: the object's
 * own message), `contentEncoding` (3) and `contentType` (4), both empty for an object.
 * Objects travel as JSON values elsewhere in ssa-sim; this turns them into envelopes and back,
 * for the built-in kinds the protobuf tables know.
 */
import type { CatalogLike, ResourceType } from './types.js';
import { newMap, type ValueMap } from '../value/value.js';
import { decodeProtoObject, encodeProtoObject, ProtoCodecError } from './protobuf-codec.js';
import { messageNameOf, ProtoTables } from './protobuf-messages.js';
import { WIRE_BYTES, WireError, WireReader, WireWriter } from './protobuf-wire.js';
import { requestKind } from './request-kinds.js';

export const PROTOBUF_MEDIA_TYPE = 'application/vnd.kubernetes.protobuf';
const MAGIC = [0x6b, 0x38, 0x73, 0x00];
const META_PACKAGE = 'k8s.io.apimachinery.pkg.apis.meta';
const STATUS_MESSAGE = `${META_PACKAGE}.v1.Status`;

let tables: ProtoTables | undefined;
/** The built-in kinds' tables, read once. */
export function builtinProtoTables(): ProtoTables {
  return (tables ??= new ProtoTables());
}

export interface Envelope {
  readonly apiVersion: string;
  readonly kind: string;
  readonly raw: Uint8Array;
  readonly contentEncoding: string;
  readonly contentType: string;
}

export function unwrapEnvelope(bytes: Uint8Array): Envelope {
  if (bytes.length < 4 || MAGIC.some((b, i) => bytes[i] !== b)) throw new ProtoCodecError('the body does not start with the protobuf prefix k8s\\x00');
  const text = new TextDecoder('utf-8', { fatal: false });
  let apiVersion = '';
  let kind = '';
  let raw: Uint8Array = new Uint8Array();
  let contentEncoding = '';
  let contentType = '';
  try {
    const r = new WireReader(bytes.subarray(4));
    while (!r.done()) {
      const { number, wire } = r.tag();
      if (wire !== WIRE_BYTES || number < 1 || number > 4) {
        r.skip(wire);
        continue;
      }
      const b = r.lengthDelimited();
      if (number === 1) {
        const t = new WireReader(b);
        while (!t.done()) {
          const f = t.tag();
          if (f.wire === WIRE_BYTES && f.number === 1) apiVersion = text.decode(t.lengthDelimited());
          else if (f.wire === WIRE_BYTES && f.number === 2) kind = text.decode(t.lengthDelimited());
          else t.skip(f.wire);
        }
      } else if (number === 2) raw = b;
      else if (number === 3) contentEncoding = text.decode(b);
      else contentType = text.decode(b);
    }
  } catch (e) {
    if (e instanceof WireError) throw new ProtoCodecError(`the protobuf envelope does not decode: ${e.message}`);
    throw e;
  }
  return { apiVersion, kind, raw, contentEncoding, contentType };
}

export function wrapEnvelope(apiVersion: string, kind: string, raw: Uint8Array): Uint8Array {
  const typeMeta = new WireWriter();
  typeMeta.string(1, apiVersion);
  typeMeta.string(2, kind);
  const w = new WireWriter();
  w.bytes(1, typeMeta.finish());
  w.bytes(2, raw);
  w.string(3, '');
  w.string(4, '');
  const body = w.finish();
  const out = new Uint8Array(4 + body.length);
  out.set(MAGIC);
  out.set(body, 4);
  return out;
}

/** The protobuf message of a kind (its List and `Status` included), or undefined when it has none. */
export function protoMessageFor(catalog: CatalogLike, protoTables: ProtoTables, apiVersion: string, kind: string): string | undefined {
  if (apiVersion === 'v1' && kind === 'Status') return STATUS_MESSAGE;
  if (apiVersion === 'meta.k8s.io/v1' || apiVersion === 'meta.k8s.io/v1beta1') {
    // The metadata-only answers: v1beta1 has a List of its own, of v1's PartialObjectMetadata.
    const name = kind === 'PartialObjectMetadata' ? `${META_PACKAGE}.v1.${kind}` : kind === 'PartialObjectMetadataList' ? `${META_PACKAGE}.${apiVersion.slice('meta.k8s.io/'.length)}.${kind}` : undefined;
    return name !== undefined && protoTables.message(name) ? name : undefined;
  }
  const type = catalog.typeFor(apiVersion, kind) ?? requestKind(apiVersion, kind)?.typeName;
  if (type !== undefined) {
    const name = messageNameOf(type);
    return protoTables.message(name) ? name : undefined;
  }
  if (kind.endsWith('List')) {
    const item = catalog.typeFor(apiVersion, kind.slice(0, -4));
    const name = item === undefined ? undefined : messageNameOf(item) + 'List';
    return name !== undefined && protoTables.message(name) ? name : undefined;
  }
  return undefined;
}

/** Whether a resource takes and gives protobuf: a built-in kind with a message at a version it is served at. */
export function servesProtobuf(catalog: CatalogLike, r: ResourceType): boolean {
  if (r.custom) return false;
  const protoTables = builtinProtoTables();
  return r.versions.some((v) => protoMessageFor(catalog, protoTables, r.group ? `${r.group}/${v}` : v, r.kind) !== undefined);
}

/** A protobuf body as a JSON object (`kind` and `apiVersion` from the envelope first, as Go writes them). */
export function objectFromProtobuf(catalog: CatalogLike, body: Uint8Array): ValueMap {
  const env = unwrapEnvelope(body);
  if (env.contentEncoding !== '') throw new ProtoCodecError(`content encoding ${JSON.stringify(env.contentEncoding)} is not supported`);
  if (env.apiVersion === '' || env.kind === '') throw new ProtoCodecError('the protobuf envelope names no apiVersion and kind');
  const protoTables = builtinProtoTables();
  const message = protoMessageFor(catalog, protoTables, env.apiVersion, env.kind);
  if (!message) throw new ProtoCodecError(`no protobuf message is known for ${env.apiVersion}, Kind=${env.kind}`);
  const fields = decodeProtoObject(protoTables, message, env.raw);
  const out = newMap();
  out.kind = env.kind;
  out.apiVersion = env.apiVersion;
  for (const k of Object.keys(fields)) out[k] = fields[k];
  return out;
}

/** A JSON object (with apiVersion and kind) as a protobuf envelope, or undefined when its kind has no message. */
export function protobufFromObject(catalog: CatalogLike, object: ValueMap): Uint8Array | undefined {
  const { apiVersion, kind } = object;
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return undefined;
  const protoTables = builtinProtoTables();
  const message = protoMessageFor(catalog, protoTables, apiVersion, kind);
  if (!message) return undefined;
  return wrapEnvelope(apiVersion, kind, encodeProtoObject(protoTables, message, object));
}
