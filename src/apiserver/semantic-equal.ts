/**
 * `apiequality.Semantic.DeepEqual` over JSON values, as far as it is modelled: the reference's
 * DeepEqual takes a nil and an empty slice or map as equal, so in a map an entry that is null,
 * `[]` or `{}` counts as absent, and so does such a value given for the whole field. (A pointer to
 * an empty struct is not nil in Go; that difference is not modelled.) Integers compare by value.
 */
import { isMap, type Value } from '../value/value.js';

function unset(v: Value | undefined): boolean {
  return v === undefined || v === null || (Array.isArray(v) && v.length === 0) || (isMap(v) && Object.keys(v).length === 0);
}

export function semanticEqual(a: Value | undefined, b: Value | undefined): boolean {
  if (a === b) return true;
  if (unset(a) && unset(b)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => semanticEqual(x, b[i]));
  }
  if (isMap(a) || isMap(b)) {
    if (!isMap(a) || !isMap(b)) return false;
    for (const k of Object.keys(a)) if (!semanticEqual(a[k], b[k])) return false;
    for (const k of Object.keys(b)) if (!Object.hasOwn(a, k) && !unset(b[k])) return false;
    return true;
  }
  const isInt = (x: Value | undefined) => typeof x === 'bigint' || Number.isInteger(x);
  if (isInt(a) && isInt(b)) return BigInt(a as number | bigint) === BigInt(b as number | bigint);
  return false;
}
