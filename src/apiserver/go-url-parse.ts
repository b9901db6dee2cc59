/**
 * Go 1.23's `url.Parse` and `url.ParseRequestURI` (src/net/url/url.go: Parse, ParseRequestURI,
 * parse, getScheme, parseAuthority, parseHost, validUserinfo, validOptionalPort, unescape,
 * shouldEscape), for what kube-apiserver 1.32 asks of them: whether a URL parses, and if not the
 * error's text (`parse "http://a b": invalid character " " in host name`), and the parts a
 * webhook URL is checked for. The parts are kept as written (not unescaped).
 */
import { goQuote } from '../fieldpath/format-go-value.js';

export interface GoUrl {
  /** lower-cased */
  readonly scheme: string;
  readonly opaque: string;
  /** the user information before the last `@` of the authority, when there is one */
  readonly user?: string;
  readonly host: string;
  readonly path: string;
  readonly rawQuery: string;
  readonly fragment: string;
}

/** A host byte shouldEscape(c, encodeHost) leaves as it is: letters, digits and these. */
const HOST_PUNCTUATION = "!$&'()*+,;=:[]<>\"-_.~";
const isHostByte = (c: string): boolean => /^[A-Za-z0-9]$/.test(c) || HOST_PUNCTUATION.includes(c);
const USERINFO_PUNCTUATION = "-._:~!$&'()*+,;=%@";

type Mode = 'host' | 'zone' | 'other';

/** url.unescape's check: the error text, or undefined when `s` unescapes. */
function unescapeError(s: string, mode: Mode): string | undefined {
  for (let i = 0; i < s.length; ) {
    if (s[i] === '%') {
      const hex = s.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return `invalid URL escape ${goQuote(s.slice(i, i + 3))}`;
      const v = parseInt(hex, 16);
      const percent = hex === '25';
      // In a host only bytes from 0x80 (or %25) may be escaped; in a zone only host bytes and space.
      if (mode === 'host' && v < 0x80 && !percent) return `invalid URL escape ${goQuote(s.slice(i, i + 3))}`;
      if (mode === 'zone' && !percent && v !== 0x20 && !(v < 0x80 && isHostByte(String.fromCharCode(v)))) return `invalid URL escape ${goQuote(s.slice(i, i + 3))}`;
      i += 3;
    } else {
      if (mode !== 'other' && s.charCodeAt(i) < 0x80 && !isHostByte(s[i])) return `invalid character ${goQuote(s[i])} in host name`;
      i++;
    }
  }
  return undefined;
}

const validOptionalPort = (port: string): boolean => port === '' || /^:[0-9]*$/.test(port);

/** url.parseHost's error, or undefined. */
function hostError(host: string): string | undefined {
  if (host.startsWith('[')) {
    const close = host.lastIndexOf(']');
    if (close < 0) return "missing ']' in host";
    const port = host.slice(close + 1);
    if (!validOptionalPort(port)) return `invalid port ${goQuote(port)} after host`;
    const zone = host.slice(0, close).indexOf('%25');
    if (zone >= 0) return unescapeError(host.slice(0, zone), 'host') ?? unescapeError(host.slice(zone, close), 'zone') ?? unescapeError(host.slice(close), 'host');
  } else {
    const colon = host.lastIndexOf(':');
    if (colon >= 0 && !validOptionalPort(host.slice(colon))) return `invalid port ${goQuote(host.slice(colon))} after host`;
  }
  return unescapeError(host, 'host');
}

/** url.parse: the parts, or the error's own text. */
function parse(raw: string, viaRequest: boolean): GoUrl | string {
  if (/[\x00-\x1f\x7f]/.test(raw)) return 'net/url: invalid control character in URL';
  if (raw === '' && viaRequest) return 'empty url';
  const none = { scheme: '', opaque: '', host: '', path: '', rawQuery: '', fragment: '' };
  if (raw === '*') return { ...none, path: '*' };
  let scheme = '';
  let rest = raw;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (/[A-Za-z]/.test(c)) continue;
    if (/[0-9+.-]/.test(c) && i > 0) continue;
    if (c === ':') {
      if (i === 0) return 'missing protocol scheme';
      [scheme, rest] = [raw.slice(0, i).toLowerCase(), raw.slice(i + 1)];
    }
    break;
  }
  let rawQuery = '';
  if (rest.endsWith('?') && rest.indexOf('?') === rest.length - 1) rest = rest.slice(0, -1);
  else if (rest.includes('?')) [rest, rawQuery] = [rest.slice(0, rest.indexOf('?')), rest.slice(rest.indexOf('?') + 1)];
  if (!rest.startsWith('/')) {
    if (scheme !== '') return { ...none, scheme, opaque: rest, rawQuery };
    if (viaRequest) return 'invalid URI for request';
    if (rest.split('/')[0].includes(':')) return 'first path segment in URL cannot contain colon';
  }
  let user: string | undefined;
  let host = '';
  if ((scheme !== '' || (!viaRequest && !rest.startsWith('///'))) && rest.startsWith('//')) {
    let authority = rest.slice(2);
    rest = '';
    const slash = authority.indexOf('/');
    if (slash >= 0) [authority, rest] = [authority.slice(0, slash), authority.slice(slash)];
    const at = authority.lastIndexOf('@');
    host = at < 0 ? authority : authority.slice(at + 1);
    const bad = hostError(host);
    if (bad !== undefined) return bad;
    if (at >= 0) {
      user = authority.slice(0, at);
      if (![...user].every((c) => /^[A-Za-z0-9]$/.test(c) || USERINFO_PUNCTUATION.includes(c))) return 'net/url: invalid userinfo';
      const colon = user.indexOf(':');
      const userError = colon < 0 ? unescapeError(user, 'other') : (unescapeError(user.slice(0, colon), 'other') ?? unescapeError(user.slice(colon + 1), 'other'));
      if (userError !== undefined) return userError;
    }
  }
  const pathError = unescapeError(rest, 'other');
  if (pathError !== undefined) return pathError;
  return { ...none, scheme, user, host, path: rest, rawQuery };
}

/** url.Parse: the fragment cut off first, then checked. */
export function goUrlParse(raw: string): GoUrl | { error: string } {
  const hash = raw.indexOf('#');
  const [u, fragment] = hash < 0 ? [raw, ''] : [raw.slice(0, hash), raw.slice(hash + 1)];
  const parsed = parse(u, false);
  if (typeof parsed === 'string') return { error: `parse ${goQuote(u)}: ${parsed}` };
  const fragmentError = unescapeError(fragment, 'other');
  if (fragmentError !== undefined) return { error: `parse ${goQuote(raw)}: ${fragmentError}` };
  return { ...parsed, fragment };
}

/** url.ParseRequestURI: no fragment is cut off. */
export function goParseRequestURI(raw: string): GoUrl | { error: string } {
  const parsed = parse(raw, true);
  return typeof parsed === 'string' ? { error: `parse ${goQuote(raw)}: ${parsed}` } : parsed;
}

/** url.ParseRequestURI succeeds (govalidator's IsRequestURI). */
export function isGoRequestURI(raw: string): boolean {
  return typeof parse(raw, true) !== 'string';
}
