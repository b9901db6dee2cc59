/**
 * The JSON text of a json or merge patch's result as kube-apiserver holds it before decoding it
 * (handlers/patch.go, jsonPatcher): the object is encoded with Go's encoding/json (a built-in
 * kind's fields in its Go struct's order, go-struct-order.ts), and evanphx/json-patch v4 applies
 * the patch to that text. The library keeps every value it does not open as its raw bytes and
 * writes the rest back as Go maps: so the top level, and every object on the way to a change
 * (the maps a merge patch merges into, the containers a JSON patch operation walks through),
 * come out with their keys sorted; objects it did not open keep the order they had (the Go
 * struct's order for the stored object's, the patch text's for a JSON patch operation's value);
 * a merge patch's new values are opened to drop their nulls, so their keys are sorted. The text
 * is compact, strings escaped as Go escapes them (`<`, `>`, `&` as `\u003c`...), numbers as Go
 * writes them.
 *
 * Not modelled: a JSON patch `test` or a `copy`/`move` source opens the containers on its path
 * too; a merge patch's non-object value that replaces an object is kept raw (with its nulls).
 */
import { formatGoJsonNumber, jsonQuoteHtml } from '../../fieldpath/json-text.js';
import { compareStrings } from '../../value/compare-strings.js';
import { isList, isMap, type Value, type ValueMap } from '../../value/value.js';
import { applyJsonPatch } from './json-patch.js';
import { applyMergePatch } from './merge-patch.js';

/** Every object and list of `v`. */
function containersOf(v: Value, into: Set<object>): void {
  if (isList(v)) {
    into.add(v);
    for (const item of v) containersOf(item, into);
  } else if (isMap(v)) {
    into.add(v);
    for (const k of Object.keys(v)) containersOf(v[k], into);
  }
}

function encode(v: Value, raw: ReadonlySet<object>, top: boolean): string {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'string':
      return jsonQuoteHtml(v);
    case 'number':
    case 'bigint':
      return formatGoJsonNumber(v);
    case 'boolean':
      return v ? 'true' : 'false';
  }
  if (isList(v)) return '[' + v.map((item) => encode(item, raw, false)).join(',') + ']';
  const m = v as ValueMap;
  const keys = Object.keys(m);
  if (top || !raw.has(m)) keys.sort(compareStrings);
  return '{' + keys.map((k) => jsonQuoteHtml(k) + ':' + encode(m[k], raw, false)).join(',') + '}';
}

/**
 * The patched object's JSON text, for `doc` (the stored object with its keys in Go's order)
 * patched with `patch`; undefined when the patch does not apply.
 */
export function patchedObjectJson(type: 'json' | 'merge', doc: ValueMap, patch: Value): string | undefined {
  const raw = new Set<object>();
  containersOf(doc, raw);
  let out: Value;
  if (type === 'json') {
    // An operation's value is kept as its raw bytes.
    if (isList(patch)) for (const op of patch) if (isMap(op) && op.value !== undefined) containersOf(op.value, raw);
    const r = applyJsonPatch(doc, patch);
    if (!r.ok) return undefined;
    out = r.value;
  } else out = applyMergePatch(doc, patch);
  return encode(out, raw, true);
}
