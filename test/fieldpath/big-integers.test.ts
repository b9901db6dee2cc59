/**
 * Integers beyond 2^53 in field sets: an int from an object keeps every digit in a `v:`/`k:` key
 * (the reference writes int64s with WriteInt64); a number read back from FieldsV1 is a float64, as
 * the reference's decoder makes every number, so re-encoding it writes the float64's digits; and
 * both name the same element, since an int and a float compare as float64s.
 */
import { describe, expect, it } from 'vitest';
import { decodeFieldsV1 } from '../../src/fieldpath/fieldsv1-decode.js';
import { encodeFieldsV1, fieldsV1ValueText } from '../../src/fieldpath/fieldsv1-encode.js';
import { formatGoValue } from '../../src/fieldpath/format-go-value.js';
import { formatGoJsonNumber, formatJsonNumber } from '../../src/fieldpath/json-text.js';
import { fieldElement, keyElement, valueElement } from '../../src/fieldpath/path-element.js';
import { pathToString } from '../../src/fieldpath/path-string.js';
import { FieldSet } from '../../src/fieldpath/set.js';
import { parseJsonExact } from '../../src/value/parse-json.js';
import type { Value } from '../../src/value/value.js';

const P53 = 9007199254740993n;

describe('FieldsV1 keys with big integers', () => {
  const set = FieldSet.fromPaths([
    [fieldElement('seen'), valueElement(P53)],
    [fieldElement('seen'), valueElement(-9223372036854775808n)],
    [fieldElement('shards'), keyElement([{ name: 'id', value: 9223372036854775807n }]), fieldElement('owner')],
  ]);

  it('writes ints from objects with every digit, sorted as ints', () => {
    expect(encodeFieldsV1(set)).toBe(
      '{"f:seen":{"v:-9223372036854775808":{},"v:9007199254740993":{}},"f:shards":{"k:{\\"id\\":9223372036854775807}":{"f:owner":{}}}}',
    );
  });

  it('reads them back as float64s, which re-encode with the float64 digits', () => {
    const back = decodeFieldsV1(encodeFieldsV1(set));
    expect(encodeFieldsV1(back)).toBe(
      '{"f:seen":{"v:-9223372036854776000":{},"v:9007199254740992":{}},"f:shards":{"k:{\\"id\\":9223372036854776000}":{"f:owner":{}}}}',
    );
    // Same elements: the int and the float compare equal as float64s.
    expect(back.equals(set)).toBe(true);
    expect(back.difference(set).isEmpty()).toBe(true);
    expect(set.intersection(back).equals(set)).toBe(true);
  });

  it('prints ints as ints and FieldsV1 floats as Go floats in paths', () => {
    expect(pathToString([fieldElement('seen'), valueElement(P53)])).toBe('.seen[=9007199254740993]');
    const back = decodeFieldsV1('{"f:seen":{"v:9007199254740993":{}}}');
    expect(pathToString(back.paths()[0])).toBe('.seen[=9.007199254740992e+15]');
    expect(formatGoValue({ id: -P53 } as Value)).toBe('id=-9007199254740993');
  });

  it('keeps the stored text of an entry as it is (fieldsV1ValueText)', () => {
    const text = '{"f:spec":{"f:seen":{"v:9007199254740993":{}},"k:{\\"id\\":9007199254740993}":{".":{}}}}';
    expect(fieldsV1ValueText(parseJsonExact(text) as Value)).toBe(text);
  });
});

describe('number text', () => {
  it('writes bigints with every digit and float64s with their shortest digits', () => {
    expect(formatJsonNumber(P53)).toBe('9007199254740993');
    expect(formatGoJsonNumber(-P53)).toBe('-9007199254740993');
    // An integral number beyond 2^53 is a float64: Go prints its shortest digits, zero-padded.
    expect(formatJsonNumber(2 ** 60)).toBe('1152921504606847000');
    expect(formatGoJsonNumber(2 ** 60)).toBe('1152921504606847000');
    expect(formatJsonNumber(1e21)).toBe('1e+21');
    expect(formatJsonNumber(1.5e-7)).toBe('1.5e-07');
    expect(formatGoJsonNumber(1.5e-7)).toBe('1.5e-7');
  });
});
