/**
 * The text of the syntax error Go's encoding/json gives for a text that is not JSON (its
 * SyntaxError, which sigs.k8s.io/json's fork keeps): `unexpected end of JSON input`, or `invalid
 * character <c> <where>` for the first byte that cannot continue the text, e.g. `invalid character
 * '}' looking for beginning of value`. Go reads bytes, so the text is read as its UTF-8 bytes and
 * a byte is named as Go's quoteChar names it (the byte as a code point, strconv.Quote'd). The
 * end of the text is read as one more space, as Go's scanner does: `-` alone is `invalid character
 * ' ' in numeric literal`.
 */
import { goQuote } from '../fieldpath/format-go-value.js';

/** Go's nesting limit of its JSON scanner. */
const MAX_NESTING = 10000;

type Container = 'object-key' | 'object-value' | 'array';

/** Where the reader is between bytes. */
type State =
  | { at: 'value'; orClose?: boolean }
  | { at: 'key'; orClose?: boolean }
  | { at: 'string'; escape: 0 | 1 | 2 | 3 | 4 | 5 } // 0 plain, 1 after `\`, 2..5 hex digits of `\u` still to read (5: four)
  | { at: 'number'; part: 'sign' | 'zero' | 'int' | 'dot' | 'fraction' | 'e' | 'exponent-sign' | 'exponent' }
  | { at: 'literal'; word: string; next: number }
  | { at: 'after-value' }
  | { at: 'end' };

/** The SyntaxError text, or undefined when `text` is one JSON value (with spaces around it). */
export function goJsonSyntaxError(text: string): string | undefined {
  const bytes = new TextEncoder().encode(text);
  const stack: Container[] = [];
  let state: State = { at: 'value' };
  const invalid = (c: number, where: string) => `invalid character ${quoteChar(c)} ${where}`;
  const hex = (c: number) => (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);
  const digit = (c: number) => c >= 0x30 && c <= 0x39;
  const space = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

  /** A value is complete: what follows it depends on the container it is in. */
  const afterValue = (): State => (stack.length === 0 ? { at: 'end' } : { at: 'after-value' });

  // Reads byte c in state s; a string is the error's text.
  const step = (s: State, c: number): State | string => {
    switch (s.at) {
      case 'value':
        if (space(c)) return s;
        if (s.orClose && c === 0x5d) return endOfValue(c);
        return beginValue(c);
      case 'key':
        if (space(c)) return s;
        if (s.orClose && c === 0x7d) {
          stack[stack.length - 1] = 'object-value';
          return endOfValue(c);
        }
        if (c === 0x22) return { at: 'string', escape: 0 };
        return invalid(c, 'looking for beginning of object key string');
      case 'string':
        if (s.escape === 0) {
          if (c === 0x22) return afterValue();
          if (c === 0x5c) return { at: 'string', escape: 1 };
          if (c < 0x20) return invalid(c, 'in string literal');
          return s;
        }
        if (s.escape === 1) {
          if ('bfnrt\\/"'.includes(String.fromCharCode(c))) return { at: 'string', escape: 0 };
          if (c === 0x75) return { at: 'string', escape: 5 };
          return invalid(c, 'in string escape code');
        }
        if (!hex(c)) return invalid(c, 'in \\u hexadecimal character escape');
        return { at: 'string', escape: s.escape === 2 ? 0 : ((s.escape - 1) as 2 | 3 | 4) };
      case 'number':
        return number(s.part, c);
      case 'literal':
        if (c !== s.word.charCodeAt(s.next)) return invalid(c, `in literal ${s.word} (expecting ${quoteChar(s.word.charCodeAt(s.next))})`);
        return s.next + 1 === s.word.length ? afterValue() : { at: 'literal', word: s.word, next: s.next + 1 };
      case 'after-value':
        return endOfValue(c);
      case 'end':
        return space(c) ? s : invalid(c, 'after top-level value');
    }
  };

  const beginValue = (c: number): State | string => {
    switch (c) {
      case 0x7b:
        return push(c, 'object-key', { at: 'key', orClose: true });
      case 0x5b:
        return push(c, 'array', { at: 'value', orClose: true });
      case 0x22:
        return { at: 'string', escape: 0 };
      case 0x2d:
        return { at: 'number', part: 'sign' };
      case 0x30:
        return { at: 'number', part: 'zero' };
      case 0x74:
        return { at: 'literal', word: 'true', next: 1 };
      case 0x66:
        return { at: 'literal', word: 'false', next: 1 };
      case 0x6e:
        return { at: 'literal', word: 'null', next: 1 };
    }
    if (c >= 0x31 && c <= 0x39) return { at: 'number', part: 'int' };
    return invalid(c, 'looking for beginning of value');
  };

  const push = (c: number, container: Container, next: State): State | string => {
    stack.push(container);
    return stack.length > MAX_NESTING ? invalid(c, 'exceeded max depth') : next;
  };

  const number = (part: Extract<State, { at: 'number' }>['part'], c: number): State | string => {
    switch (part) {
      case 'sign':
        if (c === 0x30) return { at: 'number', part: 'zero' };
        if (c >= 0x31 && c <= 0x39) return { at: 'number', part: 'int' };
        return invalid(c, 'in numeric literal');
      case 'int':
      case 'zero':
        // Digits go on after a non-zero first digit only (`01` is a 0, then a 1 too many).
        if (part === 'int' && digit(c)) return { at: 'number', part: 'int' };
        if (c === 0x2e) return { at: 'number', part: 'dot' };
        if (c === 0x65 || c === 0x45) return { at: 'number', part: 'e' };
        return afterNumber(c);
      case 'dot':
        if (digit(c)) return { at: 'number', part: 'fraction' };
        return invalid(c, 'after decimal point in numeric literal');
      case 'fraction':
        if (digit(c)) return { at: 'number', part: 'fraction' };
        if (c === 0x65 || c === 0x45) return { at: 'number', part: 'e' };
        return afterNumber(c);
      case 'e':
      case 'exponent-sign':
        // One sign may follow the `e`; then a digit must.
        if (part === 'e' && (c === 0x2b || c === 0x2d)) return { at: 'number', part: 'exponent-sign' };
        if (digit(c)) return { at: 'number', part: 'exponent' };
        return invalid(c, 'in exponent of numeric literal');
      case 'exponent':
        if (digit(c)) return { at: 'number', part: 'exponent' };
        return afterNumber(c);
    }
  };

  /** The byte after a number's last digit ends it, and is then read as what follows a value. */
  const afterNumber = (c: number): State | string => {
    const s = afterValue();
    return s.at === 'end' ? step(s, c) : endOfValue(c);
  };

  /** A byte after a complete value inside a container. */
  const endOfValue = (c: number): State | string => {
    if (stack.length === 0) return step({ at: 'end' }, c);
    if (space(c)) return { at: 'after-value' };
    const top = stack.length - 1;
    switch (stack[top]) {
      case 'object-key':
        if (c === 0x3a) {
          stack[top] = 'object-value';
          return { at: 'value' };
        }
        return invalid(c, 'after object key');
      case 'object-value':
        if (c === 0x2c) {
          stack[top] = 'object-key';
          return { at: 'key' };
        }
        if (c === 0x7d) return pop();
        return invalid(c, 'after object key:value pair');
      case 'array':
        if (c === 0x2c) return { at: 'value' };
        if (c === 0x5d) return pop();
        return invalid(c, 'after array element');
    }
  };

  const pop = (): State => {
    stack.pop();
    return afterValue();
  };

  for (const c of bytes) {
    const next = step(state, c);
    if (typeof next === 'string') return next;
    state = next;
  }
  // The end is read as a space, which completes a number but nothing else.
  const last = step(state, 0x20);
  if (typeof last === 'string') return last;
  return last.at === 'end' ? undefined : 'unexpected end of JSON input';
}

/** Go's quoteChar: a byte read as a code point, in single quotes, escaped as strconv.Quote does. */
function quoteChar(c: number): string {
  if (c === 0x27) return `'\\''`;
  if (c === 0x22) return `'"'`;
  return `'${goQuote(String.fromCharCode(c)).slice(1, -1)}'`;
}
