/**
 * Whether Go 1.23's `net/mail.ParseAddress` reads a string as one address, the `email` format
 * of kube-openapi's strfmt registry (IsEmail). Facts from src/net/mail/message.go (Go 1.23, with
 * domain literals, before the `IPv6:` tag):
 *
 * - spaces and tabs (no other white space) are skipped before an address, after the `@`, between
 *   phrase words and at the end, where comments `( ... )` may follow too;
 * - an addr-spec is tried first: a local part (a dot-atom of atext, no leading, trailing or double
 *   dot, or a non-empty quoted string) directly followed by `@`, then a dot-atom domain or a
 *   `[domain literal]` that net.ParseIP reads; after it only a comment, which names the address;
 * - otherwise a phrase (words: atoms that may hold dots anywhere, or quoted strings; an RFC 2047
 *   encoded word in a charset other than UTF-8, ISO-8859-1 or US-ASCII ends it, and is an error
 *   as its first word), then `<addr-spec>` with nothing between the spec and `>`, or `:` and a
 *   group list `;`, which must then hold exactly one address;
 * - atext is every printable ASCII character but the specials `()<>[]:;@\,"` (and `.` outside a
 *   dot-atom), and every non-ASCII character (RFC 6532).
 */
import { isGoIPv4, isGoIPv6 } from './go-parse-ip.js';

const SPECIALS = '()<>[]:;@\\,"';
const isVchar = (c: string): boolean => (c >= '!' && c <= '~') || c.codePointAt(0)! >= 0x80;
const isWSP = (c: string): boolean => c === ' ' || c === '\t';
const isAtext = (c: string, dot: boolean): boolean => (c === '.' ? dot : !SPECIALS.includes(c) && isVchar(c));
const isQtext = (c: string): boolean => c !== '\\' && c !== '"' && isVchar(c);
const isDtext = (c: string): boolean => c !== '[' && c !== ']' && c !== '\\' && isVchar(c);

/** net.ParseIP (Go 1.23): the first `.` or `:` decides the family; no leading zeros, no zone. */
function isGoParseIP(s: string): boolean {
  for (const ch of s) {
    if (ch === '.') return isGoIPv4(s, false);
    if (ch === ':') return isGoIPv6(s, false);
  }
  return false;
}

/** The charsets mime.WordDecoder reads without a CharsetReader. */
const READABLE_CHARSETS = ['utf-8', 'iso-8859-1', 'us-ascii'];

/** decodeRFC2047Word's error: a well-formed encoded word whose charset cannot be read. */
function unreadableEncodedWord(word: string): boolean {
  const m = /^=\?([^?]+)\?([BbQq])\?([^?]*)\?=$/.exec(word);
  if (!m || READABLE_CHARSETS.includes(m[1].toLowerCase())) return false;
  // The text is decoded before the charset is looked at; a bad text is no encoded word.
  if (m[2] === 'B' || m[2] === 'b') return /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(m[3]);
  return !/=(?![0-9A-Fa-f]{2})/.test(m[3]);
}

class Failed extends Error {}
const fail = (): never => {
  throw new Failed();
};

/** The parser's state: the text not read yet. */
class Parser {
  constructor(public s: string) {}

  get empty(): boolean {
    return this.s.length === 0;
  }

  consume(c: string): boolean {
    if (!this.s.startsWith(c)) return false;
    this.s = this.s.slice(1);
    return true;
  }

  skipSpace(): void {
    this.s = this.s.replace(/^[ \t]+/, '');
  }

  /** A comment's text after its `(` (a backslash keeps the next character); undefined when it does not close. */
  comment(): string | undefined {
    let depth = 1;
    let text = '';
    while (this.s.length > 0 && depth > 0) {
      if (this.s[0] === '\\' && this.s.length > 1) this.s = this.s.slice(1);
      else if (this.s[0] === '(') depth++;
      else if (this.s[0] === ')') depth--;
      if (depth > 0) text += this.s[0];
      this.s = this.s.slice(1);
    }
    return depth === 0 ? text : undefined;
  }

  skipCFWS(): boolean {
    this.skipSpace();
    while (this.consume('(')) {
      if (this.comment() === undefined) return false;
      this.skipSpace();
    }
    return true;
  }

  atom(dot: boolean, permissive: boolean): string {
    let i = 0;
    for (const c of this.s) {
      if (!isAtext(c, dot)) break;
      i += c.length;
    }
    if (i === 0) fail();
    const atom = this.s.slice(0, i);
    this.s = this.s.slice(i);
    if (!permissive && (atom.startsWith('.') || atom.includes('..') || atom.endsWith('.'))) fail();
    return atom;
  }

  quoted(): string {
    let out = '';
    let escaped = false;
    let i = 1;
    for (;;) {
      const c = String.fromCodePoint(this.s.codePointAt(i) ?? fail());
      if (escaped) {
        if (!isVchar(c) && !isWSP(c)) fail();
        out += c;
        escaped = false;
      } else if (isQtext(c) || isWSP(c)) out += c;
      else if (c === '"') break;
      else if (c === '\\') escaped = true;
      else fail();
      i += c.length;
    }
    this.s = this.s.slice(i + 1);
    return out;
  }

  domainLiteral(): void {
    this.consume('[');
    let text = '';
    while (!this.s.startsWith(']')) {
      if (this.empty) fail();
      const c = String.fromCodePoint(this.s.codePointAt(0)!);
      if (!isDtext(c)) fail();
      text += c;
      this.s = this.s.slice(c.length);
    }
    this.consume(']');
    if (!isGoParseIP(text)) fail();
  }

  /** consumeAddrSpec: on failure the text is left as it was. */
  addrSpec(): boolean {
    const orig = this.s;
    try {
      this.skipSpace();
      if (this.empty) fail();
      if (this.s.startsWith('"')) {
        if (this.quoted() === '') fail();
      } else this.atom(true, false);
      if (!this.consume('@')) fail();
      this.skipSpace();
      if (this.empty) fail();
      if (this.s.startsWith('[')) this.domainLiteral();
      else this.atom(true, false);
      return true;
    } catch (e) {
      if (!(e instanceof Failed)) throw e;
      this.s = orig;
      return false;
    }
  }

  /** consumePhrase: at least one word. */
  phrase(): void {
    let words = 0;
    for (;;) {
      if (words > 0 && !this.skipCFWS()) fail();
      this.skipSpace();
      if (this.empty) break;
      try {
        if (this.s.startsWith('"')) this.quoted();
        else if (unreadableEncodedWord(this.atom(true, true))) fail();
      } catch (e) {
        if (!(e instanceof Failed)) throw e;
        if (words === 0) throw e;
        break;
      }
      words++;
    }
    if (words === 0) fail();
  }

  /** parseAddress: how many addresses (a group may hold none or several). */
  address(handleGroup: boolean): number {
    this.skipSpace();
    if (this.empty) fail();
    if (this.addrSpec()) {
      this.skipSpace();
      // A comment names the address; its words are decoded as RFC 2047 words.
      if (this.consume('(')) {
        const text = this.comment() ?? fail();
        if (text.split(/[ \t]+/).some(unreadableEncodedWord)) fail();
      }
      return 1;
    }
    if (!this.s.startsWith('<')) this.phrase();
    this.skipSpace();
    if (handleGroup && this.consume(':')) return this.groupList();
    if (!this.consume('<')) fail();
    if (!this.addrSpec()) fail();
    if (!this.consume('>')) fail();
    return 1;
  }

  groupList(): number {
    this.skipSpace();
    if (this.consume(';')) {
      if (!this.skipCFWS()) fail();
      return 0;
    }
    let count = 0;
    for (;;) {
      this.skipSpace();
      count += this.address(false);
      if (!this.skipCFWS()) fail();
      if (this.consume(';')) {
        if (!this.skipCFWS()) fail();
        return count;
      }
      if (!this.consume(',')) fail();
    }
  }
}

/** `mail.ParseAddress(s)` succeeds (its address is then never empty). */
export function isGoMailAddress(s: string): boolean {
  const p = new Parser(s);
  try {
    const count = p.address(true);
    return p.skipCFWS() && p.empty && count === 1;
  } catch (e) {
    if (e instanceof Failed) return false;
    throw e;
  }
}
