import { describe, expect, it } from 'vitest';
import { DEDUCED_TYPE_NAME, deducedSchemaDecl } from '../../src/schema/deduced.js';
import { Schema } from '../../src/schema/schema.js';
import { compare } from '../../src/typed/compare.js';
import { merge } from '../../src/typed/merge.js';
import { toFieldSet } from '../../src/typed/to-field-set.js';
import { validate } from '../../src/typed/validate.js';
import { valueEquals } from '../../src/value/equals.js';
import { pathSet, setLines, yamlObject } from '../support/upstream-tables.js';

/**
 * structured-merge-diff v6.4.2 typed/deduced_test.go: the same operations as the typed tables,
 * under the deduced schema the reference uses for objects without one (engine-semantics §3.6:
 * every map key a free-form member, every list atomic). TestValidateDeducedType, TestMergeDeduced,
 * TestToSetDeduced, TestSymdiffDeduced (both directions), every case.
 */
interface DeducedTables {
  valid: string[];
  merge: { lhs: string; rhs: string; out: string }[];
  toSet: { object: string; set: string[] }[];
  symdiff: { lhs: string; rhs: string; removed: string[]; modified: string[]; added: string[] }[];
}

const tables: DeducedTables = {
  valid: ['{"a": null}', '{"a": ["a", "b"]}', '{"a": {"b": [], "c": 2, "d": {"f": "string"}}}'],
  merge: [
    { lhs: '{"key":"foo","value":{}}', rhs: '{"key":"foo","value":1}', out: '{"key":"foo","value":1}' },
    {
      lhs: '{"key":"foo","value":1}',
      rhs: '{"key":"foo","value":{}}',
      out: '{"key":"foo","value":{}}',
    },
    {
      lhs: '{"key":"foo","value":null}',
      rhs: '{"key":"foo","value":{}}',
      out: '{"key":"foo","value":{}}',
    },
    { lhs: '{"key":"foo"}', rhs: '{"value":true}', out: '{"key":"foo","value":true}' },
    { lhs: '{}', rhs: '{"inner":{}}', out: '{"inner":{}}' },
    { lhs: '{}', rhs: '{"inner":null}', out: '{"inner":null}' },
    { lhs: '{"inner":null}', rhs: '{"inner":{}}', out: '{"inner":{}}' },
    { lhs: '{"inner":{}}', rhs: '{"inner":null}', out: '{"inner":null}' },
    { lhs: '{"inner":{}}', rhs: '{"inner":{}}', out: '{"inner":{}}' },
    { lhs: '{}', rhs: '{"inner":{}}', out: '{"inner":{}}' },
    { lhs: '{"inner":null}', rhs: '{"inner":{}}', out: '{"inner":{}}' },
    { lhs: '{"inner":{}}', rhs: '{"inner":null}', out: '{"inner":null}' },
    { lhs: '{}', rhs: '{"inner":[]}', out: '{"inner":[]}' },
    { lhs: '{"inner":null}', rhs: '{"inner":[]}', out: '{"inner":[]}' },
    { lhs: '{"inner":[]}', rhs: '{"inner":null}', out: '{"inner":null}' },
    { lhs: '{"inner":[]}', rhs: '{"inner":[]}', out: '{"inner":[]}' },
    { lhs: '{"numeric":1}', rhs: '{"numeric":3.14159}', out: '{"numeric":3.14159}' },
    { lhs: '{"numeric":3.14159}', rhs: '{"numeric":1}', out: '{"numeric":1}' },
    { lhs: '{"string":"aoeu"}', rhs: '{"bool":true}', out: '{"string":"aoeu","bool":true}' },
    { lhs: '{"atomic":["a","b","c"]}', rhs: '{"atomic":["a","b"]}', out: '{"atomic":["a","b"]}' },
    { lhs: '{"atomic":["a","b"]}', rhs: '{"atomic":["a","b","c"]}', out: '{"atomic":["a","b","c"]}' },
    { lhs: '{"atomic":["a","b","c"]}', rhs: '{"atomic":[]}', out: '{"atomic":[]}' },
    { lhs: '{"atomic":[]}', rhs: '{"atomic":["a","b","c"]}', out: '{"atomic":["a","b","c"]}' },
    { lhs: '{"":[true]}', rhs: '{"setBool":[false]}', out: '{"":[true],"setBool":[false]}' },
    { lhs: '{"atomic":[1,2,3.14159]}', rhs: '{"atomic":[1,2,3]}', out: '{"atomic":[1,2,3]}' },
    {
      lhs: '{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}',
      rhs: '{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}',
      out: '{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}',
    },
    {
      lhs: '{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}',
      rhs: '{"list":[{"key":"a","id":2,"value":{"a":"a"}}]}',
      out: '{"list":[{"key":"a","id":2,"value":{"a":"a"}}]}',
    },
    {
      lhs: '{"list":[{"key":"a","id":1},{"key":"b","id":1}]}',
      rhs: '{"list":[{"key":"a","id":1},{"key":"a","id":2}]}',
      out: '{"list":[{"key":"a","id":1},{"key":"a","id":2}]}',
    },
    { lhs: '{"atomicList":["a","a","a"]}', rhs: '{"atomicList":null}', out: '{"atomicList":null}' },
    { lhs: '{"atomicList":["a","b","c"]}', rhs: '{"atomicList":[]}', out: '{"atomicList":[]}' },
    {
      lhs: '{"atomicList":["a","a","a"]}',
      rhs: '{"atomicList":["a","a"]}',
      out: '{"atomicList":["a","a"]}',
    },
    {
      lhs: '{"a":1,"b":[null],"c":{"id":2,"list":["value"]}}',
      rhs: '{"a":2,"b":["value"],"c":{"name":"my_name"}}',
      out: '{"a":2,"b":["value"],"c":{"id":2,"list":["value"],"name":"my_name"}}',
    },
  ],
  toSet: [
    { object: '{"key":"foo","value":1}', set: ['.key', '.value'] },
    { object: '{"key":"foo","value":{"a": "b"}}', set: ['.key', '.value', '.value.a'] },
    { object: '{"key":"foo","value":null}', set: ['.key', '.value'] },
    { object: '{"key":"foo"}', set: ['.key'] },
    { object: '{"key":"foo","value":true}', set: ['.key', '.value'] },
    { object: '{"numeric":1}', set: ['.numeric'] },
    { object: '{"numeric":3.14159}', set: ['.numeric'] },
    { object: '{"string":"aoeu"}', set: ['.string'] },
    { object: '{"bool":true}', set: ['.bool'] },
    { object: '{"bool":false}', set: ['.bool'] },
    { object: '{"list":["a","b","c"]}', set: ['.list'] },
    { object: '{"color":{}}', set: ['.color'] },
    { object: '{"color":null}', set: ['.color'] },
    { object: '{"color":{"R":255,"G":0,"B":0}}', set: ['.color', '.color.R', '.color.G', '.color.B'] },
    { object: '{"arbitraryWavelengthColor":null}', set: ['.arbitraryWavelengthColor'] },
    {
      object: '{"arbitraryWavelengthColor":{"IR":255}}',
      set: ['.arbitraryWavelengthColor', '.arbitraryWavelengthColor.IR'],
    },
    { object: '{"args":[]}', set: ['.args'] },
    { object: '{"args":null}', set: ['.args'] },
    { object: '{"args":[null]}', set: ['.args'] },
    { object: '{"args":[{"key":"a","value":"b"},{"key":"c","value":"d"}]}', set: ['.args'] },
    { object: '{"atomicList":["a","a","a"]}', set: ['.atomicList'] },
  ],
  symdiff: [
    {
      lhs: '{"key":"foo","value":1}',
      rhs: '{"key":"foo","value":1}',
      removed: [],
      modified: [],
      added: [],
    },
    {
      lhs: '{"key":"foo","value":{}}',
      rhs: '{"key":"foo","value":1}',
      removed: [],
      modified: ['.value'],
      added: [],
    },
    {
      lhs: '{"key":"foo","value":1}',
      rhs: '{"key":"foo","value":{}}',
      removed: [],
      modified: ['.value'],
      added: [],
    },
    {
      lhs: '{"key":"foo","value":1}',
      rhs: '{"key":"foo","value":{"deep":{"nested":1}}}',
      removed: [],
      modified: ['.value'],
      added: ['.value.deep', '.value.deep.nested'],
    },
    {
      lhs: '{"key":"foo","value":null}',
      rhs: '{"key":"foo","value":{}}',
      removed: [],
      modified: ['.value'],
      added: [],
    },
    { lhs: '{"key":"foo"}', rhs: '{"value":true}', removed: ['.key'], modified: [], added: ['.value'] },
    {
      lhs: '{"key":"foot"}',
      rhs: '{"key":"foo","value":true}',
      removed: [],
      modified: ['.key'],
      added: ['.value'],
    },
    { lhs: '{}', rhs: '{"inner":{}}', removed: [], modified: [], added: ['.inner'] },
    { lhs: '{}', rhs: '{"inner":null}', removed: [], modified: [], added: ['.inner'] },
    { lhs: '{"inner":null}', rhs: '{"inner":{}}', removed: [], modified: ['.inner'], added: [] },
    { lhs: '{"inner":{}}', rhs: '{"inner":null}', removed: [], modified: ['.inner'], added: [] },
    { lhs: '{"inner":{}}', rhs: '{"inner":{}}', removed: [], modified: [], added: [] },
    { lhs: '{}', rhs: '{"inner":[]}', removed: [], modified: [], added: ['.inner'] },
    { lhs: '{}', rhs: '{"inner":null}', removed: [], modified: [], added: ['.inner'] },
    { lhs: '{"inner":null}', rhs: '{"inner":[]}', removed: [], modified: ['.inner'], added: [] },
    { lhs: '{"inner":[]}', rhs: '{"inner":null}', removed: [], modified: ['.inner'], added: [] },
    { lhs: '{"inner":[]}', rhs: '{"inner":[]}', removed: [], modified: [], added: [] },
    { lhs: '{"a":{},"b":{}}', rhs: '{"a":{},"b":{}}', removed: [], modified: [], added: [] },
    { lhs: '{"a":{}}', rhs: '{"b":{}}', removed: ['.a'], modified: [], added: ['.b'] },
    {
      lhs: '{"a":{"b":{"c":{}}}}',
      rhs: '{"a":{"b":{}}}',
      removed: ['.a.b.c'],
      modified: [],
      added: [],
    },
    {
      lhs: '{"a":{"b":{"c":[true]}}}',
      rhs: '{"a":{"b":[false]}}',
      removed: ['.a.b.c'],
      modified: ['.a.b'],
      added: [],
    },
    { lhs: '{"a":{}}', rhs: '{"a":{"b":"true"}}', removed: [], modified: [], added: ['.a.b'] },
    {
      lhs: '{"numeric":1}',
      rhs: '{"numeric":3.14159}',
      removed: [],
      modified: ['.numeric'],
      added: [],
    },
    {
      lhs: '{"numeric":3.14159}',
      rhs: '{"numeric":1}',
      removed: [],
      modified: ['.numeric'],
      added: [],
    },
    {
      lhs: '{"string":"aoeu"}',
      rhs: '{"bool":true}',
      removed: ['.string'],
      modified: [],
      added: ['.bool'],
    },
    {
      lhs: '{"list":["a","b"]}',
      rhs: '{"list":["a","b","c"]}',
      removed: [],
      modified: ['.list'],
      added: [],
    },
    {
      lhs: '{}',
      rhs: '{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}',
      removed: [],
      modified: [],
      added: ['.list'],
    },
    {
      lhs: '{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}',
      rhs: '{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}',
      removed: [],
      modified: [],
      added: [],
    },
    {
      lhs: '{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}',
      rhs: '{"list":[{"key":"a","id":1,"value":{"a":"b"}}]}',
      removed: [],
      modified: ['.list'],
      added: [],
    },
    {
      lhs: '{"atomicList":["a","a","a"]}',
      rhs: '{"atomicList":null}',
      removed: [],
      modified: ['.atomicList'],
      added: [],
    },
    {
      lhs: '{"atomicList":["a","a","a"]}',
      rhs: '{"atomicList":["a","a"]}',
      removed: [],
      modified: ['.atomicList'],
      added: [],
    },
  ],
};

const atom = new Schema(deducedSchemaDecl()).named(DEDUCED_TYPE_NAME);

/** The object, which must be valid under the deduced schema. */
function object(text: string) {
  const v = yamlObject(text);
  expect(validate(v, atom)).toEqual([]);
  return v;
}

function compared(lhs: string, rhs: string) {
  const result = compare(object(lhs), object(rhs), atom);
  if (!result.ok) throw new Error(`compare failed: ${JSON.stringify(result.issues)}`);
  const c = result.comparison;
  return { removed: setLines(c.removed), modified: setLines(c.modified), added: setLines(c.added) };
}

describe('typed/deduced_test.go: objects without a schema', () => {
  it.each(tables.valid)('valid: %s', (text) => {
    expect(validate(yamlObject(text), atom)).toEqual([]);
  });

  it.each(tables.merge)('merge: $lhs + $rhs', ({ lhs, rhs, out }) => {
    const got = merge(object(lhs), object(rhs), atom);
    if (!got.ok) throw new Error(`merge failed: ${JSON.stringify(got.issues)}`);
    const want = object(out);
    const merged = got.value ?? null;
    if (!valueEquals(merged, want)) expect(merged).toEqual(want);
    expect(valueEquals(merged, want)).toBe(true);
  });

  it.each(tables.toSet)('field set: $object', ({ object: text, set }) => {
    const got = toFieldSet(object(text), atom);
    expect(setLines(got)).toEqual(setLines(pathSet(set)));
    expect(got.equals(pathSet(set))).toBe(true);
  });

  it.each(tables.symdiff)('compare: $lhs → $rhs', (q) => {
    const lines = (paths: string[]) => setLines(pathSet(paths));
    expect(compared(q.lhs, q.rhs)).toEqual({ removed: lines(q.removed), modified: lines(q.modified), added: lines(q.added) });
    expect(compared(q.rhs, q.lhs)).toEqual({ removed: lines(q.added), modified: lines(q.modified), added: lines(q.removed) });
  });
});
