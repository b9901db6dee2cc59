/**
 * DER, the Distinguished Encoding Rules of ASN.1 (ITU-T X.690), for the few types an X.509
 * certificate is made of (x509-certificate.ts). Each function returns one complete encoding:
 * identifier octet, length, contents. Only low tag numbers (0 to 30) are written, which is all a
 * certificate needs.
 *
 * The rules that make DER distinguished, and that verifiers (Go's crypto/x509 among them) check:
 * lengths in the fewest octets, short form below 128 (X.690 10.1, 8.1.3); INTEGERs in the fewest
 * two's complement octets (8.3.2); BOOLEAN TRUE as 0xFF (11.1); a named bit list without
 * trailing zero bits (11.2.2); the elements of a SET OF in the order of their encodings (11.6);
 * times in UTC with seconds and no fraction, ending in Z (11.7, 11.8).
 */

export type Der = Uint8Array;

const UNIVERSAL = {
  boolean: 0x01,
  integer: 0x02,
  bitString: 0x03,
  octetString: 0x04,
  oid: 0x06,
  utf8String: 0x0c,
  ia5String: 0x16,
  utcTime: 0x17,
  generalizedTime: 0x18,
  sequence: 0x30,
  set: 0x31,
} as const;

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The length octets: one below 128, else 0x80 plus the count of the big-endian octets that follow. */
export function lengthOctets(n: number): Uint8Array {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`DER: a length must be a whole number, not ${n}`);
  if (n < 0x80) return Uint8Array.of(n);
  const octets: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) octets.unshift(v % 256);
  return Uint8Array.of(0x80 | octets.length, ...octets);
}

/** Identifier octet, length, contents. */
export function tlv(identifier: number, contents: Uint8Array): Der {
  return concatBytes([Uint8Array.of(identifier), lengthOctets(contents.length), contents]);
}

export function sequence(...elements: Der[]): Der {
  return tlv(UNIVERSAL.sequence, concatBytes(elements));
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

/** A SET OF: its elements in ascending order of their encodings. */
export function setOf(...elements: Der[]): Der {
  return tlv(UNIVERSAL.set, concatBytes([...elements].sort(compareBytes)));
}

export function boolean(value: boolean): Der {
  return tlv(UNIVERSAL.boolean, Uint8Array.of(value ? 0xff : 0x00));
}

/** A non-negative INTEGER, from a number, a bigint or its big-endian magnitude. */
export function integer(value: number | bigint | Uint8Array): Der {
  let magnitude: Uint8Array;
  if (value instanceof Uint8Array) magnitude = value;
  else {
    const big = BigInt(value);
    if (big < 0n) throw new RangeError('DER: only non-negative INTEGERs are written');
    const hex = big.toString(16);
    magnitude = Uint8Array.from(Buffer.from(hex.length % 2 === 0 ? hex : `0${hex}`, 'hex'));
  }
  let start = 0;
  while (start < magnitude.length - 1 && magnitude[start] === 0) start++;
  const digits = magnitude.length === 0 ? Uint8Array.of(0) : magnitude.subarray(start);
  // A leading 1 bit would read as a negative number: a zero octet keeps it positive.
  return tlv(UNIVERSAL.integer, digits[0] & 0x80 ? concatBytes([Uint8Array.of(0), digits]) : digits);
}

/** An OBJECT IDENTIFIER from its dotted form (`1.2.840.10045.4.3.2`). */
export function objectIdentifier(dotted: string): Der {
  if (!/^[0-2](\.(0|[1-9]\d*))+$/.test(dotted)) throw new RangeError(`DER: ${JSON.stringify(dotted)} is not an object identifier`);
  const arcs = dotted.split('.').map((a) => BigInt(a));
  if (arcs[0] < 2n && arcs[1] > 39n) throw new RangeError(`DER: ${dotted}: under arc ${arcs[0]} the second arc is at most 39`);
  const subidentifiers = [arcs[0] * 40n + arcs[1], ...arcs.slice(2)];
  const octets: number[] = [];
  for (const sub of subidentifiers) {
    // Base 128, most significant group first, every octet but the last with its high bit set.
    const groups: number[] = [Number(sub & 0x7fn)];
    for (let v = sub >> 7n; v > 0n; v >>= 7n) groups.unshift(Number(v & 0x7fn) | 0x80);
    octets.push(...groups);
  }
  return tlv(UNIVERSAL.oid, Uint8Array.from(octets));
}

export function octetString(bytes: Uint8Array): Der {
  return tlv(UNIVERSAL.octetString, bytes);
}

/** A BIT STRING of whole octets (a key, a signature): no unused bits. */
export function bitString(bytes: Uint8Array): Der {
  return tlv(UNIVERSAL.bitString, concatBytes([Uint8Array.of(0), bytes]));
}

/**
 * A BIT STRING of named bits (X.509's KeyUsage): bit 0 is the most significant bit of the first
 * octet; trailing zero bits are left out and their count in the last octet given.
 */
export function namedBits(bits: readonly number[]): Der {
  if (bits.length === 0) return tlv(UNIVERSAL.bitString, Uint8Array.of(0));
  const highest = Math.max(...bits);
  const octets = new Uint8Array(Math.floor(highest / 8) + 1);
  for (const b of bits) {
    if (!Number.isInteger(b) || b < 0) throw new RangeError(`DER: ${b} is not a bit number`);
    octets[Math.floor(b / 8)] |= 0x80 >> (b % 8);
  }
  return tlv(UNIVERSAL.bitString, concatBytes([Uint8Array.of(7 - (highest % 8)), octets]));
}

export function utf8String(text: string): Der {
  return tlv(UNIVERSAL.utf8String, new TextEncoder().encode(text));
}

/** The contents of an IA5String (ASCII): for the string, or under an implicit tag. */
export function ia5Text(text: string): Uint8Array {
  if (!/^[\x00-\x7f]*$/.test(text)) throw new RangeError(`DER: ${JSON.stringify(text)} is not IA5 (ASCII) text`);
  return new TextEncoder().encode(text);
}

export function ia5String(text: string): Der {
  return tlv(UNIVERSAL.ia5String, ia5Text(text));
}

function twoDigits(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * A certificate's time as RFC 5280 4.1.2.5 asks: UTCTime (`YYMMDDHHMMSSZ`) for the years 1950 to
 * 2049, GeneralizedTime (`YYYYMMDDHHMMSSZ`) from 2050; whole seconds, UTC.
 */
export function certificateTime(when: Date): Der {
  const year = when.getUTCFullYear();
  if (!(year >= 1950 && year <= 9999)) throw new RangeError(`DER: ${when.toISOString()} is outside the years a certificate time can hold`);
  const rest = [when.getUTCMonth() + 1, when.getUTCDate(), when.getUTCHours(), when.getUTCMinutes(), when.getUTCSeconds()].map(twoDigits).join('');
  const text = year < 2050 ? `${twoDigits(year % 100)}${rest}Z` : `${year}${rest}Z`;
  return tlv(year < 2050 ? UNIVERSAL.utcTime : UNIVERSAL.generalizedTime, new TextEncoder().encode(text));
}

/** `[n] EXPLICIT`: the whole encoding of `inner` inside a constructed context-specific tag. */
export function explicit(tagNumber: number, inner: Der): Der {
  return tlv(0xa0 | contextTag(tagNumber), inner);
}

/** `[n] IMPLICIT` of a primitive type: its contents under a context-specific tag. */
export function implicitPrimitive(tagNumber: number, contents: Uint8Array): Der {
  return tlv(0x80 | contextTag(tagNumber), contents);
}

function contextTag(n: number): number {
  if (!Number.isInteger(n) || n < 0 || n > 30) throw new RangeError(`DER: context tag ${n} is not a low tag number`);
  return n;
}

/** PEM (RFC 7468): the base64 of the DER in lines of 64, between BEGIN and END lines. */
export function pem(label: string, der: Uint8Array): string {
  const lines = Buffer.from(der).toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}
