/**
 * Answers: JSON bodies and `metav1.Status` failures for what the server layer itself rejects
 * (paths, methods, media types, sizes, tokens), with kube-apiserver's codes, reasons and texts.
 */
import { statusFailure } from '../apiserver/status.js';
import type { StatusObject } from '../apiserver/types.js';
import type { HttpResponse } from './types.js';
import { stringifyJson } from '../value/stringify-json.js';

export const JSON_TYPE = 'application/json';

/**
 * JSON as Go's encoding/json writes it: `<`, `>`, `&`, U+2028 and U+2029 escaped (they can only
 * stand inside strings, so the whole text is safe to rewrite), compact or indented by `indent`.
 */
export function goJson(body: unknown, indent = 0): string {
  return stringifyJson(body, indent).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A compact JSON answer as `json.Encoder.Encode` writes it: one line and a newline. */
export function jsonResponse(status: number, body: unknown, warnings: readonly string[] = []): HttpResponse {
  return { status, contentType: JSON_TYPE, body: goJson(body) + '\n', warnings: warnings.map(warningHeader) };
}

/** JSON indented by two spaces, as Go's `json.MarshalIndent` writes it (`WriteRawJSON`, and every pretty answer). */
export function rawJsonResponse(status: number, body: unknown, warnings: readonly string[] = []): HttpResponse {
  return { status, contentType: JSON_TYPE, body: goJson(body, 2), warnings: warnings.map(warningHeader) };
}

/** A `Warning:` header value: `299 - "text"` with `"` and `\` escaped. */
export function warningHeader(text: string): string {
  return `299 - "${text.replace(/[\\"]/g, (c) => '\\' + c)}"`;
}

/** 404 for a path nothing is served at. */
export function pathNotFound(): StatusObject {
  return statusFailure(404, 'the server could not find the requested resource', 'NotFound', {});
}

/** 405 for a method the path does not take. */
export function methodNotAllowed(): StatusObject {
  return statusFailure(405, 'the server does not allow this method on the requested resource', 'MethodNotAllowed', {});
}

/** 415 for a body in a format the endpoint does not read (`NewUnsupportedMediaTypeError`). */
export function unsupportedBody(accepted: readonly string[]): StatusObject {
  return statusFailure(415, `the body of the request was in an unknown format - accepted media types include: ${accepted.join(', ')}`, 'UnsupportedMediaType');
}

/** 406 for an Accept header naming none of the media types the server writes (`NewNotAcceptableError`). */
export function notAcceptable(accepted: readonly string[]): StatusObject {
  return statusFailure(406, `only the following media types are accepted: ${accepted.join(', ')}`, 'NotAcceptable');
}

/** 413 for a body over the limit. */
export function bodyTooLarge(limit: number): StatusObject {
  return statusFailure(413, `Request entity too large: limit is ${limit}`, 'RequestEntityTooLarge');
}

/** 401 without a valid bearer token. */
export function unauthorized(): StatusObject {
  return statusFailure(401, 'Unauthorized', 'Unauthorized');
}

/** 400 with a message of the server layer. */
export function badRequest(message: string): StatusObject {
  return statusFailure(400, message, 'BadRequest');
}
