import { type Value, type ValueMap, newMap } from '../value/value.js';

/**
 * A small JSON scanner over a string, for the FieldsV1 readers. Unlike JSON.parse it lets the
 * caller see duplicate keys and stop anywhere, and it reads values iteratively with a nesting
 * limit, so hostile depth gives an error instead of a stack overflow.
 *
 * Messages follow json-iterator (the reference's reader) where the reference's text is known.
 * Lone `\uD800`-style escapes decode to U+FFFD, as json-iterator does.
 */
export class JsonReadError extends Error {
  constructor(
    readonly reason: string,
    /** Index into the text (UTF-16 units). */
    readonly index: number,
    readonly tooDeep = false,
  ) {
    super(reason);
    this.name = 'JsonReadError';
  }
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

export class JsonReader {
  pos = 0;
  constructor(readonly text: string) {}

  fail(reason: string, index = this.pos): never {
    throw new JsonReadError(reason, index);
  }

  /** The character at the cursor as an error message shows it. */
  found(): string {
    return this.pos < this.text.length ? String.fromCodePoint(this.text.codePointAt(this.pos)!) : 'end of input';
  }

  /** Skips JSON whitespace; returns the next char code (or -1 at the end). */
  ws(): number {
    const t = this.text;
    let p = this.pos;
    for (; p < t.length; p++) {
      const c = t.charCodeAt(p);
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
    }
    this.pos = p;
    return p < t.length ? t.charCodeAt(p) : -1;
  }

  atEnd(): boolean {
    return this.ws() === -1;
  }

  literal(word: string): void {
    if (!this.text.startsWith(word, this.pos)) this.fail(`expect ${word}, but found ${this.found()}`);
    this.pos += word.length;
  }

  /** Reads a string; the cursor must be on its opening quote. */
  readString(): string {
    const t = this.text;
    const start = ++this.pos;
    let p = start;
    // Fast path: no escapes.
    for (; p < t.length; p++) {
      const c = t.charCodeAt(p);
      if (c === 0x22) {
        this.pos = p + 1;
        return t.slice(start, p);
      }
      if (c === 0x5c) break;
      if (c < 0x20) this.fail(`ReadString: invalid control character found: ${c}`, p);
    }
    let out = t.slice(start, p);
    while (p < t.length) {
      const c = t.charCodeAt(p);
      if (c === 0x22) {
        this.pos = p + 1;
        return out;
      }
      if (c < 0x20) this.fail(`ReadString: invalid control character found: ${c}`, p);
      if (c !== 0x5c) {
        out += t[p++];
        continue;
      }
      const e = t[p + 1];
      p += 2;
      switch (e) {
        case '"':
        case '\\':
        case '/':
          out += e;
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'u': {
          const hi = this.hex4(p);
          p += 4;
          const isSurrogate = (u: number) => u >= 0xd800 && u <= 0xdfff;
          if (!isSurrogate(hi)) {
            out += String.fromCharCode(hi);
            break;
          }
          // As json-iterator: a surrogate escape followed by another \u escape consumes it too.
          if (t[p] === '\\' && t[p + 1] === 'u') {
            const lo = this.hex4(p + 2);
            p += 6;
            if (hi <= 0xdbff && lo >= 0xdc00 && lo <= 0xdfff) out += String.fromCharCode(hi, lo);
            else out += '\ufffd' + (isSurrogate(lo) ? '\ufffd' : String.fromCharCode(lo));
            break;
          }
          out += '\ufffd';
          break;
        }
        default:
          if (e === undefined) this.fail('readStringSlowPath: unexpected end of input', p - 1);
          this.fail('readEscapedChar: invalid escape char after \\', p - 1);
      }
    }
    this.fail('readStringSlowPath: unexpected end of input', p);
  }

  private hex4(p: number): number {
    const h = this.text.slice(p, p + 4);
    if (!/^[0-9a-fA-F]{4}$/.test(h)) this.fail(`readU4: expects 0~9 or a~f, but found ${h === '' ? 'end of input' : h}`, p);
    return parseInt(h, 16);
  }

  readNumber(): number {
    NUMBER.lastIndex = this.pos;
    const m = NUMBER.exec(this.text);
    if (!m) this.fail(`readNumber: invalid number, found ${this.found()}`);
    const x = Number(m[0]);
    if (!Number.isFinite(x)) this.fail(`strconv.ParseFloat: parsing "${m[0]}": value out of range`);
    this.pos += m[0].length;
    return x;
  }

  /**
   * Reads any JSON value. `depth` is the nesting the value sits in already; an object or array
   * that would go beyond `maxDepth` is an error (`tooDeep`). Maps have no prototype.
   */
  readValue(depth: number, maxDepth: number): Value {
    const stack: { container: Value[] | ValueMap; key: string }[] = [];
    for (;;) {
      let value: Value;
      const c = this.ws();
      if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
        if (depth + stack.length + 1 > maxDepth) throw new JsonReadError(`exceeded max depth of ${maxDepth}`, this.pos, true);
        this.pos++;
        const close = c === 0x7b ? 0x7d : 0x5d;
        if (this.ws() === close) {
          this.pos++;
          value = c === 0x7b ? newMap() : [];
        } else if (c === 0x7b) {
          stack.push({ container: newMap(), key: this.readKeyAndColon() });
          continue;
        } else {
          stack.push({ container: [], key: '' });
          continue;
        }
      } else {
        value = this.readScalar(c);
      }
      // Attach the finished value to its container; close containers that end here.
      for (;;) {
        const top = stack[stack.length - 1];
        if (top === undefined) return value;
        const list = Array.isArray(top.container);
        if (list) (top.container as Value[]).push(value);
        else (top.container as ValueMap)[top.key] = value;
        const next = this.ws();
        if (next === 0x2c /* , */) {
          this.pos++;
          if (!list) top.key = this.readKeyAndColon();
          break;
        }
        if (next !== (list ? 0x5d : 0x7d)) this.fail(list ? `ReadArray: expect , or ], but found ${this.found()}` : `ReadObject: expect , or }, but found ${this.found()}`);
        this.pos++;
        value = top.container;
        stack.pop();
      }
    }
  }

  private readKeyAndColon(): string {
    if (this.ws() !== 0x22) this.fail(`ReadObject: expect " after { or ,, but found ${this.found()}`);
    const key = this.readString();
    if (this.ws() !== 0x3a) this.fail(`ReadObject: expect : after object field, but found ${this.found()}`);
    this.pos++;
    return key;
  }

  private readScalar(c: number): Value {
    switch (c) {
      case 0x22:
        return this.readString();
      case 0x74:
        this.literal('true');
        return true;
      case 0x66:
        this.literal('false');
        return false;
      case 0x6e:
        this.literal('null');
        return null;
    }
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return this.readNumber();
    this.fail(`Read: unexpected value, found ${this.found()}`);
  }
}

/** The UTF-8 byte offset of `index` in `text` (what the reference's positions count). */
export function utf8Offset(text: string, index: number): number {
  let n = 0;
  for (let i = 0; i < index && i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < index) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}
