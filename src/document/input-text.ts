/**
 * The bytes of an input file as text, refused where kubectl's readers refuse them: go-yaml reads
 * only UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF) and only the
 * printable characters of YAML 1.1 (tab, line breaks, U+0085 and everything from U+0020 but DEL,
 * the C1 controls, U+FFFE and U+FFFF); Go's JSON reader refuses control characters below U+0020
 * in a JSON text (one whose first character, after white space, is `{`, as kubectl tells JSON
 * from YAML). Node's own decoder would turn each bad byte into U+FFFD without a word.
 */
import { SsaError } from '../errors/ssa-error.js';

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** `bytes` decoded as UTF-8; an SsaError('INPUT') at the file, line and column of the first byte or character that is not text. */
export function inputText(bytes: Uint8Array, file: string | undefined): string {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    const at = firstInvalidByte(bytes);
    const before = decoder.decode(bytes.subarray(0, at));
    throw new SsaError('INPUT', `not UTF-8 text: byte 0x${bytes[at].toString(16).padStart(2, '0')} (save the file as UTF-8)`, { source: positionIn(before, before.length, file) });
  }
  const json = /^\uFEFF?[ \t\r\n]*\{/.test(text);
  const bad = json ? JSON_CONTROL : YAML_CONTROL;
  bad.lastIndex = 0;
  const m = bad.exec(text);
  if (m) {
    const code = m[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    const message = json
      ? `control character U+${code} is not allowed in JSON text (write it as \\u${code})`
      : `control character U+${code} is not allowed in YAML (write "\\u${code}" in a double-quoted string)`;
    throw new SsaError('INPUT', message, { source: positionIn(text, m.index, file) });
  }
  return text;
}

/** What go-yaml refuses: every character outside YAML 1.1's printable set. */
const YAML_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u0084\u0086-\u009F\uFFFE\uFFFF]/g;
/** What Go's JSON reader refuses anywhere in a text: control characters (DEL and C1 are JSON's to keep). */
const JSON_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g;

/** 1-based line and column (in UTF-16 units, as the YAML reader counts) of `offset` in `text`. */
function positionIn(text: string, offset: number, file: string | undefined): { file?: string; line: number; column: number } {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return { ...(file !== undefined ? { file } : {}), line, column: offset - lineStart + 1 };
}

/** Offset of the first byte that does not begin a well-formed UTF-8 character (RFC 3629). */
function firstInvalidByte(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i];
    let n: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (c < 0x80) n = 0;
    else if (c >= 0xc2 && c <= 0xdf) n = 1;
    else if (c >= 0xe0 && c <= 0xef) {
      n = 2;
      if (c === 0xe0) lo = 0xa0;
      if (c === 0xed) hi = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      n = 3;
      if (c === 0xf0) lo = 0x90;
      if (c === 0xf4) hi = 0x8f;
    } else return i;
    for (let k = 1; k <= n; k++) {
      const t = b[i + k];
      if (t === undefined || t < (k === 1 ? lo : 0x80) || t > (k === 1 ? hi : 0xbf)) return i;
    }
    i += n + 1;
  }
  return b.length;
}

/**
 * What go-yaml's reader says of bytes it refuses (gopkg.in/yaml.v2 readerc.go), checked in its
 * order for the first character that fails; undefined when every character reads. A body that
 * starts with a UTF-16 byte-order mark is left alone (go-yaml would read it as UTF-16).
 */
export function goYamlReaderProblem(b: Uint8Array): string | undefined {
  if ((b[0] === 0xff && b[1] === 0xfe) || (b[0] === 0xfe && b[1] === 0xff)) return undefined;
  let i = 0;
  while (i < b.length) {
    const c = b[i];
    const width = c < 0x80 ? 1 : (c & 0xe0) === 0xc0 ? 2 : (c & 0xf0) === 0xe0 ? 3 : (c & 0xf8) === 0xf0 ? 4 : 0;
    if (width === 0) return 'invalid leading UTF-8 octet';
    if (i + width > b.length) return 'incomplete UTF-8 octet sequence';
    let value = width === 1 ? c : width === 2 ? c & 0x1f : width === 3 ? c & 0x0f : c & 0x07;
    for (let k = 1; k < width; k++) {
      if ((b[i + k] & 0xc0) !== 0x80) return 'invalid trailing UTF-8 octet';
      value = (value << 6) + (b[i + k] & 0x3f);
    }
    if ((width === 2 && value < 0x80) || (width === 3 && value < 0x800) || (width === 4 && value < 0x10000)) return 'invalid length of a UTF-8 sequence';
    if ((value >= 0xd800 && value <= 0xdfff) || value > 0x10ffff) return 'invalid Unicode character';
    const printable =
      value === 0x09 || value === 0x0a || value === 0x0d || (value >= 0x20 && value <= 0x7e) || value === 0x85 || (value >= 0xa0 && value <= 0xd7ff) || (value >= 0xe000 && value <= 0xfffd) || value >= 0x10000;
    if (!printable) return 'control characters are not allowed';
    i += width;
  }
  return undefined;
}
