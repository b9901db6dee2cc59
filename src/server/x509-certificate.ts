/**
 * An X.509 v3 certificate (RFC 5280 4.1) for a P-256 public key, signed with ECDSA and SHA-256
 * by a P-256 private key: node:crypto makes the keys and the signature, this writes the DER
 * (der.ts). Only what a serving certificate and its CA need is written:
 *
 * - version 3 (`[0] EXPLICIT INTEGER 2`), a positive serial number of at most 20 octets;
 * - the signature algorithm ecdsa-with-SHA256 (1.2.840.10045.4.3.2) without parameters (RFC 5758
 *   3.2), in the TBSCertificate and around the signature alike; the signature is the DER
 *   Ecdsa-Sig-Value node:crypto makes by default, in a BIT STRING;
 * - issuer and subject as one commonName (2.5.4.3) in UTF8String; the issuer's name must be
 *   byte for byte the subject of the certificate that signs, which one encoding assures;
 * - the extensions RFC 5280 and Go's crypto/x509 verifier look at: basicConstraints (critical;
 *   `cA TRUE` for a CA, an empty SEQUENCE otherwise: Go's CheckSignatureFrom refuses a v3 parent
 *   without it or without cA), keyUsage (critical; keyCertSign for a CA, which Go also checks of a
 *   parent), extKeyUsage (serverAuth, which Go's Verify asks of the chain by default), the
 *   subjectAltName with dNSName `[2]` and iPAddress `[7]` entries (Go matches host names only
 *   there, never in the commonName), and the key identifiers (subjectKeyIdentifier: SHA-1 of the
 *   public key's bits, RFC 5280 4.2.1.2 method 1; authorityKeyIdentifier: the signer's).
 */
import { createHash, sign, type KeyObject } from 'node:crypto';
import {
  bitString,
  boolean,
  certificateTime,
  explicit,
  ia5Text,
  implicitPrimitive,
  integer,
  namedBits,
  objectIdentifier,
  octetString,
  sequence,
  setOf,
  utf8String,
  type Der,
} from './der.js';
import { ipOctets } from './ip-octets.js';

const OID = {
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  commonName: '2.5.4.3',
  subjectKeyIdentifier: '2.5.29.14',
  keyUsage: '2.5.29.15',
  subjectAltName: '2.5.29.17',
  basicConstraints: '2.5.29.19',
  authorityKeyIdentifier: '2.5.29.35',
  extKeyUsage: '2.5.29.37',
  serverAuth: '1.3.6.1.5.5.7.3.1',
} as const;

/** RFC 5280 4.2.1.3's bits, by name. */
const KEY_USAGE_BITS = { digitalSignature: 0, keyEncipherment: 2, keyCertSign: 5, cRLSign: 6 } as const;
export type KeyUsage = keyof typeof KEY_USAGE_BITS;

export interface CertificateFields {
  /** Big-endian, positive (its first octet is not zero), at most 20 octets (RFC 5280 4.1.2.2). */
  readonly serialNumber: Uint8Array;
  /** The commonName of the subject. */
  readonly subject: string;
  /** The commonName of the signer's subject (the subject's own for a self-signed certificate). */
  readonly issuer: string;
  readonly notBefore: Date;
  readonly notAfter: Date;
  /** A P-256 public key. */
  readonly publicKey: KeyObject;
  /** A certificate authority (basicConstraints cA). */
  readonly ca: boolean;
  readonly keyUsage: readonly KeyUsage[];
  readonly extendedKeyUsage?: readonly 'serverAuth'[];
  /** subjectAltName entries. */
  readonly dnsNames?: readonly string[];
  readonly ipAddresses?: readonly string[];
  /** The signer's subjectKeyIdentifier (left out of a self-signed certificate). */
  readonly authorityKeyId?: Uint8Array;
}

/** A P-256 key's public point, uncompressed (0x04, x, y): what the SubjectPublicKeyInfo's BIT STRING holds. */
function publicPoint(key: KeyObject): Uint8Array {
  const jwk = key.export({ format: 'jwk' });
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || jwk.x === undefined || jwk.y === undefined) throw new TypeError('x509: the key is not a P-256 key');
  return Uint8Array.from(Buffer.concat([Buffer.of(4), Buffer.from(jwk.x, 'base64url'), Buffer.from(jwk.y, 'base64url')]));
}

/** RFC 5280 4.2.1.2, method (1): the SHA-1 of the subjectPublicKey's bits. */
export function keyIdentifier(publicKey: KeyObject): Uint8Array {
  return Uint8Array.from(createHash('sha1').update(publicPoint(publicKey)).digest());
}

function name(commonName: string): Der {
  return sequence(setOf(sequence(objectIdentifier(OID.commonName), utf8String(commonName))));
}

function extension(oid: string, critical: boolean, value: Der): Der {
  // `critical` is DEFAULT FALSE, so DER leaves FALSE out.
  return critical ? sequence(objectIdentifier(oid), boolean(true), octetString(value)) : sequence(objectIdentifier(oid), octetString(value));
}

function subjectAltName(dnsNames: readonly string[], ipAddresses: readonly string[]): Der {
  const ips = ipAddresses.map((ip) => {
    const octets = ipOctets(ip);
    if (octets === undefined) throw new TypeError(`x509: ${JSON.stringify(ip)} is not an IP address`);
    return implicitPrimitive(7, octets);
  });
  // dNSName is an IA5String under [2]: the string's contents, the tag replaced.
  const names = dnsNames.map((n) => implicitPrimitive(2, ia5Text(n)));
  return sequence(...names, ...ips);
}

function extensions(fields: CertificateFields): Der[] {
  const out: Der[] = [
    extension(OID.keyUsage, true, namedBits(fields.keyUsage.map((u) => KEY_USAGE_BITS[u]))),
    ...(fields.extendedKeyUsage !== undefined && fields.extendedKeyUsage.length > 0 ? [extension(OID.extKeyUsage, false, sequence(...fields.extendedKeyUsage.map((u) => objectIdentifier(OID[u]))))] : []),
    extension(OID.basicConstraints, true, fields.ca ? sequence(boolean(true)) : sequence()),
    extension(OID.subjectKeyIdentifier, false, octetString(keyIdentifier(fields.publicKey))),
    ...(fields.authorityKeyId !== undefined ? [extension(OID.authorityKeyIdentifier, false, sequence(implicitPrimitive(0, fields.authorityKeyId)))] : []),
  ];
  const dns = fields.dnsNames ?? [];
  const ips = fields.ipAddresses ?? [];
  // The subject is never empty here, so the subjectAltName need not be critical (RFC 5280 4.2.1.6).
  if (dns.length + ips.length > 0) out.push(extension(OID.subjectAltName, false, subjectAltName(dns, ips)));
  return out;
}

/** The DER certificate for `fields`, signed by `signingKey` (a P-256 private key). */
export function signedCertificate(fields: CertificateFields, signingKey: KeyObject): Uint8Array {
  const serial = fields.serialNumber;
  // The INTEGER's contents, a sign octet included, are at most 20 octets.
  if (serial.length === 0 || serial[0] === 0 || serial.length + (serial[0] & 0x80 ? 1 : 0) > 20) throw new RangeError('x509: a serial number is positive, at most 20 octets as an INTEGER, without leading zero octets');
  if (signingKey.asymmetricKeyType !== 'ec' || signingKey.asymmetricKeyDetails?.namedCurve !== 'prime256v1') throw new TypeError('x509: the signing key is not a P-256 key');
  const algorithm = sequence(objectIdentifier(OID.ecdsaWithSha256));
  const spki = Uint8Array.from(fields.publicKey.export({ type: 'spki', format: 'der' }));
  const tbs = sequence(
    explicit(0, integer(2)),
    integer(serial),
    algorithm,
    name(fields.issuer),
    sequence(certificateTime(fields.notBefore), certificateTime(fields.notAfter)),
    name(fields.subject),
    spki,
    explicit(3, sequence(...extensions(fields))),
  );
  const signature = sign('sha256', tbs, { key: signingKey, dsaEncoding: 'der' });
  return sequence(tbs, algorithm, bitString(Uint8Array.from(signature)));
}
