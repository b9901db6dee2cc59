/**
 * A CRD's `pattern` as kube-openapi runs it: Go's regexp package (RE2 syntax with Perl flags,
 * regexp.Compile), rewritten into a JavaScript RegExp (`u` mode) that matches the same strings,
 * or Go's compile error, word for word (`error parsing regexp: invalid escape sequence: \`\1\``),
 * for what RE2 refuses: backreferences, lookaround, atomic groups, possessive and other stacked
 * repetitions, `\Z`, bad repeat counts, unknown POSIX classes.
 *
 * Where the two dialects read the same text differently, the Go reading is written out:
 * `\A` and `\z` (text boundaries), `(?i)`, `(?s)`, `(?m)` and `(?U)` flags, also scoped and in
 * groups, `\Q...\E` quoting, `[[:alpha:]]` POSIX classes, `\pL` and `\p{Greek}` Unicode
 * classes, `\x{263a}` and octal escapes, any escaped punctuation, a literal `]` first in a class,
 * a `{` that is no repetition. Go's `.` matches any character but `\n` (JavaScript's also
 * refuses `\r` and the Unicode line separators) and `\s` is ASCII only (`[\t\n\f\r ]`).
 *
 * Compiled patterns are kept per text (kube-openapi keeps a cache of them too).
 */

export type GoRegexp = { readonly regexp: RegExp } | { readonly error: string };

const cache = new Map<string, GoRegexp>();

export function goRegexp(pattern: string): GoRegexp {
  let r = cache.get(pattern);
  if (r === undefined) {
    r = compile(pattern);
    if (cache.size > 1000) cache.clear();
    cache.set(pattern, r);
  }
  return r;
}

class GoSyntaxError extends Error {
  constructor(
    readonly code: string,
    readonly text: string,
  ) {
    super(`${code}: \`${text}\``);
  }
}

function compile(pattern: string): GoRegexp {
  try {
    const { source, ignoreCase } = translate(pattern);
    return { regexp: new RegExp(source, ignoreCase ? 'iu' : 'u') };
  } catch (e) {
    if (e instanceof GoSyntaxError) return { error: `error parsing regexp: ${e.message}` };
    // Our rewrite produced what JavaScript cannot read: name the pattern rather than skip the check.
    return { error: `error parsing regexp: invalid or unsupported Perl syntax: \`${pattern}\`` };
  }
}

interface Flags {
  i: boolean;
  m: boolean;
  s: boolean;
  U: boolean;
}

const ERR_ESCAPE = 'invalid escape sequence';
const ERR_PERL = 'invalid or unsupported Perl syntax';
const ERR_NAMED = 'invalid named capture';
const ERR_RANGE = 'invalid character class range';
const ERR_BRACKET = 'missing closing ]';
const ERR_PAREN = 'missing closing )';
const ERR_UNEXPECTED_PAREN = 'unexpected )';
const ERR_MISSING_REPEAT = 'missing argument to repetition operator';
const ERR_NESTED_REPEAT = 'invalid nested repetition operator';
const ERR_REPEAT_SIZE = 'invalid repeat count';

/** ASCII `\s` of Go (Perl classes are ASCII). */
const SPACE = '\\t\\n\\f\\r ';
const NOT_SPACE = '\\0-\\x08\\x0b\\x0e-\\x1f!-\\u{10FFFF}';

const POSIX: Readonly<Record<string, string>> = {
  alnum: '0-9A-Za-z',
  alpha: 'A-Za-z',
  ascii: '\\0-\\x7f',
  blank: '\\t ',
  cntrl: '\\0-\\x1f\\x7f',
  digit: '0-9',
  graph: '!-~',
  lower: 'a-z',
  print: ' -~',
  punct: '!-\\/:-@\\[-`\\{-~',
  space: '\\t\\n\\v\\f\\r ',
  upper: 'A-Z',
  word: '0-9A-Za-z_',
  xdigit: '0-9A-Fa-f',
};

/** A code point as a JavaScript pattern character (`u` mode: `\-` only inside a class). */
function lit(cp: number, inClass = true): string {
  if (cp < 0x20 || cp >= 0x7f) return `\\u{${cp.toString(16)}}`;
  const c = String.fromCodePoint(cp);
  if (c === '-') return inClass ? '\\-' : '-';
  return /[\\^$.*+?()[\]{}|/]/.test(c) ? `\\${c}` : c;
}

function isWordChar(c: string): boolean {
  return /[0-9A-Za-z_]/.test(c);
}

/** A letter's other cases (simple folding, as Go's and JavaScript's `i`). */
function caseVariants(cp: number): number[] {
  const c = String.fromCodePoint(cp);
  const out = new Set<number>([cp]);
  for (const v of [c.toLowerCase(), c.toUpperCase()]) if ([...v].length === 1) out.add(v.codePointAt(0)!);
  if (cp === 0x6b || cp === 0x4b) out.add(0x212a); // k K and the Kelvin sign
  if (cp === 0x73 || cp === 0x53) out.add(0x17f); // s S and the long s
  return [...out];
}

function translate(pattern: string): { source: string; ignoreCase: boolean } {
  // `(?i)` leading the whole pattern and never turned off: JavaScript's `i` flag.
  const wholeI = /^\(\?[msU]*i[imsU]*\)/.test(pattern) && !/\(\?[^)]*-[^)]*i/.test(pattern);
  let pos = 0;
  const n = pattern.length;
  const cp = () => pattern.codePointAt(pos)!;
  const cpLen = (c: number) => (c > 0xffff ? 2 : 1);
  const flagStack: Flags[] = [];
  let flags: Flags = { i: false, m: false, s: false, U: false };
  let out = '';
  // Whether the last item can take a repetition, and where the last repetition operator began.
  let canRepeat = false;
  let lastRepeat = -1;
  let depth = 0;

  const literal = (c: number): string => {
    if (!flags.i || wholeI) return lit(c, false);
    const vs = caseVariants(c);
    return vs.length === 1 ? lit(c, false) : `[${vs.map((v) => lit(v)).join('')}]`;
  };

  while (pos < n) {
    const start = pos;
    const c = pattern[pos];
    const repeatBefore = lastRepeat;
    lastRepeat = -1;
    if (c === '*' || c === '+' || c === '?' || (c === '{' && parseRepeat(pattern, pos) !== undefined)) {
      let op: string;
      let end: number;
      if (c === '{') {
        const rep = parseRepeat(pattern, pos)!;
        end = rep.end;
        if (rep.min > 1000 || rep.max > 1000 || (rep.max >= 0 && rep.min > rep.max)) throw new GoSyntaxError(ERR_REPEAT_SIZE, pattern.slice(pos, end));
        op = pattern.slice(pos, end);
      } else {
        end = pos + 1;
        op = c;
      }
      let lazy = false;
      if (pattern[end] === '?') {
        lazy = true;
        end++;
      }
      if (repeatBefore >= 0) throw new GoSyntaxError(ERR_NESTED_REPEAT, pattern.slice(repeatBefore, end));
      if (!canRepeat) throw new GoSyntaxError(ERR_MISSING_REPEAT, pattern.slice(pos, end));
      if (flags.U) lazy = !lazy;
      out += op + (lazy ? '?' : '');
      pos = end;
      lastRepeat = start;
      continue;
    }
    canRepeat = true;
    switch (c) {
      case '(': {
        if (pattern[pos + 1] === '?') {
          const g = perlGroup(pattern, pos, flags);
          pos = g.end;
          if (g.kind === 'flags') {
            flags = g.flags;
            canRepeat = false;
            continue;
          }
          flagStack.push(flags);
          flags = g.flags;
          out += g.kind === 'capture' ? '(' : '(?:';
        } else {
          flagStack.push(flags);
          out += '(';
          pos++;
        }
        depth++;
        canRepeat = false;
        continue;
      }
      case ')':
        if (depth === 0) throw new GoSyntaxError(ERR_UNEXPECTED_PAREN, pattern);
        depth--;
        flags = flagStack.pop()!;
        out += ')';
        pos++;
        continue;
      case '|':
        out += '|';
        pos++;
        canRepeat = false;
        continue;
      case '^':
        out += flags.m ? '(?:(?<=^|\\n))' : '(?:^)';
        pos++;
        continue;
      case '$':
        out += flags.m ? '(?:(?=\\n|$))' : '(?:$)';
        pos++;
        continue;
      case '.':
        out += flags.s ? '[\\s\\S]' : '[^\\n]';
        pos++;
        continue;
      case '[': {
        const cls = charClass(pattern, pos, flags.i && !wholeI);
        out += cls.source;
        pos = cls.end;
        continue;
      }
      case '\\': {
        if (pattern[pos + 1] === 'Q') {
          const close = pattern.indexOf('\\E', pos + 2);
          const text = close < 0 ? pattern.slice(pos + 2) : pattern.slice(pos + 2, close);
          pos = close < 0 ? n : close + 2;
          const chars = [...text];
          out += chars.map((ch, i) => (i === chars.length - 1 ? literal(ch.codePointAt(0)!) : `(?:${literal(ch.codePointAt(0)!)})`)).join('');
          if (chars.length === 0) canRepeat = false;
          continue;
        }
        const e = escape(pattern, pos, false);
        pos = e.end;
        if (e.kind === 'assert') {
          out += `(?:${e.source})`; // Go repeats an assertion; JavaScript only a group
          continue;
        }
        out += e.kind === 'char' ? literal(e.cp) : e.source;
        continue;
      }
      default: {
        const code = cp();
        out += literal(code);
        pos += cpLen(code);
      }
    }
  }
  if (depth > 0) throw new GoSyntaxError(ERR_PAREN, pattern);
  return { source: out, ignoreCase: wholeI };
}

/** `{n}`, `{n,}`, `{n,m}` at `pos` (Go: otherwise `{` is a literal); max -1 for none. */
function parseRepeat(p: string, pos: number): { min: number; max: number; end: number } | undefined {
  const m = /^\{(\d+)(,(\d*))?\}/.exec(p.slice(pos));
  if (!m) return undefined;
  const min = Number(m[1]);
  const max = m[2] === undefined ? min : m[3] === '' ? -1 : Number(m[3]);
  return { min, max, end: pos + m[0].length };
}

type Group = { kind: 'flags' | 'group' | 'capture'; flags: Flags; end: number };

/** `(?` at `pos`: flags, a non-capturing group with flags, a named capture, or Go's refusal. */
function perlGroup(p: string, pos: number, current: Flags): Group {
  const rest = p.slice(pos);
  // Named captures: (?P<name>re) and (?<name>re).
  const begin = rest.startsWith('(?P<') ? 4 : rest.startsWith('(?<') ? 3 : 0;
  if (begin !== 0) {
    const end = rest.indexOf('>');
    if (end < 0) throw new GoSyntaxError(ERR_NAMED, rest);
    const name = rest.slice(begin, end);
    if (name === '' || !/^[0-9A-Za-z_]+$/.test(name)) throw new GoSyntaxError(ERR_NAMED, rest.slice(0, end + 1));
    return { kind: 'capture', flags: current, end: pos + end + 1 };
  }
  const flags = { ...current };
  let sign = true;
  let sawFlag = false;
  for (let i = 2; i < rest.length; i++) {
    const c = rest[i];
    switch (c) {
      case 'i':
      case 'm':
      case 's':
      case 'U':
        flags[c] = sign;
        sawFlag = true;
        continue;
      case '-':
        if (!sign) break;
        sign = false;
        sawFlag = false;
        continue;
      case ':':
      case ')':
        if (!sign && !sawFlag) break; // `(?-)` or `(?i-:`
        return { kind: c === ')' ? 'flags' : 'group', flags, end: pos + i + 1 };
    }
    throw new GoSyntaxError(ERR_PERL, rest.slice(0, i + 1));
  }
  throw new GoSyntaxError(ERR_PAREN, p);
}

type Escape = { kind: 'char'; cp: number; end: number } | { kind: 'class' | 'assert'; source: string; inClass: string; end: number };

/** The escape at `pos` (a backslash): a character, a class (its source alone and inside brackets) or an assertion. */
function escape(p: string, pos: number, inClass: boolean): Escape {
  const c = p[pos + 1];
  if (c === undefined) throw new GoSyntaxError('trailing backslash at end of expression', '');
  const code = p.codePointAt(pos + 1)!;
  const end = pos + 1 + (code > 0xffff ? 2 : 1);
  if (code < 0x80 && !isWordChar(c)) return { kind: 'char', cp: code, end };
  const cls = (source: string, inside: string, e = end): Escape => ({ kind: 'class', source, inClass: inside, end: e });
  // Octal: \0 with up to two more digits, or \1-\7 followed by another (a single digit 1-7 is a backreference, refused).
  if (c === '0' || (/[1-7]/.test(c) && /[0-7]/.test(p[pos + 2] ?? ''))) {
    const m = /^[0-7]{1,3}/.exec(p.slice(pos + 1))!;
    return { kind: 'char', cp: parseInt(m[0], 8), end: pos + 1 + m[0].length };
  }
  switch (c) {
    case 'x': {
      if (p[pos + 2] === '{') {
        const close = p.indexOf('}', pos + 3);
        const hex = close < 0 ? '' : p.slice(pos + 3, close);
        if (!/^[0-9A-Fa-f]+$/.test(hex) || parseInt(hex, 16) > 0x10ffff) throw new GoSyntaxError(ERR_ESCAPE, p.slice(pos, close < 0 ? p.length : close + 1));
        return { kind: 'char', cp: parseInt(hex, 16), end: close + 1 };
      }
      const hex = p.slice(pos + 2, pos + 4);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) throw new GoSyntaxError(ERR_ESCAPE, p.slice(pos, pos + 2 + (/^[0-9A-Fa-f]/.test(hex) ? 2 : 1)));
      return { kind: 'char', cp: parseInt(hex, 16), end: pos + 4 };
    }
    case 'a':
      return { kind: 'char', cp: 7, end };
    case 'f':
      return { kind: 'char', cp: 12, end };
    case 'n':
      return { kind: 'char', cp: 10, end };
    case 'r':
      return { kind: 'char', cp: 13, end };
    case 't':
      return { kind: 'char', cp: 9, end };
    case 'v':
      return { kind: 'char', cp: 11, end };
    case 'd':
      return cls('\\d', '\\d');
    case 'D':
      return cls('\\D', '\\D');
    case 'w':
      return cls('\\w', '\\w');
    case 'W':
      return cls('\\W', '\\W');
    case 's':
      return cls(`[${SPACE}]`, SPACE);
    case 'S':
      return cls(`[${NOT_SPACE}]`, NOT_SPACE);
    case 'p':
    case 'P': {
      let name: string;
      let e: number;
      if (p[pos + 2] === '{') {
        const close = p.indexOf('}', pos + 3);
        if (close < 0) throw new GoSyntaxError('invalid character class range', p.slice(pos));
        name = p.slice(pos + 3, close);
        e = close + 1;
      } else {
        if (pos + 2 >= p.length) throw new GoSyntaxError('invalid character class range', p.slice(pos));
        name = String.fromCodePoint(p.codePointAt(pos + 2)!);
        e = pos + 2 + name.length;
      }
      let negate = c === 'P';
      if (name.startsWith('^')) {
        negate = !negate;
        name = name.slice(1);
      }
      const prop = unicodeProperty(name);
      if (prop === undefined) throw new GoSyntaxError('invalid character class range', p.slice(pos, e));
      const source = `\\${negate ? 'P' : 'p'}{${prop}}`;
      return cls(source, source, e);
    }
    case 'A':
      if (inClass) break;
      return { kind: 'assert', source: '^', inClass: '', end };
    case 'z':
      if (inClass) break;
      return { kind: 'assert', source: '$', inClass: '', end };
    case 'b':
      if (inClass) break;
      return { kind: 'assert', source: '\\b', inClass: '', end };
    case 'B':
      if (inClass) break;
      return { kind: 'assert', source: '\\B', inClass: '', end };
    case 'C':
      if (inClass) break;
      return cls('[\\s\\S]', '');
  }
  throw new GoSyntaxError(ERR_ESCAPE, p.slice(pos, end));
}

let scriptCheck: ((name: string) => boolean) | undefined;

/** Go's \p names: `Any`, general categories (one or two letters), scripts; as a JavaScript property. */
function unicodeProperty(name: string): string | undefined {
  if (name === 'Any') return 'Any';
  if (/^[A-Z][a-z]?$/.test(name)) {
    try {
      new RegExp(`\\p{${name}}`, 'u');
      return name;
    } catch {
      return undefined;
    }
  }
  scriptCheck ??= (s) => {
    try {
      new RegExp(`\\p{Script=${s}}`, 'u');
      return true;
    } catch {
      return false;
    }
  };
  return scriptCheck(name) ? `Script=${name}` : undefined;
}

/** A bracketed class at `pos`, as Go reads it (PerlX, UnicodeGroups, ClassNL). */
function charClass(p: string, pos: number, foldCase: boolean): { source: string; end: number } {
  let i = pos + 1;
  let negate = false;
  if (p[i] === '^') {
    negate = true;
    i++;
  }
  const items: string[] = [];
  let first = true;
  const missing = () => new GoSyntaxError(ERR_BRACKET, p.slice(pos));
  const single = (): { cp: number } | { source: string } => {
    if (i >= p.length) throw missing();
    if (p[i] === '\\') {
      const e = escape(p, i, true);
      i = e.end;
      return e.kind === 'char' ? { cp: e.cp } : { source: e.inClass };
    }
    const code = p.codePointAt(i)!;
    i += code > 0xffff ? 2 : 1;
    return { cp: code };
  };
  for (;;) {
    if (i >= p.length) throw missing();
    if (p[i] === ']' && !first) {
      i++;
      break;
    }
    first = false;
    // POSIX classes: [:alpha:] and [:^alpha:].
    if (p.startsWith('[:', i)) {
      const close = p.indexOf(':]', i + 2);
      if (close >= 0) {
        let name = p.slice(i + 2, close);
        const neg = name.startsWith('^');
        if (neg) name = name.slice(1);
        const body = Object.hasOwn(POSIX, name) ? POSIX[name] : undefined;
        if (body === undefined) throw new GoSyntaxError(ERR_RANGE, p.slice(i, close + 2));
        items.push(neg ? complementOf(body) : foldCase ? foldRanges(body) : body);
        i = close + 2;
        continue;
      }
    }
    const lo = single();
    if ('source' in lo) {
      items.push(lo.source);
      continue;
    }
    if (p[i] === '-' && p[i + 1] !== ']' && i + 1 < p.length) {
      i++;
      const hi = single();
      if ('source' in hi) throw new GoSyntaxError(ERR_RANGE, p.slice(i - 3, i)); // a class as a range's end
      if (hi.cp < lo.cp) throw new GoSyntaxError(ERR_RANGE, `${String.fromCodePoint(lo.cp)}-${String.fromCodePoint(hi.cp)}`);
      items.push(foldCase ? foldRanges(`${lit(lo.cp)}-${lit(hi.cp)}`, lo.cp, hi.cp) : `${lit(lo.cp)}-${lit(hi.cp)}`);
      continue;
    }
    items.push(foldCase ? caseVariants(lo.cp).map((v) => lit(v)).join('') : lit(lo.cp));
  }
  return { source: `[${negate ? '^' : ''}${items.join('')}]`, end: i };
}

/** The ASCII letters of a range in both cases (a scoped `(?i)` class); other characters as they are. */
function foldRanges(body: string, lo?: number, hi?: number): string {
  if (lo === undefined || hi === undefined) {
    if (body === 'a-z' || body === 'A-Z') return 'A-Za-z';
    return body;
  }
  const extra: string[] = [];
  const a = Math.max(lo, 0x61);
  const z = Math.min(hi, 0x7a);
  if (a <= z) extra.push(`${lit(a - 32)}-${lit(z - 32)}`);
  const A = Math.max(lo, 0x41);
  const Z = Math.min(hi, 0x5a);
  if (A <= Z) extra.push(`${lit(A + 32)}-${lit(Z + 32)}`);
  return body + extra.join('');
}

/** A POSIX class's complement as class items (`[:^alpha:]`). */
function complementOf(body: string): string {
  const ranges: [number, number][] = [];
  const re = /(\\u\{[0-9a-f]+\}|\\x[0-9a-f]{2}|\\0|\\[tnvfr]|\\.|.)(?:-(\\u\{[0-9a-f]+\}|\\x[0-9a-f]{2}|\\0|\\[tnvfr]|\\.|.))?/gu;
  const decode = (s: string): number => {
    if (s.startsWith('\\u{')) return parseInt(s.slice(3, -1), 16);
    if (s.startsWith('\\x')) return parseInt(s.slice(2), 16);
    if (s === '\\0') return 0;
    const esc: Record<string, number> = { '\\t': 9, '\\n': 10, '\\v': 11, '\\f': 12, '\\r': 13 };
    if (Object.hasOwn(esc, s)) return esc[s];
    return (s.startsWith('\\') ? s.slice(1) : s).codePointAt(0)!;
  };
  for (const m of body.matchAll(re)) {
    const lo = decode(m[1]);
    ranges.push([lo, m[2] === undefined ? lo : decode(m[2])]);
  }
  ranges.sort((x, y) => x[0] - y[0]);
  const out: string[] = [];
  let next = 0;
  for (const [lo, hi] of ranges) {
    if (lo > next) out.push(`${lit(next)}-${lit(lo - 1)}`);
    next = Math.max(next, hi + 1);
  }
  if (next <= 0x10ffff) out.push(`${lit(next)}-${lit(0x10ffff)}`);
  return out.join('');
}
