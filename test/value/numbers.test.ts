/**
 * The number model (src/value/value.ts): an int64 beyond ±(2^53 − 1) is a bigint, everything
 * else a JS number; ints compare exactly with ints, and with floats as float64s, as the merge
 * library compares them (value.Compare / value.Equals); JSON text keeps every digit of an int64.
 */
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/value/canonical-json.js';
import { compareValues } from '../../src/value/compare.js';
import { valueEquals } from '../../src/value/equals.js';
import { parseJsonExact } from '../../src/value/parse-json.js';
import { stringifyJson } from '../../src/value/stringify-json.js';
import { intValue, isNumber, kindOf, type Value } from '../../src/value/value.js';

const P53 = 9007199254740993n; // 2^53 + 1: no float64 holds it

describe('intValue', () => {
  it('keeps safe ints as numbers and the others as bigints', () => {
    expect(intValue(42n)).toBe(42);
    expect(intValue(-9007199254740991n)).toBe(-9007199254740991);
    expect(intValue(9007199254740992n)).toBe(9007199254740992n);
    expect(intValue(-P53)).toBe(-P53);
  });
  it('makes bigints numbers of kind number', () => {
    expect(kindOf(P53)).toBe('number');
    expect(isNumber(P53)).toBe(true);
    expect(isNumber('1')).toBe(false);
  });
});

describe('comparing numbers as the merge library does', () => {
  it('compares two ints exactly', () => {
    expect(compareValues(P53, 9007199254740992n)).toBe(1);
    expect(compareValues(-P53, -9007199254740992n)).toBe(-1);
    expect(valueEquals(P53, 9007199254740992n)).toBe(false);
    expect(valueEquals(P53, 9007199254740993n)).toBe(true);
  });
  it('compares an int with a float as two float64s', () => {
    // float64(2^53 + 1) is 2^53: the reference's FloatCompare sees equal values.
    expect(compareValues(P53, 9007199254740992)).toBe(0);
    expect(valueEquals(P53, 9007199254740992)).toBe(true);
    expect(valueEquals(9007199254740992, P53)).toBe(true);
    expect(compareValues(P53, 9007199254740994)).toBe(-1);
    expect(compareValues(9223372036854775807n, 2 ** 63)).toBe(0);
  });
  it('keeps numbers before strings whatever their representation', () => {
    expect(compareValues(P53, '1')).toBe(-1);
    expect(valueEquals(P53, String(P53))).toBe(false);
    expect(valueEquals([P53, { a: P53 }] as Value, [P53, { a: P53 }] as Value)).toBe(true);
  });
  it('identifies an int by the float64 it converts to (as FieldsV1 reads it back)', () => {
    expect(canonicalJson(P53)).toBe(canonicalJson(9007199254740992));
    expect(canonicalJson({ id: P53 } as Value)).toBe('{"id":9007199254740992}');
  });
});

describe('parseJsonExact', () => {
  it('keeps every digit of an int64', () => {
    const v = parseJsonExact('{"a":9007199254740993,"b":[-9223372036854775808,9223372036854775807],"c":12}') as Record<string, Value>;
    expect(v.a).toBe(P53);
    expect(v.b).toEqual([-9223372036854775808n, 9223372036854775807n]);
    expect(v.c).toBe(12);
  });
  it('reads integers beyond int64, fractions and exponents as float64s', () => {
    const v = parseJsonExact('[9223372036854775808, -9223372036854775809, 9007199254740993.0, 9007199254740993e0, 1.5e-7]') as Value[];
    expect(v).toEqual([2 ** 63, -(2 ** 63), 9007199254740992, 9007199254740992, 1.5e-7]);
    expect(v.every((x) => typeof x === 'number')).toBe(true);
  });
  it('reads strings and keys as JSON.parse does, __proto__ as data, the last of a repeated key', () => {
    const text = '{"__proto__":{"x":1},"s":"a\\"b\\u00e9\\n","n":9007199254740993,"n":9007199254740995}';
    const v = parseJsonExact(text) as Record<string, Value>;
    expect(Object.getPrototypeOf(v)).toBe(null);
    expect(Object.keys(v)).toEqual(['__proto__', 's', 'n']);
    expect(v.s).toBe('a"bé\n');
    expect(v.n).toBe(9007199254740995n);
    expect(valueEquals(v.__proto__ as Value, { x: 1 } as Value)).toBe(true);
  });
  it('leaves text without long digit runs to JSON.parse, and fails as JSON.parse fails', () => {
    expect(parseJsonExact('{"a": [1, 2.5, "9007199254740993"]}')).toEqual({ a: [1, 2.5, '9007199254740993'] });
    expect(() => parseJsonExact('{"a": 9007199254740993,}')).toThrow(SyntaxError);
    let message = '';
    try {
      JSON.parse('[9007199254740993');
    } catch (e) {
      message = (e as Error).message;
    }
    expect(() => parseJsonExact('[9007199254740993')).toThrow(message);
  });
  it('refuses nesting deeper than the limit instead of overflowing the stack', () => {
    const deep = '['.repeat(20) + '9007199254740993' + ']'.repeat(20);
    expect(() => parseJsonExact(deep, 10)).toThrow('object nested deeper than 10 levels');
    expect(parseJsonExact(deep, 20)).toBeDefined();
  });
});

describe('stringifyJson', () => {
  it('writes bigints with every digit, in JSON.stringify layout', () => {
    const data = { a: [P53, -P53, 1.5, 'x', null, true], b: {}, c: [], d: undefined, e: { f: 9223372036854775807n } };
    const withNumbers = JSON.parse(JSON.stringify(data, (_k, v: unknown) => (typeof v === 'bigint' ? Number(v) : v))) as unknown;
    for (const indent of [0, 1, 2]) {
      const text = stringifyJson(data, indent);
      expect(text.replace(/9007199254740993/g, '9007199254740992').replace('9223372036854775807', '9223372036854775808')).toBe(
        JSON.stringify(withNumbers, null, indent).replace('9223372036854776000', '9223372036854775808'),
      );
    }
    expect(stringifyJson({ a: P53 })).toBe('{"a":9007199254740993}');
  });
  it('is JSON.stringify for data without bigints', () => {
    const data = { a: [1, 2.5, 'x'], b: { c: null } };
    expect(stringifyJson(data, 2)).toBe(JSON.stringify(data, null, 2));
  });
});
