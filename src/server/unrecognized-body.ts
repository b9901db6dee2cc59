/**
 * A create or update body read as JSON (`Content-Type: application/json`, or none: kube-apiserver
 * takes its first media type, JSON) that is not JSON. kube-apiserver's JSON serializer first
 * reads the body's apiVersion and kind with Go's encoding/json (apimachinery
 * pkg/runtime/serializer/json/meta.go, `Interpret`); when that fails the decode has no kind, and
 * the handler (apiserver pkg/endpoints/handlers/rest.go, `transformDecodeError`) answers 400 `the
 * object provided is unrecognized (must be of type <the endpoint's kind>): couldn't get
 * version/kind; json parse error: <Go's syntax error> (<the body's first 30 bytes>)`, the bytes as
 * text when the body starts with `{`, in hexadecimal otherwise, ` ...` after them when the body is
 * longer (`summarizeData`). A YAML body sent without a YAML media type (`kubectl create --raw -f
 * pod.yaml`) is one.
 */
import { goJsonSyntaxError } from '../apiserver/go-json-syntax.js';

/** The message, or undefined when the body is JSON. */
export function unrecognizedJsonBody(body: Uint8Array, kind: string): string | undefined {
  const problem = goJsonSyntaxError(Buffer.from(body).toString('utf8'));
  if (problem === undefined) return undefined;
  return `the object provided is unrecognized (must be of type ${kind}): couldn't get version/kind; json parse error: ${problem} (${summarizeBody(body, 30)})`;
}

/** The first `max` bytes of a body as the handler shows them in a decoding error. */
export function summarizeBody(body: Uint8Array, max: number): string {
  if (body.length === 0) return '<empty>';
  const head = Buffer.from(body.subarray(0, max));
  const more = body.length > max ? ' ...' : '';
  return body[0] === 0x7b ? head.toString('utf8') + more : head.toString('hex') + more;
}
