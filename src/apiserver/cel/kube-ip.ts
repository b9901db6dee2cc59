/**
 * Kubernetes' CEL IP and CIDR libraries (k8s.io/apiserver 1.32 pkg/cel/library/ip.go, cidr.go) on
 * the evaluator, over Go's net/netip as they use it (ParseAddr, ParsePrefix, the Addr
 * predicates, Prefix.Contains, Overlaps and Masked): `ip(string)` and `isIP(string)` (no zone, no
 * IPv4-mapped IPv6 address), of an IP `family()`, `isUnspecified()`, `isLoopback()`,
 * `isLinkLocalMulticast()`, `isLinkLocalUnicast()`, `isGlobalUnicast()`; `cidr(string)` and
 * `isCIDR(string)`, of a CIDR `containsIP` and `containsCIDR` (of a value or a string), `ip()`,
 * `masked()`, `prefixLength()`; `==` of two IPs or two CIDRs. Parse errors are the rule's
 * evaluation error with netip's text; `ip.isCanonical(string)` (under the flat name namespaced.ts
 * gives it) compares the text with netip's String. Not modelled: `string()` of an IP or CIDR (it
 * does not compile here, and warns).
 */
import type { Environment } from '@marcbachmann/cel-js';
import { goQuote } from '../../fieldpath/format-go-value.js';

const IP = 'net.IP';
const CIDR = 'net.CIDR';

/** A netip.Addr without zone: its family and its 32- or 128-bit value. */
class CelIp {
  constructor(
    readonly family: 4 | 6,
    readonly value: bigint,
  ) {}
}

class CelCidr {
  constructor(
    readonly ip: CelIp,
    readonly bits: number,
  ) {}
}

type Parsed = { readonly ip: CelIp; readonly zone: string } | { readonly error: string };

function addrError(input: string, msg: string, at?: string): { error: string } {
  return { error: `ParseAddr(${goQuote(input)}): ${msg}${at !== undefined && at !== '' ? ` (at ${goQuote(at)})` : ''}` };
}

function parseIPv4(s: string, input = s): Parsed {
  const fields: number[] = [];
  let val = 0;
  let digits = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as string;
    if (c >= '0' && c <= '9') {
      if (digits === 1 && val === 0) return addrError(input, 'IPv4 field has octet with leading zero');
      val = val * 10 + Number(c);
      digits++;
      if (val > 255) return addrError(input, 'IPv4 field has value >255');
    } else if (c === '.') {
      if (i === 0 || i === s.length - 1 || s[i - 1] === '.') return addrError(input, 'IPv4 field must have at least one digit', s.slice(i));
      if (fields.length === 3) return addrError(input, 'IPv4 address too long');
      fields.push(val);
      val = 0;
      digits = 0;
    } else return addrError(input, 'unexpected character', s.slice(i));
  }
  if (fields.length < 3) return addrError(input, 'IPv4 address too short');
  fields.push(val);
  return { ip: new CelIp(4, fields.reduce((a, b) => (a << 8n) | BigInt(b), 0n)), zone: '' };
}

function parseIPv6(input: string): Parsed {
  let s = input;
  let zone = '';
  const pct = s.indexOf('%');
  if (pct !== -1) {
    zone = s.slice(pct + 1);
    s = s.slice(0, pct);
    if (zone === '') return addrError(input, 'zone must be a non-empty string');
  }
  const bytes = new Array<number>(16).fill(0);
  let ellipsis = -1;
  if (s.length >= 2 && s[0] === ':' && s[1] === ':') {
    ellipsis = 0;
    s = s.slice(2);
    if (s.length === 0) return { ip: new CelIp(6, 0n), zone };
  }
  let i = 0;
  while (i < 16) {
    let off = 0;
    let acc = 0;
    for (; off < s.length; off++) {
      const c = s[off] as string;
      if (!/^[0-9a-fA-F]$/.test(c)) break;
      acc = acc * 16 + parseInt(c, 16);
      if (acc > 0xffff) return addrError(input, 'IPv6 field has value >=2^16', s);
    }
    if (off === 0) return addrError(input, 'each colon-separated field must have at least one digit', s);
    if (off < s.length && s[off] === '.') {
      if (ellipsis < 0 && i !== 12) return addrError(input, 'embedded IPv4 address must replace the final 2 fields of the address', s);
      if (i + 4 > 16) return addrError(input, 'too many hex fields to fit an embedded IPv4 at the end of the address', s);
      const v4 = parseIPv4(s);
      if ('error' in v4) return addrError(input, v4.error, s);
      const v = v4.ip.value;
      for (let k = 0; k < 4; k++) bytes[i + k] = Number((v >> BigInt(8 * (3 - k))) & 0xffn);
      s = '';
      i += 4;
      break;
    }
    bytes[i] = acc >> 8;
    bytes[i + 1] = acc & 0xff;
    i += 2;
    s = s.slice(off);
    if (s.length === 0) break;
    if (s[0] !== ':') return addrError(input, 'unexpected character, want colon', s);
    if (s.length === 1) return addrError(input, 'colon must be followed by more characters', s);
    s = s.slice(1);
    if (s[0] === ':') {
      if (ellipsis >= 0) return addrError(input, 'multiple :: in address', s);
      ellipsis = i;
      s = s.slice(1);
      if (s.length === 0) break;
    }
  }
  if (s.length !== 0) return addrError(input, 'trailing garbage after address', s);
  if (i < 16) {
    if (ellipsis < 0) return addrError(input, 'address string too short');
    const n = 16 - i;
    for (let j = i - 1; j >= ellipsis; j--) bytes[j + n] = bytes[j] as number;
    for (let j = ellipsis + n - 1; j >= ellipsis; j--) bytes[j] = 0;
  } else if (ellipsis >= 0) return addrError(input, 'the :: must expand to at least one field of zeros');
  return { ip: new CelIp(6, bytes.reduce((a, b) => (a << 8n) | BigInt(b), 0n)), zone };
}

/** netip.ParseAddr. */
function parseAddr(s: string): Parsed {
  for (const c of s) {
    if (c === '.') return parseIPv4(s);
    if (c === ':') return parseIPv6(s);
    if (c === '%') return addrError(s, 'missing IPv6 address');
  }
  return addrError(s, 'unable to parse IP');
}

const isMapped = (ip: CelIp) => ip.family === 6 && ip.value >> 32n === 0xffffn;

/** parseIPAddr of the library: ParseAddr, then no zone and no IPv4-mapped address. */
function libraryIp(raw: string): CelIp | { error: string } {
  const p = parseAddr(raw);
  if ('error' in p) return { error: `IP Address ${goQuote(raw)} parse error during conversion from string: ${p.error}` };
  if (p.zone !== '') return { error: `IP address ${goQuote(raw)} with zone value is not allowed` };
  if (isMapped(p.ip)) return { error: `IPv4-mapped IPv6 address ${goQuote(raw)} is not allowed` };
  return p.ip;
}

/**
 * stringToCIDR: parseCIDR (netip.ParsePrefix, its error wrapped, then the IPv4-mapped check),
 * whose error stringToCIDR wraps once more, so a ParsePrefix error carries the prefix twice.
 */
function libraryCidr(raw: string): CelCidr | { error: string } {
  const r = parseCidr(raw);
  return 'error' in r ? { error: `network address parse error during conversion from string: ${r.error}` } : r;
}

function parseCidr(raw: string): CelCidr | { error: string } {
  const wrap = (msg: string) => ({ error: `network address parse error during conversion from string: netip.ParsePrefix(${goQuote(raw)}): ${msg}` });
  const slash = raw.lastIndexOf('/');
  if (slash < 0) return wrap("no '/'");
  const p = parseAddr(raw.slice(0, slash));
  if ('error' in p) return wrap(p.error);
  if (p.ip.family === 6 && p.zone !== '') return wrap('IPv6 zones cannot be present in a prefix');
  const bitsText = raw.slice(slash + 1);
  if ((bitsText.length > 1 && !/^[1-9]/.test(bitsText)) || !/^[0-9]+$/.test(bitsText)) return wrap(`bad bits after slash: ${goQuote(bitsText)}`);
  const bits = Number(bitsText);
  if (bits > (p.ip.family === 4 ? 32 : 128)) return wrap('prefix length out of range');
  if (isMapped(p.ip)) return { error: `IPv4-mapped IPv6 address ${goQuote(raw)} is not allowed` };
  return new CelCidr(p.ip, bits);
}

function orFail<T>(r: T | { error: string }): T {
  if (typeof r === 'object' && r !== null && 'error' in r) throw new Error((r as { error: string }).error);
  return r as T;
}

const width = (ip: CelIp) => (ip.family === 4 ? 32 : 128);
const inRange = (ip: CelIp, base: bigint, bits: number) => ip.value >> BigInt(width(ip) - bits) === base >> BigInt(width(ip) - bits);

function maskOf(ip: CelIp, bits: number): bigint {
  const w = BigInt(width(ip));
  return ip.value & (((1n << BigInt(bits)) - 1n) << (w - BigInt(bits)));
}

const v4 = (a: number, b: number, c: number, d: number) => (BigInt(a) << 24n) | (BigInt(b) << 16n) | (BigInt(c) << 8n) | BigInt(d);

/** netip's predicates, on an address that is never IPv4-mapped here. */
const isLoopback = (ip: CelIp) => (ip.family === 4 ? inRange(ip, v4(127, 0, 0, 0), 8) : ip.value === 1n);
const isMulticast = (ip: CelIp) => (ip.family === 4 ? inRange(ip, v4(224, 0, 0, 0), 4) : ip.value >> 120n === 0xffn);
// fe80::/10: the top ten bits 1111111010.
const isLinkLocalUnicast = (ip: CelIp) => (ip.family === 4 ? inRange(ip, v4(169, 254, 0, 0), 16) : ip.value >> 118n === 0x3fan);
const isLinkLocalMulticast = (ip: CelIp) => (ip.family === 4 ? inRange(ip, v4(224, 0, 0, 0), 24) : ((ip.value >> 112n) & 0xff0fn) === 0xff02n);
const isUnspecified = (ip: CelIp) => ip.value === 0n;
function isGlobalUnicast(ip: CelIp): boolean {
  if (ip.family === 4 && (ip.value === 0n || ip.value === 0xffffffffn)) return false;
  return !isUnspecified(ip) && !isLoopback(ip) && !isMulticast(ip) && !isLinkLocalUnicast(ip);
}

/** Prefix.Contains: same family, equal under the prefix's mask. */
function contains(c: CelCidr, ip: CelIp): boolean {
  return c.ip.family === ip.family && maskOf(c.ip, c.bits) === maskOf(ip, c.bits);
}

/** containsCIDR: Overlaps and a prefix no longer than the other's. */
function containsCidr(c: CelCidr, o: CelCidr): boolean {
  if (c.ip.family !== o.ip.family) return false;
  const bits = Math.min(c.bits, o.bits);
  return maskOf(c.ip, bits) === maskOf(o.ip, bits) && c.bits <= o.bits;
}

/** netip's Addr.String: dotted decimal; IPv6 in lower-case hex, the first longest run of two or more zero groups as `::`. */
function addrString(ip: CelIp): string {
  if (ip.family === 4) return [24n, 16n, 8n, 0n].map((sh) => String((ip.value >> sh) & 0xffn)).join('.');
  const groups = Array.from({ length: 8 }, (_, i) => Number((ip.value >> BigInt(112 - 16 * i)) & 0xffffn));
  let start = -1;
  let len = 0;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > len && j - i >= 2) [start, len] = [i, j - i];
    i = j;
  }
  const hex = (gs: number[]) => gs.map((g) => g.toString(16)).join(':');
  return start < 0 ? hex(groups) : `${hex(groups.slice(0, start))}::${hex(groups.slice(start + len))}`;
}

export function registerIpLibrary(env: Environment): void {
  env.registerFunction('__ip_isCanonical(string): bool', (s: string) => addrString(orFail(libraryIp(s))) === s);
  env.registerType(IP, CelIp);
  env.registerType(CIDR, CelCidr);
  env.registerFunction(`ip(string): ${IP}`, (s: string) => orFail(libraryIp(s)));
  env.registerFunction('isIP(string): bool', (s: string) => !('error' in libraryIp(s)));
  env.registerFunction(`cidr(string): ${CIDR}`, (s: string) => orFail(libraryCidr(s)));
  env.registerFunction('isCIDR(string): bool', (s: string) => !('error' in libraryCidr(s)));
  const member = (receiver: string, name: string, returnType: string, params: string[], handler: (...args: never[]) => unknown) =>
    env.registerFunction({ name, receiverType: receiver, returnType, params: params.map((type, i) => ({ name: `a${i}`, type })), handler: handler as (...args: unknown[]) => unknown });
  member(IP, 'family', 'int', [], (ip: CelIp) => BigInt(ip.family));
  member(IP, 'isUnspecified', 'bool', [], isUnspecified);
  member(IP, 'isLoopback', 'bool', [], isLoopback);
  member(IP, 'isLinkLocalMulticast', 'bool', [], isLinkLocalMulticast);
  member(IP, 'isLinkLocalUnicast', 'bool', [], isLinkLocalUnicast);
  member(IP, 'isGlobalUnicast', 'bool', [], isGlobalUnicast);
  member(CIDR, 'containsIP', 'bool', [IP], contains);
  member(CIDR, 'containsIP', 'bool', ['string'], (c: CelCidr, s: string) => contains(c, orFail(libraryIp(s))));
  member(CIDR, 'containsCIDR', 'bool', [CIDR], containsCidr);
  member(CIDR, 'containsCIDR', 'bool', ['string'], (c: CelCidr, s: string) => containsCidr(c, orFail(libraryCidr(s))));
  member(CIDR, 'ip', IP, [], (c: CelCidr) => c.ip);
  member(CIDR, 'masked', CIDR, [], (c: CelCidr) => new CelCidr(new CelIp(c.ip.family, maskOf(c.ip, c.bits)), c.bits));
  member(CIDR, 'prefixLength', 'int', [], (c: CelCidr) => BigInt(c.bits));
  env.registerOperator(`${IP} == ${IP}`, (a: CelIp, b: CelIp) => a.family === b.family && a.value === b.value);
  env.registerOperator(`${CIDR} == ${CIDR}`, (a: CelCidr, b: CelCidr) => a.ip.family === b.ip.family && a.ip.value === b.ip.value && a.bits === b.bits);
}
