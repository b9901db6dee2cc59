import { compareStrings } from '../value/compare-strings.js';
import type { Value, ValueMap } from '../value/value.js';

/**
 * How the reference prints a value inside a path string (`value.ToString`, i.e. Go's `fmt`):
 * strings `%q`, numbers `%v`, lists `[a,b]`, maps `k=v` pairs with no separator.
 *
 * JS has one number type, Go two. `asFloat` says the value is a Go float64 — what numbers read
 * from FieldsV1 JSON are (a stored key `port=1000000` prints `port=1e+06`); otherwise safe-range
 * integral numbers and bigints print as the ints they were in an object. Go's map order is random;
 * here map keys are sorted.
 */
export function formatGoValue(v: Value, asFloat = false): string {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'string':
      return goQuote(v);
    case 'number':
      return asFloat ? formatGoFloat(v) : formatGoNumber(v);
    case 'bigint':
      return v.toString(); // an int: a number read from FieldsV1 is never a bigint
    case 'boolean':
      return v ? 'true' : 'false';
  }
  if (Array.isArray(v)) {
    let out = '[';
    for (let i = 0; i < v.length; i++) out += (i > 0 ? ',' : '') + formatGoValue(v[i], asFloat);
    return out + ']';
  }
  const m = v as ValueMap;
  let out = '';
  for (const k of Object.keys(m).sort(compareStrings)) out += k + '=' + formatGoValue(m[k], asFloat);
  return out;
}

/**
 * Go `%v` of a number Value: an int in decimal (a safe-range integral `number` or a `bigint`), a
 * float64 as `%g` with the shortest digits (exponent if < -4 or >= 6). An integral `number` beyond
 * 2^53 is a float64 (value.ts), so it prints as one: `9.007199254740992e+15`.
 */
export function formatGoNumber(x: number | bigint): string {
  if (typeof x === 'bigint') return x.toString();
  return Number.isSafeInteger(x) ? String(x) : formatGoFloat(x);
}

/** Go `%v` of a float64: `%g` with the shortest digits, exponent form if the exponent is < -4 or >= 6. */
export function formatGoFloat(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? '+Inf' : '-Inf';
  const [mantissa, expText] = x.toExponential().split('e');
  const exp = Number(expText);
  if (exp < -4 || exp >= 6) return mantissa + 'e' + (exp < 0 ? '-' : '+') + String(Math.abs(exp)).padStart(2, '0');
  return String(x); // JS writes fixed notation with the same shortest digits in this range
}

let printable: RegExp | undefined;

/**
 * Go's `unicode.IsPrint` for a character beyond ASCII (letters, marks, numbers, punctuation,
 * symbols), with the JS Unicode property tables. The expression is built on first use: V8 builds
 * the code point sets of its classes when the expression is made, millions of instructions that a
 * module-level literal would cost every start.
 */
export function isGoPrintable(ch: string): boolean {
  printable ??= /[\p{L}\p{M}\p{N}\p{P}\p{S}]/u;
  return printable.test(ch);
}

const PLAIN_ASCII = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
const SHORT_ESCAPES: Record<number, string> = { 7: '\\a', 8: '\\b', 12: '\\f', 10: '\\n', 13: '\\r', 9: '\\t', 11: '\\v' };
const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

/**
 * Go's `strconv.Quote`. Printable means Go's `unicode.IsPrint` (letters, marks, numbers,
 * punctuation, symbols, ASCII space), approximated with the JS Unicode property tables, whose
 * Unicode version may be newer than Go's. A lone surrogate cannot occur in a Go string decoded
 * from JSON or YAML (the decoders substitute U+FFFD), so it is treated as U+FFFD, which is printable.
 */
export function goQuote(s: string): string {
  if (PLAIN_ASCII.test(s)) return '"' + s + '"';
  let out = '"';
  for (const ch of s) {
    let cp = ch.codePointAt(0)!;
    if (cp === 0x22 || cp === 0x5c) {
      out += '\\' + ch;
      continue;
    }
    if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd;
    if (cp < 0x80 ? cp >= 0x20 && cp < 0x7f : isGoPrintable(ch) || cp === 0xfffd) {
      out += String.fromCodePoint(cp);
      continue;
    }
    const short = SHORT_ESCAPES[cp];
    if (short !== undefined) out += short;
    else if (cp < 0x20 || cp === 0x7f) out += '\\x' + hex(cp, 2);
    else if (cp < 0x10000) out += '\\u' + hex(cp, 4);
    else out += '\\U' + hex(cp, 8);
  }
  return out + '"';
}
