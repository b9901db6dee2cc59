/**
 * The certificate `serve --token` answers TLS with: our own DER (src/server/der.ts,
 * x509-certificate.ts), read back by node:crypto's X509Certificate (OpenSSL's parser) and
 * verified by Node's TLS client; real kubectl's Go verifier is test/server/kubectl-tls.test.ts.
 */
import { generateKeyPairSync, X509Certificate, createPrivateKey } from 'node:crypto';
import { get } from 'node:https';
import { describe, expect, it } from 'vitest';
import { bitString, boolean, certificateTime, integer, lengthOctets, namedBits, objectIdentifier, pem, sequence, setOf, utf8String } from '../../src/server/der.js';
import { ipOctets } from '../../src/server/ip-octets.js';
import { servingCertificate } from '../../src/server/serving-certificate.js';
import { servingNames } from '../../src/server/serving-names.js';
import { signedCertificate } from '../../src/server/x509-certificate.js';
import { start } from './http-client.js';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const noHost = () => {
  throw new Error('the host was asked about, for an address that is not unspecified');
};

describe('DER encodings (X.690)', () => {
  it('lengths: short form below 128, else the fewest octets behind their count', () => {
    expect([0, 127, 128, 255, 256, 65536].map((n) => hex(lengthOctets(n)))).toEqual(['00', '7f', '8180', '81ff', '820100', '83010000']);
    expect(hex(bitString(new Uint8Array(200))).slice(0, 8)).toBe('0381c900');
  });

  it('INTEGERs: the fewest octets, a zero octet before a leading 1 bit', () => {
    expect([0, 1, 127, 128, 255, 256].map((n) => hex(integer(n)))).toEqual(['020100', '020101', '02017f', '02020080', '020200ff', '02020100']);
    expect(hex(integer(Uint8Array.of(0, 0, 5)))).toBe('020105');
    expect(hex(integer(2n ** 64n))).toBe('0209010000000000000000');
    expect(() => integer(-1)).toThrow('non-negative');
  });

  it('OBJECT IDENTIFIERs: 40 times the first arc plus the second, then base 128', () => {
    expect(hex(objectIdentifier('1.2.840.10045.4.3.2'))).toBe('06082a8648ce3d040302');
    expect(hex(objectIdentifier('2.5.29.17'))).toBe('0603551d11');
    expect(hex(objectIdentifier('1.3.6.1.5.5.7.3.1'))).toBe('06082b06010505070301');
    expect(hex(objectIdentifier('2.999.3'))).toBe('0603883703');
    expect(() => objectIdentifier('1.40')).toThrow('at most 39');
    expect(() => objectIdentifier('1.2.03')).toThrow('not an object identifier');
  });

  it('named bits: bit 0 is the high bit, trailing zero bits left out and counted', () => {
    expect(hex(namedBits([0]))).toBe('03020780'); // digitalSignature
    expect(hex(namedBits([0, 5]))).toBe('03020284'); // digitalSignature, keyCertSign
    expect(hex(namedBits([0, 2, 5]))).toBe('030202a4');
    expect(hex(namedBits([8]))).toBe('0303070080');
    expect(hex(namedBits([]))).toBe('030100');
  });

  it('BOOLEAN TRUE is FF; a SET OF is sorted by encoding', () => {
    expect(hex(boolean(true))).toBe('0101ff');
    expect(hex(boolean(false))).toBe('010100');
    expect(hex(setOf(utf8String('b'), utf8String('a')))).toBe(hex(Buffer.concat([Buffer.of(0x31, 6), utf8String('a'), utf8String('b')])));
    expect(hex(sequence())).toBe('3000');
  });

  it('certificate times: UTCTime through 2049, GeneralizedTime from 2050 (RFC 5280 4.1.2.5)', () => {
    const text = (d: Uint8Array) => [d[0], Buffer.from(d.subarray(2)).toString('latin1')];
    expect(text(certificateTime(new Date('2049-12-31T23:59:59.900Z')))).toEqual([0x17, '491231235959Z']);
    expect(text(certificateTime(new Date('2050-01-01T00:00:00Z')))).toEqual([0x18, '20500101000000Z']);
    expect(text(certificateTime(new Date('1950-01-01T00:00:00Z')))).toEqual([0x17, '500101000000Z']);
    expect(() => certificateTime(new Date('1949-12-31T23:59:59Z'))).toThrow('outside the years');
  });

  it('PEM: base64 in lines of 64 between the BEGIN and END lines', () => {
    const text = pem('CERTIFICATE', new Uint8Array(100));
    const lines = text.split('\n');
    expect(lines[0]).toBe('-----BEGIN CERTIFICATE-----');
    expect(lines.slice(1, -2).map((l) => l.length)).toEqual([64, 64, 8]); // 100 octets: 136 base64 characters
    expect(lines.slice(-2)).toEqual(['-----END CERTIFICATE-----', '']);
  });
});

describe('IP addresses as subjectAltName octets', () => {
  it('IPv4 in four octets, IPv6 in sixteen, a zone left out, anything else undefined', () => {
    expect(hex(ipOctets('10.0.0.1')!)).toBe('0a000001');
    expect(hex(ipOctets('::1')!)).toBe('00000000000000000000000000000001');
    expect(hex(ipOctets('::')!)).toBe('00000000000000000000000000000000');
    expect(hex(ipOctets('1::')!)).toBe('00010000000000000000000000000000');
    expect(hex(ipOctets('2001:db8::8:800:200c:417a')!)).toBe('20010db80000000000080800200c417a');
    expect(hex(ipOctets('fe80::1%eth0')!)).toBe('fe800000000000000000000000000001');
    expect(hex(ipOctets('::ffff:10.0.0.1')!)).toBe('00000000000000000000ffff0a000001');
    expect(hex(ipOctets('1:2:3:4:5:6:7:8')!)).toBe('00010002000300040005000600070008');
    for (const bad of ['localhost', '10.0.0.256', '1:2', '']) expect(ipOctets(bad), bad).toBeUndefined();
  });
});

describe('the names the certificate is for', () => {
  it('loopback, and the address as an IP or a DNS name', () => {
    expect(servingNames('127.0.0.1', noHost)).toEqual({ dnsNames: ['localhost'], ipAddresses: ['127.0.0.1', '::1'] });
    expect(servingNames('localhost', noHost)).toEqual({ dnsNames: ['localhost'], ipAddresses: ['127.0.0.1', '::1'] });
    expect(servingNames('10.1.2.3', noHost)).toEqual({ dnsNames: ['localhost'], ipAddresses: ['127.0.0.1', '::1', '10.1.2.3'] });
    expect(servingNames('0:0::1', noHost)).toEqual({ dnsNames: ['localhost'], ipAddresses: ['127.0.0.1', '::1'] });
    expect(servingNames('api.example.test', noHost)).toEqual({ dnsNames: ['localhost', 'api.example.test'], ipAddresses: ['127.0.0.1', '::1'] });
  });

  it('an unspecified address adds the host name and every interface address', () => {
    const host = () => ({ hostname: 'box', interfaceAddresses: ['127.0.0.1', '192.168.1.5', 'fe80::1', '::1'] });
    expect(servingNames('0.0.0.0', host)).toEqual({ dnsNames: ['localhost', 'box'], ipAddresses: ['127.0.0.1', '::1', '0.0.0.0', '192.168.1.5', 'fe80::1'] });
    expect(servingNames('::', () => ({ hostname: 'not_a_dns_name', interfaceAddresses: [] }))).toEqual({ dnsNames: ['localhost'], ipAddresses: ['127.0.0.1', '::1', '::'] });
  });
});

describe('the serving certificate and its CA', () => {
  const now = new Date('2026-03-04T05:06:07.890Z');
  const made = servingCertificate('10.1.2.3', servingNames('10.1.2.3', noHost), now);
  const [leafPem, caPem] = made.certificateChain.split(/(?<=-----END CERTIFICATE-----\n)/);
  const leaf = new X509Certificate(leafPem);
  const ca = new X509Certificate(made.certificateAuthority);

  it('sends the serving certificate, then the CA', () => {
    expect(caPem).toBe(made.certificateAuthority);
  });

  it('names them as kube-apiserver names its self-signed pair, valid from an hour ago for a year', () => {
    expect(ca.subject).toBe('CN=10.1.2.3-ca@1772600767');
    expect(ca.issuer).toBe(ca.subject);
    expect(leaf.subject).toBe('CN=10.1.2.3@1772600767');
    expect(leaf.issuer).toBe(ca.subject);
    for (const c of [ca, leaf]) {
      expect(new Date(c.validFrom).toISOString()).toBe('2026-03-04T04:06:07.000Z');
      expect(new Date(c.validTo).toISOString()).toBe('2027-03-04T04:06:07.000Z');
    }
    expect(leaf.serialNumber).not.toBe(ca.serialNumber);
    expect(leaf.serialNumber).toMatch(/^[4-7][0-9A-F]{31}$/);
  });

  it('the CA signed both, and the server key is the certificate\'s', () => {
    expect(ca.verify(ca.publicKey)).toBe(true);
    expect(leaf.verify(ca.publicKey)).toBe(true);
    expect(leaf.verify(leaf.publicKey)).toBe(false);
    expect(leaf.checkIssued(ca)).toBe(true);
    expect(leaf.checkPrivateKey(createPrivateKey(made.privateKey))).toBe(true);
    expect(leaf.publicKey.asymmetricKeyDetails).toEqual({ namedCurve: 'prime256v1' });
  });

  it('the CA is a CA; the server certificate is for servers, at its names', () => {
    expect(ca.ca).toBe(true);
    expect(leaf.ca).toBe(false);
    expect(leaf.keyUsage).toEqual(['1.3.6.1.5.5.7.3.1']);
    expect(leaf.subjectAltName).toBe('DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1, IP Address:10.1.2.3');
    expect(leaf.checkHost('localhost')).toBe('localhost');
    expect(leaf.checkIP('10.1.2.3')).toBe('10.1.2.3');
    expect(leaf.checkIP('::1')).toBe('::1');
    expect(leaf.checkIP('10.1.2.4')).toBeUndefined();
    expect(leaf.checkHost('10.1.2.3-ca')).toBeUndefined();
  });

  it('a certificate valid into 2050 carries a GeneralizedTime that parses back', () => {
    const key = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const der = signedCertificate({ serialNumber: Uint8Array.of(1), subject: 'x', issuer: 'x', notBefore: new Date('2049-06-01T00:00:00Z'), notAfter: new Date('2051-06-01T00:00:00Z'), publicKey: key.publicKey, ca: true, keyUsage: ['keyCertSign'] }, key.privateKey);
    const c = new X509Certificate(Buffer.from(der));
    expect([new Date(c.validFrom).toISOString(), new Date(c.validTo).toISOString()]).toEqual(['2049-06-01T00:00:00.000Z', '2051-06-01T00:00:00.000Z']);
    expect(c.verify(key.publicKey)).toBe(true);
  });

  it('refuses what it cannot write as asked: another key type, a serial that is not a positive INTEGER of at most 20 octets', () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const ed = generateKeyPairSync('ed25519');
    const fields = { serialNumber: Uint8Array.of(1), subject: 'x', issuer: 'x', notBefore: now, notAfter: now, publicKey: ec.publicKey, ca: true, keyUsage: ['keyCertSign' as const] };
    expect(() => signedCertificate(fields, ed.privateKey)).toThrow('not a P-256 key');
    expect(() => signedCertificate({ ...fields, publicKey: ed.publicKey }, ec.privateKey)).toThrow('not a P-256 key');
    expect(() => signedCertificate({ ...fields, serialNumber: Uint8Array.of(0, 1) }, ec.privateKey)).toThrow('serial number');
    expect(() => signedCertificate({ ...fields, serialNumber: new Uint8Array(20).fill(0x80) }, ec.privateKey)).toThrow('serial number');
    expect(() => signedCertificate({ ...fields, serialNumber: new Uint8Array(20).fill(0x7f) }, ec.privateKey)).not.toThrow();
  });
});

/** GET PATH from a TLS server, trusting only `ca`. */
function httpsGet(url: string, ca: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = get(url, { ca, timeout: 10_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
}

describe('startServer({tls: true})', () => {
  it('serves HTTPS that Node\'s TLS client verifies with the CA it reports and puts in the kubeconfig', async () => {
    const s = await start({ tls: true });
    expect(s.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const ca = s.certificateAuthority!;
    expect(s.kubeconfig).toContain(`    certificate-authority-data: ${Buffer.from(ca).toString('base64')}\n    server: "${s.url}"\n`);
    expect(await httpsGet(`${s.url}/version`, ca)).toMatchObject({ status: 200 });
    expect(await httpsGet(`${s.url.replace('127.0.0.1', 'localhost')}/api/v1/namespaces/default`, ca)).toMatchObject({ status: 200 });
    const other = servingCertificate('127.0.0.1', servingNames('127.0.0.1', noHost), new Date()).certificateAuthority;
    await expect(httpsGet(`${s.url}/version`, other)).rejects.toThrow(/unable to verify|self.signed|issuer/i);
  });

  it('without tls it is plain HTTP, with no CA', async () => {
    const s = await start({ token: 't' });
    expect(s.url).toMatch(/^http:\/\//);
    expect(s.certificateAuthority).toBeUndefined();
    expect(s.kubeconfig).not.toContain('certificate-authority');
  });
});
