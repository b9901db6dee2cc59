/**
 * The `kubectl.kubernetes.io/last-applied-configuration` annotation, as the server treats it for
 * the field manager named exactly `kubectl` (apiserver-semantics §2.8, §2.9): which conflicts it
 * forgives, and how it rewrites the annotation after a successful apply.
 */
import { encodeGoJson } from '../fieldpath/json-text.js';
import type { FieldSet } from '../fieldpath/set.js';
import { compare } from '../typed/compare.js';
import { toFieldSet } from '../typed/to-field-set.js';
import { validate } from '../typed/validate.js';
import { getKey, isMap, newMap, type Value, type ValueMap } from '../value/value.js';
import type { Endpoint } from './endpoint.js';
import { metadataOf, parseJson, setPath, stringField } from './object-paths.js';
import { utf8Length } from './utf8.js';

export const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';
/** Total size of all annotations (keys + values, bytes) the server accepts: 256 KiB. */
export const TOTAL_ANNOTATION_SIZE_LIMIT = 256 * 1024;

function annotationsOf(obj: ValueMap): ValueMap | undefined {
  const a = getKey(metadataOf(obj), 'annotations');
  return isMap(a) ? a : undefined;
}

/** The annotation's value, '' when absent. */
export function lastAppliedOf(obj: ValueMap): string {
  const v = annotationsOf(obj) ? getKey(annotationsOf(obj)!, LAST_APPLIED) : undefined;
  return typeof v === 'string' ? v : '';
}

export function hasLastApplied(obj: ValueMap): boolean {
  return lastAppliedOf(obj) !== '';
}

/**
 * The paths of the last-applied configuration whose values still equal the live object's; a
 * `kubectl` apply's conflicts on them are forgiven. Undefined (forgive nothing) when the
 * annotation is missing, not an object with a kind, at another apiVersion, or not of the schema.
 */
export function allowedConflictsFromLastApplied(ep: Endpoint, live: ValueMap): FieldSet | undefined {
  const text = lastAppliedOf(live);
  if (text === '') return undefined;
  let last: Value;
  try {
    last = parseJson(text);
  } catch {
    return undefined;
  }
  if (!isMap(last) || stringField(last, 'kind') === '') return undefined;
  if (stringField(last, 'apiVersion') !== ep.apiVersion) return undefined;
  if (validate(live, ep.ctx.atom, { allowDuplicates: true }).length > 0) return undefined;
  if (validate(last, ep.ctx.atom).length > 0) return undefined;
  try {
    const set = toFieldSet(last, ep.ctx.atom);
    const cmp = compare(last, live, ep.ctx.atom);
    if (!cmp.ok) return undefined;
    return set.difference(cmp.comparison.modified).difference(cmp.comparison.added).difference(cmp.comparison.removed);
  } catch {
    return undefined;
  }
}

/**
 * The annotation value the server writes for an applied body: the body without the annotation
 * (an annotations map left empty stays `{}`), as Go's `encoding/json` writes it (compact, sorted
 * keys, HTML escaping, `1.5e-7`), and a newline.
 */
export function lastAppliedValue(body: ValueMap): string {
  let copy = body;
  const annotations = annotationsOf(body);
  if (annotations && getKey(annotations, LAST_APPLIED) !== undefined) {
    const rest = newMap();
    for (const k of Object.keys(annotations)) if (k !== LAST_APPLIED) rest[k] = annotations[k];
    copy = setPath(body, ['metadata', 'annotations'], rest);
  }
  return encodeGoJson(copy) + '\n';
}

/**
 * `obj` with the annotation rewritten from `body` (after a successful `kubectl` apply), or
 * removed when all annotations together would exceed 256 KiB.
 */
export function withLastAppliedFrom(obj: ValueMap, body: ValueMap): ValueMap {
  const value = lastAppliedValue(body);
  const annotations = newMap();
  for (const [k, v] of Object.entries(annotationsOf(obj) ?? {})) annotations[k] = v;
  annotations[LAST_APPLIED] = value;
  let total = 0;
  for (const k of Object.keys(annotations)) {
    const v = annotations[k];
    total += utf8Length(k) + (typeof v === 'string' ? utf8Length(v) : 0);
  }
  if (total > TOTAL_ANNOTATION_SIZE_LIMIT) {
    delete annotations[LAST_APPLIED];
    return setPath(obj, ['metadata', 'annotations'], Object.keys(annotations).length > 0 ? annotations : undefined);
  }
  return setPath(obj, ['metadata', 'annotations'], annotations);
}
