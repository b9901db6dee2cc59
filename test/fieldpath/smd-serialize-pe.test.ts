import { describe, expect, it } from 'vitest';
import { parsePathElement } from '../../src/fieldpath/fieldsv1-decode.js';
import { pathElementToKeyText } from '../../src/fieldpath/fieldsv1-encode.js';
import { type PathElement, comparePathElements, fieldElement, indexElement, keyElement, valueElement } from '../../src/fieldpath/path-element.js';
import { errorOf } from '../support/ssa-error.js';

/**
 * structured-merge-diff v6.4.2 fieldpath/serialize-pe_test.go: the text of one path element as
 * a FieldsV1 key. TestPathElementRoundTrip (read, then written back byte for byte),
 * TestPathElementIgnoreUnknown, TestDeserializePathElementError, TestDeserializePathElementSuccess.
 * Upstream compares the elements it reads with Go's DeepEqual; here, the same element is the same
 * kind with the same identity (numbers read from FieldsV1 are float64s, equal to ints of their value).
 */

const roundTrips: [string, PathElement][] = [
  ['i:0', indexElement(0)],
  ['i:1234', indexElement(1234)],
  ['f:', fieldElement('')],
  ['f:spec', fieldElement('spec')],
  ['f:more-complicated-string', fieldElement('more-complicated-string')],
  ['f: string-with-spaces   ', fieldElement(' string-with-spaces   ')],
  ['f:abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', fieldElement('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')],
  ['k:{"name":"my-container"}', keyElement([{ name: 'name', value: 'my-container' }])],
  ['k:{"name":"   name with spaces   "}', keyElement([{ name: 'name', value: '   name with spaces   ' }])],
  ['k:{"port":"8080","protocol":"TCP"}', keyElement([{ name: 'port', value: '8080' }, { name: 'protocol', value: 'TCP' }])],
  ['k:{"optionalField":null}', keyElement([{ name: 'optionalField', value: null }])],
  ['k:{"jsonField":{"A":1,"B":null,"C":"D","E":{"F":"G"}}}', keyElement([{ name: 'jsonField', value: { "A": 1, "B": null, "C": 'D', "E": { "F": 'G' } } }])],
  ['k:{"listField":["1","2","3"]}', keyElement([{ name: 'listField', value: ['1', '2', '3'] }])],
  ['v:null', valueElement(null)],
  ['v:"some-string"', valueElement('some-string')],
  ['v:1234', valueElement(1234)],
  ['v:{"some":"json"}', valueElement({ "some": 'json' })],
  ['v:{"some":" some  with spaces  "}', valueElement({ "some": ' some  with spaces  ' })],
  ['k:{"name":"app-🚀"}', keyElement([{ name: 'name', value: 'app-🚀' }])],
  ['k:{"name":"app-💻"}', keyElement([{ name: 'name', value: 'app-💻' }])],
  ['k:{"name":"app with-unicøde"}', keyElement([{ name: 'name', value: 'app with-unicøde' }])],
  ['k:{"name":"你好世界"}', keyElement([{ name: 'name', value: '你好世界' }])],
  ['k:{"name":"Привет, мир"}', keyElement([{ name: 'name', value: 'Привет, мир' }])],
  ['k:{"name":"नमस्ते दुनिया"}', keyElement([{ name: 'name', value: 'नमस्ते दुनिया' }])],
  ['k:{"name":"👋"}', keyElement([{ name: 'name', value: '👋' }])],
  ['f:spec-🚀', fieldElement('spec-🚀')],
  ['f:spec-\\n', fieldElement('spec-\\n')],
];

const refused: string[] = [
  '',
  'no-colon',
  'i:index is not a number',
  'i:1.23',
  'i:',
  'v:invalid json',
  'v:',
  'k:invalid json',
  'k:{"name":invalid}',
  'v:{"some":" \\x41"}',
  'v',
  'k',
  'f',
  'i',
  'v:{"a":"b"',
  'k:{"a":"b"',
  'i: 0',
  'i:0 ',
  'v:{"some":"json"} {"other":"json"}',
  'k:{"name":"my-container"} {"other":"my-container"}',
  'v:{"some":"json"} {"other":"json"',
  'k:{"name":"my-container"} {"other":"my-container"',
  'v:{"some":"json"} garbage',
  'k:{"name":"my-container"} garbage',
];

const accepted: [string, PathElement][] = [
  ['v: {"some":"json"}', valueElement({ "some": 'json' })],
  ['k: {"name":"my-container"}', keyElement([{ name: 'name', value: 'my-container' }])],
  ['v:{"some":"json"} ', valueElement({ "some": 'json' })],
  ['k:{"name":"my-container"} ', keyElement([{ name: 'name', value: 'my-container' }])],
  ['k:{"name\\u002dcontainer":"my-container"}', keyElement([{ name: 'name-container', value: 'my-container' }])],
  ['k:{"name\\nwith\\nnewlines":"my-container"}', keyElement([{ name: "name\nwith\nnewlines", value: 'my-container' }])],
  ['k:{"name\\"quoted\\"":"my-container"}', keyElement([{ name: 'name"quoted"', value: 'my-container' }])],
  ['k:{"name-\\ud83d\\ude80":"my-container"}', keyElement([{ name: 'name-🚀', value: 'my-container' }])],
  ['k:{"\\u4f60\\u597d":"\\u4e16\\u754c"}', keyElement([{ name: '你好', value: '世界' }])],
  ['v:"value\\u002dcontainer"', valueElement('value-container')],
  ['v:"value\\nwith\\nnewlines"', valueElement("value\nwith\nnewlines")],
  ['v:"value\\"quoted\\""', valueElement('value"quoted"')],
  ['v:"value-\\ud83d\\ude80"', valueElement('value-🚀')],
  ['v:"\\u4f60\\u597d"', valueElement('你好')],
  ['k:{"name-🚀":"my-container"}', keyElement([{ name: 'name-🚀', value: 'my-container' }])],
  ['v:"value-🚀"', valueElement('value-🚀')],
];

const sameElement = (got: PathElement, want: PathElement) => {
  expect(got.kind).toBe(want.kind);
  expect(got.id).toBe(want.id);
  expect(comparePathElements(got, want)).toBe(0);
};

describe('fieldpath/serialize-pe_test.go: a path element as FieldsV1 key text', () => {
  it.each(roundTrips)('reads and writes back %s', (text, want) => {
    const pe = parsePathElement(text);
    sameElement(pe, want);
    expect(pathElementToKeyText(pe)).toBe(text);
  });

  it('an unknown kind is its own error, which the set reader skips', () => {
    expect(errorOf(() => parsePathElement('r:Hello')).message).toBe('unknown path element type');
  });

  it.each(refused)('refuses %j', (text) => {
    const err = errorOf(() => parsePathElement(text));
    expect(err.code).toBe('FIELDSV1_PARSE');
    expect(err.message).not.toBe('unknown path element type');
  });

  it.each(accepted)('reads %j', (text, want) => {
    sameElement(parsePathElement(text), want);
  });
});
