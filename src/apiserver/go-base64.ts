/**
 * Where Go's `base64.StdEncoding.Decode` stops on a text that is not standard, padded base64
 * (Go's JSON decoder reads a `[]byte` field's string so): the offset of its CorruptInputError,
 * `illegal base64 data at input byte N`, counted in the text's UTF-8 bytes. The decoder reads
 * quanta of four characters from the alphabet, skipping `\n` and `\r` anywhere; a character
 * outside the alphabet is the error at its own offset; `=` may end a quantum only after two or
 * three characters (after two, a second `=` must follow), and nothing but line breaks may follow
 * the padding (the error is then at the first such byte); a text that ends inside a quantum is
 * the error at the quantum's start (padding is required). It does not check that the padding's
 * unused bits are zero (StdEncoding is not Strict).
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const IN_ALPHABET = new Uint8Array(256);
for (const c of ALPHABET) IN_ALPHABET[c.charCodeAt(0)] = 1;
const PAD = 0x3d;
const isBreak = (b: number) => b === 0x0a || b === 0x0d;

/** The offset Go's decoder names for `text`, or undefined when it decodes. */
export function goBase64ErrorOffset(text: string): number | undefined {
  const src = new TextEncoder().encode(text);
  let si = 0;
  while (si < src.length) {
    // One quantum.
    let j = 0;
    for (; j < 4; j++) {
      if (si === src.length) {
        if (j === 0) return undefined;
        return si - j;
      }
      const b = src[si++];
      if (IN_ALPHABET[b]) continue;
      if (isBreak(b)) {
        j--;
        continue;
      }
      if (b !== PAD) return si - 1;
      // Padding: the end of the text.
      if (j < 2) return si - 1;
      if (j === 2) {
        while (si < src.length && isBreak(src[si])) si++;
        if (si === src.length) return src.length;
        if (src[si] !== PAD) return si - 1;
        si++;
      }
      while (si < src.length && isBreak(src[si])) si++;
      return si < src.length ? si : undefined;
    }
  }
  return undefined;
}

/** Go's CorruptInputError text for `text`, or undefined when it decodes. */
export function goBase64Error(text: string): string | undefined {
  const at = goBase64ErrorOffset(text);
  return at === undefined ? undefined : `illegal base64 data at input byte ${at}`;
}

/**
 * The text Go writes back for a `[]byte` it read from `text`: the bytes decoded (line breaks
 * skipped, the padding's unused bits ignored) and encoded again as standard padded base64, or
 * undefined when `text` does not decode.
 */
export function canonicalBase64(text: string): string | undefined {
  if (goBase64ErrorOffset(text) !== undefined) return undefined;
  const sextets: number[] = [];
  for (const c of text) {
    if (c === '=') break;
    if (c !== '\n' && c !== '\r') sextets.push(ALPHABET.indexOf(c));
  }
  let out = '';
  for (let i = 0; i < sextets.length; i += 4) {
    const [a, b, c = 0, d = 0] = sextets.slice(i, i + 4);
    const left = sextets.length - i;
    // Only the bits of whole bytes are kept: 1 byte from 2 characters, 2 from 3.
    const n = ((a << 18) | (b << 12) | (c << 6) | d) & (left === 2 ? 0xff0000 : left === 3 ? 0xffff00 : 0xffffff);
    out += ALPHABET[(n >> 18) & 63] + ALPHABET[(n >> 12) & 63];
    out += left > 2 ? ALPHABET[(n >> 6) & 63] : '=';
    out += left > 3 ? ALPHABET[n & 63] : '=';
  }
  return out;
}
