import { SsaError } from '../errors/ssa-error.js';
import { compareStrings } from '../value/compare-strings.js';
import type { Value, ValueMap } from '../value/value.js';

/*
 * The JSON text the reference writes into FieldsV1 (json-iterator, "compatible with the standard
 * library" configuration). Two string flavours: object keys of the set and key-field names are
 * written minimally escaped; values are written HTML-escaped.
 *
 * A lone surrogate has no UTF-8 form; a Go string decoded from JSON or YAML holds U+FFFD in its
 * place, so both flavours write U+FFFD for it (raw, as Go writes a valid U+FFFD).
 */

const MINIMAL_NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;
const HTML_NEEDS_ESCAPE = /["\\\u0000-\u001f<>&\u2028\u2029\ud800-\udfff]/;
const HEX = '0123456789abcdef';

/** `s` as a JSON string: `"`, `\`, LF, CR, TAB and other C0 controls escaped; all else raw. */
export function jsonQuoteMinimal(s: string): string {
  if (!MINIMAL_NEEDS_ESCAPE.test(s)) return '"' + s + '"';
  return quoteSlow(s, false);
}

/** `s` as a JSON string, also escaping `<`, `>`, `&`, U+2028 and U+2029 as `\u....`. */
export function jsonQuoteHtml(s: string): string {
  if (!HTML_NEEDS_ESCAPE.test(s)) return '"' + s + '"';
  return quoteSlow(s, true);
}

function quoteSlow(s: string, html: boolean): string {
  let out = '"';
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let rep: string | undefined;
    if (c < 0x20) {
      rep = c === 10 ? '\\n' : c === 13 ? '\\r' : c === 9 ? '\\t' : '\\u00' + HEX[c >> 4] + HEX[c & 15];
    } else if (c === 0x22) rep = '\\"';
    else if (c === 0x5c) rep = '\\\\';
    else if (c >= 0xd800 && c <= 0xdfff) {
      const next = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        i++; // a valid pair: written raw
        continue;
      }
      rep = '\ufffd';
    } else if (html) {
      if (c === 0x3c) rep = '\\u003c';
      else if (c === 0x3e) rep = '\\u003e';
      else if (c === 0x26) rep = '\\u0026';
      else if (c === 0x2028) rep = '\\u2028';
      else if (c === 0x2029) rep = '\\u2029';
    }
    if (rep === undefined) continue;
    out += s.slice(start, i) + rep;
    start = i + 1;
  }
  return out + s.slice(start) + '"';
}

/**
 * A number as the reference writes it in JSON: an int (a safe-range `number` or a `bigint`) in
 * decimal with every digit; a float64 with the shortest round-trip digits, in plain notation when
 * 1e-6 <= |x| < 1e21 and in exponent notation (sign and at least two digits: `1e-07`, `1e+21`)
 * otherwise, as json-iterator writes it. An integral `number` beyond 2^53 is a float64, so it
 * prints its shortest digits padded with zeros (`1152921504606847000`). NaN and infinities are errors.
 */
export function formatJsonNumber(x: number | bigint): string {
  if (typeof x === 'bigint') return x.toString();
  if (!Number.isFinite(x)) throw new SsaError('VALIDATION', `json: unsupported value: ${x}`);
  const s = String(x); // JS switches to exponent notation at exactly the same bounds
  const e = s.indexOf('e');
  if (e < 0) return s === '-0' ? '0' : s;
  const digits = s.length - e - 2; // after "e+" / "e-"
  return digits >= 2 ? s : s.slice(0, e + 2) + '0' + s.slice(e + 2);
}

/**
 * A number as Go's `encoding/json` writes a decoded manifest's number (kubectl's last-applied
 * annotation and patch bodies): an int with every digit, a float64 with the shortest round-trip
 * digits, plain when 1e-6 <= |x| < 1e21, else exponent form without padding (`1.5e-7`, `1e+21`),
 * which is how JS writes them too. NaN and infinities are errors.
 */
export function formatGoJsonNumber(x: number | bigint): string {
  if (typeof x === 'bigint') return x.toString();
  if (!Number.isFinite(x)) throw new SsaError('VALIDATION', `json: unsupported value: ${x}`);
  return x === 0 ? '0' : String(x);
}

/**
 * Compact JSON for a value; nested map keys in code point order. Numbers as FieldsV1 writes them,
 * or with `goNumbers` as Go's `encoding/json` does (`formatGoJsonNumber`).
 */
export function encodeJsonValue(v: Value, htmlEscape: boolean, goNumbers = false): string {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'string':
      return htmlEscape ? jsonQuoteHtml(v) : jsonQuoteMinimal(v);
    case 'number':
    case 'bigint':
      return goNumbers ? formatGoJsonNumber(v) : formatJsonNumber(v);
    case 'boolean':
      return v ? 'true' : 'false';
  }
  if (Array.isArray(v)) {
    let out = '[';
    for (let i = 0; i < v.length; i++) out += (i > 0 ? ',' : '') + encodeJsonValue(v[i], htmlEscape, goNumbers);
    return out + ']';
  }
  const m = v as ValueMap;
  let out = '{';
  let first = true;
  for (const k of Object.keys(m).sort(compareStrings)) {
    out += (first ? '' : ',') + (htmlEscape ? jsonQuoteHtml(k) : jsonQuoteMinimal(k)) + ':' + encodeJsonValue(m[k], htmlEscape, goNumbers);
    first = false;
  }
  return out + '}';
}

/**
 * Compact JSON as Go's `encoding/json` marshals a decoded object (`json.Marshal` of a
 * `map[string]interface{}`): keys sorted, strings HTML-escaped, numbers per `formatGoJsonNumber`.
 */
export function encodeGoJson(v: Value): string {
  return encodeJsonValue(v, true, true);
}
