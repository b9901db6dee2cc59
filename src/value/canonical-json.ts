import { compareStrings } from './compare-strings.js';
import type { Value, ValueMap } from './value.js';

/**
 * A string that identifies a value up to the reference's equality: map keys sorted, numbers in
 * JS form (so 1 and 1.0 coincide). Used as a hash key, never shown to users.
 */
export function canonicalJson(v: Value): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return '[' + v.map(canonicalJson).join(',') + ']';
  const m = v as ValueMap;
  const keys = Object.keys(m).sort(compareStrings);
  return '{' + keys.map((k) => JSON.stringify(k) + ':' + canonicalJson(m[k])).join(',') + '}';
}
