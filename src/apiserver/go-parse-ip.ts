/**
 * Whether a string is an IP address as Go reads one: k8s.io/utils' `netutils.ParseIPSloppy` (the
 * Go 1.16 `net.ParseIP` kept by k8s.io/utils/net), or today's `net.ParseIP`, which differs only
 * in refusing a leading zero in an IPv4 field (`01.2.3.4`). IPv4 as four dotted decimal fields of
 * at most 255, IPv6 as up to eight colon-separated hex fields of at most 0xffff, one `::` standing
 * for a run of zero fields, an IPv4 address allowed as its last 32 bits. No zone.
 */

/** A run of digits from `i` in `s` and its value, or undefined past the 0xffffff bound Go's dtoi/xtoi keep. */
function digits(s: string, i: number, base: 10 | 16): { value: number; end: number } | undefined {
  const re = base === 10 ? /[0-9]/ : /[0-9a-fA-F]/;
  let value = 0;
  let end = i;
  while (end < s.length && re.test(s[end])) {
    value = value * base + parseInt(s[end], base);
    if (value >= 0xffffff) return undefined;
    end++;
  }
  return end === i ? undefined : { value, end };
}

/** An IPv4 address; `leadingZeros`: a field may start with 0 (the sloppy reading). */
export function isGoIPv4(s: string, leadingZeros: boolean): boolean {
  let i = 0;
  for (let field = 0; field < 4; field++) {
    if (field > 0) {
      if (s[i] !== '.') return false;
      i++;
    }
    const d = digits(s, i, 10);
    if (!d || d.value > 0xff) return false;
    if (!leadingZeros && d.end - i > 1 && s[i] === '0') return false;
    i = d.end;
  }
  return i === s.length;
}

/** An IPv6 address; `leadingZeros` as isGoIPv4's, for an IPv4 address in its last 32 bits. */
export function isGoIPv6(s: string, leadingZeros: boolean): boolean {
  let fields = 0;
  let ellipsis = false;
  let i = 0;
  if (s.startsWith('::')) {
    ellipsis = true;
    i = 2;
    if (i === s.length) return true;
  }
  while (i < s.length) {
    const d = digits(s, i, 16);
    if (!d || d.value > 0xffff) return false;
    if (d.end < s.length && s[d.end] === '.') {
      // An embedded IPv4 address: the rest, and it fills two fields.
      if (!ellipsis && fields !== 6) return false;
      if (fields + 2 > 8) return false;
      if (!isGoIPv4(s.slice(i), leadingZeros)) return false;
      fields += 2;
      i = s.length;
      break;
    }
    fields++;
    i = d.end;
    if (i === s.length) break;
    if (s[i] !== ':' || i + 1 === s.length) return false;
    i++;
    if (s[i] === ':') {
      if (ellipsis) return false;
      ellipsis = true;
      i++;
      if (i === s.length) break;
    }
    if (fields === 8) return false;
  }
  return ellipsis ? fields < 8 : fields === 8;
}

/** `netutils.ParseIPSloppy(s) != nil`: the first `.` or `:` decides the family. */
export function isGoIP(s: string): boolean {
  for (const ch of s) {
    if (ch === '.') return isGoIPv4(s, true);
    if (ch === ':') return isGoIPv6(s, true);
  }
  return false;
}
