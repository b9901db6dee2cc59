import { type GoNumbers, goDefault, goSyntax } from '../fieldpath/format-go-verbs.js';
import type { Value } from '../value/value.js';

/**
 * How the reference's validation names a value it rejects. Its values are `*value.valueUnstructured`
 * (structured-merge-diff's wrapper of an unstructured object's `interface{}`), printed with Go's fmt:
 * `%#v` gives `&value.valueUnstructured{Value:1}`, `%v` gives `&{1}`. `numbers` says how the
 * object was decoded (format-go-verbs.ts).
 */
export function valueGoSyntax(v: Value, numbers: GoNumbers): string {
  return `&value.valueUnstructured{Value:${goSyntax(v, numbers)}}`;
}

/** `%v` of the same wrapper: `&{1}`, `&{map[a:1]}`, `&{[x y]}`. */
export function valueGoDefault(v: Value, numbers: GoNumbers): string {
  return `&{${goDefault(v, numbers)}}`;
}

/** The Go type name the reference names in `expected numeric (int or float), got <type>`. */
export function goTypeName(v: Value): string {
  if (v === null) return 'nil';
  if (Array.isArray(v)) return '[]interface {}';
  switch (typeof v) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
    case 'number':
      return Number.isSafeInteger(v) ? 'int64' : 'float64';
    case 'bigint':
      return 'int64';
    default:
      return 'map[string]interface {}';
  }
}
