/**
 * `kubectl get -o yaml`: the object goes through sigs.k8s.io/yaml (JSON → Go's yaml.v2), so the
 * text is what yaml.v2's emitter (a port of libyaml) writes for plain data:
 *
 * - map keys in yaml.v2's "natural" order (digits compared as numbers, letters after other
 *   characters: `.` < `f:` < `i:` < `k:` < `v:`, `a2` < `a10`);
 * - block style, two-space indents, lists not indented under their key; `{}` and `[]` for empty
 *   containers;
 * - strings plain when yaml.v2 would read them back as the same string, double-quoted when it
 *   would read something else (`"true"`, `"80"`, `"no"`, timestamps, `""`), single-quoted when
 *   plain style is impossible (`'*'`, `'a: b'`), literal (`|`, `|-`) when they contain a newline;
 *   plain and quoted strings with spaces folded past column 80.
 */
import { formatGoFloat } from '../fieldpath/format-go-value.js';
import { formatGoJsonNumber } from '../fieldpath/json-text.js';
import { fitsInt64, type Value, type ValueMap } from '../value/value.js';

const BEST_WIDTH = 80;
const BEST_INDENT = 2;

/** The YAML text yaml.v2 writes for `value` (ends with a newline). */
export function toYaml(value: Value): string {
  const e = new Emitter();
  e.node(value, -1, 'root');
  e.writeIndent(0); // document end
  return e.out;
}

type Context = 'root' | 'seq' | 'map' | 'key';
type Style = 'plain' | 'single' | 'double' | 'literal';

class Emitter {
  out = '';
  column = 0;
  whitespace = true;
  indention = true;

  private put(ch: string): void {
    this.out += ch;
    this.column++;
  }

  private write(s: string): void {
    for (const ch of s) this.put(ch);
  }

  putBreak(): void {
    this.out += '\n';
    this.column = 0;
  }

  writeIndent(indent: number): void {
    const i = indent >= 0 ? indent : 0;
    if (!this.indention || this.column > i || (this.column === i && !this.whitespace)) this.putBreak();
    while (this.column < i) this.put(' ');
    this.whitespace = true;
    this.indention = true;
  }

  private indicator(ind: string, needWhitespace: boolean, isWhitespace: boolean, isIndention: boolean): void {
    if (needWhitespace && !this.whitespace) this.put(' ');
    this.write(ind);
    this.whitespace = isWhitespace;
    this.indention = this.indention && isIndention;
  }

  node(v: Value, indent: number, ctx: Context): void {
    if (v !== null && typeof v === 'object') {
      const empty = Array.isArray(v) ? v.length === 0 : Object.keys(v).length === 0;
      if (empty) {
        const [open, close] = Array.isArray(v) ? ['[', ']'] : ['{', '}'];
        this.indicator(open, true, true, false);
        this.indicator(close, false, false, false);
        return;
      }
      if (Array.isArray(v)) {
        const indentless = ctx === 'map' && !this.indention;
        const s = increase(indent, false, indentless);
        for (const item of v) {
          this.writeIndent(s);
          this.indicator('-', true, false, true);
          this.node(item, s, 'seq');
        }
        return;
      }
      const m = v as ValueMap;
      const i = increase(indent, false, false);
      for (const key of Object.keys(m).sort(yamlKeyOrder)) {
        this.writeIndent(i);
        if (isSimpleKey(key)) {
          this.scalar(key, increase(i, true, false), true);
          this.indicator(':', false, false, false);
        } else {
          this.indicator('?', true, false, true);
          this.scalar(key, increase(i, true, false), false);
          this.writeIndent(i);
          this.indicator(':', true, false, true);
        }
        this.node(m[key], i, 'map');
      }
      return;
    }
    const scalarIndent = increase(indent, true, false);
    if (typeof v === 'string') return this.scalar(v, scalarIndent, ctx === 'key');
    this.plain(v === null ? 'null' : typeof v === 'number' || typeof v === 'bigint' ? formatYamlNumber(v) : v ? 'true' : 'false', scalarIndent, false);
  }

  scalar(s: string, indent: number, simpleKey: boolean): void {
    let style: Style = s.includes('\n') ? 'literal' : resolvesToString(s) && !BASE60_FLOAT.test(s) ? 'plain' : 'double';
    const a = analyze(s);
    if (simpleKey && a.multiline) style = 'double';
    if (style === 'plain') {
      if (!a.blockPlainAllowed) style = 'single';
      if (s.length === 0 && simpleKey) style = 'single';
    }
    if (style === 'single' && !a.singleQuotedAllowed) style = 'double';
    if (style === 'literal' && (!a.blockAllowed || simpleKey)) style = 'double';
    switch (style) {
      case 'plain':
        return this.plain(s, indent, !simpleKey);
      case 'single':
        return this.singleQuoted(s, indent, !simpleKey);
      case 'double':
        return this.doubleQuoted(s, indent, !simpleKey);
      case 'literal':
        return this.literal(s, indent);
    }
  }

  private plain(s: string, indent: number, allowBreaks: boolean): void {
    if (!this.whitespace && s.length > 0) this.put(' ');
    const chars = [...s];
    let spaces = false;
    for (let i = 0; i < chars.length; i++) {
      const ch = chars[i];
      if (ch === ' ') {
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && chars[i + 1] !== ' ') this.writeIndent(indent);
        else this.put(ch);
        spaces = true;
      } else {
        this.put(ch);
        this.indention = false;
        spaces = false;
      }
    }
    this.whitespace = false;
    this.indention = false;
  }

  private singleQuoted(s: string, indent: number, allowBreaks: boolean): void {
    this.indicator("'", true, false, false);
    const chars = [...s];
    let spaces = false;
    for (let i = 0; i < chars.length; i++) {
      const ch = chars[i];
      if (ch === ' ') {
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && i !== 0 && i !== chars.length - 1 && chars[i + 1] !== ' ') {
          this.writeIndent(indent);
        } else this.put(ch);
        spaces = true;
      } else {
        this.put(ch);
        if (ch === "'") this.put("'");
        this.indention = false;
        spaces = false;
      }
    }
    this.indicator("'", false, false, false);
  }

  private doubleQuoted(s: string, indent: number, allowBreaks: boolean): void {
    this.indicator('"', true, false, false);
    const chars = [...s];
    let spaces = false;
    for (let i = 0; i < chars.length; i++) {
      const ch = chars[i];
      const cp = ch.codePointAt(0)!;
      if (!isPrintable(cp) || cp === 0xfeff || isBreak(cp) || ch === '"' || ch === '\\') {
        this.write('\\' + escapeFor(cp));
        spaces = false;
      } else if (ch === ' ') {
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && i !== 0 && i !== chars.length - 1) {
          this.writeIndent(indent);
          if (chars[i + 1] === ' ') this.put('\\');
        } else this.put(ch);
        spaces = true;
      } else {
        this.put(ch);
        spaces = false;
      }
    }
    this.indicator('"', false, false, false);
  }

  private literal(s: string, indent: number): void {
    this.indicator('|', true, false, false);
    const chars = [...s];
    const first = chars[0]?.codePointAt(0);
    if (first !== undefined && (first === 0x20 || isBreak(first))) this.indicator(String(BEST_INDENT), false, false, false);
    let chomp = '';
    if (chars.length === 0) chomp = '-';
    else {
      const last = chars[chars.length - 1].codePointAt(0)!;
      if (!isBreak(last)) chomp = '-';
      else if (chars.length === 1) chomp = '+';
      else if (isBreak(chars[chars.length - 2].codePointAt(0)!)) chomp = '+';
    }
    if (chomp) this.indicator(chomp, false, false, false);
    this.putBreak();
    this.indention = true;
    this.whitespace = true;
    let breaks = true;
    for (const ch of chars) {
      if (isBreak(ch.codePointAt(0)!)) {
        this.putBreak();
        this.indention = true;
        breaks = true;
      } else {
        if (breaks) this.writeIndent(indent);
        this.put(ch);
        this.indention = false;
        breaks = false;
      }
    }
  }
}

function increase(indent: number, flow: boolean, indentless: boolean): number {
  if (indent < 0) return flow ? BEST_INDENT : 0;
  return indentless ? indent : indent + BEST_INDENT;
}

/** libyaml writes a key as `? key` when it is longer than 128 bytes or spans lines. */
function isSimpleKey(key: string): boolean {
  let bytes = 0;
  for (const ch of key) {
    const cp = ch.codePointAt(0)!;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return bytes <= 128 && !/[\n\r\u0085\u2028\u2029]/.test(key);
}

const UINT64_LIMIT = 2n ** 64n;

/**
 * What yaml.v2 writes for the number Go's encoding/json wrote: it reads that JSON text back as an
 * int64 or a uint64 when the text is an integer that fits one (ints, and floats below 1e21 that are
 * whole: `1152921504606847000`), and writes those in decimal; anything else is a float64, written
 * as `FormatFloat(f, 'g', -1, 64)` (`1.5`, `1e+21`, `1.8446744073709552e+19`).
 */
function formatYamlNumber(x: number | bigint): string {
  if (typeof x === 'bigint') return x.toString();
  if (Number.isNaN(x)) return '.nan';
  if (x === Infinity) return '.inf';
  if (x === -Infinity) return '-.inf';
  const json = formatGoJsonNumber(x);
  if (/^-?[0-9]+$/.test(json)) {
    const n = BigInt(json);
    if (fitsInt64(n) || (n >= 0n && n < UINT64_LIMIT)) return json;
  }
  return formatGoFloat(x);
}

// ---- what yaml.v2 would read a plain scalar as ------------------------------------------------

const BASE60_FLOAT = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;
const NON_STRINGS = new Set([
  ...['y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON'],
  ...['n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF'],
  ...['', '~', 'null', 'Null', 'NULL'],
  ...['.nan', '.NaN', '.NAN', '.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF', '-.inf', '-.Inf', '-.INF'],
]);
const GO_INT = /^[+-]?(?:0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)$/;
const YAML_FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;
const DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const DATE_TIME = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[Tt]\d{1,2}:\d{1,2}:\d{1,2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})| \d{1,2}:\d{1,2}:\d{1,2}(?:\.\d+)?)$/;

/** yaml.v2's `resolve("", s)` gives the string tag (so the string may be written plain). */
function resolvesToString(s: string): boolean {
  if (NON_STRINGS.has(s)) return false;
  const c = s[0];
  if (c === '.') return !(YAML_FLOAT.test(s) && s.length > 1);
  if (c === '+' || c === '-' || (c >= '0' && c <= '9')) {
    if (c >= '0' && c <= '9' && isTimestamp(s)) return false;
    const plain = s.replace(/_/g, '');
    if (GO_INT.test(plain) || YAML_FLOAT.test(plain)) return false;
    if (/^-?0[bB][01]+$/.test(plain)) return false;
  }
  return true;
}

function isTimestamp(s: string): boolean {
  const m = DATE.exec(s) ?? DATE_TIME.exec(s);
  if (!m) return false;
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const days = new Date(Date.UTC(Number(m[1]), month, 0)).getUTCDate();
  return day <= days;
}

// ---- libyaml's scalar analysis --------------------------------------------------------------

interface Analysis {
  multiline: boolean;
  blockPlainAllowed: boolean;
  singleQuotedAllowed: boolean;
  blockAllowed: boolean;
}

const isBreak = (cp: number) => cp === 0x0a || cp === 0x0d || cp === 0x85 || cp === 0x2028 || cp === 0x2029;
const isBlankZ = (cp: number | undefined) => cp === undefined || cp === 0x20 || cp === 0x09 || isBreak(cp) || cp === 0;
function isPrintable(cp: number): boolean {
  return (
    cp === 0x0a ||
    (cp >= 0x20 && cp <= 0x7e) ||
    (cp >= 0xa0 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd && cp !== 0xfeff)
  );
}

function analyze(s: string): Analysis {
  if (s.length === 0) return { multiline: false, blockPlainAllowed: true, singleQuotedAllowed: true, blockAllowed: false };
  const cps = [...s].map((c) => c.codePointAt(0)!);
  let blockIndicators = false;
  let leadingSpace = false;
  let leadingBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  let previousSpace = false;
  let previousBreak = false;
  let lineBreaks = false;
  let special = false;
  if (s.startsWith('---') || s.startsWith('...')) blockIndicators = true;
  let precededByWhitespace = true;
  for (let i = 0; i < cps.length; i++) {
    const cp = cps[i];
    const ch = String.fromCodePoint(cp);
    const followedByWhitespace = isBlankZ(cps[i + 1]);
    if (i === 0) {
      if ('#,[]{}&*!|>\'"%@`'.includes(ch)) blockIndicators = true;
      if ((ch === '?' || ch === ':') && followedByWhitespace) blockIndicators = true;
      if (ch === '-' && followedByWhitespace) blockIndicators = true;
    } else {
      if (ch === ':' && followedByWhitespace) blockIndicators = true;
      if (ch === '#' && precededByWhitespace) blockIndicators = true;
    }
    if (!isPrintable(cp)) special = true;
    if (isBreak(cp)) lineBreaks = true;
    if (cp === 0x20) {
      if (i === 0) leadingSpace = true;
      if (i === cps.length - 1) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (isBreak(cp)) {
      if (i === 0) leadingBreak = true;
      if (i === cps.length - 1) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousBreak = true;
      previousSpace = false;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    precededByWhitespace = isBlankZ(cp);
  }
  let blockPlainAllowed = true;
  let singleQuotedAllowed = true;
  let blockAllowed = true;
  if (leadingSpace || leadingBreak || trailingSpace || trailingBreak) blockPlainAllowed = false;
  if (trailingSpace) blockAllowed = false;
  if (breakSpace) {
    blockPlainAllowed = false;
    singleQuotedAllowed = false;
  }
  if (spaceBreak || special) {
    blockPlainAllowed = false;
    singleQuotedAllowed = false;
    blockAllowed = false;
  }
  if (lineBreaks) blockPlainAllowed = false;
  if (blockIndicators) blockPlainAllowed = false;
  return { multiline: lineBreaks, blockPlainAllowed, singleQuotedAllowed, blockAllowed };
}

const ESCAPES: Record<number, string> = {
  0x00: '0', 0x07: 'a', 0x08: 'b', 0x09: 't', 0x0a: 'n', 0x0b: 'v', 0x0c: 'f', 0x0d: 'r', 0x1b: 'e',
  0x22: '"', 0x5c: '\\', 0x85: 'N', 0xa0: '_', 0x2028: 'L', 0x2029: 'P',
};

function escapeFor(cp: number): string {
  const short = ESCAPES[cp];
  if (short !== undefined) return short;
  const hex = cp.toString(16).toUpperCase();
  if (cp <= 0xff) return 'x' + hex.padStart(2, '0');
  if (cp <= 0xffff) return 'u' + hex.padStart(4, '0');
  return 'U' + hex.padStart(8, '0');
}

// ---- yaml.v2's key order ----------------------------------------------------------------------

// ASCII is answered without them (key order is asked for every key written), and they are built
// on first use: V8 builds the code point sets of Unicode classes when the expression is made,
// millions of instructions that module-level literals would cost every start.
let letter: RegExp | undefined;
let digit: RegExp | undefined;
const isUnicodeLetter = (cp: number): boolean => (letter ??= /\p{L}/u).test(String.fromCodePoint(cp));
const isUnicodeDigit = (cp: number): boolean => (digit ??= /\p{Nd}/u).test(String.fromCodePoint(cp));

/** yaml.v2's `keyList.Less` for string keys: runs of digits compare as numbers, letters after others. */
export function yamlKeyOrder(a: string, b: string): number {
  if (a === b) return 0;
  return keyLess(a, b) ? -1 : keyLess(b, a) ? 1 : 0;
}

function keyLess(a: string, b: string): boolean {
  const ar = [...a].map((c) => c.codePointAt(0)!);
  const br = [...b].map((c) => c.codePointAt(0)!);
  const isLetter = (cp: number) => (cp < 0x80 ? (cp | 0x20) >= 0x61 && (cp | 0x20) <= 0x7a : isUnicodeLetter(cp));
  const isDigit = (cp: number) => (cp < 0x80 ? cp >= 0x30 && cp <= 0x39 : isUnicodeDigit(cp));
  for (let i = 0; i < ar.length && i < br.length; i++) {
    if (ar[i] === br[i]) continue;
    const al = isLetter(ar[i]);
    const bl = isLetter(br[i]);
    if (al && bl) return ar[i] < br[i];
    if (al || bl) return bl;
    let an = 0;
    let bn = 0;
    if (ar[i] === 0x30 || br[i] === 0x30) {
      for (let j = i - 1; j >= 0 && isDigit(ar[j]); j--) {
        if (ar[j] !== 0x30) {
          an = 1;
          bn = 1;
          break;
        }
      }
    }
    let ai = i;
    for (; ai < ar.length && isDigit(ar[ai]); ai++) an = an * 10 + (ar[ai] - 0x30);
    let bi = i;
    for (; bi < br.length && isDigit(br[bi]); bi++) bn = bn * 10 + (br[bi] - 0x30);
    if (an !== bn) return an < bn;
    if (ai !== bi) return ai < bi;
    return ar[i] < br[i];
  }
  return ar.length < br.length;
}
