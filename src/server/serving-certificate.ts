/**
 * The certificate `serve --tls` answers with, made at start as kube-apiserver makes its own when
 * it is given none (k8s.io/client-go util/cert GenerateSelfSignedCertKeyWithFixtures, 1.32): a CA
 * named `HOST-ca@UNIXTIME` that signs one serving certificate named `HOST@UNIXTIME` for the
 * server's names (serving-names.ts), with a random positive serial number each, valid from an
 * hour ago (clock skew) for a year. The server sends its certificate followed by the CA's; a client
 * trusts the CA (the kubeconfig's `certificate-authority-data`).
 *
 * Unlike kube-apiserver's RSA 2048 keys, the keys are ECDSA P-256: making one takes about a
 * millisecond where an RSA key takes a good part of a second, and start-up time matters here.
 * Nothing is written to disk; the private keys live as long as the process.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { pem } from './der.js';
import type { ServingNames } from './serving-names.js';
import { keyIdentifier, signedCertificate } from './x509-certificate.js';

export interface ServingCertificate {
  /** The CA certificate in PEM: what a client trusts. */
  readonly certificateAuthority: string;
  /** The serving certificate, then the CA's, in PEM: what the server sends. */
  readonly certificateChain: string;
  /** The serving certificate's private key (PKCS #8 PEM). */
  readonly privateKey: string;
}

const HOUR_MS = 60 * 60 * 1000;
const YEAR_MS = 365 * 24 * HOUR_MS;

/** 16 random octets, the first with its high bit clear and not zero: a positive INTEGER of 16 octets. */
function serialNumber(): Uint8Array {
  const serial = Uint8Array.from(randomBytes(16));
  serial[0] = (serial[0] & 0x3f) | 0x40;
  return serial;
}

/** A CA and a serving certificate for `names`, `host` naming them; `now` is the wall clock. */
export function servingCertificate(host: string, names: ServingNames, now: Date): ServingCertificate {
  const notBefore = new Date(Math.floor(now.getTime() / 1000) * 1000 - HOUR_MS);
  const notAfter = new Date(notBefore.getTime() + YEAR_MS);
  const unix = Math.floor(now.getTime() / 1000);
  const ca = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const server = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const caName = `${host}-ca@${unix}`;
  const caDer = signedCertificate(
    { serialNumber: serialNumber(), subject: caName, issuer: caName, notBefore, notAfter, publicKey: ca.publicKey, ca: true, keyUsage: ['digitalSignature', 'keyCertSign'] },
    ca.privateKey,
  );
  const serverDer = signedCertificate(
    {
      serialNumber: serialNumber(),
      subject: `${host}@${unix}`,
      issuer: caName,
      notBefore,
      notAfter,
      publicKey: server.publicKey,
      ca: false,
      keyUsage: ['digitalSignature'],
      extendedKeyUsage: ['serverAuth'],
      dnsNames: names.dnsNames,
      ipAddresses: names.ipAddresses,
      authorityKeyId: keyIdentifier(ca.publicKey),
    },
    ca.privateKey,
  );
  const caPem = pem('CERTIFICATE', caDer);
  return {
    certificateAuthority: caPem,
    certificateChain: pem('CERTIFICATE', serverDer) + caPem,
    privateKey: server.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}
