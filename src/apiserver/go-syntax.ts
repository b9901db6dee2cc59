/**
 * Values as Go's `%#v` prints them, for the 422s whose invalid value is a struct or a map
 * (field.Error's ErrorBody in k8s.io/apimachinery 1.32 dereferences a pointer, then prints a
 * value that is not a string, number, bool or Stringer with `%#v`). A `*metav1.LabelSelector`
 * prints as the struct: its String method is on the pointer, which ErrorBody has dropped.
 *
 * Go's rules used here: map keys sorted, `key:value` pairs and list items separated by `, `,
 * strings quoted as strconv.Quote does, a nil map or slice as `<type>(nil)` and an empty one as
 * `<type>{}`. A field absent or null in the JSON is nil; `{}` or `[]` is empty.
 */
import { formatGoNumber, goQuote } from '../fieldpath/format-go-value.js';
import { compareStrings } from '../value/compare-strings.js';
import { getKey, isMap, type Value } from '../value/value.js';

function text(v: Value): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** `map[string]string{"app":"web"}`, `map[string]string(nil)`. */
export function goStringMap(v: Value | undefined): string {
  if (!isMap(v)) return 'map[string]string(nil)';
  const keys = Object.keys(v).sort(compareStrings);
  return `map[string]string{${keys.map((k) => `${goQuote(k)}:${goQuote(text(v[k]))}`).join(', ')}}`;
}

/** `[]string{"a", "b"}`, `[]string(nil)`. */
export function goStringSlice(v: Value | undefined): string {
  if (!Array.isArray(v)) return '[]string(nil)';
  return `[]string{${v.map((s) => goQuote(text(s))).join(', ')}}`;
}

function requirement(r: Value): string {
  const key = isMap(r) ? getKey(r, 'key') : undefined;
  const operator = isMap(r) ? getKey(r, 'operator') : undefined;
  return (
    `v1.LabelSelectorRequirement{Key:${goQuote(typeof key === 'string' ? key : '')}, ` +
    `Operator:${goQuote(typeof operator === 'string' ? operator : '')}, Values:${goStringSlice(isMap(r) ? getKey(r, 'values') : undefined)}}`
  );
}

/**
 * A `*LabelSelector`: `v1.LabelSelector{MatchLabels:map[string]string{"app":"web"},
 * MatchExpressions:[]v1.LabelSelectorRequirement(nil)}`; a nil one is the string `"null"`, quoted
 * (ErrorBody replaces a nil pointer by that string, then prints it as a string).
 */
export function goLabelSelector(v: Value | undefined): string {
  if (!isMap(v)) return '"null"';
  const expressions = getKey(v, 'matchExpressions');
  const exprs = Array.isArray(expressions) ? `[]v1.LabelSelectorRequirement{${expressions.map(requirement).join(', ')}}` : '[]v1.LabelSelectorRequirement(nil)';
  return `v1.LabelSelector{MatchLabels:${goStringMap(getKey(v, 'matchLabels'))}, MatchExpressions:${exprs}}`;
}

/** `%#v` of a value decoded from JSON into `interface{}` (maps `map[string]interface {}`, lists `[]interface {}`, whole numbers int64). */
function goInterfaceSharp(v: Value): string {
  if (v === null) return 'interface {}(nil)';
  if (typeof v === 'string') return goQuote(v);
  if (typeof v === 'number' || typeof v === 'bigint') return formatGoNumber(v);
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[]interface {}{${v.map(goInterfaceSharp).join(', ')}}`;
  const keys = Object.keys(v).sort(compareStrings);
  return `map[string]interface {}{${keys.map((k) => `${goQuote(k)}:${goInterfaceSharp(v[k])}`).join(', ')}}`;
}

/**
 * A JSON value (a CRD schema's `default`) as field.Error's ErrorBody prints it: a string quoted,
 * a number or bool plain, nil as the quoted string `"null"`, a map or list as Go's `%#v`.
 */
export function goJsonValue(v: Value | undefined): string {
  return v === undefined || v === null ? '"null"' : goInterfaceSharp(v);
}
