/**
 * An answer's body in the media type negotiated for it (negotiate.ts): JSON as Go's encoder
 * writes it (compact, or indented for a person's tool), YAML as sigs.k8s.io/yaml turns that JSON
 * into text, protobuf for the kinds that have a message (anything else falls back to JSON,
 * which every client also reads).
 */
import type { CatalogLike, StatusObject } from '../apiserver/types.js';
import { toYaml } from '../manifest/write-yaml.js';
import type { ValueMap } from '../value/value.js';
import { negotiateOutput, prettyPrint, YAML_MEDIA_TYPE, ERROR_RESTRICTIONS, type Negotiated } from './negotiate.js';
import { ProtoCodecError } from '../apiserver/protobuf-codec.js';
import { PROTOBUF_MEDIA_TYPE, protobufFromObject } from '../apiserver/protobuf-envelope.js';
import { jsonResponse, rawJsonResponse, warningHeader } from './status-json.js';
import type { HttpRequest, HttpResponse } from './types.js';

/** An object, list, Table or Status in the negotiated media type. */
export function encodeAnswer(catalog: CatalogLike, req: HttpRequest, negotiated: Negotiated, status: number, body: ValueMap | StatusObject, warnings: readonly string[] = []): HttpResponse {
  const headers = warnings.map(warningHeader);
  if (negotiated.mediaType === YAML_MEDIA_TYPE) return { status, contentType: YAML_MEDIA_TYPE, body: toYaml(body as ValueMap), warnings: headers };
  if (negotiated.mediaType === PROTOBUF_MEDIA_TYPE) {
    try {
      const bytes = protobufFromObject(catalog, body as ValueMap);
      if (bytes) return { status, contentType: PROTOBUF_MEDIA_TYPE, body: bytes, warnings: headers };
    } catch (e) {
      if (!(e instanceof ProtoCodecError)) throw e;
    }
  }
  if (negotiated.pretty || prettyPrint(req.query, req.headers.userAgent)) return rawJsonResponse(status, body, warnings);
  return jsonResponse(status, body, warnings);
}

/**
 * A failure as kube-apiserver's `ErrorNegotiated` writes it: in the type the Accept header asks
 * for (no conversion), or as indented JSON when it asks for none the server writes.
 */
export function statusAnswer(catalog: CatalogLike, req: HttpRequest, status: StatusObject, warnings: readonly string[] = []): HttpResponse {
  const negotiated = negotiateOutput(req.headers.accept, ERROR_RESTRICTIONS);
  return negotiated ? encodeAnswer(catalog, req, negotiated, status.code, status, warnings) : rawJsonResponse(status.code, status, warnings);
}

