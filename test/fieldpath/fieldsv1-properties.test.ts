import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { decodeFieldsV1, decodeFieldsV1Value, parsePathElement } from '../../src/fieldpath/fieldsv1-decode.js';
import { encodeFieldsV1, fieldsV1ToValue, pathElementToKeyText } from '../../src/fieldpath/fieldsv1-encode.js';
import { comparePathElements } from '../../src/fieldpath/path-element.js';
import { fcOptions, peArb, randomPeArb, setArb } from './arbitraries.js';

/** A small deterministic PRNG, so one drawn integer drives a whole rewrite of a text. */
function prng(seed: number): () => number {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r ^= r + Math.imul(r ^ (r >>> 7), 61 | r);
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A JSON string for `s` with each character randomly kept raw (where JSON allows) or \u-escaped
 * (a character above U+FFFF as a pair of escapes).
 */
function quoteRandomly(s: string, rnd: () => number): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.charCodeAt(0);
    const mustEscape = c < 0x20 || c === 0x22 || c === 0x5c;
    if (!mustEscape && rnd() >= 0.2) out += ch;
    else for (let i = 0; i < ch.length; i++) out += '\\u' + ch.charCodeAt(i).toString(16).padStart(4, '0');
  }
  return out + '"';
}

/**
 * The same FieldsV1 content written differently: keys shuffled, whitespace added, strings escaped
 * differently, entries repeated, keys of unknown kinds and a top-level "." added.
 */
function rewrite(v: unknown, rnd: () => number, top = true): string {
  const ws = () => [' ', '\n', '\t', '', '', ''][Math.floor(rnd() * 6)];
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  const obj = v as Record<string, unknown>;
  const entries: string[] = [];
  for (const k of Object.keys(obj)) {
    const entry = quoteRandomly(k, rnd) + ws() + ':' + ws() + rewrite(obj[k], rnd, false);
    entries.push(entry);
    if (rnd() < 0.1) entries.push(entry); // a repeated key with the same subtree changes nothing
  }
  if (rnd() < 0.1) entries.push('"z:unknown"' + ':' + '{"f:x":[1,{"y":null}]}');
  if (top && rnd() < 0.3) entries.push('".":{}');
  for (let i = entries.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [entries[i], entries[j]] = [entries[j], entries[i]];
  }
  return '{' + ws() + entries.join(ws() + ',' + ws()) + ws() + '}';
}

describe('FieldsV1 properties', () => {
  test('decode(encode(s)) equals s', () => {
    fc.assert(
      fc.property(setArb(), (s) => {
        const text = encodeFieldsV1(s);
        expect(decodeFieldsV1(text).equals(s)).toBe(true);
        expect(decodeFieldsV1Value(JSON.parse(text)).equals(s)).toBe(true);
      }),
      fcOptions,
    );
  });

  test('encoding is canonical: any rewrite of the text encodes to the same bytes', () => {
    fc.assert(
      fc.property(setArb(), fc.integer(), (s, seed) => {
        const text = encodeFieldsV1(s);
        const other = rewrite(JSON.parse(text), prng(seed));
        expect(encodeFieldsV1(decodeFieldsV1(other))).toBe(text);
      }),
      fcOptions,
    );
  });

  test('the text is compact JSON whose keys follow the path-element order', () => {
    fc.assert(
      fc.property(setArb(), (s) => {
        const text = encodeFieldsV1(s);
        expect(text.replace(/"(?:[^"\\]|\\.)*"/g, '')).toMatch(/^[{}:,]*$/); // nothing but strings and punctuation
        expect(JSON.stringify(fieldsV1ToValue(s))).toBe(JSON.stringify(JSON.parse(text)));
        const walk = (node: Record<string, unknown>, top: boolean) => {
          const keys = Object.keys(node);
          if (!top && keys[0] === '.') keys.shift();
          expect(keys).not.toContain('.');
          const pes = keys.map(parsePathElement);
          for (let n = 1; n < pes.length; n++) expect(comparePathElements(pes[n - 1], pes[n])).toBeLessThan(0);
          for (const k of keys) walk(node[k] as Record<string, unknown>, false);
        };
        walk(JSON.parse(text), true);
      }),
      fcOptions,
    );
  });

  test('path element text round-trips', () => {
    fc.assert(
      fc.property(fc.oneof(peArb, randomPeArb), (pe) => {
        const text = pathElementToKeyText(pe);
        const back = parsePathElement(text);
        expect(back.id).toBe(pe.id);
        expect(pathElementToKeyText(back)).toBe(text);
      }),
      fcOptions,
    );
  });
});
