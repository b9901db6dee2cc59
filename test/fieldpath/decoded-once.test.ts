import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeFieldsV1, decodeFieldsV1Value } from '../../src/fieldpath/fieldsv1-decode.js';
import { encodeFieldsV1, fieldsV1ToValue } from '../../src/fieldpath/fieldsv1-encode.js';
import { pathToString } from '../../src/fieldpath/path-string.js';
import { fieldElement, keyElement } from '../../src/fieldpath/path-element.js';
import { FieldSet } from '../../src/fieldpath/set.js';
import { parseJson } from '../../src/apiserver/object-paths.js';
import { fcOptions, setArb } from './arbitraries.js';

const printed = (s: FieldSet) => s.paths().map(pathToString);

describe('a FieldsV1 value is read once', () => {
  it('the same value gives the same set; an equal value read separately gives an equal set', () => {
    const text = '{"f:data":{".":{},"f:a":{}},"f:spec":{"f:ports":{"k:{\\"port\\":80,\\"protocol\\":\\"TCP\\"}":{}}}}';
    const value = parseJson(text);
    const set = decodeFieldsV1Value(value);
    expect(decodeFieldsV1Value(value)).toBe(set);
    const again = decodeFieldsV1Value(parseJson(text));
    expect(again).not.toBe(set);
    expect(again.equals(set)).toBe(true);
  });

  it('what a read set encodes to reads back as that set, which a fresh read of its text equals element for element', () => {
    fc.assert(
      fc.property(setArb(), (original) => {
        const read = decodeFieldsV1Value(fieldsV1ToValue(original));
        const stored = fieldsV1ToValue(read);
        expect(decodeFieldsV1Value(stored)).toBe(read);
        // The sharing is only right because a read set survives the round trip exactly: same
        // members, same printed paths (numbers as the float64s they are in FieldsV1), same text.
        const fresh = decodeFieldsV1(encodeFieldsV1(read));
        expect(fresh.equals(read)).toBe(true);
        expect(printed(fresh)).toEqual(printed(read));
        expect(encodeFieldsV1(fresh)).toBe(encodeFieldsV1(read));
      }),
      fcOptions,
    );
  });

  it('a set the engine built is not taken for the one its encoding reads back as', () => {
    // An int beyond 2^53 in a key: the engine's set has every digit, FieldsV1 read back a float64.
    const built = FieldSet.fromPaths([[fieldElement('ports'), keyElement([{ name: 'port', value: 9007199254740993n }])]]);
    expect(printed(built)).toEqual(['.ports[port=9007199254740993]']);
    expect(printed(decodeFieldsV1Value(fieldsV1ToValue(built)))).toEqual(['.ports[port=9.007199254740992e+15]']);
    fc.assert(
      fc.property(setArb(), (built) => {
        const stored = fieldsV1ToValue(built);
        expect(printed(decodeFieldsV1Value(stored))).toEqual(printed(decodeFieldsV1(encodeFieldsV1(built))));
      }),
      fcOptions,
    );
  });
});
