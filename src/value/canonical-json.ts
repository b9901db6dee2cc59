import { compareStrings } from './compare-strings.js';
import type { Value, ValueMap } from './value.js';

/**
 * A string that identifies a value up to the reference's equality: map keys sorted, numbers by
 * their float64 value (so 1 and 1.0 coincide, and an int beyond 2^53 coincides with the float it
 * converts to, as FieldsV1 reads it back). Used as a hash key, never shown to users.
 *
 * One case is coarser than the reference: two different ints beyond 2^53 that convert to the same
 * float64 share a key here, where the reference tells them apart (docs/engine.md, "Numbers").
 */
export function canonicalJson(v: Value): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(typeof v === 'bigint' ? Number(v) : v);
  if (Array.isArray(v)) return '[' + v.map(canonicalJson).join(',') + ']';
  const m = v as ValueMap;
  const keys = Object.keys(m).sort(compareStrings);
  return '{' + keys.map((k) => JSON.stringify(k) + ':' + canonicalJson(m[k])).join(',') + '}';
}
