import { describe, expect, it } from 'vitest';
import { toFieldSet } from '../../src/typed/to-field-set.js';
import { validate } from '../../src/typed/validate.js';
import { pathSet, setLines, typeIn, yamlObject } from '../support/upstream-tables.js';
import { associativeListSchema, stringPairSchema } from '../support/upstream-schemas.js';

/**
 * structured-merge-diff v6.4.2 typed/toset_test.go, TestToFieldSet: the set of fields an object
 * owns when it is applied (engine-semantics §4.2). Objects may repeat list items, as upstream
 * reads them with duplicates allowed.
 */
interface ToSetTable {
  name: string;
  rootType: string;
  schema: string;
  pairs: { object: string; set: string[] }[];
}

const tables: ToSetTable[] = 
[
  {
    name: 'simple pair',
    rootType: 'stringPair',
    schema: stringPairSchema,
    pairs: [
      { object: '{"key":"foo","value":1}', set: ['.key', '.value'] },
      { object: '{"key":"foo","value":{"a": "b"}}', set: ['.key', '.value'] },
      { object: '{"key":"foo","value":null}', set: ['.key', '.value'] },
      { object: '{"key":"foo"}', set: ['.key'] },
      { object: '{"key":"foo","value":true}', set: ['.key', '.value'] },
    ],
  },
  {
    name: 'struct grab bag',
    rootType: 'myStruct',
    schema: `types:
- name: myStruct
  map:
    fields:
    - name: numeric
      type:
        scalar: numeric
    - name: string
      type:
        scalar: string
    - name: bool
      type:
        scalar: boolean
    - name: setStr
      type:
        list:
          elementType:
            scalar: string
          elementRelationship: associative
    - name: setBool
      type:
        list:
          elementType:
            scalar: boolean
          elementRelationship: associative
    - name: setNumeric
      type:
        list:
          elementType:
            scalar: numeric
          elementRelationship: associative
    - name: color
      type:
        map:
          fields:
          - name: R
            type:
              scalar: numeric
          - name: G
            type:
              scalar: numeric
          - name: B
            type:
              scalar: numeric
          elementRelationship: atomic
    - name: arbitraryWavelengthColor
      type:
        map:
          elementType:
            scalar: numeric
          elementRelationship: atomic
    - name: args
      type:
        list:
          elementType:
            map:
              fields:
              - name: key
                type:
                  scalar: string
              - name: value
                type:
                  scalar: string
          elementRelationship: atomic
`,
    pairs: [
      { object: '{"numeric":1}', set: ['.numeric'] },
      { object: '{"numeric":3.14159}', set: ['.numeric'] },
      { object: '{"string":"aoeu"}', set: ['.string'] },
      { object: '{"bool":true}', set: ['.bool'] },
      { object: '{"bool":false}', set: ['.bool'] },
      { object: '{"setStr":["a","b","c"]}', set: ['.setStr[="a"]', '.setStr[="b"]', '.setStr[="c"]'] },
      {
        object: '{"setStr":["a","b","c","a","b","c","c"]}',
        set: ['.setStr[="a"]', '.setStr[="b"]', '.setStr[="c"]'],
      },
      { object: '{"setBool":[true,false,true]}', set: ['.setBool[=true]', '.setBool[=false]'] },
      {
        object: '{"setNumeric":[1,2,3,3.14159]}',
        set: ['.setNumeric[=1]', '.setNumeric[=2]', '.setNumeric[=3]', '.setNumeric[=3.14159]'],
      },
      { object: '{"color":{}}', set: ['.color'] },
      { object: '{"color":null}', set: ['.color'] },
      { object: '{"color":{"R":255,"G":0,"B":0}}', set: ['.color'] },
      { object: '{"arbitraryWavelengthColor":{}}', set: ['.arbitraryWavelengthColor'] },
      { object: '{"arbitraryWavelengthColor":null}', set: ['.arbitraryWavelengthColor'] },
      { object: '{"arbitraryWavelengthColor":{"IR":255}}', set: ['.arbitraryWavelengthColor'] },
      { object: '{"args":[]}', set: ['.args'] },
      { object: '{"args":null}', set: ['.args'] },
      { object: '{"args":[null]}', set: ['.args'] },
      { object: '{"args":[{"key":"a","value":"b"},{"key":"c","value":"d"}]}', set: ['.args'] },
    ],
  },
  {
    name: 'associative list',
    rootType: 'myRoot',
    schema: associativeListSchema,
    pairs: [
      { object: '{"list":[]}', set: [] },
      {
        object: '{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}',
        set: [
          '.list[id=1,key="a"]',
          '.list[id=1,key="a"].key',
          '.list[id=1,key="a"].id',
          '.list[id=1,key="a"].value.a',
        ],
      },
      {
        object: '{"list":[{"key":"a","id":1},{"key":"a","id":2},{"key":"b","id":1}]}',
        set: [
          '.list[id=1,key="a"]',
          '.list[id=2,key="a"]',
          '.list[id=1,key="b"]',
          '.list[id=1,key="a"].key',
          '.list[id=1,key="a"].id',
          '.list[id=2,key="a"].key',
          '.list[id=2,key="a"].id',
          '.list[id=1,key="b"].key',
          '.list[id=1,key="b"].id',
        ],
      },
      {
        object: '{"list":[{"key":"a","id":1,"nv":2},{"key":"a","id":2,"nv":3},{"key":"b","id":1},{"key":"a","id":2,"bv":true}]}',
        set: [
          '.list[id=1,key="a"]',
          '.list[id=1,key="a"].key',
          '.list[id=1,key="a"].id',
          '.list[id=1,key="a"].nv',
          '.list[id=2,key="a"]',
          '.list[id=1,key="b"]',
          '.list[id=1,key="b"].key',
          '.list[id=1,key="b"].id',
        ],
      },
      { object: '{"atomicList":["a","a","a"]}', set: ['.atomicList'] },
    ],
  },
];

describe('typed/toset_test.go: the field set of an object', () => {
  for (const table of tables) {
    describe(table.name, () => {
      it.each(table.pairs)('$object', ({ object, set }) => {
        const atom = typeIn(table.schema, table.rootType);
        const value = yamlObject(object);
        expect(validate(value, atom, { allowDuplicates: true })).toEqual([]);
        expect(setLines(toFieldSet(value, atom))).toEqual(setLines(pathSet(set)));
        expect(toFieldSet(value, atom).equals(pathSet(set))).toBe(true);
      });
    });
  }
});
