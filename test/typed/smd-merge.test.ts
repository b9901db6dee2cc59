import { describe, expect, it } from 'vitest';
import { merge } from '../../src/typed/merge.js';
import { validate } from '../../src/typed/validate.js';
import { valueEquals } from '../../src/value/equals.js';
import { typeIn, yamlObject } from '../support/upstream-tables.js';
import { associativeListSchema, stringPairSchema, myStructSchema, nestedListSchema, nestedMapSchema } from '../support/upstream-schemas.js';

/**
 * structured-merge-diff v6.4.2 typed/merge_test.go, TestMerge: merging an applied configuration
 * (rhs) into the live object (lhs), as apply does before pruning (engine-semantics §4.4). The
 * live object may repeat list items; the configuration may not. Results are compared as values:
 * list order counts, map key order does not.
 */
interface MergeTable {
  name: string;
  rootType: string;
  schema: string;
  triplets: { lhs: string; rhs: string; out: string }[];
}

const tables: MergeTable[] = 
[
  {
    name: 'simple pair',
    rootType: 'stringPair',
    schema: stringPairSchema,
    triplets: [
      { lhs: '{"key":"foo","value":{}}', rhs: '{"key":"foo","value":1}', out: '{"key":"foo","value":1}' },
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
    ],
  },
  {
    name: 'null/empty map',
    rootType: 'nestedMap',
    schema: nestedMapSchema,
    triplets: [
      { lhs: '{}', rhs: '{"inner":{}}', out: '{"inner":{}}' },
      { lhs: '{}', rhs: '{"inner":null}', out: '{"inner":null}' },
      { lhs: '{"inner":null}', rhs: '{"inner":{}}', out: '{"inner":{}}' },
      { lhs: '{"inner":{}}', rhs: '{"inner":null}', out: '{"inner":null}' },
      { lhs: '{"inner":{}}', rhs: '{"inner":{}}', out: '{"inner":{}}' },
    ],
  },
  {
    name: 'null/empty struct',
    rootType: 'nestedStruct',
    schema: `types:
- name: nestedStruct
  map:
    fields:
    - name: inner
      type:
        map:
          fields:
          - name: value
            type:
              namedType: __untyped_atomic_
- name: __untyped_atomic_
  scalar: untyped
  list:
    elementType:
      namedType: __untyped_atomic_
    elementRelationship: atomic
  map:
    elementType:
      namedType: __untyped_atomic_
    elementRelationship: atomic
`,
    triplets: [
      { lhs: '{}', rhs: '{"inner":{}}', out: '{"inner":{}}' },
      { lhs: '{}', rhs: '{"inner":null}', out: '{"inner":null}' },
      { lhs: '{"inner":null}', rhs: '{"inner":{}}', out: '{"inner":{}}' },
      { lhs: '{"inner":{}}', rhs: '{"inner":null}', out: '{"inner":null}' },
      { lhs: '{"inner":{}}', rhs: '{"inner":{}}', out: '{"inner":{}}' },
    ],
  },
  {
    name: 'null/empty list',
    rootType: 'nestedList',
    schema: nestedListSchema,
    triplets: [
      { lhs: '{}', rhs: '{"inner":[]}', out: '{"inner":[]}' },
      { lhs: '{}', rhs: '{"inner":null}', out: '{"inner":null}' },
      { lhs: '{"inner":null}', rhs: '{"inner":[]}', out: '{"inner":[]}' },
      { lhs: '{"inner":[]}', rhs: '{"inner":null}', out: '{"inner":null}' },
      { lhs: '{"inner":[]}', rhs: '{"inner":[]}', out: '{"inner":[]}' },
    ],
  },
  {
    name: 'struct grab bag',
    rootType: 'myStruct',
    schema: myStructSchema,
    triplets: [
      { lhs: '{"numeric":1}', rhs: '{"numeric":3.14159}', out: '{"numeric":3.14159}' },
      { lhs: '{"numeric":3.14159}', rhs: '{"numeric":1}', out: '{"numeric":1}' },
      { lhs: '{"string":"aoeu"}', rhs: '{"bool":true}', out: '{"string":"aoeu","bool":true}' },
      { lhs: '{"setStr":["a","b","c"]}', rhs: '{"setStr":["a","b"]}', out: '{"setStr":["a","b","c"]}' },
      { lhs: '{"setStr":["a","b"]}', rhs: '{"setStr":["a","b","c"]}', out: '{"setStr":["a","b","c"]}' },
      { lhs: '{"setStr":["a","b","c"]}', rhs: '{"setStr":[]}', out: '{"setStr":["a","b","c"]}' },
      { lhs: '{"setStr":[]}', rhs: '{"setStr":["a","b","c"]}', out: '{"setStr":["a","b","c"]}' },
      { lhs: '{"setStr":["a","b"]}', rhs: '{"setStr":["b","a"]}', out: '{"setStr":["b","a"]}' },
      {
        lhs: '{"setStr":["a","b","c"]}',
        rhs: '{"setStr":["d","e","f"]}',
        out: '{"setStr":["a","b","c","d","e","f"]}',
      },
      {
        lhs: '{"setStr":["a","b","c"]}',
        rhs: '{"setStr":["c","d","e","f"]}',
        out: '{"setStr":["a","b","c","d","e","f"]}',
      },
      {
        lhs: '{"setStr":["a","b","c","g","f"]}',
        rhs: '{"setStr":["c","d","e","f"]}',
        out: '{"setStr":["a","b","c","g","d","e","f"]}',
      },
      {
        lhs: '{"setStr":["a","b","c"]}',
        rhs: '{"setStr":["d","e","f","x","y","z"]}',
        out: '{"setStr":["a","b","c","d","e","f","x","y","z"]}',
      },
      {
        lhs: '{"setStr":["c","d","e","f"]}',
        rhs: '{"setStr":["a","c","e"]}',
        out: '{"setStr":["a","c","d","e","f"]}',
      },
      {
        lhs: '{"setStr":["a","b","c","x","y","z"]}',
        rhs: '{"setStr":["d","e","f"]}',
        out: '{"setStr":["a","b","c","x","y","z","d","e","f"]}',
      },
      {
        lhs: '{"setStr":["a","b","c","x","y","z"]}',
        rhs: '{"setStr":["d","e","f","x","y","z"]}',
        out: '{"setStr":["a","b","c","d","e","f","x","y","z"]}',
      },
      {
        lhs: '{"setStr":["c","a","g","f"]}',
        rhs: '{"setStr":["c","f","a","g"]}',
        out: '{"setStr":["c","f","a","g"]}',
      },
      {
        lhs: '{"setStr":["a","b","c","d"]}',
        rhs: '{"setStr":["d","e","f","a"]}',
        out: '{"setStr":["b","c","d","e","f","a"]}',
      },
      {
        lhs: '{"setStr":["c","d","e","f","g","h","i","j"]}',
        rhs: '{"setStr":["2","h","3","e","4","k","l"]}',
        out: '{"setStr":["c","d","f","g","2","h","i","j","3","e","4","k","l"]}',
      },
      {
        lhs: '{"setStr":["a","b","c","d","e","f","g","h","i","j"]}',
        rhs: '{"setStr":["1","b","2","h","3","e","4","k","l"]}',
        out: '{"setStr":["a","1","b","c","d","f","g","2","h","i","j","3","e","4","k","l"]}',
      },
      { lhs: '{"setStr":["a","b","b"]}', rhs: '{"setStr":["c"]}', out: '{"setStr":["a","b","b","c"]}' },
      { lhs: '{"setStr":["a","b","b"]}', rhs: '{"setStr":["b"]}', out: '{"setStr":["a","b"]}' },
      { lhs: '{"setStr":["a","b","b"]}', rhs: '{"setStr":["a"]}', out: '{"setStr":["a","b","b"]}' },
      {
        lhs: '{"setStr":["a","b","c","d","e","c"]}',
        rhs: '{"setStr":["1","b","2","e","d"]}',
        out: '{"setStr":["a","1","b","c","2","e","c","d"]}',
      },
      {
        lhs: '{"setStr":["a","b","c","d","e","c"]}',
        rhs: '{"setStr":["1","b","2","c","e","d"]}',
        out: '{"setStr":["a","1","b","2","c","e","d"]}',
      },
      {
        lhs: '{"setStr":["a","a","b","b"]}',
        rhs: '{"setStr":["b","c","d"]}',
        out: '{"setStr":["a","a","b","c","d"]}',
      },
      { lhs: '{"setStr":["a","a","b","b"]}', rhs: '{"setStr":[]}', out: '{"setStr":["a","a","b","b"]}' },
      { lhs: '{"setBool":[true]}', rhs: '{"setBool":[false]}', out: '{"setBool":[true, false]}' },
      {
        lhs: '{"setNumeric":[1,2,3.14159]}',
        rhs: '{"setNumeric":[1,2,3]}',
        out: '{"setNumeric":[1,2,3.14159,3]}',
      },
      {
        lhs: '{"setStr":["c","a","g","f","c","a"]}',
        rhs: '{"setStr":["c","f","a","g"]}',
        out: '{"setStr":["c","f","a","g"]}',
      },
      {
        lhs: '{"setNumeric":[1,2,3.14159,1,2]}',
        rhs: '{"setNumeric":[1,2,3]}',
        out: '{"setNumeric":[1,2,3.14159,3]}',
      },
      {
        lhs: '{"setBool":[true,false,true]}',
        rhs: '{"setBool":[false]}',
        out: '{"setBool":[true,false,true]}',
      },
      {
        lhs: '{"setBool":[true,false,true]}',
        rhs: '{"setBool":[true]}',
        out: '{"setBool":[true, false]}',
      },
    ],
  },
  {
    name: 'associative list',
    rootType: 'myRoot',
    schema: associativeListSchema,
    triplets: [
      {
        lhs: '{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}',
        rhs: '{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}',
        out: '{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}',
      },
      {
        lhs: '{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}',
        rhs: '{"list":[{"key":"a","id":2,"value":{"a":"a"}}]}',
        out: '{"list":[{"key":"a","id":1,"value":{"a":"a"}},{"key":"a","id":2,"value":{"a":"a"}}]}',
      },
      {
        lhs: '{"list":[{"key":"a","id":1},{"key":"b","id":1}]}',
        rhs: '{"list":[{"key":"a","id":1},{"key":"a","id":2}]}',
        out: '{"list":[{"key":"a","id":1},{"key":"b","id":1},{"key":"a","id":2}]}',
      },
      {
        lhs: '{"list":[{"key":"b","id":2}]}',
        rhs: '{"list":[{"key":"a","id":1},{"key":"b","id":2},{"key":"c","id":3}]}',
        out: '{"list":[{"key":"a","id":1},{"key":"b","id":2},{"key":"c","id":3}]}',
      },
      {
        lhs: '{"list":[{"key":"a","id":1},{"key":"b","id":2},{"key":"c","id":3}]}',
        rhs: '{"list":[{"key":"c","id":3},{"key":"b","id":2}]}',
        out: '{"list":[{"key":"a","id":1},{"key":"c","id":3},{"key":"b","id":2}]}',
      },
      {
        lhs: '{"list":[{"key":"a","id":1},{"key":"b","id":2},{"key":"c","id":3}]}',
        rhs: '{"list":[{"key":"c","id":3},{"key":"a","id":1}]}',
        out: '{"list":[{"key":"b","id":2},{"key":"c","id":3},{"key":"a","id":1}]}',
      },
      { lhs: '{"atomicList":["a","a","a"]}', rhs: '{"atomicList":null}', out: '{"atomicList":null}' },
      { lhs: '{"atomicList":["a","b","c"]}', rhs: '{"atomicList":[]}', out: '{"atomicList":[]}' },
      {
        lhs: '{"atomicList":["a","a","a"]}',
        rhs: '{"atomicList":["a","a"]}',
        out: '{"atomicList":["a","a"]}',
      },
      {
        lhs: '{"list":[{"key":"a","id":1,"bv":true},{"key":"b","id":2},{"key":"a","id":1,"bv":false,"nv":2}]}',
        rhs: '{"list":[{"key":"a","id":1,"nv":3},{"key":"c","id":3},{"key":"b","id":2}]}',
        out: '{"list":[{"key":"a","id":1,"nv":3},{"key":"c","id":3},{"key":"b","id":2}]}',
      },
      {
        lhs: '{"list":[{"key":"a","id":1,"nv":1},{"key":"a","id":1,"nv":2}]}',
        rhs: '{"list":[]}',
        out: '{"list":[{"key":"a","id":1,"nv":1},{"key":"a","id":1,"nv":2}]}',
      },
      {
        lhs: '{"list":[{"key":"a","id":1,"nv":1},{"key":"a","id":1,"nv":2}]}',
        rhs: '{}',
        out: '{"list":[{"key":"a","id":1,"nv":1},{"key":"a","id":1,"nv":2}]}',
      },
    ],
  },
];

describe('typed/merge_test.go: merging a configuration into a live object', () => {
  for (const table of tables) {
    describe(table.name, () => {
      it.each(table.triplets)('$lhs + $rhs', ({ lhs, rhs, out }) => {
        const atom = typeIn(table.schema, table.rootType);
        const live = yamlObject(lhs);
        const config = yamlObject(rhs);
        const want = yamlObject(out);
        expect(validate(live, atom, { allowDuplicates: true })).toEqual([]);
        expect(validate(config, atom)).toEqual([]);
        expect(validate(want, atom, { allowDuplicates: true })).toEqual([]);
        const got = merge(live, config, atom);
        if (!got.ok) throw new Error(`merge failed: ${JSON.stringify(got.issues)}`);
        const merged = got.value ?? null;
        if (!valueEquals(merged, want)) expect(merged).toEqual(want);
        expect(valueEquals(merged, want)).toBe(true);
      });
    });
  }
});
