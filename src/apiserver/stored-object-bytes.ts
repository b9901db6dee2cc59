/**
 * How many bytes the store keeps at an object's etcd key: kube-apiserver's storage encoding is
 * protobuf (`--storage-media-type` default) for the kinds that have messages, the `k8s\0` prefix
 * and a runtime.Unknown envelope around the object at its storage version; custom resources
 * have none and are stored as JSON (json.Encoder: compact, `<`, `>`, `&`, U+2028 and U+2029
 * escaped, a newline after). The resourceVersion is cleared before encoding
 * (PrepareObjectForStorage). No encryption at rest (the test servers have none).
 */
import { stringifyJson } from '../value/stringify-json.js';
import type { ValueMap } from '../value/value.js';
import { setPath } from './object-paths.js';
import { ProtoCodecError } from './protobuf-codec.js';
import { protobufFromObject } from './protobuf-envelope.js';
import type { CatalogLike, ResourceType } from './types.js';

/**
 * No built-in object's protobuf encoding is more than this many times its compact JSON (a bound
 * test/apiserver/etcd-request-size.test.ts checks against every message): an empty object `{}`
 * in a list is 3 bytes of JSON and at most 5 bytes of tag and length plus its message's zero
 * fields, which Go writes (98 bytes for the largest, a StatefulSet's or a CronJob's).
 */
export const PROTOBUF_PER_JSON_BYTE = 36;
/** The envelope's prefix, type meta and empty content fields, with room for long kinds. */
const ENVELOPE_BYTES = 512;

/** The length of Go's json.Encoder output for a JSON text JSON.stringify wrote (`bytes` long in UTF-8). */
function goJsonBytes(json: string, bytes: number): number {
  let escaped = 0;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (c === 0x3c || c === 0x3e || c === 0x26) escaped += 5; // \u003c for one byte
    else if (c === 0x2028 || c === 0x2029) escaped += 3; // \u2028 for three bytes
  }
  return bytes + escaped + 1;
}

/**
 * The stored bytes of `object`, or undefined when they cannot exceed `budget` (its JSON times the
 * bound above stays within it): most writes are not encoded at all.
 */
export function storedObjectBytes(catalog: CatalogLike, resource: ResourceType, object: ValueMap, budget: number): number | undefined {
  const stored = setPath(object, ['metadata', 'resourceVersion'], undefined);
  const json = stringifyJson(stored);
  // A UTF-16 code unit is at most three bytes of UTF-8: most objects stop at the first test.
  if (!resource.custom && json.length * 3 * PROTOBUF_PER_JSON_BYTE + ENVELOPE_BYTES <= budget) return undefined;
  const jsonBytes = new TextEncoder().encode(json).length;
  if (!resource.custom) {
    if (jsonBytes * PROTOBUF_PER_JSON_BYTE + ENVELOPE_BYTES <= budget) return undefined;
    try {
      const bytes = protobufFromObject(catalog, stored);
      if (bytes) return bytes.length;
    } catch (e) {
      if (!(e instanceof ProtoCodecError)) throw e;
    }
  }
  return goJsonBytes(json, jsonBytes);
}
