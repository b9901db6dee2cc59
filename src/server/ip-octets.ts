/**
 * An IP address as the octets a certificate's subjectAltName holds it in (RFC 5280 4.2.1.6:
 * four for IPv4, sixteen for IPv6, network byte order); undefined for text that is not an address.
 */
import { isIPv4, isIPv6 } from 'node:net';

export function ipOctets(text: string): Uint8Array | undefined {
  if (isIPv4(text)) return Uint8Array.from(text.split('.').map(Number));
  // A zone (`fe80::1%eth0`) names an interface, not part of the address.
  let address = text.replace(/%.*$/, '');
  if (!isIPv6(address)) return undefined;
  // An IPv4 tail (`::ffff:10.0.0.1`) is the last two groups.
  address = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) => `${((+a << 8) | +b).toString(16)}:${((+c << 8) | +d).toString(16)}`);
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':'));
  const gap = address.indexOf('::');
  const groups =
    gap < 0
      ? address.split(':')
      : (() => {
          const left = groupsOf(address.slice(0, gap));
          const right = groupsOf(address.slice(gap + 2));
          return [...left, ...new Array<string>(8 - left.length - right.length).fill('0'), ...right];
        })();
  const out = new Uint8Array(16);
  groups.forEach((g, i) => {
    const n = parseInt(g, 16);
    out[2 * i] = n >> 8;
    out[2 * i + 1] = n & 0xff;
  });
  return out;
}
