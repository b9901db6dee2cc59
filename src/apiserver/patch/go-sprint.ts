import { goDefault } from '../../fieldpath/format-go-verbs.js';
import { isMap, type Value } from '../../value/value.js';

/**
 * Go's `fmt.Sprint` (`%v`) of a decoded JSON value, as apimachinery's patch errors print the
 * maps and lists they name: `map[k:v k2:v2]` (keys sorted, as fmt sorts them), `[a b]`, strings
 * raw, `<nil>`, numbers as Go prints an int64 or a float64.
 */
export function goSprint(v: Value): string {
  return goDefault(v, 'int64');
}

/** The Go type a decoded JSON value has (`reflect.TypeOf(v).String()`), `undefined` for nil. */
export function goTypeName(v: Value): string | undefined {
  if (v === null) return undefined;
  if (Array.isArray(v)) return '[]interface {}';
  if (isMap(v)) return 'map[string]interface {}';
  if (typeof v === 'number') return Number.isSafeInteger(v) ? 'int64' : 'float64';
  if (typeof v === 'bigint') return 'int64';
  return typeof v === 'boolean' ? 'bool' : 'string';
}

/** Go's `%s` of a decoded JSON value: a string as it is, anything else as fmt's bad-verb form (`%!s(int64=1)`). */
export function goSprintS(v: Value): string {
  if (typeof v === 'string') return v;
  const t = goTypeName(v);
  return t === undefined ? '%!s(<nil>)' : `%!s(${t}=${goSprint(v)})`;
}
