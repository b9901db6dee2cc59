/**
 * The protobuf wire format, as far as Kubernetes' messages use it: varints (int32, int64, bool,
 * enums as int64), length-delimited fields (strings, bytes, messages, packed repeated scalars),
 * fixed 64-bit fields (doubles: JSONSchemaProps' `maximum`, `minimum`, `multipleOf`) and fixed
 * 32-bit fields (skipped: no Kubernetes field uses them). Groups are refused.
 */

export const WIRE_VARINT = 0;
export const WIRE_FIXED64 = 1;
export const WIRE_BYTES = 2;
export const WIRE_FIXED32 = 5;

/** A malformed protobuf message: the reader stops at the first problem. */
export class WireError extends Error {}

export class WireReader {
  private pos = 0;
  constructor(private readonly bytes: Uint8Array) {}

  done(): boolean {
    return this.pos >= this.bytes.length;
  }

  /** A varint as an unsigned 64-bit integer. */
  varint(): bigint {
    let result = 0n;
    for (let shift = 0n; shift < 70n; shift += 7n) {
      if (this.pos >= this.bytes.length) throw new WireError('a varint runs past the end of the message');
      const b = this.bytes[this.pos++];
      result |= BigInt(b & 0x7f) << shift;
      if ((b & 0x80) === 0) return BigInt.asUintN(64, result);
    }
    throw new WireError('a varint is longer than 10 bytes');
  }

  /** A field's tag: its number and wire type. */
  tag(): { number: number; wire: number } {
    const t = this.varint();
    const number = Number(t >> 3n);
    if (number < 1 || number > 0x1fffffff) throw new WireError(`field number ${number} is out of range`);
    return { number, wire: Number(t & 7n) };
  }

  lengthDelimited(): Uint8Array {
    const n = this.varint();
    if (n > BigInt(this.bytes.length - this.pos)) throw new WireError('a length-delimited field runs past the end of the message');
    const out = this.bytes.subarray(this.pos, this.pos + Number(n));
    this.pos += Number(n);
    return out;
  }

  /** A fixed 64-bit field as a double (little-endian IEEE 754). */
  double(): number {
    this.advance(8);
    return new DataView(this.bytes.buffer, this.bytes.byteOffset + this.pos - 8, 8).getFloat64(0, true);
  }

  skip(wire: number): void {
    switch (wire) {
      case WIRE_VARINT:
        this.varint();
        return;
      case WIRE_FIXED64:
        this.advance(8);
        return;
      case WIRE_BYTES:
        this.lengthDelimited();
        return;
      case WIRE_FIXED32:
        this.advance(4);
        return;
      default:
        throw new WireError(`wire type ${wire} is not supported`);
    }
  }

  private advance(n: number): void {
    if (this.pos + n > this.bytes.length) throw new WireError('a fixed-size field runs past the end of the message');
    this.pos += n;
  }
}

/** Builds a message: fields are appended in the order written. */
const UTF8 = new TextEncoder();

export class WireWriter {
  /** One growing buffer: a message of many small fields is not a typed array per tag and length. */
  private buf = new Uint8Array(64);
  private length = 0;

  private room(n: number): void {
    if (this.length + n <= this.buf.length) return;
    const grown = new Uint8Array(Math.max(this.buf.length * 2, this.length + n));
    grown.set(this.buf.subarray(0, this.length));
    this.buf = grown;
  }

  private push(bytes: Uint8Array): void {
    this.room(bytes.length);
    this.buf.set(bytes, this.length);
    this.length += bytes.length;
  }

  private rawVarint(v: bigint): void {
    let x = BigInt.asUintN(64, v);
    this.room(10);
    while (x >= 0x80n) {
      this.buf[this.length++] = Number(x & 0x7fn) | 0x80;
      x >>= 7n;
    }
    this.buf[this.length++] = Number(x);
  }

  /** A varint of a non-negative safe integer (tags, lengths), without going through bigint. */
  private lengthVarint(n: number): void {
    this.room(10);
    let x = n;
    while (x >= 0x80) {
      this.buf[this.length++] = (x % 0x80) | 0x80;
      x = Math.floor(x / 0x80);
    }
    this.buf[this.length++] = x;
  }

  private tag(number: number, wire: number): void {
    this.lengthVarint(number * 8 + wire);
  }

  varint(number: number, v: bigint): void {
    this.tag(number, WIRE_VARINT);
    this.rawVarint(v);
  }

  double(number: number, v: number): void {
    this.tag(number, WIRE_FIXED64);
    const b = new Uint8Array(8);
    new DataView(b.buffer).setFloat64(0, v, true);
    this.push(b);
  }

  bytes(number: number, b: Uint8Array): void {
    this.tag(number, WIRE_BYTES);
    this.lengthVarint(b.length);
    this.push(b);
  }

  string(number: number, s: string): void {
    this.bytes(number, UTF8.encode(s));
  }

  finish(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}
