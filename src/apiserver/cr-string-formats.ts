/**
 * The value checks of the string formats kube-apiserver 1.32 validates in a custom resource:
 * kube-openapi's strfmt.Default registry (pkg/validation/strfmt default.go, date.go, time.go,
 * duration.go, bson.go), restricted to apiextensions' supportedFormats, the checks of
 * govalidator (f61b66f89f4a) and Go's net, net/mail, net/url and time written out. Names are
 * compared without dashes (`date-time` is `datetime`).
 */
import { isGoMailAddress } from './go-mail-address.js';
import { isGoRequestURI } from './go-url-parse.js';
import { isGoIP, isGoIPv4, isGoIPv6 } from './go-parse-ip.js';
import { goRegexp } from './go-regexp.js';

const utf8Length = (s: string) => new TextEncoder().encode(s).length;

const HOSTNAME = String.raw`^([a-zA-Z0-9\p{S}\p{L}]((-?[a-zA-Z0-9\p{S}\p{L}]{0,62})?)|([a-zA-Z0-9\p{S}\p{L}](([a-zA-Z0-9-\p{S}\p{L}]{0,61}[a-zA-Z0-9\p{S}\p{L}])?)(\.)){1,}([a-zA-Z\p{L}]){2,63})$`;
const CREDIT_CARD = /^(?:4[0-9]{12}(?:[0-9]{3})?|5[1-5][0-9]{14}|6(?:011|5[0-9][0-9])[0-9]{12}|3[47][0-9]{13}|3(?:0[0-5]|[68][0-9])[0-9]{11}|(?:2131|1800|35\d{3})\d{11})$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$/;
const RGB = /^rgb\(\s*(0|[1-9]\d?|1\d\d?|2[0-4]\d|25[0-5])\s*,\s*(0|[1-9]\d?|1\d\d?|2[0-4]\d|25[0-5])\s*,\s*(0|[1-9]\d?|1\d\d?|2[0-4]\d|25[0-5])\s*\)$/;

const CHECKS: Readonly<Record<string, (s: string) => boolean>> = {
  bsonobjectid: (s) => /^[0-9a-fA-F]{24}$/.test(s),
  uri: isGoRequestURI,
  email: isGoMailAddress,
  hostname: (s) => {
    const re = goRegexp(HOSTNAME);
    return 'regexp' in re && re.regexp.test(s) && utf8Length(s) <= 255 && s.split('.').every((p) => utf8Length(p) <= 63);
  },
  // netutils.ParseIPSloppy for ipv4; govalidator's IsIPv6 reads with net.ParseIP (no leading zeros).
  ipv4: (s) => isGoIP(s) && s.includes('.'),
  ipv6: (s) => isGoIPv6(s, false) && s.includes(':'),
  cidr: isCIDR,
  mac: isMAC,
  uuid: (s) => /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i.test(s),
  uuid3: (s) => /^[0-9a-f]{8}-?[0-9a-f]{4}-?3[0-9a-f]{3}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i.test(s),
  uuid4: (s) => /^[0-9a-f]{8}-?[0-9a-f]{4}-?4[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i.test(s),
  uuid5: (s) => /^[0-9a-f]{8}-?[0-9a-f]{4}-?5[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i.test(s),
  isbn: (s) => isISBN10(s) || isISBN13(s),
  isbn10: isISBN10,
  isbn13: isISBN13,
  creditcard: isCreditCard,
  ssn: (s) => s.length === 11 && /^\d{3}[- ]?\d{2}[- ]?\d{4}$/.test(s),
  hexcolor: (s) => /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(s),
  rgbcolor: (s) => RGB.test(s),
  byte: (s) => BASE64.test(s),
  password: () => true,
  date: isDate,
  duration: isDuration,
  datetime: isDateTime,
};

/** Whether `data` is valid for `format` (a supported format name, dashes allowed). */
export function validatesFormat(format: string, data: string): boolean {
  const name = format.replaceAll('-', '');
  return Object.hasOwn(CHECKS, name) ? CHECKS[name](data) : true;
}

/** Go's \s in govalidator's patterns is ASCII: [\t\n\f\r ]. */
const GO_SPACE = '[\\t\\n\\f\\r ]';

function isISBN10(str: string): boolean {
  const s = str.replace(new RegExp(`(?:${GO_SPACE}|-)+`, 'g'), '');
  if (!/^(?:[0-9]{9}X|[0-9]{10})$/.test(s)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (i + 1) * Number(s[i]);
  sum += 10 * (s[9] === 'X' ? 10 : Number(s[9]));
  return sum % 11 === 0;
}

function isISBN13(str: string): boolean {
  const s = str.replace(new RegExp(`(?:${GO_SPACE}|-)+`, 'g'), '');
  if (!/^[0-9]{13}$/.test(s)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += (i % 2 === 0 ? 1 : 3) * Number(s[i]);
  return Number(s[12]) - ((10 - (sum % 10)) % 10) === 0;
}

function isCreditCard(str: string): boolean {
  const s = str.replace(/[^0-9]+/g, '');
  if (!CREDIT_CARD.test(s)) return false;
  let sum = 0;
  let double = false;
  for (let i = s.length - 1; i >= 0; i--) {
    let d = Number(s[i]);
    if (double) {
      d *= 2;
      sum += d >= 10 ? (d % 10) + 1 : d;
    } else sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** time.Parse("2006-01-02", s): four-digit year, two-digit month and day, the day within its month. */
function isDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days;
}

/** strfmt.IsDateTime: a date, a `t` (any case), a time of day and a zone; text after a further `t` is not looked at. */
function isDateTime(str: string): boolean {
  if (str.length < 4) return false;
  const parts = str.toLowerCase().split('t');
  if (parts.length < 2 || !isDate(parts[0])) return false;
  const m = /^([0-9]{2}):([0-9]{2}):([0-9]{2})([^\n][0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$/u.exec(parts[1]);
  return m !== null && m[1] <= '23' && m[2] <= '59' && m[3] <= '59';
}

const DURATION_UNITS: readonly (readonly string[])[] = [['ns', 'nano'], ['us', 'µs', 'micro'], ['ms', 'milli'], ['s', 'sec'], ['m', 'min'], ['h', 'hr', 'hour'], ['d', 'day'], ['w', 'wk', 'week']];

/** strfmt.ParseDuration: Go's time.ParseDuration, else some `<digits> <unit>` anywhere in the text. */
function isDuration(s: string): boolean {
  if (isGoDuration(s)) return true;
  let ok = false;
  for (const m of s.matchAll(/(\d+)[\t\n\f\r ]*([A-Za-zµ]+)/gu)) {
    if (BigInt(m[1]) > 2n ** 63n - 1n) return false; // strconv.Atoi fails
    const unit = m[2].trim().toLowerCase();
    for (const variants of DURATION_UNITS) {
      variants.forEach((v, i) => {
        if ((i === variants.length - 1 && unit.startsWith(v)) || v.toLowerCase() === unit) ok = true;
      });
    }
  }
  return ok;
}

/** time.ParseDuration's syntax and range (±2^63-1 ns). */
function isGoDuration(s: string): boolean {
  if (s === '0' || /^[-+]0$/.test(s)) return true;
  const m = /^([-+]?)((?:(?:\d+\.?\d*|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+)$/u.exec(s);
  if (!m) return false;
  const unitNs: Record<string, number> = { ns: 1, us: 1e3, 'µs': 1e3, 'μs': 1e3, ms: 1e6, s: 1e9, m: 6e10, h: 3.6e12 };
  let total = 0;
  for (const part of m[2].matchAll(/(\d+\.?\d*|\.\d+)(ns|us|µs|μs|ms|s|m|h)/gu)) total += Number(part[1]) * unitNs[part[2]];
  return total <= 2 ** 63;
}

/** netutils.ParseCIDRSloppy: an address (IPv4 with leading zeros allowed), `/`, a decimal prefix length within its size. */
function isCIDR(s: string): boolean {
  const slash = s.indexOf('/');
  if (slash < 0) return false;
  const addr = s.slice(0, slash);
  const mask = s.slice(slash + 1);
  const v4 = isGoIPv4(addr, true);
  if (!v4 && !isGoIPv6(addr, true)) return false;
  if (!/^\d+$/.test(mask) || mask.length > 8) return false;
  return Number(mask) <= (v4 ? 32 : 128);
}

/** net.ParseMAC: 6, 8 or 20 octets as `xx:xx...` or `xx-xx...`, or as dotted groups `xxxx.xxxx...`. */
function isMAC(s: string): boolean {
  const octets = (n: number) => n === 6 || n === 8 || n === 20;
  if (s.length < 14) return false;
  if (s[2] === ':' || s[2] === '-') {
    const sep = s[2];
    const parts = s.split(sep);
    return octets(parts.length) && parts.every((p) => /^[0-9a-fA-F]{2}$/.test(p));
  }
  if (s[4] === '.') {
    const parts = s.split('.');
    return octets(parts.length * 2) && parts.every((p) => /^[0-9a-fA-F]{4}$/.test(p));
  }
  return false;
}
