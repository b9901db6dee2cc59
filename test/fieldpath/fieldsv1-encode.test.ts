import { describe, expect, test } from 'vitest';
import { encodeFieldsV1, fieldsV1ToValue, pathElementToKeyText } from '../../src/fieldpath/fieldsv1-encode.js';
import { jsonQuoteMinimal } from '../../src/fieldpath/json-text.js';
import type { PathElement } from '../../src/fieldpath/path-element.js';
import { FieldSet } from '../../src/fieldpath/set.js';
import { newMap } from '../../src/value/value.js';
import { WORKED_EXAMPLE, f, fields, i, k, v, workedExampleSet } from './helpers.js';

describe('encodeFieldsV1', () => {
  test('the worked example, byte for byte', () => {
    expect(encodeFieldsV1(workedExampleSet())).toBe(WORKED_EXAMPLE);
  });
  test('empty set', () => {
    expect(encodeFieldsV1(new FieldSet())).toBe('{}');
  });
  test('"." comes first only where an element is both member and node; never at the top', () => {
    expect(encodeFieldsV1(fields('a', 'a.b', 'c.d', 'e'))).toBe('{"f:a":{".":{},"f:b":{}},"f:c":{"f:d":{}},"f:e":{}}');
  });
  test('keys in path-element order: f < k < v < i, names by code point', () => {
    const s = FieldSet.fromPaths([[i(10)], [i(2)], [v('b')], [v(1)], [v(true)], [k({ a: 2 })], [k({ a: 1 })], [f('\u{10000}')], [f('\uffff')], [f('B')], [f('a')]]);
    expect(encodeFieldsV1(s)).toBe(
      '{"f:B":{},"f:a":{},"f:\uffff":{},"f:\u{10000}":{},"k:{\\"a\\":1}":{},"k:{\\"a\\":2}":{},"v:1":{},"v:\\"b\\"":{},"v:true":{},"i:2":{},"i:10":{}}',
    );
  });
  test('numbers in keys and values', () => {
    const s = FieldSet.fromPaths([[v(1e-7)], [v(2.5)], [v(1e21)], [k({ p: 1000000 })]]);
    expect(encodeFieldsV1(s)).toBe('{"k:{\\"p\\":1000000}":{},"v:1e-07":{},"v:2.5":{},"v:1e+21":{}}');
  });
});

describe('path element key text (§1.4 table)', () => {
  const written = (pe: PathElement) => jsonQuoteMinimal(pathElementToKeyText(pe));
  test.each([
    [f('a<b>&'), String.raw`"f:a<b>&"`],
    [f('quote"'), String.raw`"f:quote\""`],
    [f('nl\n'), String.raw`"f:nl\n"`],
    [v('a<b>&'), String.raw`"v:\"a\\u003cb\\u003e\\u0026\""`],
    [v('quote"'), String.raw`"v:\"quote\\\"\""`],
    [v('\u2028'), String.raw`"v:\"\\u2028\""`],
    [f('\u2028'), '"f:\u2028"'],
    [k({ k: 'x' }), String.raw`"k:{\"k\":\"x\"}"`],
    [k({ b: 1, a: 'z' }), String.raw`"k:{\"a\":\"z\",\"b\":1}"`],
    [i(0), '"i:0"'],
    [i(42), '"i:42"'],
    [f(''), '"f:"'],
    [k({}), '"k:{}"'],
  ])('%#', (pe, want) => {
    expect(written(pe)).toBe(want);
  });
  test('key with null/bool/list/map values', () => {
    const d = newMap();
    d.z = 1;
    d.y = 2;
    expect(written(k({ d, c: [1, 'x'], b: true, a: null }))).toBe(String.raw`"k:{\"a\":null,\"b\":true,\"c\":[1,\"x\"],\"d\":{\"y\":2,\"z\":1}}"`);
  });
  test('key field names are minimally escaped, values HTML-escaped', () => {
    expect(pathElementToKeyText(k({ '<n>': '<v>' }))).toBe(String.raw`k:{"<n>":"\u003cv\u003e"}`);
    expect(pathElementToKeyText(k({ '\u2028': '\u2028' }))).toBe('k:{"\u2028":"\\u2028"}');
  });
});

describe('fieldsV1ToValue', () => {
  test('same structure and key order as the text', () => {
    const val = fieldsV1ToValue(workedExampleSet());
    expect(val).toEqual(JSON.parse(WORKED_EXAMPLE));
    expect(JSON.stringify(val)).toBe(WORKED_EXAMPLE);
  });
  test('empty set is {}', () => {
    expect(fieldsV1ToValue(new FieldSet())).toEqual({});
  });
});
