import { describe, expect, it } from 'vitest';
import { validate } from '../../src/typed/validate.js';
import { typeIn, yamlObject } from '../support/upstream-tables.js';
import { associativeListSchema, stringPairSchema, myStructSchema } from '../support/upstream-schemas.js';

/**
 * structured-merge-diff v6.4.2 typed/validate_test.go, TestSchemaValidation: per schema, objects
 * that must validate, objects that must not (with a useful message, never "invalid atom"), and
 * objects that are invalid only because an associative list repeats an item (accepted when
 * duplicates are allowed, as for an updater's object).
 */
interface ValidationTable {
  name: string;
  rootType: string;
  schema: string;
  valid: string[];
  invalid: string[];
  duplicates: string[];
}

const tables: ValidationTable[] = 
[
  {
    name: 'simple pair',
    rootType: 'stringPair',
    schema: stringPairSchema,
    valid: [
      '{"key":"foo","value":1}',
      '{"key":"foo","value":{}}',
      '{"key":"foo","value":null}',
      '{"key":"foo"}',
      '{"key":"foo","value":true}',
      '{"key":null}',
    ],
    invalid: [
      '{"key":true,"value":1}',
      '{"key":1,"value":{}}',
      '{"key":false,"value":null}',
      '{"key":[1, 2]}',
      '{"key":{"foo":true}}',
    ],
    duplicates: [],
  },
  {
    name: 'struct grab bag',
    rootType: 'myStruct',
    schema: myStructSchema,
    valid: [
      '{"numeric":null}',
      '{"numeric":1}',
      '{"numeric":3.14159}',
      '{"string":null}',
      '{"string":"aoeu"}',
      '{"bool":null}',
      '{"bool":true}',
      '{"bool":false}',
      '{"setStr":["a","b","c"]}',
      '{"setBool":[true,false]}',
      '{"setNumeric":[1,2,3,3.14159]}',
    ],
    invalid: [
      '{"numeric":["foo"]}',
      '{"numeric":{"a":1}}',
      '{"numeric":"foo"}',
      '{"numeric":true}',
      '{"string":1}',
      '{"string":3.5}',
      '{"string":true}',
      '{"string":{"a":1}}',
      '{"string":["foo"]}',
      '{"bool":1}',
      '{"bool":3.5}',
      '{"bool":"aoeu"}',
      '{"bool":{"a":1}}',
      '{"bool":["foo"]}',
      '{"setStr":[1]}',
      '{"setStr":[true]}',
      '{"setStr":[1.5]}',
      '{"setStr":[null]}',
      '{"setStr":[{}]}',
      '{"setStr":[[]]}',
      '{"setBool":[1]}',
      '{"setBool":[1.5]}',
      '{"setBool":[null]}',
      '{"setBool":[{}]}',
      '{"setBool":[[]]}',
      '{"setBool":["a"]}',
      '{"setNumeric":[null]}',
      '{"setNumeric":[true]}',
      '{"setNumeric":["a"]}',
      '{"setNumeric":[[]]}',
      '{"setNumeric":[{}]}',
    ],
    duplicates: ['{"setStr":["a","a"]}', '{"setBool":[true,false,true]}', '{"setNumeric":[1,2,3,3.14159,1]}'],
  },
  {
    name: 'associative list',
    rootType: 'myRoot',
    schema: associativeListSchema,
    valid: [
      '{"list":[]}',
      '{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}',
      '{"list":[{"key":"a","id":1},{"key":"a","id":2},{"key":"b","id":1}]}',
      '{"atomicList":["a","a","a"]}',
      '{"list":[{"key":"x","value":{"a":"a"},"bv":true,"nv":3.14}]}',
    ],
    invalid: [
      '{"key":true,"value":1}',
      '{"list":{"key":true,"value":1}}',
      '{"list":true}',
      'true',
      '{"list":[{"key":true,"value":1}]}',
      '{"list":[{"key":[],"value":1}]}',
      '{"list":[{"key":{},"value":1}]}',
      '{"list":[{"key":1.5,"value":1}]}',
      '{"list":[{"key":1,"value":1}]}',
      '{"list":[{"key":null,"value":1}]}',
      '{"list":[{},{}]}',
      '{"list":[{},null]}',
      '{"list":[[]]}',
      '{"list":[null]}',
      '{"list":[{}]}',
      '{"list":[{"value":{"a":"a"},"bv":true,"nv":3.14}]}',
      '{"list":[{"key":"a","id":1,"value":{"a":1}}]}',
      '{"list":[{"key":"a","id":1,"value":{"a":"a"},"bv":"true","nv":3.14}]}',
      '{"list":[{"key":"a","id":1,"value":{"a":"a"},"bv":true,"nv":false}]}',
    ],
    duplicates: ['{"list":[{"key":"a","id":1},{"key":"a","id":1}]}'],
  },
];

const problems = (table: ValidationTable, text: string, allowDuplicates = false) =>
  validate(yamlObject(text), typeIn(table.schema, table.rootType), { allowDuplicates }).map((i) => `${i.path}: ${i.message}`);

describe('typed/validate_test.go: objects valid and invalid for a schema', () => {
  for (const table of tables) {
    describe(table.name, () => {
      it.each(table.valid)('valid: %s', (text) => {
        expect(problems(table, text)).toEqual([]);
      });
      it.each(table.invalid)('invalid: %s', (text) => {
        const found = problems(table, text);
        expect(found).not.toEqual([]);
        for (const p of found) expect(p).not.toContain('invalid atom');
      });
      it.each(table.duplicates)('invalid unless duplicates are allowed: %s', (text) => {
        const found = problems(table, text);
        expect(found).not.toEqual([]);
        for (const p of found) expect(p).toContain('duplicate entries for key');
        expect(problems(table, text, true)).toEqual([]);
      });
    });
  }
});
