import { describe, expect, test } from 'vitest';
import { SsaError } from '../../src/errors/ssa-error.js';
import { encodeJsonValue, formatJsonNumber, jsonQuoteHtml, jsonQuoteMinimal } from '../../src/fieldpath/json-text.js';
import { newMap } from '../../src/value/value.js';

describe('minimal JSON string escaping', () => {
  test.each([
    ['plain', '"plain"'],
    ['quote"', String.raw`"quote\""`],
    ['back\\', String.raw`"back\\"`],
    ['a\nb\rc\td', String.raw`"a\nb\rc\td"`],
    ['\x00\x01\b\f\x0b\x1f', String.raw`"\u0000\u0001\u0008\u000c\u000b\u001f"`],
    ['<>&', '"<>&"'],
    ['\u2028\u2029', '"\u2028\u2029"'],
    ['\x7f é 🚀 /', '"\x7f é 🚀 /"'],
    ['\ud800', '"\ufffd"'],
    ['\udc00a\ud83d', '"\ufffda\ufffd"'],
  ])('%j → %s', (input, want) => {
    expect(jsonQuoteMinimal(input)).toBe(want);
  });
});

describe('HTML-escaping JSON strings', () => {
  test.each([
    ['plain', '"plain"'],
    ['a<b>&', String.raw`"a\u003cb\u003e\u0026"`],
    ['quote"', String.raw`"quote\""`],
    ['\u2028\u2029', String.raw`"\u2028\u2029"`],
    ['a\nb\x01', String.raw`"a\nb\u0001"`],
    ['é🚀\x7f', '"é🚀\x7f"'],
    ['\ud800', '"\ufffd"'],
  ])('%j → %s', (input, want) => {
    expect(jsonQuoteHtml(input)).toBe(want);
  });
});

describe('JSON numbers', () => {
  test.each([
    [0, '0'],
    [-0, '0'],
    [2, '2'],
    [2.0, '2'],
    [-17, '-17'],
    [80, '80'],
    [1.5, '1.5'],
    [0.000001, '0.000001'],
    [1e-7, '1e-07'],
    [-1e-7, '-1e-07'],
    [1.5e-10, '1.5e-10'],
    [1e20, '100000000000000000000'],
    [123456789.125, '123456789.125'],
    [1e21, '1e+21'],
    [1.5e300, '1.5e+300'],
    [5e-324, '5e-324'],
    [0.1 + 0.2, '0.30000000000000004'],
    [4611686018427387904n, '4611686018427387904'], // an int64 (a bigint beyond 2^53) prints exactly
    [2 ** 62, '4611686018427388000'], // an integral number beyond 2^53 is a float64: shortest digits
    [2 ** 66, '73786976294838210000'], // beyond int64 only a float64: shortest digits
    [2 ** 64, '18446744073709552000'],
  ])('%s → %s', (x, want) => {
    expect(formatJsonNumber(x)).toBe(want);
  });
  test('non-finite numbers are errors', () => {
    for (const x of [NaN, Infinity, -Infinity]) expect(() => formatJsonNumber(x)).toThrow(SsaError);
    expect(() => encodeJsonValue([1, NaN], true)).toThrow(/unsupported value/);
  });
});

describe('encodeJsonValue', () => {
  test('compact, nested map keys in code point order', () => {
    const inner = newMap();
    inner.z = 1;
    inner.y = 2;
    inner['\u{10000}'] = 3;
    inner['\uffff'] = 4;
    expect(encodeJsonValue([null, true, false, 'x', 1.5, [], newMap(), inner], true)).toBe('[null,true,false,"x",1.5,[],{},{"y":2,"z":1,"\uffff":4,"\u{10000}":3}]');
  });
  test('the flavour applies to strings and map keys', () => {
    const m = newMap();
    m['<k>'] = '<v>';
    expect(encodeJsonValue(m, true)).toBe(String.raw`{"\u003ck\u003e":"\u003cv\u003e"}`);
    expect(encodeJsonValue(m, false)).toBe('{"<k>":"<v>"}');
  });
  test('__proto__ is data', () => {
    const m = newMap();
    m['__proto__'] = 'p';
    m['constructor'] = 'c';
    expect(encodeJsonValue(m, true)).toBe('{"__proto__":"p","constructor":"c"}');
  });
});
