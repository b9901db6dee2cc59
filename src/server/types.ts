/**
 * The HTTP side of `ssa-sim serve`: a request as it arrived (method, path, query, the headers that
 * matter, raw body) and the answer to send. `handleRequest` (handle.ts) maps one to the other
 * purely; `startServer` (start-server.ts) does the sockets.
 */

/** One HTTP request, as the server read it. */
export interface HttpRequest {
  readonly method: string;
  /** The URL path, percent-decoded per segment by the router (not here). */
  readonly path: string;
  /** Query parameters in order; a name may repeat (`dryRun=All&dryRun=All`). */
  readonly query: readonly (readonly [string, string])[];
  /** Lower-case header names; only those the server reads. */
  readonly headers: HttpRequestHeaders;
  /** The raw body (empty for GET). */
  readonly body: Uint8Array;
}

export interface HttpRequestHeaders {
  readonly contentType?: string;
  readonly accept?: string;
  readonly userAgent?: string;
  readonly authorization?: string;
}

/** One HTTP answer. */
export interface HttpResponse {
  readonly status: number;
  readonly contentType: string;
  /** Text (JSON, YAML, plain) or bytes (protobuf). */
  readonly body: string | Uint8Array;
  /** `Warning:` header values, already in `299 - "text"` form. */
  readonly warnings: readonly string[];
}

/**
 * What the request log hook receives for every request, before it is answered: what a client
 * sent, byte for byte where it matters (the body) and as sent where it does not (headers).
 */
export interface RequestLogEntry {
  readonly method: string;
  readonly path: string;
  /** The raw query string without `?` ('' when none). */
  readonly query: string;
  readonly contentType: string | undefined;
  readonly userAgent: string | undefined;
  readonly body: Uint8Array;
}
