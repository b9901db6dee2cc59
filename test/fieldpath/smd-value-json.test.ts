import { describe, expect, it } from 'vitest';
import { parsePathElement } from '../../src/fieldpath/fieldsv1-decode.js';
import { errorOf } from '../support/ssa-error.js';

/**
 * structured-merge-diff v6.4.2 value/value_test.go (TestFromJSONTokenTypeErrors, TestFromJSONValid):
 * what its JSON reader accepts. In v6.4.2 value.FromJSON and the reader of a `v:` path element are
 * the same steps (jsoniter reads one value, then nothing but whitespace may follow), so the engine's
 * counterpart is the `v:` element of FieldsV1. Not carried over: the byte-order-mark case (invalid
 * UTF-8 bytes, which a JS string cannot hold).
 */

const refused: [string, string][] = [
  ['empty', ''],
  ['singleSpace', ' '],
  ['multipleSpaces', '     '],
  ['tab', "\t"],
  ['newline', "\n"],
  ['carriageReturn', "\r"],
  ['mixedWhitespace', " \t\n\r "],
  ['numberAsObjectKey', '{1:"v"}'],
  ['trueAsObjectKey', '{true:"v"}'],
  ['nullAsObjectKey', '{null:"v"}'],
  ['arrayAsObjectKey', '{[]:"v"}'],
  ['objectAsObjectKey', '{{}:"v"}'],
  ['trailingCommaInObject', '{"a":1,}'],
  ['trailingCommaInArray', '[1,2,]'],
  ['leadingCommaInObject', '{,"a":1}'],
  ['missingCommaBetweenEntries', '{"a":1 "b":2}'],
  ['missingValue', '{"a":}'],
  ['missingColon', '{"a" 1}'],
  ['doubleCommaInObject', '{"a":1,,"b":2}'],
  ['objectClosedWithBracket', '{"a":1]'],
  ['arrayClosedWithBrace', '[1,2}'],
  ['nestedObjectClosedWithBracket', '{"a":{]}'],
  ['bareCloseBrace', '}'],
  ['bareCloseBracket', ']'],
  ['bareComma', ','],
  ['bareColon', ':'],
  ['singleQuotedKey', "{'a':1}"],
  ['unquotedKey', '{a:1}'],
  ['lineComment', "{// c\n\"a\":1}"],
  ['blockComment', '{/*c*/"a":1}'],
  ['hexEscape', '"\\x41"'],
  ['invalidEscape', '"\\q"'],
  ['infinity', 'Infinity'],
  ['nan', 'NaN'],
  ['leadingPlus', '+1'],
  ['trailingDot', '1.'],
  ['bareDecimal', '.5'],
  ['emptyExponent', '1e'],
  ['justMinusSign', '-'],
  ['justDecimalPoint', '.'],
  ['trailingExponentSign', '1e+'],
  ['minusThenDecimal', '-1.'],
  ['truncatedTrue', 'tru'],
  ['truncatedFalse', 'fals'],
  ['truncatedNull', 'nul'],
  ['unclosedString', '"abc'],
  ['unclosedStringEndsInBackslash', '"abc\\'],
  ['unclosedStringEndsInUnicodeEscape', '"\\u00'],
  ['unclosedArrayEmpty', '['],
  ['unclosedArrayAfterValue', '[1'],
  ['unclosedArrayAfterComma', '[1,'],
  ['unclosedArrayAfterCommaWhitespace', '[1, '],
  ['unclosedNestedArray', '[['],
  ['unclosedNestedArrayAfterValue', '[[1'],
  ['unclosedObjectAfterOpen', '{'],
  ['unclosedObjectAfterKey', '{"a"'],
  ['unclosedObjectAfterColon', '{"a":'],
  ['unclosedObjectAfterValue', '{"a":1'],
  ['unclosedObjectAfterComma', '{"a":1,'],
  ['unclosedNestedObject', '{"a":{'],
  ['unclosedNestedObjectAfterKey', '{"a":{"b"'],
  ['trailingClosed', '{"f:a":{}}}'],
  ['trailingObject', '{"f:a":{}}{}'],
  ['trailingValue', '{"f:a":{}}"string"'],
  ['twoNumbers', '1 2'],
  ['twoNumbersTabSeparated', "1\t2"],
  ['twoNumbersNewlineSeparated', "1\n2"],
  ['numberThenObject', '1 {}'],
  ['objectThenNumber', '{} 1'],
  ['objectThenObject', '{}{}'],
  ['objectThenObjectWithWhitespace', '{} {}'],
  ['arrayThenArray', '[][]'],
  ['nullThenNull', 'null null'],
  ['trueThenFalse', 'true false'],
  ['stringThenString', '"a" "b"'],
  ['valueThenTrailingComma', '1,'],
  ['valueThenTrailingColon', '1:'],
  ['valueThenTrailingBrace', '1}'],
  ['valueThenTrailingBracket', '1]'],
];

const accepted: [string, string, string][] = [
  ['bareNull', 'null', 'null'],
  ['bareTrue', 'true', 'true'],
  ['bareFalse', 'false', 'false'],
  ['bareNumber', '42', '42'],
  ['bareString', '"x"', '"x"'],
  ['bareEmptyString', '""', '""'],
  ['bareEmptyObject', '{}', '{}'],
  ['bareEmptyArray', '[]', '[]'],
  ['leadingSpaceBeforeNumber', '  42', '42'],
  ['leadingTabBeforeBool', "\ttrue", 'true'],
  ['leadingNewlineBeforeString', "\n\"x\"", '"x"'],
  ['leadingMixedBeforeObject', " \t\n{\"a\":1}", '{"a":1}'],
  ['leadingMixedBeforeArray', " \t\n[1,2]", '[1,2]'],
  ['leadingMixedBeforeNull', " \t\nnull", 'null'],
  ['trailingSpaceAfterNumber', '42  ', '42'],
  ['trailingTabAfterBool', "false\t", 'false'],
  ['trailingNewlineAfterString', "\"x\"\n", '"x"'],
  ['trailingMixedAfterObject', "{\"a\":1} \t\n", '{"a":1}'],
  ['trailingMixedAfterArray', "[1,2] \t\n\r", '[1,2]'],
  ['surroundingWhitespace', " \t\n {\"a\":1} \t\n", '{"a":1}'],
  ['surroundingWhitespaceAroundNull', ' null ', 'null'],
  ['surroundingWhitespaceAroundBool', ' true ', 'true'],
  ['multiByteLatin', '{"Iñtërnâtiônàlizætiøn":1}', '{"Iñtërnâtiônàlizætiøn":1}'],
  ['cyrillic', '{"Здравствуйте":1}', '{"Здравствуйте":1}'],
  ['unifiedChars', '{"こんにちは世界":1}', '{"こんにちは世界":1}'],
  ['multiByteUnicode', '{"😂💝🐹🌇⛔":1}', '{"😂💝🐹🌇⛔":1}'],
  ['escapedAsciiKey', '{"\\u0041":1}', '{"A":1}'],
  ['escapedLatin', '{"\\u00c5":1}', '{"Å":1}'],
  ['escapedMultiBytePair', '{"\\uD83D\\uDE02":1}', '{"😂":1}'],
];

describe('value/value_test.go: JSON a `v:` path element may hold', () => {
  it.each(refused)('refuses %s: %j', (_name, text) => {
    expect(errorOf(() => parsePathElement('v:' + text)).code).toBe('FIELDSV1_PARSE');
  });

  it.each(accepted)('reads %s: %j as %s', (_name, text, canonical) => {
    expect(parsePathElement('v:' + text).id).toBe(parsePathElement('v:' + canonical).id);
  });
});
