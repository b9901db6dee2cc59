/**
 * `resource.Quantity` as kube-apiserver stores it (k8s.io/apimachinery/pkg/api/resource): a value
 * is parsed once when a request is decoded and written back in its canonical form, so `2048Mi`
 * is stored as `2Gi`, `0.5` as `500m` and `1.5Gi` as `1536Mi`. The rules, from the package:
 *
 * - Syntax: an optional sign, digits with an optional `.`, then a suffix: binary SI (`Ki` … `Ei`),
 *   decimal SI (`n u m "" k M G T P E`) or a decimal exponent (`e3`, `E-2`).
 * - The suffix family is kept: a binary value is written with a binary suffix unless it lies
 *   strictly between -1024 and 1024 or is not an integer (then decimal SI).
 * - The value is kept exactly down to 10^-9; a finer non-zero value is rounded away from zero to
 *   the next nano. Magnitudes above 2^63-1 are capped there.
 * - Canonical: no fractional digits, the largest suffix (an exponent that is a multiple of 3 for
 *   the decimal families) that keeps the value exact; a negative value keeps its `-`.
 * - A value parsed by the fast path whose digits already look canonical keeps the text it came
 *   with, byte for byte (`+1`, `1E3`, `1.500k` are stored as written), as the package caches it.
 *
 * Values are exact: a mantissa as a bigint and a power of ten.
 */

export type QuantityFormat = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';

export interface Quantity {
  /** The value is `mantissa × 10^exponent`. */
  readonly mantissa: bigint;
  readonly exponent: number;
  readonly format: QuantityFormat;
  /** The text kept from parsing when it was already canonical (as the Go type caches it). */
  readonly text?: string;
}

export type QuantityResult = { readonly ok: true; readonly quantity: Quantity } | { readonly ok: false; readonly error: string };

/** The server's messages for a value it cannot parse (decoding fails with them). */
export const QUANTITY_SYNTAX = '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$';
export const ERR_FORMAT_WRONG = `quantities must match the regular expression '${QUANTITY_SYNTAX}'`;
export const ERR_NUMERIC = 'unable to parse numeric part of quantity';
export const ERR_SUFFIX = "unable to parse quantity's suffix";

const DECIMAL_SUFFIXES: ReadonlyMap<string, number> = new Map([
  ['n', -9],
  ['u', -6],
  ['m', -3],
  ['', 0],
  ['k', 3],
  ['M', 6],
  ['G', 9],
  ['T', 12],
  ['P', 15],
  ['E', 18],
]);
const BINARY_SUFFIXES: ReadonlyMap<string, number> = new Map([
  ['Ki', 10],
  ['Mi', 20],
  ['Gi', 30],
  ['Ti', 40],
  ['Pi', 50],
  ['Ei', 60],
]);
const DECIMAL_BY_EXPONENT = new Map([...DECIMAL_SUFFIXES].map(([s, e]) => [e, s]));
const BINARY_BY_EXPONENT = new Map([...BINARY_SUFFIXES].map(([s, e]) => [e, s]));

const NANO = -9;
const INT64_MAX = (1n << 63n) - 1n;
const INT64_MIN = -(1n << 63n);
const MAX_INT64_FACTORS = 18;
const SUFFIX_CHARS = 'eEinumkKMGTP';

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const pow10 = (n: number): bigint => 10n ** BigInt(n);
const fail = (error: string): QuantityResult => ({ ok: false, error });

interface Scanned {
  readonly positive: boolean;
  /** Integer digits without leading zeros ("0" when none), and fraction digits. */
  readonly num: string;
  readonly denom: string;
  readonly suffix: string;
}

/** The package's scanner: sign, leading zeros, integer digits, `.` and fraction, suffix. */
function scan(str: string): Scanned | undefined {
  let pos = 0;
  const end = str.length;
  let positive = true;
  if (str[0] === '-') {
    positive = false;
    pos++;
  } else if (str[0] === '+') pos++;
  while (pos < end && str[pos] === '0') pos++;
  if (pos >= end) return { positive, num: '0', denom: '', suffix: '' };
  let i = pos;
  while (i < end && isDigit(str[i])) i++;
  const num = str.slice(pos, i) || '0';
  if (i >= end) return { positive, num, denom: '', suffix: '' };
  pos = i;
  let denom = '';
  if (str[pos] === '.') {
    pos++;
    i = pos;
    while (i < end && isDigit(str[i])) i++;
    denom = str.slice(pos, i);
    if (i >= end) return { positive, num, denom, suffix: '' };
    pos = i;
  }
  const suffixStart = pos;
  while (pos < end && SUFFIX_CHARS.includes(str[pos])) pos++;
  if (pos < end && (str[pos] === '-' || str[pos] === '+')) pos++;
  while (pos < end && isDigit(str[pos])) pos++;
  if (pos < end) return undefined;
  return { positive, num, denom, suffix: str.slice(suffixStart) };
}

/** Go's strconv.ParseInt(s, 10, 64). */
function parseInt64(s: string): bigint | undefined {
  if (!/^[+-]?[0-9]+$/.test(s)) return undefined;
  const n = BigInt(s);
  return n > INT64_MAX || n < INT64_MIN ? undefined : n;
}

interface Suffix {
  readonly base: 2 | 10;
  readonly exponent: number;
  readonly format: QuantityFormat;
}

function interpretSuffix(suffix: string): Suffix | undefined {
  const dec = DECIMAL_SUFFIXES.get(suffix);
  if (dec !== undefined) return { base: 10, exponent: dec, format: 'DecimalSI' };
  const bin = BINARY_SUFFIXES.get(suffix);
  if (bin !== undefined) return { base: 2, exponent: bin, format: 'BinarySI' };
  if (suffix.length > 1 && (suffix[0] === 'e' || suffix[0] === 'E')) {
    const parsed = parseInt64(suffix.slice(1));
    if (parsed === undefined) return undefined;
    return { base: 10, exponent: Number(BigInt.asIntN(32, parsed)), format: 'DecimalExponent' };
  }
  return undefined;
}

/** Parses a quantity as the API server decodes one (ParseQuantity). */
export function parseQuantity(str: string): QuantityResult {
  if (str.length === 0) return fail(ERR_FORMAT_WRONG);
  if (str === '0') return { ok: true, quantity: { mantissa: 0n, exponent: 0, format: 'DecimalSI', text: str } };
  const s = scan(str);
  if (!s) return fail(ERR_FORMAT_WRONG);
  const suffix = interpretSuffix(s.suffix);
  if (!suffix) return fail(ERR_SUFFIX);
  const fast = fastPath(str, s, suffix);
  if (fast) return fast;
  return slowPath(s, suffix);
}

/** The int64 path: exact values that fit, keeping the input text when it is already canonical. */
function fastPath(str: string, s: Scanned, suffix: Suffix): QuantityResult | undefined {
  let scale = 0;
  let precision: number;
  let multiplier = 1n;
  if (suffix.format === 'BinarySI') {
    if (s.denom.length > 0) return undefined;
    multiplier = 1n << BigInt(suffix.exponent);
    precision = 15 - s.num.length - Math.trunc((suffix.exponent * 3) / 10) - 1;
  } else {
    scale = suffix.exponent;
    precision = MAX_INT64_FACTORS - (s.num.length + s.denom.length);
  }
  if (precision < 0) return undefined;
  scale -= s.denom.length;
  if (scale < NANO) return undefined;
  const shifted = s.num + s.denom;
  const value = parseInt64(shifted);
  if (value === undefined) return fail(ERR_NUMERIC);
  let result = value * multiplier;
  if (result > INT64_MAX) return undefined;
  if (!s.positive) result = -result;
  const canonicalText =
    suffix.format === 'BinarySI'
      ? suffix.exponent % 10 === 0 && (value & 7n) !== 0n
      : scale % 3 === 0 && !shifted.endsWith('000') && shifted[0] !== '0';
  const quantity: Quantity = { mantissa: result, exponent: scale, format: suffix.format, ...(canonicalText ? { text: str } : {}) };
  return { ok: true, quantity };
}

/** The arbitrary-precision path: rounded away from zero to nano, capped at 2^63-1. */
function slowPath(s: Scanned, suffix: Suffix): QuantityResult {
  const digits = (s.num + s.denom).replace(/^0+(?=.)/, '');
  let mantissa = BigInt(digits);
  let exponent = -s.denom.length;
  if (suffix.base === 10) exponent += suffix.exponent;
  else mantissa *= 1n << BigInt(suffix.exponent);
  let format = suffix.format;
  if (mantissa !== 0n) {
    ({ mantissa, exponent } = roundAwayFromZero(mantissa, exponent, NANO));
    if (exponent > NANO) {
      mantissa *= pow10(exponent - NANO);
      exponent = NANO;
    }
  }
  const cap = INT64_MAX * pow10(-NANO);
  if (mantissa > cap) mantissa = cap;
  if (format === 'BinarySI' && mantissa > 0n && mantissa < pow10(-NANO)) format = 'DecimalSI';
  return { ok: true, quantity: { mantissa: s.positive ? mantissa : -mantissa, exponent, format } };
}

/** `m × 10^e` at exponent `target` or coarser, rounding a remainder away from zero. */
function roundAwayFromZero(mantissa: bigint, exponent: number, target: number): { mantissa: bigint; exponent: number } {
  if (exponent >= target) return { mantissa, exponent };
  const divisor = pow10(target - exponent);
  let q = mantissa / divisor;
  if (mantissa % divisor !== 0n) q += mantissa < 0n ? -1n : 1n;
  return { mantissa: q, exponent: target };
}

/**
 * RoundUp(scale): a value with digits finer than `10^scale` is rounded away from zero to that
 * scale and loses its kept text (SetDefaults_ResourceList rounds every resource list to milli).
 */
export function roundUpQuantity(q: Quantity, scale: number): Quantity {
  if (q.exponent >= scale) return q;
  const r = roundAwayFromZero(q.mantissa, q.exponent, scale);
  return { mantissa: r.mantissa, exponent: r.exponent, format: q.format };
}

/** `value / base^k` for the largest k, as the package strips factors (only while |value| >= base). */
function removeFactors(value: bigint, base: bigint): { value: bigint; times: number } {
  const negative = value < 0n;
  let v = negative ? -value : value;
  let times = 0;
  while (v >= base && v % base === 0n) {
    v /= base;
    times++;
  }
  return { value: negative ? -v : v, times };
}

/** The canonical text of a quantity (Quantity.String()). */
export function formatQuantity(q: Quantity): string {
  if (q.text !== undefined) return q.text;
  if (q.mantissa === 0n) return '0';
  let format = q.format;
  if (format === 'BinarySI') {
    const small = compareToInt(q, 1024n) < 0 && compareToInt(q, -1024n) > 0;
    const integral = q.exponent >= 0 || q.mantissa % pow10(-q.exponent) === 0n;
    if (small || !integral) format = 'DecimalSI';
  }
  if (format === 'BinarySI') {
    const whole = q.exponent >= 0 ? q.mantissa * pow10(q.exponent) : q.mantissa / pow10(-q.exponent);
    const { value, times } = removeFactors(whole, 1024n);
    return `${value}${BINARY_BY_EXPONENT.get(times * 10) ?? ''}`;
  }
  const stripped = removeFactors(q.mantissa, 10n);
  let mantissa = stripped.value;
  let exponent = q.exponent + stripped.times;
  while (exponent % 3 !== 0) {
    mantissa *= 10n;
    exponent--;
  }
  if (format === 'DecimalExponent') return exponent === 0 ? `${mantissa}` : `${mantissa}e${exponent}`;
  const suffix = DECIMAL_BY_EXPONENT.get(exponent);
  return suffix === undefined ? `${mantissa}e${exponent}` : `${mantissa}${suffix}`;
}

function compareToInt(q: Quantity, n: bigint): number {
  const left = q.exponent >= 0 ? q.mantissa * pow10(q.exponent) : q.mantissa;
  const right = q.exponent >= 0 ? n : n * pow10(-q.exponent);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** The stored text of a quantity given as `text`, or the parse error. */
export function canonicalQuantity(text: string): { ok: true; text: string } | { ok: false; error: string } {
  const r = parseQuantity(text);
  return r.ok ? { ok: true, text: formatQuantity(r.quantity) } : r;
}

/** The sum of two quantities' values (Quantity.Add); the format is the first's. */
export function addQuantities(a: Quantity, b: Quantity): Quantity {
  const e = Math.min(a.exponent, b.exponent);
  return { mantissa: a.mantissa * pow10(a.exponent - e) + b.mantissa * pow10(b.exponent - e), exponent: e, format: a.format };
}

/** -1, 0 or 1 as `a` is less than, equal to or greater than `b` (Quantity.Cmp). */
export function compareQuantities(a: Quantity, b: Quantity): number {
  const e = Math.min(a.exponent, b.exponent);
  const left = a.mantissa * pow10(a.exponent - e);
  const right = b.mantissa * pow10(b.exponent - e);
  return left < right ? -1 : left > right ? 1 : 0;
}
