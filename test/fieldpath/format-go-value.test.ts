import { describe, expect, test } from 'vitest';
import { formatGoNumber, formatGoValue, goQuote } from '../../src/fieldpath/format-go-value.js';
import { newMap } from '../../src/value/value.js';

describe('goQuote (strconv.Quote)', () => {
  test.each([
    ['', '""'],
    ['nginx', '"nginx"'],
    ['say "hi"', String.raw`"say \"hi\""`],
    ['back\\slash', String.raw`"back\\slash"`],
    ['\x07\b\f\n\r\t\v', String.raw`"\a\b\f\n\r\t\v"`],
    ['\x00\x01\x1b\x1f', String.raw`"\x00\x01\x1b\x1f"`],
    ['\x7f', String.raw`"\x7f"`],
    ['\u0085', String.raw`"\u0085"`], // C1 control
    ['\u00a0', String.raw`"\u00a0"`], // no-break space: a space other than U+0020 is not printable
    ['\u3000', String.raw`"\u3000"`],
    ['\u00ad', String.raw`"\u00ad"`], // soft hyphen (format)
    ['\u200b', String.raw`"\u200b"`],
    ['\ufeff', String.raw`"\ufeff"`],
    ['\u2028\u2029', String.raw`"\u2028\u2029"`],
    ['\u0378', String.raw`"\u0378"`], // unassigned
    ['\ue000', String.raw`"\ue000"`], // private use
    ['\uffff', String.raw`"\uffff"`],
    ['\u{f0000}', String.raw`"\U000f0000"`],
    ['\u{e0001}', String.raw`"\U000e0001"`],
    ['\u{2ffff}', String.raw`"\U0002ffff"`],
    ['é', '"é"'],
    ['日本', '"日本"'],
    ['🚀', '"🚀"'],
    ['a b~', '"a b~"'],
    ['<>&', '"<>&"'],
    ['\u0301', '"\u0301"'], // a combining mark is printable
    ['\ufffd', '"\ufffd"'],
    ['\ud800x', '"\ufffdx"'], // lone surrogate: as the U+FFFD a Go decoder would have produced
  ])('%j → %s', (input, want) => {
    expect(goQuote(input)).toBe(want);
  });
});

describe('formatGoNumber (%v)', () => {
  test.each([
    [2, '2'],
    [-7, '-7'],
    [0, '0'],
    [-0, '0'],
    [123456, '123456'],
    [1000000, '1000000'], // integral: printed as the int it would be in Go
    [2.5, '2.5'],
    [-2.5, '-2.5'],
    [0.0001, '0.0001'],
    [0.00001, '1e-05'],
    [0.000123, '0.000123'],
    [1.5e-7, '1.5e-07'],
    [123456.5, '123456.5'],
    [1234567.5, '1.2345675e+06'],
    [12345678.5, '1.23456785e+07'],
    [0.1, '0.1'],
    [1 / 3, '0.3333333333333333'],
    [4611686018427387904n, '4611686018427387904'], // an int64
    [2 ** 62, '4.611686018427388e+18'], // an integral number beyond 2^53 is a float64
    [2 ** 63, '9.223372036854776e+18'], // beyond int64: only a float64 can hold it
    [1e21, '1e+21'],
    [1.7976931348623157e308, '1.7976931348623157e+308'],
    [5e-324, '5e-324'],
    [NaN, 'NaN'],
    [Infinity, '+Inf'],
    [-Infinity, '-Inf'],
  ])('%s → %s', (x, want) => {
    expect(formatGoNumber(x)).toBe(want);
  });
});

describe('formatGoValue', () => {
  test('scalars', () => {
    expect(formatGoValue(null)).toBe('null');
    expect(formatGoValue(true)).toBe('true');
    expect(formatGoValue(false)).toBe('false');
    expect(formatGoValue('TCP')).toBe('"TCP"');
    expect(formatGoValue(80)).toBe('80');
  });
  test('lists: items recursively, comma, no spaces', () => {
    expect(formatGoValue([1, 'x', null, [true, 2.5]])).toBe('[1,"x",null,[true,2.5]]');
    expect(formatGoValue([])).toBe('[]');
  });
  test('maps: k=v pairs without separator, sorted by key', () => {
    const m = newMap();
    m.b = 'y';
    m.a = 1;
    m['__proto__'] = [1];
    expect(formatGoValue(m)).toBe('__proto__=[1]a=1b="y"');
    expect(formatGoValue(newMap())).toBe('');
  });
});
