/**
 * Go's encoding/json SyntaxError texts (scanner.go, kept by sigs.k8s.io/json), which
 * kube-apiserver puts in its answer to a patch body that is not JSON.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goJsonSyntaxError } from '../../src/apiserver/go-json-syntax.js';

describe("Go's JSON syntax error texts", () => {
  it.each<[string, string]>([
    ['', 'unexpected end of JSON input'],
    ['  ', 'unexpected end of JSON input'],
    ['{', 'unexpected end of JSON input'],
    ['{"a":1', 'unexpected end of JSON input'],
    ['{"a":"b', 'unexpected end of JSON input'],
    ['{"a":1,}', "invalid character '}' looking for beginning of object key string"],
    ['[1,]', "invalid character ']' looking for beginning of value"],
    ['}', "invalid character '}' looking for beginning of value"],
    ['{"a" 1}', "invalid character '1' after object key"],
    ['{"a":1 "b":2}', 'invalid character \'"\' after object key:value pair'],
    ['{"a":1]', "invalid character ']' after object key:value pair"],
    ['[1 2]', "invalid character '2' after array element"],
    ['{"a":1}x', "invalid character 'x' after top-level value"],
    ['{"a":1} {}', "invalid character '{' after top-level value"],
    ['01', "invalid character '1' after top-level value"],
    ['{a:1}', "invalid character 'a' looking for beginning of object key string"],
    ["{'a':1}", "invalid character '\\'' looking for beginning of object key string"],
    ['{"a":tru}', "invalid character '}' in literal true (expecting 'e')"],
    ['{"a":fals', "invalid character ' ' in literal false (expecting 'e')"],
    ['nul', "invalid character ' ' in literal null (expecting 'l')"],
    ['nUll', "invalid character 'U' in literal null (expecting 'u')"],
    ['-', "invalid character ' ' in numeric literal"],
    ['-a', "invalid character 'a' in numeric literal"],
    ['1.', "invalid character ' ' after decimal point in numeric literal"],
    ['[1.e3]', "invalid character 'e' after decimal point in numeric literal"],
    ['1e+', "invalid character ' ' in exponent of numeric literal"],
    ['[1e]', "invalid character ']' in exponent of numeric literal"],
    ['"\\x"', "invalid character 'x' in string escape code"],
    ['"\\u12g4"', "invalid character 'g' in \\u hexadecimal character escape"],
    ['"a\tb"', "invalid character '\\t' in string literal"],
    ['"a\u0001"', "invalid character '\\x01' in string literal"],
    ['\u007f', "invalid character '\\x7f' looking for beginning of value"],
    ['\\', "invalid character '\\\\' looking for beginning of value"],
    // Go reads bytes and names one as a code point: é is C3 A9, and C3 is Ã.
    ['{"a":é}', "invalid character 'Ã' looking for beginning of value"],
    ['\ufeff{}', "invalid character 'ï' looking for beginning of value"],
    ['['.repeat(10001), "invalid character '[' exceeded max depth"],
  ])('%j', (text, message) => {
    expect(goJsonSyntaxError(text)).toBe(message);
  });

  it.each(['{}', '[]', ' [1, 2.5e-3, -0, 0.1E+2, true, false, null, "x\\u00e9\\n\\/"] ', '0', '"é"', '{"a":{"b":[{}]}}\n', '['.repeat(10000) + ']'.repeat(10000)])(
    'no error for JSON: %j',
    (text) => {
      expect(goJsonSyntaxError(text)).toBeUndefined();
    },
  );

  it('finds an error exactly where JSON.parse does not read the text', () => {
    const text = fc.array(fc.constantFrom(...'{}[]":,01-.eE+ tfrunlsa\\\t'.split(''), '"a"', '1'), { maxLength: 14 }).map((a) => a.join(''));
    fc.assert(
      fc.property(text, (t) => {
        let parses = true;
        try {
          JSON.parse(t);
        } catch {
          parses = false;
        }
        expect(goJsonSyntaxError(t) === undefined).toBe(parses);
      }),
      { numRuns: 3000 },
    );
  });
});
