/**
 * Reading a patch body: JSON for json/merge/strategic patches; YAML for apply (JSON is YAML), with
 * the server's 400 texts.
 */
import { SsaError } from '../../errors/ssa-error.js';
import { goJsonSyntaxError } from '../go-json-syntax.js';
import { readManifests } from '../../manifest/read-manifests.js';
import { parseAllDocuments } from 'yaml';
import { isMap, newMap, type Value, type ValueMap } from '../../value/value.js';
import { parseJson, toValue } from '../object-paths.js';
import { badRequest } from '../status.js';
import type { StatusObject } from '../types.js';

export type Decoded<T> = { ok: true; value: T } | { ok: false; status: StatusObject };

/**
 * A json/merge/strategic patch: decoded JSON, or kube-apiserver's 400 for a body that is not JSON
 * (endpoints/handlers/patch.go). With `fieldValidation` Warn (the default) or Strict, a json or
 * merge patch is first read by sigs.k8s.io/json (`error decoding patch: <Go's text>`); with Ignore
 * a json patch is read by json-patch's DecodePatch (Go's text alone) and a merge patch by its
 * MergePatch (`Invalid JSON Patch`). A strategic merge patch is read into a map with Go's text alone.
 */
export function decodeJsonPatchBody(patch: string | Value, patchType: 'json' | 'merge' | 'strategic', fieldValidation: 'Strict' | 'Warn' | 'Ignore' = 'Warn'): Decoded<Value> {
  if (typeof patch !== 'string') return { ok: true, value: toValue(patch) };
  let value: Value;
  try {
    value = parseJson(patch);
  } catch (e) {
    const text = goJsonSyntaxError(patch) ?? (e instanceof Error ? e.message : String(e));
    if (patchType === 'strategic') return { ok: false, status: badRequest(text) };
    if (fieldValidation !== 'Ignore') return { ok: false, status: badRequest(`error decoding patch: ${text}`) };
    return { ok: false, status: badRequest(patchType === 'merge' ? 'Invalid JSON Patch' : text) };
  }
  return { ok: true, value };
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
