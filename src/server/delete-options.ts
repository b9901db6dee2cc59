/**
 * The DeleteOptions of a DELETE, read where kube-apiserver's delete handlers read them
 * (endpoints/handlers/delete.go): from the body when it has one (JSON, YAML or a protobuf
 * envelope; kubectl sends `{"propagationPolicy":"Background","dryRun":["All"]}` there), from the
 * query only when the body is empty. The server uses `dryRun`; the other options (grace period,
 * preconditions, propagation policy) have nothing to act on here.
 */
import type { StatusObject } from '../apiserver/types.js';
import { readManifests } from '../manifest/read-manifests.js';
import { SsaError } from '../errors/ssa-error.js';
import { getKey, isList } from '../value/value.js';
import { ProtoCodecError } from './protobuf-codec.js';
import { PROTOBUF_MEDIA_TYPE, unwrapEnvelope } from './protobuf-envelope.js';
import { WireError, WireReader, WIRE_BYTES } from './protobuf-wire.js';
import { mediaType, queryValues } from './request-options.js';
import { badRequest, unsupportedBody } from './status-json.js';
import type { HttpRequest } from './types.js';

export interface DeleteOptionsRead {
  /** The `dryRun` values as sent (absent when none were). */
  readonly dryRun?: readonly string[];
}

/** What DeleteOptions bodies may be: the meta codecs read all three. */
const DELETE_OPTIONS_MEDIA_TYPES = ['application/json', 'application/yaml', PROTOBUF_MEDIA_TYPE];

/** `metav1.DeleteOptions`' field number of `dryRun` (repeated string). */
const DRY_RUN_FIELD = 5;

export function deleteOptionsOf(req: HttpRequest): { ok: true; options: DeleteOptionsRead } | { ok: false; status: StatusObject } {
  if (req.body.length === 0) {
    const dryRun = queryValues(req.query, 'dryRun');
    return { ok: true, options: dryRun.length > 0 ? { dryRun } : {} };
  }
  const type = mediaType(req.headers.contentType);
  if (type !== '' && !DELETE_OPTIONS_MEDIA_TYPES.includes(type)) return { ok: false, status: unsupportedBody(DELETE_OPTIONS_MEDIA_TYPES) };
  return type === PROTOBUF_MEDIA_TYPE ? fromProtobuf(req.body) : fromText(Buffer.from(req.body).toString('utf8'));
}

function fromText(text: string): { ok: true; options: DeleteOptionsRead } | { ok: false; status: StatusObject } {
  let body;
  try {
    const read = readManifests(text, { file: 'request body', flattenLists: false });
    if (read.manifests.length !== 1) return notDeleteOptions(`the request body must hold exactly one object, not ${read.manifests.length}`);
    body = read.manifests[0].object;
  } catch (e) {
    if (e instanceof SsaError) return notDeleteOptions(e.message);
    throw e;
  }
  const kind = getKey(body, 'kind');
  if (kind !== undefined && kind !== 'DeleteOptions') return notDeleteOptions(`expected kind DeleteOptions, not ${JSON.stringify(kind)}`);
  const dryRun = getKey(body, 'dryRun');
  if (dryRun === undefined || dryRun === null) return { ok: true, options: {} };
  if (!isList(dryRun) || !dryRun.every((v): v is string => typeof v === 'string')) return notDeleteOptions('dryRun: expected a list of strings');
  return { ok: true, options: { dryRun } };
}

function fromProtobuf(bytes: Uint8Array): { ok: true; options: DeleteOptionsRead } | { ok: false; status: StatusObject } {
  try {
    const envelope = unwrapEnvelope(bytes);
    if (envelope.kind !== '' && envelope.kind !== 'DeleteOptions') return notDeleteOptions(`expected kind DeleteOptions, not ${JSON.stringify(envelope.kind)}`);
    const dryRun: string[] = [];
    const r = new WireReader(envelope.raw);
    while (!r.done()) {
      const { number, wire } = r.tag();
      if (number === DRY_RUN_FIELD && wire === WIRE_BYTES) dryRun.push(new TextDecoder('utf-8').decode(r.lengthDelimited()));
      else r.skip(wire);
    }
    return { ok: true, options: dryRun.length > 0 ? { dryRun } : {} };
  } catch (e) {
    if (e instanceof ProtoCodecError || e instanceof WireError) return notDeleteOptions(e.message);
    throw e;
  }
}

function notDeleteOptions(problem: string): { ok: false; status: StatusObject } {
  return { ok: false, status: badRequest(`the request body could not be decoded as DeleteOptions: ${problem}`) };
}
