/**
 * The DeleteOptions of a DELETE, read where kube-apiserver's delete handlers read them
 * (endpoints/handlers/delete.go): from the body when it has one (JSON, YAML or a protobuf
 * envelope; kubectl sends `{"propagationPolicy":"Background","dryRun":["All"]}` there), from the
 * query only when the body is empty. The server uses `dryRun` and `preconditions`; the other
 * options (grace period, propagation policy) have nothing to act on here.
 */
import type { DeletePreconditions, StatusObject } from '../apiserver/types.js';
import { readManifests } from '../manifest/read-manifests.js';
import { SsaError } from '../errors/ssa-error.js';
import { getKey, isList, isMap, type Value } from '../value/value.js';
import { ProtoCodecError } from '../apiserver/protobuf-codec.js';
import { PROTOBUF_MEDIA_TYPE, unwrapEnvelope } from '../apiserver/protobuf-envelope.js';
import { WireError, WireReader, WIRE_BYTES } from '../apiserver/protobuf-wire.js';
import { mediaType, queryValues } from './request-options.js';
import { badRequest, unsupportedBody } from './status-json.js';
import type { HttpRequest } from './types.js';

export interface DeleteOptionsRead {
  /** The `dryRun` values as sent (absent when none were). */
  readonly dryRun?: readonly string[];
  /** The `preconditions` of a body (the query has no way to give them). */
  readonly preconditions?: DeletePreconditions;
}

/** What DeleteOptions bodies may be: the meta codecs read all three. */
const DELETE_OPTIONS_MEDIA_TYPES = ['application/json', 'application/yaml', PROTOBUF_MEDIA_TYPE];

/** `metav1.DeleteOptions`' field numbers of `dryRun` (repeated string) and `preconditions` (uid 1, resourceVersion 2). */
const DRY_RUN_FIELD = 5;
const PRECONDITIONS_FIELD = 2;

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
  if (dryRun !== undefined && dryRun !== null && (!isList(dryRun) || !dryRun.every((v): v is string => typeof v === 'string'))) {
    return notDeleteOptions('dryRun: expected a list of strings');
  }
  const preconditions = preconditionsOf(getKey(body, 'preconditions'));
  if (typeof preconditions === 'string') return notDeleteOptions(preconditions);
  return { ok: true, options: { ...(isList(dryRun) ? { dryRun: dryRun as string[] } : {}), ...(preconditions ? { preconditions } : {}) } };
}

/** `preconditions: {uid, resourceVersion}` (null members are absent), or why it cannot be read. */
function preconditionsOf(v: Value | undefined): DeletePreconditions | undefined | string {
  if (v === undefined || v === null) return undefined;
  if (!isMap(v)) return 'preconditions: expected an object';
  const out: { uid?: string; resourceVersion?: string } = {};
  for (const key of ['uid', 'resourceVersion'] as const) {
    const member = getKey(v, key);
    if (member === undefined || member === null) continue;
    if (typeof member !== 'string') return `preconditions.${key}: expected a string`;
    out[key] = member;
  }
  return out;
}

function fromProtobuf(bytes: Uint8Array): { ok: true; options: DeleteOptionsRead } | { ok: false; status: StatusObject } {
  try {
    const envelope = unwrapEnvelope(bytes);
    if (envelope.kind !== '' && envelope.kind !== 'DeleteOptions') return notDeleteOptions(`expected kind DeleteOptions, not ${JSON.stringify(envelope.kind)}`);
    const text = new TextDecoder('utf-8');
    const dryRun: string[] = [];
    let preconditions: { uid?: string; resourceVersion?: string } | undefined;
    const r = new WireReader(envelope.raw);
    while (!r.done()) {
      const { number, wire } = r.tag();
      if (number === DRY_RUN_FIELD && wire === WIRE_BYTES) dryRun.push(text.decode(r.lengthDelimited()));
      else if (number === PRECONDITIONS_FIELD && wire === WIRE_BYTES) {
        preconditions = preconditions ?? {};
        const p = new WireReader(r.lengthDelimited());
        while (!p.done()) {
          const f = p.tag();
          if (f.number === 1 && f.wire === WIRE_BYTES) preconditions.uid = text.decode(p.lengthDelimited());
          else if (f.number === 2 && f.wire === WIRE_BYTES) preconditions.resourceVersion = text.decode(p.lengthDelimited());
          else p.skip(f.wire);
        }
      } else r.skip(wire);
    }
    return { ok: true, options: { ...(dryRun.length > 0 ? { dryRun } : {}), ...(preconditions ? { preconditions } : {}) } };
  } catch (e) {
    if (e instanceof ProtoCodecError || e instanceof WireError) return notDeleteOptions(e.message);
    throw e;
  }
}

function notDeleteOptions(problem: string): { ok: false; status: StatusObject } {
  return { ok: false, status: badRequest(`the request body could not be decoded as DeleteOptions: ${problem}`) };
}
