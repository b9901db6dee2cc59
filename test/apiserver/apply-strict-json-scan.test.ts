/**
 * The scan that spares a JSON apply body the YAML reader's document model in the strict reading
 * (src/apiserver/apply-strict-decoding.ts): it answers "no repeated key" only when that is so,
 * and the complaints of a JSON body with a repeated key still come from the full reading.
 */
import { describe, expect, it } from 'vitest';
import { duplicateKeyErrors, jsonRepeatsNoKey } from '../../src/apiserver/apply-strict-decoding.js';

describe('jsonRepeatsNoKey', () => {
  it('is true for JSON whose objects repeat no key, keys equal to values or in other objects included', () => {
    expect(jsonRepeatsNoKey('{"a":"a","b":{"a":1},"c":[{"a":1},{"a":2}],"d":["a","a"]}')).toBe(true);
    expect(jsonRepeatsNoKey('{"k\\"x":1,"k":2,"s":"},{\\"k\\":"}')).toBe(true);
    expect(jsonRepeatsNoKey('[{"a":1},{"a":1}]')).toBe(true);
  });

  it('is false for a repeated key at any depth, written plainly or with escapes', () => {
    expect(jsonRepeatsNoKey('{"a":1,"a":2}')).toBe(false);
    expect(jsonRepeatsNoKey('{"x":[{"b":1,"c":{"d":1,"d":2}}]}')).toBe(false);
    expect(jsonRepeatsNoKey('{"a":1,"\\u0061":2}')).toBe(false);
  });

  it('is false for text that is not JSON (YAML goes to the full reading)', () => {
    expect(jsonRepeatsNoKey('a: 1\na: 2\n')).toBe(false);
    expect(jsonRepeatsNoKey('{a: 1}')).toBe(false);
  });
});

describe('duplicateKeyErrors on JSON bodies', () => {
  it('a body without repeats has none; one with a repeated key has go-yaml\'s line', () => {
    expect(duplicateKeyErrors('{"apiVersion":"v1","kind":"ConfigMap","data":{"a":"1"}}')).toEqual([]);
    expect(duplicateKeyErrors('{\n"apiVersion":"v1",\n"data":{"a":"1",\n"a":"2"}}')).toEqual(['line 4: key "a" already set in map']);
  });
});
