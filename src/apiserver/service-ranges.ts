/**
 * The service IP range and the node port range a Service registry allocates from, as
 * kube-apiserver's allocators hold them (pkg/registry/core/service/ipallocator and
 * portallocator): an IPv4 CIDR without its network and broadcast addresses, a port range
 * `BASE-LAST`, each split into a lower band kept for values clients ask for and an upper band
 * that dynamic allocation takes first (`min(max(16, size/16), 256)` addresses, `min(max(16,
 * size/32), 128)` ports). Pure arithmetic: no state.
 */

/** kind's and kubeadm's default `--service-cluster-ip-range`. */
export const DEFAULT_SERVICE_CIDR = '10.96.0.0/12';
/** kube-apiserver's default `--service-node-port-range`. */
export const DEFAULT_NODE_PORT_RANGE = '30000-32767';

export interface IpRange {
  /** As given, normalised (`10.96.0.0/12`): what error texts name. */
  readonly cidr: string;
  /** The network address as a number. */
  readonly network: number;
  /** Usable addresses: offset 0 is network + 1. */
  readonly max: number;
  /** Offsets below this are the static band. */
  readonly offset: number;
}

export interface PortRange {
  readonly text: string;
  readonly base: number;
  readonly size: number;
  readonly offset: number;
}

/** An IPv4 address as a number, or undefined when `text` is not one. */
export function parseIPv4(text: string): number | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!m) return undefined;
  const parts = m.slice(1).map(Number);
  if (parts.some((p, i) => p > 255 || (m[i + 1].length > 1 && m[i + 1].startsWith('0')))) return undefined;
  return ((parts[0] * 256 + parts[1]) * 256 + parts[2]) * 256 + parts[3];
}

export function formatIPv4(n: number): string {
  return [24, 16, 8, 0].map((s) => Math.floor(n / 2 ** s) % 256).join('.');
}

/** `10.96.0.0/12` read as a service IP range; undefined when it is not an IPv4 CIDR. */
export function parseIpRange(text: string): IpRange | undefined {
  const m = /^([^/]+)\/(\d{1,2})$/.exec(text);
  if (!m) return undefined;
  const ip = parseIPv4(m[1]);
  const bits = Number(m[2]);
  if (ip === undefined || bits > 32) return undefined;
  const size = 2 ** (32 - bits);
  const network = ip - (ip % size);
  const offset = size <= 16 ? 0 : Math.min(Math.max(16, Math.floor(size / 16)), 256);
  return { cidr: `${formatIPv4(network)}/${bits}`, network, max: Math.max(0, size - 2), offset };
}

/** `30000-32767` read as a node port range; undefined when it is not one. */
export function parsePortRange(text: string): PortRange | undefined {
  const m = /^(\d+)-(\d+)$/.exec(text);
  if (!m) return undefined;
  const base = Number(m[1]);
  const last = Number(m[2]);
  if (last < base || last > 65535) return undefined;
  const size = last - base + 1;
  const offset = size <= 16 ? 0 : Math.min(Math.max(16, Math.floor(size / 32)), 128);
  return { text: `${base}-${last}`, base, size, offset };
}

/** The offset of an address in the range, or undefined when it is outside the usable addresses. */
export function ipOffset(range: IpRange, ip: number): number | undefined {
  const o = ip - range.network - 1;
  return o >= 0 && o < range.max ? o : undefined;
}

export function ipAt(range: IpRange, offset: number): string {
  return formatIPv4(range.network + 1 + offset);
}

/**
 * The first free offset of `size`, the upper band (from `offset`) first, then the lower one: the
 * bands the allocators prefer, searched in order where kube-apiserver picks at random, so that
 * the answer is the same on every run. Undefined when everything is taken.
 */
export function firstFree(size: number, offset: number, taken: (o: number) => boolean): number | undefined {
  for (let o = offset; o < size; o++) if (!taken(o)) return o;
  for (let o = 0; o < Math.min(offset, size); o++) if (!taken(o)) return o;
  return undefined;
}
