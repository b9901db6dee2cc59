import { describe, expect, test } from 'vitest';
import { MAX_FIELDSV1_DEPTH, decodeFieldsV1, decodeFieldsV1Value, parsePathElement } from '../../src/fieldpath/fieldsv1-decode.js';
import { encodeFieldsV1 } from '../../src/fieldpath/fieldsv1-encode.js';
import { PeKind, type PathElement } from '../../src/fieldpath/path-element.js';
import { FieldSet } from '../../src/fieldpath/set.js';
import { errorOf } from '../support/ssa-error.js';
import { WORKED_EXAMPLE, f, fields, i, k, pathStrings, v, workedExampleSet } from './helpers.js';

describe('parsePathElement', () => {
  const same = (text: string, pe: PathElement) => expect(parsePathElement(text).id).toBe(pe.id);
  test('each kind', () => {
    same('f:spec', f('spec'));
    same('f:', f(''));
    same('f:a:b\\"', f('a:b\\"'));
    same('k:{"name":"nginx"}', k({ name: 'nginx' }));
    same('v:"x"', v('x'));
    same('v:null', v(null));
    same('v:[1,{"a":true}]', v([1, { a: true }]));
    same('i:3', i(3));
    same('i:-1', i(-1));
    same('i:+7', i(7));
    same('i:007', i(7));
  });
  test('numbers are float64: 1.0 and 1 are one element', () => {
    expect(parsePathElement('v:1.0').id).toBe(parsePathElement('v:1').id);
    expect(parsePathElement('k:{"p":80.0}').id).toBe(k({ p: 80 }).id);
    same('v:1e2', v(100));
  });
  test('key fields are re-sorted by name', () => {
    const pe = parsePathElement('k:{"b":1,"a":2}');
    expect(pe.kind === PeKind.Key && pe.fields.map((x) => x.name)).toEqual(['a', 'b']);
  });
  test('accepted oddities', () => {
    same('v: {"a":1} ', v({ a: 1 }));
    same('k: {"a":1}\n', k({ a: 1 }));
    same('k:null', k({}));
    same('k:{}', k({}));
    same('k:{"name\\u002dx":"y"}', k({ 'name-x': 'y' }));
    same('v:"\\ud83d\\ude80"', v('🚀'));
    same('v:"\\ud800"', v('\ufffd'));
    same('v:{"__proto__":1}', v({ ['__proto__']: 1 } as never));
  });
  test('__proto__ inside a value is data', () => {
    const pe = parsePathElement('v:{"__proto__":{"x":1}}');
    expect(pe.kind === PeKind.Value && Object.keys(pe.value as object)).toEqual(['__proto__']);
  });
  test.each([
    ['', 'key must be 2 characters long:'],
    ['f', 'key must be 2 characters long:'],
    ['a', 'key must be 2 characters long:'],
    ['ab', 'missing colon: ab'],
    ['é', 'missing colon: é'], // two bytes in UTF-8
    ['f;x', 'missing colon: f;x'],
    ['x:1', 'unknown path element type'],
    ['F:a', 'unknown path element type'],
    ['i:1.5', 'strconv.Atoi: parsing "1.5": invalid syntax'],
    ['i: 0', 'strconv.Atoi: parsing " 0": invalid syntax'],
    ['i:0 ', 'strconv.Atoi: parsing "0 ": invalid syntax'],
    ['i:', 'strconv.Atoi: parsing "": invalid syntax'],
    ['i:-', 'strconv.Atoi: parsing "-": invalid syntax'],
    ['i:1_0', 'strconv.Atoi: parsing "1_0": invalid syntax'],
    ['i:9223372036854775808', 'strconv.Atoi: parsing "9223372036854775808": value out of range'],
    ['i:99999999999999999999x', 'strconv.Atoi: parsing "99999999999999999999x": value out of range'],
    ['i:"\n"', 'strconv.Atoi: parsing "\\"\\n\\"": invalid syntax'],
    ['k:[1]', 'ReadObjectCB: expect { or n, but found ['],
    ['k:"a"', 'ReadObjectCB: expect { or n, but found "'],
    ['v:1 2', 'managedFields parsing: unexpected trailing data after JSON object'],
    ['k:{"a":1}x', 'managedFields parsing: unexpected trailing data after JSON object'],
  ])('%j fails with %s', (text, message) => {
    const e = errorOf(() => parsePathElement(text));
    expect(e.code).toBe('FIELDSV1_PARSE');
    expect(e.message).toBe(message);
  });
  // JS numbers hold integers exactly only up to 2^53: beyond it the index is accepted but rounded.
  test('index range: all of int64 is accepted', () => {
    same('i:9223372036854775807', i(9223372036854775807));
    same('i:-9223372036854775808', i(-9223372036854775808));
  });
  test.each(['v:', 'v:{', 'v:tru', 'v:"abc', 'v:01', 'v:1.', 'v:[1,]', 'v:"\\x"', 'v:"a\tb"', 'v:1e400', 'k:{"a"}', 'k:{"a":}', 'k:{"a":1,}', 'k:{'])(
    'invalid JSON %j is an error',
    (text) => {
      expect(errorOf(() => parsePathElement(text)).code).toBe('FIELDSV1_PARSE');
    },
  );
  test('hostile nesting inside a value is refused without a stack overflow', () => {
    const e = errorOf(() => parsePathElement('v:' + '['.repeat(200000)));
    expect(e.code).toBe('TOO_DEEP');
  });
});

describe('decodeFieldsV1', () => {
  test('the worked example', () => {
    const s = decodeFieldsV1(WORKED_EXAMPLE);
    expect(s.equals(workedExampleSet())).toBe(true);
    expect(pathStrings(s)).toContain('.spec.containers[name="nginx"].ports[containerPort=80,protocol="TCP"].containerPort');
  });
  test('top level: {} and null are empty; "." is ignored there', () => {
    expect(decodeFieldsV1('{}').isEmpty()).toBe(true);
    expect(decodeFieldsV1(' null ').isEmpty()).toBe(true);
    expect(decodeFieldsV1('{".":{}}').isEmpty()).toBe(true);
    expect(decodeFieldsV1('{".":{},"f:a":{}}').equals(fields('a'))).toBe(true);
  });
  test('membership: ".", empty and null nodes, nodes with only unknown children', () => {
    expect(decodeFieldsV1('{"f:a":{"f:b":{}}}').equals(fields('a.b'))).toBe(true);
    expect(decodeFieldsV1('{"f:a":{".":{},"f:b":{}}}').equals(fields('a', 'a.b'))).toBe(true);
    expect(decodeFieldsV1('{"f:a":null}').equals(fields('a'))).toBe(true);
    expect(decodeFieldsV1('{"f:a":{"r:x":{"f:b":{}}}}').equals(fields('a'))).toBe(true);
    expect(decodeFieldsV1('{"f:a":{".":[1,2],"f:b":{}}}').equals(fields('a', 'a.b'))).toBe(true);
    expect(decodeFieldsV1('{"f:a":{".":{"x":[{"y":null}]}}}').equals(fields('a'))).toBe(true);
  });
  test('unknown kinds are dropped with their subtree', () => {
    expect(decodeFieldsV1('{"r:1":{"f:a":{}},"x:y":[1,2],"f:b":{}}').equals(fields('b'))).toBe(true);
    expect(decodeFieldsV1('{"x:":"anything"}').isEmpty()).toBe(true);
  });
  test('duplicate keys: members collapse, a repeated subtree replaces the earlier one', () => {
    expect(decodeFieldsV1('{"f:a":{"f:b":{}},"f:a":{"f:c":{}}}').equals(fields('a.c'))).toBe(true);
    expect(decodeFieldsV1('{"f:a":{},"f:a":{}}').equals(fields('a'))).toBe(true);
    expect(decodeFieldsV1('{"f:a":{"f:b":{}},"f:z":{},"f:a":{"f:c":{}}}').equals(fields('a.c', 'z'))).toBe(true);
    expect(decodeFieldsV1('{"f:a":{"f:b":{}},"f:a":{}}').equals(fields('a', 'a.b'))).toBe(true);
    expect(decodeFieldsV1('{"f:a":{".":{},"f:b":{}},"f:a":{"f:c":{}}}').equals(fields('a', 'a.c'))).toBe(true);
    expect(decodeFieldsV1('{"v:1":{},"v:1.0":{}}').equals(FieldSet.fromPaths([[v(1)]]))).toBe(true);
  });
  test('keys out of order are accepted and re-encoded sorted', () => {
    expect(encodeFieldsV1(decodeFieldsV1('{"f:c":{},"i:1":{},"f:a":{"f:z":{},".":{},"f:b":{}}}'))).toBe('{"f:a":{".":{},"f:b":{},"f:z":{}},"f:c":{},"i:1":{}}');
  });
  test('whitespace and JSON escapes anywhere', () => {
    const s = decodeFieldsV1(' {\n "f:a" : { "." : { } , "f:\\u0062" :{}}\t}\r\n');
    expect(s.equals(fields('a', 'a.b'))).toBe(true);
  });
  test('names that are Object.prototype members round-trip', () => {
    const text = '{"f:__proto__":{"f:constructor":{}},"f:hasOwnProperty":{},"f:toString":{},"v:\\"__proto__\\"":{},"v:\\"toString\\"":{}}';
    const s = decodeFieldsV1(text);
    expect(s.size()).toBe(5);
    expect(pathStrings(s)).toEqual(['.hasOwnProperty', '.toString', '[="__proto__"]', '[="toString"]', '.__proto__.constructor']);
    expect(encodeFieldsV1(s)).toBe(text);
    expect(decodeFieldsV1Value(JSON.parse(text)).equals(s)).toBe(true);
  });
  test.each([
    ['', 'ReadMapCB: expect { or n, but found end of input, at byte 0'],
    ['[]', 'ReadMapCB: expect { or n, but found [, at byte 0'],
    ['1', 'ReadMapCB: expect { or n, but found 1, at byte 0'],
    ['{"f:a":[]}', 'ReadMapCB: expect { or n, but found [, at byte 7 (in "f:a")'],
    ['{"f:a":{"f:b":"x"}}', 'ReadMapCB: expect { or n, but found ", at byte 14 (in "f:a" > "f:b")'],
    ['{"f:a":{}} x', 'managedFields parsing: unexpected trailing data after JSON object, at byte 11'],
    ['{"f:a":{}}{}', 'managedFields parsing: unexpected trailing data after JSON object, at byte 10'],
    ['{"f:spec":{"ab":{}}}', 'parsing key as path element: missing colon: ab, at byte 12 (in "f:spec")'],
    ['{"f":{}}', 'parsing key as path element: key must be 2 characters long:, at byte 2'],
    ['{"é":{}}', 'parsing key as path element: missing colon: é, at byte 2'],
    ['{"f:é":{"i:x":{}}}', 'parsing key as path element: strconv.Atoi: parsing "x": invalid syntax, at byte 10 (in "f:é")'],
    ['{"f:a":{"k:[1]":{}}}', 'parsing key as path element: ReadObjectCB: expect { or n, but found [, at byte 9 (in "f:a")'],
    ['{"v:1 2":{}}', 'parsing key as path element: managedFields parsing: unexpected trailing data after JSON object, at byte 2'],
    ['{"f:a":{}', 'ReadMapCB: object not ended with }, at byte 9'],
    ['{"f:a":{},}', 'ReadString: expects " or n, but found }, at byte 10'],
    ['{"f:a" {}}', 'ReadMapCB: expect : after object field, but found {, at byte 7'],
    ['{f:a:{}}', 'ReadMapCB: expect " after {, but found f, at byte 1'],
  ])('%j fails: %s', (text, message) => {
    const e = errorOf(() => decodeFieldsV1(text));
    expect(e.code).toBe('FIELDSV1_PARSE');
    expect(e.message).toBe(message);
  });
  test('errors carry the field path leading to them', () => {
    const e = errorOf(() => decodeFieldsV1('{"f:spec":{"f:containers":{"k:{\\"name\\":\\"x\\"}":{"q":{}}}}}'));
    expect(e.path).toBe('.spec.containers[name="x"]');
    expect(e.message).toMatch(/^parsing key as path element: key must be 2 characters long:, at byte \d+ \(in "f:spec" > "f:containers" > "k:\{\\"name\\":\\"x\\"\}"\)$/);
  });
  test(`nesting: ${MAX_FIELDSV1_DEPTH} objects are fine, one more is TOO_DEEP, never a stack overflow`, () => {
    const deep = (n: number) => '{"f:a":'.repeat(n - 1) + '{}' + '}'.repeat(n - 1);
    const ok = deep(MAX_FIELDSV1_DEPTH);
    expect(encodeFieldsV1(decodeFieldsV1(ok))).toBe(ok);
    expect(errorOf(() => decodeFieldsV1(deep(MAX_FIELDSV1_DEPTH + 1))).code).toBe('TOO_DEEP');
    expect(errorOf(() => decodeFieldsV1(deep(10000))).code).toBe('TOO_DEEP');
    expect(errorOf(() => decodeFieldsV1('{"f:a":'.repeat(1_000_000))).code).toBe('TOO_DEEP');
    expect(errorOf(() => decodeFieldsV1('{".":' + '['.repeat(1_000_000))).code).toBe('TOO_DEEP');
    expect(errorOf(() => decodeFieldsV1('{"x:":' + '{"a":'.repeat(1_000_000))).code).toBe('TOO_DEEP');
  });
});

describe('decodeFieldsV1Value', () => {
  test('same rules on parsed JSON', () => {
    expect(decodeFieldsV1Value(JSON.parse(WORKED_EXAMPLE)).equals(workedExampleSet())).toBe(true);
    expect(decodeFieldsV1Value(null).isEmpty()).toBe(true);
    expect(decodeFieldsV1Value({ 'f:a': null, 'r:b': 5, 'f:c': { '.': [1], 'f:d': {} } }).equals(fields('a', 'c', 'c.d'))).toBe(true);
    expect(decodeFieldsV1Value({ 'f:a': { 'x:y': {} } }).equals(fields('a'))).toBe(true);
  });
  test('errors', () => {
    expect(errorOf(() => decodeFieldsV1Value([])).message).toBe('ReadMapCB: expect { or n, but found [');
    expect(errorOf(() => decodeFieldsV1Value('x')).message).toBe('ReadMapCB: expect { or n, but found "');
    expect(errorOf(() => decodeFieldsV1Value({ 'f:a': 1 })).message).toBe('ReadMapCB: expect { or n, but found 1 (in "f:a")');
    const e = errorOf(() => decodeFieldsV1Value({ 'f:a': { ab: {} } }));
    expect(e.message).toBe('parsing key as path element: missing colon: ab (in "f:a")');
    expect(e.path).toBe('.a');
  });
  test('deep values are TOO_DEEP, not a stack overflow', () => {
    let obj: Record<string, unknown> = {};
    for (let n = 0; n < 20000; n++) obj = { 'f:a': obj };
    expect(errorOf(() => decodeFieldsV1Value(obj as never)).code).toBe('TOO_DEEP');
  });
});
