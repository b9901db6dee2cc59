/**
 * Reading a patch body: JSON for json/merge/strategic patches; YAML or JSON for apply, with the
 * server's 400 texts (apiserver-semantics §4.7).
 */
import { SsaError } from '../../errors/ssa-error.js';
import { readManifests } from '../../manifest/read-manifests.js';
import { isMap, type Value, type ValueMap } from '../../value/value.js';
import { parseJson, toValue } from '../object-paths.js';
import { badRequest } from '../status.js';
import type { StatusObject } from '../types.js';

export type Decoded<T> = { ok: true; value: T } | { ok: false; status: StatusObject };

/** A json/merge/strategic patch: decoded JSON. */
export function decodeJsonPatchBody(patch: string | Value): Decoded<Value> {
  if (typeof patch !== 'string') return { ok: true, value: toValue(patch) };
  try {
    return { ok: true, value: parseJson(patch) };
  } catch (e) {
    return { ok: false, status: badRequest(`error decoding patch: ${e instanceof Error ? e.message : String(e)}`) };
  }
}

/** An apply body: text not starting with `{` is YAML (converted first); the result must be a mapping. */
export function decodeApplyBody(body: string | ValueMap): Decoded<ValueMap> {
  if (typeof body !== 'string') {
    if (!isMap(body as Value)) return { ok: false, status: badRequest('error decoding patch: the applied configuration must be an object') };
    return { ok: true, value: toValue(body) as ValueMap };
  }
  const trimmed = body.trimStart();
  if (trimmed.startsWith('{')) {
    try {
      const v = parseJson(body);
      if (!isMap(v)) return { ok: false, status: badRequest('error decoding patch: json: cannot unmarshal into an object') };
      return { ok: true, value: v };
    } catch (e) {
      return { ok: false, status: badRequest(`error decoding patch: ${e instanceof Error ? e.message : String(e)}`) };
    }
  }
  try {
    const { manifests } = readManifests(body, { file: 'patch', flattenLists: false, objects: false });
    if (manifests.length !== 1) return { ok: false, status: badRequest('error decoding patch: expected one YAML mapping') };
    return { ok: true, value: manifests[0].object };
  } catch (e) {
    const msg = e instanceof SsaError ? e.message : String(e);
    if (/expected an object/.test(msg)) return { ok: false, status: badRequest(`error decoding patch: ${msg}`) };
    return { ok: false, status: badRequest(`error encoding patch: ${msg}`) };
  }
}
