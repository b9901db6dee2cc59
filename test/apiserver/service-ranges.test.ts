/**
 * The service IP and node port ranges (src/apiserver/service-ranges.ts): the usable addresses
 * of a CIDR (no network, no broadcast address) and the bands of kube-apiserver's allocators
 * (ipallocator/bitmap.go and portallocator/allocator.go `calculateRangeOffset`: min(max(16,
 * size/16), 256) addresses, min(max(16, size/32), 128) ports kept for requested values).
 */
import { describe, expect, it } from 'vitest';
import { firstFree, formatIPv4, ipAt, ipOffset, parseIPv4, parseIpRange, parsePortRange } from '../../src/apiserver/service-ranges.js';

describe('service ranges', () => {
  it('reads IPv4 addresses and refuses what is not one', () => {
    expect(formatIPv4(parseIPv4('10.96.0.1')!)).toBe('10.96.0.1');
    for (const bad of ['10.96.0', '256.1.1.1', '10.96.0.01', 'fd00::1', '']) expect(parseIPv4(bad), bad).toBeUndefined();
  });

  it("kind's 10.96.0.0/12: offset 0 is 10.96.0.1, 2^20 - 2 usable addresses, a static band of 256", () => {
    const r = parseIpRange('10.96.0.0/12')!;
    expect(r).toMatchObject({ cidr: '10.96.0.0/12', max: 2 ** 20 - 2, offset: 256 });
    expect(ipAt(r, 0)).toBe('10.96.0.1');
    expect(ipAt(r, r.offset)).toBe('10.96.1.1');
    expect(ipOffset(r, parseIPv4('10.96.0.0')!)).toBeUndefined();
    expect(ipOffset(r, parseIPv4('10.111.255.255')!)).toBeUndefined();
    expect(ipOffset(r, parseIPv4('10.111.255.254')!)).toBe(r.max - 1);
  });

  it('small ranges: a /24 keeps 16 addresses, a /28 none; the CIDR is normalised to its network', () => {
    expect(parseIpRange('10.0.0.7/24')).toMatchObject({ cidr: '10.0.0.0/24', max: 254, offset: 16 });
    expect(parseIpRange('10.0.0.0/28')).toMatchObject({ max: 14, offset: 0 });
    for (const bad of ['10.0.0.0', '10.0.0.0/33', 'fd00::/108']) expect(parseIpRange(bad), bad).toBeUndefined();
  });

  it('node ports 30000-32767: 2768 ports, a static band of 86', () => {
    expect(parsePortRange('30000-32767')).toEqual({ text: '30000-32767', base: 30000, size: 2768, offset: 86 });
    expect(parsePortRange('30000-30010')).toMatchObject({ size: 11, offset: 0 });
    for (const bad of ['30000', '32767-30000', '30000-70000']) expect(parsePortRange(bad), bad).toBeUndefined();
  });

  it('takes the first free offset of the upper band, then of the lower one', () => {
    expect(firstFree(10, 4, () => false)).toBe(4);
    expect(firstFree(10, 4, (o) => o >= 4 && o < 9)).toBe(9);
    expect(firstFree(10, 4, (o) => o >= 4 || o === 0)).toBe(1);
    expect(firstFree(3, 0, () => true)).toBeUndefined();
  });
});
