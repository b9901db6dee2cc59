/**
 * Which encoding an answer takes: protobuf when the client's Accept header names
 * `application/vnd.kubernetes.protobuf` before any JSON or YAML type (kubectl's typed commands
 * and client-go's protobuf clients send `application/vnd.kubernetes.protobuf,application/json`)
 * and the object's kind has a protobuf message; JSON otherwise.
 */
import type { CatalogLike, StatusObject } from '../apiserver/types.js';
import type { ValueMap } from '../value/value.js';
import { ProtoCodecError } from './protobuf-codec.js';
import { PROTOBUF_MEDIA_TYPE, protobufFromObject } from './protobuf-envelope.js';
import { jsonResponse, warningHeader } from './status-json.js';
import type { HttpResponse } from './types.js';

/** Whether protobuf comes first among the plain media types of an Accept header. */
export function wantsProtobuf(accept: string | undefined): boolean {
  for (const part of (accept ?? '').split(',')) {
    const [type, ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    // Tables and other conversions (`;as=Table`) are JSON documents.
    if (params.some((p) => p.startsWith('as='))) continue;
    if (type === PROTOBUF_MEDIA_TYPE) return true;
    if (type === 'application/json' || type === 'application/yaml' || type === '*/*' || type === 'application/*') return false;
  }
  return false;
}

/**
 * Whether an Accept header names a media type among `written`, or a wildcard (any type, or any
 * application type); no header accepts anything. Parameters (`;as=Table`, `;stream=watch`, `;q=`) do not matter here.
 */
export function acceptsAny(accept: string | undefined, written: readonly string[]): boolean {
  const types = (accept ?? '').split(',').map((part) => part.split(';')[0].trim().toLowerCase()).filter((t) => t !== '');
  return types.length === 0 || types.some((t) => t === '*/*' || t === 'application/*' || written.includes(t));
}

/** An object or Status in the encoding the client prefers. */
export function objectResponse(catalog: CatalogLike, accept: string | undefined, status: number, body: ValueMap | StatusObject, warnings: readonly string[] = []): HttpResponse {
  if (wantsProtobuf(accept)) {
    try {
      const bytes = protobufFromObject(catalog, body as ValueMap);
      if (bytes) return { status, contentType: PROTOBUF_MEDIA_TYPE, body: bytes, warnings: warnings.map(warningHeader) };
    } catch (e) {
      // An object that does not fit its message goes as JSON, which every client also accepts.
      if (!(e instanceof ProtoCodecError)) throw e;
    }
  }
  return jsonResponse(status, body, warnings);
}
