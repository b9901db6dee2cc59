import { SsaError } from '../errors/ssa-error.js';
import { fitsInt64, intValue, newMap, type Value } from './value.js';

/**
 * JSON text as Kubernetes decodes user data (sigs.k8s.io/json, apimachinery's util/json): a number
 * written as an integer that fits an int64 is that int, every digit kept (a `bigint` beyond 2^53);
 * any other number (a fraction, an exponent, an integer beyond int64) is a float64.
 *
 * Node's JSON.parse turns every number into a double, so it loses digits beyond 2^53. The text is
 * still checked by JSON.parse (its errors are the ones users see); when it holds a run of 16 or more
 * digits, where an unsafe integer could be, it is read again here with exact integers. Texts without
 * such a run (nearly all) cost one JSON.parse, as before.
 *
 * The result is plain data, not yet Values: the fast path returns JSON.parse's objects (with a
 * prototype; `__proto__` stays an own key), the exact path maps without one. Pass it through
 * `toValue` (the API server's `parseJson` does) before reading it as Values. A repeated key keeps
 * its last value, as JSON.parse does; nesting deeper than `maxDepth` is an error.
 */
export function parseJsonExact(text: string, maxDepth = 1000): unknown {
  const plain = JSON.parse(text) as unknown;
  if (!LONG_DIGITS.test(text)) return plain;
  return new ExactReader(text, maxDepth).document();
}

const LONG_DIGITS = /[0-9]{16}/;
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const INTEGER = /^-?[0-9]+$/;

/** A JSON number literal as a Value: an int when it is an integer that fits int64, else a float64. */
function jsonNumberValue(literal: string): number | bigint {
  if (INTEGER.test(literal) && literal.length >= 16) {
    const n = BigInt(literal);
    if (fitsInt64(n)) return intValue(n);
  }
  return Number(literal);
}

/** Reads text JSON.parse has accepted; the only failure left is nesting too deep. */
class ExactReader {
  private pos = 0;
  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
  ) {}

  document(): Value {
    return this.value(0);
  }

  private ws(): number {
    const t = this.text;
    let c = t.charCodeAt(this.pos);
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = t.charCodeAt(++this.pos);
    return c;
  }

  private value(depth: number): Value {
    if (depth > this.maxDepth) throw new SsaError('TOO_DEEP', `object nested deeper than ${this.maxDepth} levels`);
    const c = this.ws();
    if (c === 0x7b) return this.object(depth + 1);
    if (c === 0x5b) return this.array(depth + 1);
    if (c === 0x22) return this.string();
    if (c === 0x74) return this.word('true', true);
    if (c === 0x66) return this.word('false', false);
    if (c === 0x6e) return this.word('null', null);
    NUMBER.lastIndex = this.pos;
    const m = NUMBER.exec(this.text)![0];
    this.pos += m.length;
    return jsonNumberValue(m);
  }

  private word(w: string, v: Value): Value {
    this.pos += w.length;
    return v;
  }

  private string(): string {
    const t = this.text;
    const start = this.pos;
    let p = start + 1;
    let escaped = false;
    for (;;) {
      const c = t.charCodeAt(p++);
      if (c === 0x22) break;
      if (c === 0x5c) {
        escaped = true;
        p++;
      }
    }
    this.pos = p;
    return escaped ? (JSON.parse(t.slice(start, p)) as string) : t.slice(start + 1, p - 1);
  }

  private object(depth: number): Value {
    const out = newMap();
    this.pos++; // {
    if (this.ws() === 0x7d) {
      this.pos++;
      return out;
    }
    for (;;) {
      this.ws();
      const key = this.string();
      this.ws();
      this.pos++; // :
      out[key] = this.value(depth);
      const c = this.ws();
      this.pos++; // , or }
      if (c === 0x7d) return out;
    }
  }

  private array(depth: number): Value {
    const out: Value[] = [];
    this.pos++; // [
    if (this.ws() === 0x5d) {
      this.pos++;
      return out;
    }
    for (;;) {
      out.push(this.value(depth));
      const c = this.ws();
      this.pos++; // , or ]
      if (c === 0x5d) return out;
    }
  }
}
