/**
 * Reading a patch body: JSON for json/merge/strategic patches; YAML for apply (JSON is YAML), with
 * the server's 400 texts.
 */
import { SsaError } from '../../errors/ssa-error.js';
import { goJsonStringControl } from '../../document/input-text.js';
import { readManifests } from '../../manifest/read-manifests.js';
import { parseAllDocuments } from 'yaml';
import { isMap, newMap, type Value, type ValueMap } from '../../value/value.js';
import { parseJson, toValue } from '../object-paths.js';
import { badRequest } from '../status.js';
import type { StatusObject } from '../types.js';

export type Decoded<T> = { ok: true; value: T } | { ok: false; status: StatusObject };

/** A json/merge/strategic patch: decoded JSON. */
export function decodeJsonPatchBody(patch: string | Value): Decoded<Value> {
  if (typeof patch !== 'string') return { ok: true, value: toValue(patch) };
  const control = goJsonStringControl(patch);
  if (control !== undefined) return { ok: false, status: badRequest(`error decoding patch: ${control}`) };
  try {
    return { ok: true, value: parseJson(patch) };
  } catch (e) {
    return { ok: false, status: badRequest(`error decoding patch: ${e instanceof Error ? e.message : String(e)}`) };
  }
}

/**
 * An apply body, as kube-apiserver reads `application/apply-patch+yaml`: a body not starting with
 * `{` is first converted from YAML to JSON for the audit log (failure: `error encoding patch`);
 * then every body is decoded with a YAML decoder (sigs.k8s.io/yaml), so JSON with YAML flow syntax
 * (a trailing comma, tabs) is accepted, and failures are worded `error decoding YAML: ...`. The
 * first document is the body; `null` is an empty object; any other non-mapping is Go's JSON error.
 */
export function decodeApplyBody(body: string | ValueMap): Decoded<ValueMap> {
  if (typeof body !== 'string') {
    if (!isMap(body as Value)) return { ok: false, status: badRequest(notAMapping(body as Value)) };
    return { ok: true, value: toValue(body) as ValueMap };
  }
  const json = body.trimStart().startsWith('{');
  if (json) {
    try {
      const v = parseJson(body);
      if (isMap(v)) return { ok: true, value: v };
    } catch {
      // Not strict JSON: the YAML decoder below reads flow syntax JSON does not allow.
    }
  }
  let first: Value;
  try {
    const { manifests } = readManifests(body, { file: 'patch', flattenLists: false, objects: false });
    first = manifests.length > 0 ? manifests[0].object : null;
  } catch (e) {
    const msg = e instanceof SsaError ? e.message : String(e);
    if (/expected an object/.test(msg)) return { ok: false, status: badRequest(notAMapping(firstDocument(body))) };
    return { ok: false, status: badRequest(`${json ? 'error decoding YAML' : 'error encoding patch'}: ${msg}`) };
  }
  if (first === null) return { ok: true, value: newMap() };
  return { ok: true, value: first as ValueMap };
}

/** The first document of a YAML text that reads, as a plain value (to name its JSON type). */
function firstDocument(text: string): Value {
  return toValue(parseAllDocuments(text, { version: '1.1' })[0]?.toJS() ?? null);
}

/** Go's error for a JSON value that is not an object, decoded into `map[string]interface{}`. */
function notAMapping(v: Value): string {
  const type = Array.isArray(v) ? 'array' : typeof v === 'string' ? 'string' : typeof v === 'boolean' ? 'bool' : 'number';
  return `error decoding YAML: error unmarshaling JSON: while decoding JSON: json: cannot unmarshal ${type} into Go value of type map[string]interface {}`;
}
