import type { Value } from '../value/value.js';

/** A short description of a value for error messages (the reference prints Go's formatting). */
export function describeValue(v: Value): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'list';
  if (typeof v === 'object') return 'map';
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v);
  return String(v);
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
