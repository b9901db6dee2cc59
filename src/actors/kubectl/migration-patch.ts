/**
 * The JSON patch kubectl sends to migrate client-side-apply ownership (client-go's csaupgrade
 * UpgradeManagedFieldsPatch, v0.32), as the bytes Go's encoding/json writes:
 * `[{"op":"replace","path":"/metadata/managedFields","value":[...]},{"op":"replace","path":"/metadata/resourceVersion","value":"RV"}]`.
 * Each entry is a metav1.ManagedFieldsEntry: its fields in the struct's order, empty ones left
 * out. Its fieldsV1 is raw JSON: for an entry csaupgrade encoded again from a field set, the
 * set's order (port 80 before 443); for any other entry, the object kubectl decoded marshalled as a
 * Go map, so keys sorted as text (443 before 80). Strings HTML-escaped throughout.
 */
import { encodeGoJson, jsonQuoteHtml } from '../../fieldpath/json-text.js';
import { isMap, type Value } from '../../value/value.js';

const ENTRY_FIELDS = ['manager', 'operation', 'apiVersion', 'time', 'fieldsType', 'fieldsV1', 'subresource'] as const;

/** A FieldsV1 object in the order of its keys (every value is an object). */
function inOrder(v: Value): string {
  if (!isMap(v)) return encodeGoJson(v);
  return '{' + Object.keys(v).map((k) => `${jsonQuoteHtml(k)}:${inOrder(v[k])}`).join(',') + '}';
}

function entryText(entry: Value, encoded: boolean): string {
  if (!isMap(entry)) return encodeGoJson(entry);
  const parts: string[] = [];
  for (const k of ENTRY_FIELDS) {
    const v = entry[k];
    // omitempty: absent, empty strings and a null fieldsV1 are not written
    if (v === undefined || v === null || v === '') continue;
    parts.push(`${jsonQuoteHtml(k)}:${k === 'fieldsV1' && encoded ? inOrder(v) : encodeGoJson(v)}`);
  }
  return '{' + parts.join(',') + '}';
}

export function migrationPatchText(entries: readonly Value[], encoded: ReadonlySet<Value>, resourceVersion: string): string {
  const list = '[' + entries.map((e) => entryText(e, encoded.has(e))).join(',') + ']';
  return `[{"op":"replace","path":"/metadata/managedFields","value":${list}},{"op":"replace","path":"/metadata/resourceVersion","value":${jsonQuoteHtml(resourceVersion)}}]`;
}
