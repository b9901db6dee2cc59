import { describe, expect, it } from 'vitest';
import { merge } from '../../src/typed/merge.js';
import { extractItems, removeItems } from '../../src/typed/remove-items.js';
import { toFieldSet } from '../../src/typed/to-field-set.js';
import { validate } from '../../src/typed/validate.js';
import { valueEquals } from '../../src/value/equals.js';
import type { Value } from '../../src/value/value.js';
import { pathSet, typeIn, yamlObject } from '../support/upstream-tables.js';
import { myStructSchema, stringPairSchema } from '../support/upstream-schemas.js';

/**
 * structured-merge-diff v6.4.2 typed/remove_test.go (engine-semantics §4.5).
 *
 * TestRemove: per object and set, the object without the set's paths (RemoveItems) and with only
 * them (ExtractItems). Upstream writes `unparseable` for a result it does not check (mostly a
 * keyed item left without its keys, which its schema would refuse); neither do we.
 *
 * TestReversibleExtract: applying a partial object and extracting the leaves of its field set
 * from the result gives the partial object back.
 *
 * Not carried over: TestExtractWithKeys (ExtractItems with WithAppendKeyFields, which the API
 * server never uses and the engine does not have).
 */
interface RemoveTable {
  name: string;
  rootType: string;
  schema: string;
  quadruplets: { object: string; set: string[]; removed: string; extracted: string }[];
}

interface ReversibleTable {
  name: string;
  rootType: string;
  schema: string;
  pairs: { object: string; applied: string }[];
}

const associativeAndAtomicSchema = `types:
- name: myRoot
  map:
    fields:
    - name: list
      type:
        namedType: myList
    - name: atomicList
      type:
        namedType: mySequence
    - name: atomicMap
      type:
        namedType: myAtomicMap
    - name: atomicElementList
      type:
        namedType: myAtomicElementList
- name: myList
  list:
    elementType:
      namedType: myElement
    elementRelationship: associative
    keys:
    - key
    - id
- name: myAtomicMap
  map:
    fields:
    - name: id
      type:
        scalar: string
    elementType:
      scalar: string
    elementRelationship: atomic
- name: myAtomicElementList
  list:
    elementType:
      namedType: myAtomicMap
    elementRelationship: associative
    keys:
    - id
- name: mySequence
  list:
    elementType:
      scalar: string
    elementRelationship: atomic
- name: myElement
  map:
    fields:
    - name: key
      type:
        scalar: string
    - name: id
      type:
        scalar: numeric
    - name: value
      type:
        namedType: myValue
    - name: bv
      type:
        scalar: boolean
    - name: nv
      type:
        scalar: numeric
- name: myValue
  map:
    elementType:
      scalar: string
`;

const nestedTypesSchema = `types:
- name: type
  map:
    fields:
      - name: listOfLists
        type:
          namedType: listOfLists
      - name: listOfMaps
        type:
          namedType: listOfMaps
      - name: mapOfLists
        type:
          namedType: mapOfLists
      - name: mapOfMaps
        type:
          namedType: mapOfMaps
      - name: mapOfMapsRecursive
        type:
          namedType: mapOfMapsRecursive
      - name: struct
        type:
          namedType: struct
- name: struct
  map:
    fields:
    - name: name
      type:
        scalar: string
    - name: value
      type:
        scalar: number
- name: listOfLists
  list:
    elementType:
      map:
        fields:
        - name: name
          type:
            scalar: string
        - name: value
          type:
            namedType: list
    elementRelationship: associative
    keys:
    - name
- name: list
  list:
    elementType:
      scalar: string
    elementRelationship: associative
- name: listOfMaps
  list:
    elementType:
      map:
        fields:
        - name: name
          type:
            scalar: string
        - name: value
          type:
            namedType: map
    elementRelationship: associative
    keys:
    - name
- name: map
  map:
    elementType:
      scalar: string
    elementRelationship: associative
- name: mapOfLists
  map:
    elementType:
      namedType: list
    elementRelationship: associative
- name: mapOfMaps
  map:
    elementType:
      namedType: map
    elementRelationship: associative
- name: mapOfMapsRecursive
  map:
    elementType:
      namedType: mapOfMapsRecursive
    elementRelationship: associative
`;

/** Upstream's mark for a result it does not check (most are keyed items left without their keys). */
const UNCHECKED = 'unparseable';

const removeTables: RemoveTable[] = [
  {
    name: 'simple pair',
    rootType: 'stringPair',
    schema: stringPairSchema,
    quadruplets: [
      { object: '{"key":"foo"}', set: ['.key'], removed: '', extracted: '{"key":"foo"}' },
      { object: '{"key":"foo"}', set: [], removed: '{"key":"foo"}', extracted: '' },
      {
        object: '{"key":"foo","value":true}',
        set: ['.key'],
        removed: '{"value":true}',
        extracted: '{"key":"foo"}',
      },
      {
        object: '{"key":"foo","value":{"a": "b"}}',
        set: ['.value'],
        removed: '{"key":"foo"}',
        extracted: '{"value":{"a": "b"}}',
      },
    ],
  },
  {
    name: 'struct grab bag',
    rootType: 'myStruct',
    schema: myStructSchema,
    quadruplets: [
      {
        object: '{"setBool":[false]}',
        set: ['.setBool[=false]'],
        removed: '{"setBool":null}',
        extracted: '{"setBool":[false]}',
      },
      {
        object: '{"setBool":[false]}',
        set: ['.setBool[=true]'],
        removed: '{"setBool":[false]}',
        extracted: '{"setBool":null}',
      },
      {
        object: '{"setBool":[true,false]}',
        set: ['.setBool[=true]'],
        removed: '{"setBool":[false]}',
        extracted: '{"setBool":[true]}',
      },
      {
        object: '{"setBool":[true,false]}',
        set: ['.setBool'],
        removed: '',
        extracted: '{"setBool":null}',
      },
      {
        object: '{"setNumeric":[1,2,3,4.5]}',
        set: ['.setNumeric[=1]', '.setNumeric[=4.5]'],
        removed: '{"setNumeric":[2,3]}',
        extracted: '{"setNumeric":[1,4.5]}',
      },
      {
        object: '{"setStr":["a","b","c"]}',
        set: ['.setStr[="a"]'],
        removed: '{"setStr":["b","c"]}',
        extracted: '{"setStr":["a"]}',
      },
    ],
  },
  {
    name: 'associative and atomic',
    rootType: 'myRoot',
    schema: associativeAndAtomicSchema,
    quadruplets: [
      {
        object: '{"list":[{"key":"a","id":1},{"key":"a","id":2},{"key":"b","id":1}]}',
        set: ['.list[id=1,key="a"].key', '.list[id=1,key="a"].id'],
        removed: 'unparseable',
        extracted: '{"list":[{"key":"a","id":1}]}',
      },
      {
        object: '{"list":[{"key":"a","id":1},{"key":"a","id":2},{"key":"b","id":1}]}',
        set: ['.list[id=1,key="a"]'],
        removed: '{"list":[{"key":"a","id":2},{"key":"b","id":1}]}',
        extracted: 'unparseable',
      },
      {
        object: '{"atomicList":["a", "a", "a"]}',
        set: ['.atomicList'],
        removed: '',
        extracted: '{"atomicList":["a", "a", "a"]}',
      },
      {
        object: '{"atomicMap":{"a": "c", "b": "d"}}',
        set: ['.atomicMap'],
        removed: '',
        extracted: '{"atomicMap":{"a": "c", "b": "d"}}',
      },
    ],
  },
  {
    name: 'nested types',
    rootType: 'type',
    schema: nestedTypesSchema,
    quadruplets: [
      {
        object: '{"listOfLists": [{"name": "a", "value": ["b", "c"]}, {"name": "d"}]}',
        set: [
          '.listOfLists[name="a"].name',
          '.listOfLists[name="a"].value[="b"]',
          '.listOfLists[name="a"].value[="c"]',
          '.listOfLists[name="d"].name',
        ],
        removed: 'unparseable',
        extracted: '{"listOfLists": [{"name": "a", "value": ["b", "c"]}, {"name": "d"}]}',
      },
      {
        object: '{"listOfLists": [{"name": "a", "value": ["b", "c"]}, {"name": "d"}]}',
        set: ['.listOfLists'],
        removed: '',
        extracted: '{"listOfLists": null}',
      },
      {
        object: '{"listOfLists": [{"name": "a", "value": ["b", "c"]}, {"name": "d"}]}',
        set: ['.listOfLists[name="d"].name'],
        removed: 'unparseable',
        extracted: '{"listOfLists": [{"name": "d"}]}',
      },
      {
        object: '{"listOfLists": [{"name": "a", "value": ["b", "c"]}, {"name": "d"}]}',
        set: ['.listOfLists[name="d"]'],
        removed: '{"listOfLists": [{"name": "a", "value": ["b", "c"]}]}',
        extracted: 'unparseable',
      },
      {
        object: '{"listOfLists": [{"name": "a", "value": ["b", "c"]}, {"name": "d"}]}',
        set: ['.listOfLists[name="a"].name'],
        removed: 'unparseable',
        extracted: '{"listOfLists": [{"name": "a"}]}',
      },
      {
        object: '{"listOfLists": [{"name": "a", "value": ["b", "c"]}, {"name": "d"}]}',
        set: ['.listOfLists[name="a"]'],
        removed: '{"listOfLists": [{"name": "d"}]}',
        extracted: 'unparseable',
      },
      {
        object: '{"listOfLists": [{"name": "a", "value": ["b", "c"]}, {"name": "d"}]}',
        set: ['.listOfLists[name="a"].value[="b"]'],
        removed: '{"listOfLists": [{"name":"a", "value": ["c"]}, {"name": "d"}]}',
        extracted: 'unparseable',
      },
      {
        object: '{"listOfLists": [{"name": "a", "value": ["b", "c"]}, {"name": "d"}]}',
        set: ['.listOfLists[name="a"].name', '.listOfLists[name="a"].value[="b"]'],
        removed: 'unparseable',
        extracted: '{"listOfLists": [{"name": "a", "value": ["b"]}]}',
      },
      {
        object: '{"listOfLists": [{"name": "a", "value": ["b", "c"]}, {"name": "d"}]}',
        set: ['.listOfLists[name="x"]'],
        removed: '{"listOfLists": [{"name": "a", "value": ["b", "c"]}, {"name": "d"}]}',
        extracted: '{"listOfLists":null}',
      },
      {
        object: '{"listOfLists": [{"name": "a", "value": ["b", "c"]}, {"name": "d"}]}',
        set: ['.listOfLists[name="a"].value[="x"]'],
        removed: '{"listOfLists": [{"name":"a", "value": ["b","c"]}, {"name": "d"}]}',
        extracted: 'unparseable',
      },
      {
        object: '{"listOfLists": [{"name": "a", "value": ["b", "c"]}, {"name": "d"}]}',
        set: ['.listOfLists[name="a"].name', '.listOfLists[name="a"].value[="x"]'],
        removed: 'unparseable',
        extracted: 'unparseable',
      },
      {
        object: '{"listOfLists": [{"name": "a", "value": ["b", "c"]}, {"name": "d"}]}',
        set: ['[="b"]'],
        removed: '{"listOfLists": [{"name": "a", "value": ["b", "c"]}, {"name": "d"}]}',
        extracted: '',
      },
      {
        object: '{"listOfMaps": [{"name": "a", "value": {"b":"x", "c":"y"}}, {"name": "d", "value": {"e":"z"}}]}',
        set: [
          '.listOfMaps[name="a"].name',
          '.listOfMaps[name="a"].value.b',
          '.listOfMaps[name="a"].value.c',
          '.listOfMaps[name="d"].name',
          '.listOfMaps[name="d"].value.e',
        ],
        removed: 'unparseable',
        extracted: '{"listOfMaps": [{"name": "a", "value": {"b":"x", "c":"y"}}, {"name": "d", "value": {"e":"z"}}]}',
      },
      {
        object: '{"listOfMaps": [{"name": "a", "value": {"b":"x", "c":"y"}}, {"name": "d", "value": {"e":"z"}}]}',
        set: ['.listOfMaps'],
        removed: '',
        extracted: '{"listOfMaps"}',
      },
      {
        object: '{"listOfMaps": [{"name": "a", "value": {"b":"x", "c":"y"}}, {"name": "d", "value": {"e":"z"}}]}',
        set: ['.listOfMaps[name="a"].name'],
        removed: 'unparseable',
        extracted: '{"listOfMaps": [{"name": "a"}]}',
      },
      {
        object: '{"listOfMaps": [{"name": "a", "value": {"b":"x", "c":"y"}}, {"name": "d", "value": {"e":"z"}}]}',
        set: ['.listOfMaps[name="a"]'],
        removed: '{"listOfMaps": [{"name": "d", "value": {"e":"z"}}]}',
        extracted: 'unparseable',
      },
      {
        object: '{"listOfMaps": [{"name": "a", "value": {"b":"x", "c":"y"}}, {"name": "d", "value": {"e":"z"}}]}',
        set: ['.listOfMaps[name="a"].value.b'],
        removed: '{"listOfMaps": [{"name": "a", "value": {"c":"y"}}, {"name": "d", "value": {"e":"z"}}]}',
        extracted: 'unparseable',
      },
      {
        object: '{"listOfMaps": [{"name": "a", "value": {"b":"x", "c":"y"}}, {"name": "d", "value": {"e":"z"}}]}',
        set: ['.listOfMaps[name="a"].name', '.listOfMaps[name="a"].value.b'],
        removed: 'unparseable',
        extracted: '{"listOfMaps": [{"name": "a", "value": {"b":"x"}}]}',
      },
      {
        object: '{"listOfMaps": [{"name": "a", "value": {"b":"x", "c":"y"}}, {"name": "d", "value": {"e":"z"}}]}',
        set: ['.listOfMaps[name="q"].name'],
        removed: '{"listOfMaps": [{"name": "a", "value": {"b":"x", "c":"y"}}, {"name": "d", "value": {"e":"z"}}]}',
        extracted: '{"listOfMaps":null}',
      },
      {
        object: '{"listOfMaps": [{"name": "a", "value": {"b":"x", "c":"y"}}, {"name": "d", "value": {"e":"z"}}]}',
        set: ['.listOfMaps[name="a"].value.q'],
        removed: '{"listOfMaps": [{"name": "a", "value": {"b":"x", "c":"y"}}, {"name": "d", "value": {"e":"z"}}]}',
        extracted: 'unparseable',
      },
      {
        object: '{"listOfMaps": [{"name": "a", "value": {"b":"x", "c":"y"}}, {"name": "d", "value": {"e":"z"}}]}',
        set: ['.listOfMaps[name="a"].name', '.listOfMaps[name="a"].value.q'],
        removed: 'unparseable',
        extracted: '{"listOfMaps": [{"name":"a", "value": null}]}',
      },
      {
        object: '{"mapOfLists": {"b":["a","c"], "d":["e", "f"]}}',
        set: ['.mapOfLists.b[="a"]', '.mapOfLists.b[="c"]', '.mapOfLists.d[="e"]', '.mapOfLists.d[="f"]'],
        removed: 'unparseable',
        extracted: '{"mapOfLists": {"b":["a","c"], "d":["e", "f"]}}',
      },
      {
        object: '{"mapOfLists": {"b":["a","c"], "d":["e", "f"]}}',
        set: ['.mapOfLists'],
        removed: '',
        extracted: '{"mapOfLists":null}',
      },
      {
        object: '{"mapOfLists": {"b":["a","c"], "d":["e", "f"]}}',
        set: ['.mapOfLists.b'],
        removed: '{"mapOfLists": {"d":["e", "f"]}}',
        extracted: '{"mapOfLists": {"b":null}}',
      },
      {
        object: '{"mapOfLists": {"b":["a","c"], "d":["e", "f"]}}',
        set: ['.mapOfLists.b[="a"]'],
        removed: '{"mapOfLists":{"b":["c"],"d":["e", "f"]}}',
        extracted: '{"mapOfLists":{"b":["a"]}}',
      },
      {
        object: '{"mapOfLists": {"b":["a","c"], "d":["e", "f"]}}',
        set: ['.mapOfLists.q'],
        removed: '{"mapOfLists": {"b":["a","c"], "d":["e", "f"]}}',
        extracted: '{"mapOfLists":null}',
      },
      {
        object: '{"mapOfLists": {"b":["a","c"], "d":["e", "f"]}}',
        set: ['.mapOfLists.b[="q"]'],
        removed: '{"mapOfLists": {"b":["a","c"], "d":["e", "f"]}}',
        extracted: '{"mapOfLists":{"b":null}}',
      },
      {
        object: '{"mapOfLists": {"b":null, "d":["e", "f"]}}',
        set: ['.mapOfLists.b'],
        removed: '{"mapOfLists": {"d":["e", "f"]}}',
        extracted: '{"mapOfLists":{"b":null}}',
      },
      {
        object: '{"mapOfLists": {"b":["a","c"], "d":["e", "f"]}}',
        set: ['[="a"]'],
        removed: '{"mapOfLists": {"b":["a","c"], "d":["e", "f"]}}',
        extracted: '',
      },
      {
        object: '{"mapOfMaps": {"b":{"a":"x","c":"z"}, "d":{"e":"y", "f":"w"}}}',
        set: ['.mapOfMaps.b.a', '.mapOfMaps.b.c', '.mapOfMaps.d.e', '.mapOfMaps.d.f'],
        removed: 'unparseable',
        extracted: '{"mapOfMaps": {"b":{"a":"x","c":"z"}, "d":{"e":"y", "f":"w"}}}',
      },
      {
        object: '{"mapOfMaps": {"b":{"a":"x","c":"z"}, "d":{"e":"y", "f":"w"}}}',
        set: ['.mapOfMaps'],
        removed: '',
        extracted: '{"mapOfMaps":null}',
      },
      {
        object: '{"mapOfMaps": {"b":{"a":"x","c":"z"}, "d":{"e":"y", "f":"w"}}}',
        set: ['.mapOfMaps.b'],
        removed: '{"mapOfMaps": {"d":{"e":"y", "f":"w"}}}',
        extracted: '{"mapOfMaps": {"b":null}}',
      },
      {
        object: '{"mapOfMaps": {"b":{"a":"x","c":"z"}, "d":{"e":"y", "f":"w"}}}',
        set: ['.mapOfMaps.b.a'],
        removed: '{"mapOfMaps": {"b":{"c":"z"},"d":{"e":"y", "f":"w"}}}',
        extracted: '{"mapOfMaps": {"b":{"a":"x"}}}',
      },
      {
        object: '{"mapOfMaps": {"b":{"a":"x","c":"z"}, "d":{"e":"y", "f":"w"}}}',
        set: ['.mapOfMaps.q'],
        removed: '{"mapOfMaps": {"b":{"a":"x","c":"z"}, "d":{"e":"y", "f":"w"}}}',
        extracted: '{"mapOfMaps": null}',
      },
      {
        object: '{"mapOfMaps": {"b":{"a":"x","c":"z"}, "d":{"e":"y", "f":"w"}}}',
        set: ['.mapOfMaps.b.q'],
        removed: '{"mapOfMaps": {"b":{"a":"x","c":"z"}, "d":{"e":"y", "f":"w"}}}',
        extracted: '{"mapOfMaps": {"b":null}}',
      },
      {
        object: '{"mapOfMaps": {"b":null, "d":{"e":"y", "f":"w"}}}',
        set: ['.mapOfMaps.b'],
        removed: '{"mapOfMaps": {"d":{"e":"y", "f":"w"}}}',
        extracted: '{"mapOfMaps": {"b":null}}',
      },
      {
        object: '{"mapOfMaps": {"b":{"a":"x","c":"z"}, "d":{"e":"y", "f":"w"}}}',
        set: ['.a'],
        removed: '{"mapOfMaps": {"b":{"a":"x","c":"z"}, "d":{"e":"y", "f":"w"}}}',
        extracted: '',
      },
      {
        object: '{"mapOfMapsRecursive": {"a":{"b":{"c":null}}}}',
        set: ['.mapOfMapsRecursive'],
        removed: '',
        extracted: '{"mapOfMapsRecursive":null}',
      },
      {
        object: '{"mapOfMapsRecursive": {"a":{"b":{"c":null}}}}',
        set: ['.mapOfMapsRecursive.a'],
        removed: '{"mapOfMapsRecursive"}',
        extracted: '{"mapOfMapsRecursive": {"a":null}}',
      },
      {
        object: '{"mapOfMapsRecursive": {"a":{"b":{"c":null}}}}',
        set: ['.mapOfMapsRecursive.a.b'],
        removed: '{"mapOfMapsRecursive":{"a":null}}',
        extracted: '{"mapOfMapsRecursive": {"a":{"b":null}}}',
      },
      {
        object: '{"mapOfMapsRecursive": {"a":{"b":{"c":null}}}}',
        set: ['.mapOfMapsRecursive.a.b.c'],
        removed: '{"mapOfMapsRecursive":{"a":{"b":null}}}',
        extracted: '{"mapOfMapsRecursive": {"a":{"b":{"c":null}}}}',
      },
      {
        object: '{"listOfLists": []}',
        set: ['.listOfLists'],
        removed: '',
        extracted: '{"listOfLists": []}',
      },
      {
        object: '{"listOfLists": null}',
        set: ['.listOfLists'],
        removed: '',
        extracted: '{"listOfLists": null}',
      },
      { object: '{"mapOfMaps": {}}', set: ['.mapOfMaps'], removed: '', extracted: '{"mapOfMaps": {}}' },
      {
        object: '{"mapOfMaps": null}',
        set: ['.mapOfMaps'],
        removed: '',
        extracted: '{"mapOfMaps": null}',
      },
    ],
  },
];

const reversibleTables: ReversibleTable[] = [
  {
    name: 'nested types',
    rootType: 'type',
    schema: nestedTypesSchema,
    pairs: [
      {
        object: '{"listOfLists": [{"name": "a", "value": ["b", "c"]}, {"name": "d"}]}',
        applied: '{"listOfLists": [{"name": "f", "value": ["j", "k"]},]}',
      },
      {
        object: '{"listOfLists": [{"name": "a", "value": ["b", "c"]}, {"name": "d"}]}',
        applied: '{"listOfLists": [{"name": "a", "value": ["j", "k"]},]}',
      },
      {
        object: '{"listOfLists": [{"name": "a", "value": ["b", "c"]}, {"name": "d"}]}',
        applied: '{"listOfLists": [{"name": "a", "value": null},]}',
      },
      {
        object: '{"listOfMaps": [{"name": "a", "value": {"b":"x", "c":"y"}}, {"name": "d", "value": {"e":"z"}}]}',
        applied: '{"listOfMaps": [{"name": "f", "value": {"q":"p"}}]}',
      },
      {
        object: '{"listOfMaps": [{"name": "a", "value": {"b":"x", "c":"y"}}, {"name": "d", "value": {"e":"z"}}]}',
        applied: '{"listOfMaps": [{"name": "a", "value": {"f":"p"}}]}',
      },
      {
        object: '{"listOfMaps": [{"name": "a", "value": {"b":"x", "c":"y"}}, {"name": "d", "value": {"e":"z"}}]}',
        applied: '{"listOfMaps": [{"name": "a", "value": {"b":"p"}}]}',
      },
      {
        object: '{"listOfMaps": [{"name": "a", "value": {"b":"x", "c":"y"}}, {"name": "d", "value": {"e":"z"}}]}',
        applied: '{"listOfMaps": [{"name": "a", "value": null}]}',
      },
      {
        object: '{"mapOfLists": {"b":["a","c"], "d":["e", "f"]}}',
        applied: '{"mapOfLists": {"x":["y","z"]}}',
      },
      {
        object: '{"mapOfLists": {"b":["a","c"], "d":["e", "f"]}}',
        applied: '{"mapOfLists": {"b":["y","z"]}}',
      },
      {
        object: '{"mapOfLists": {"b":["a","c"], "d":["e", "f"]}}',
        applied: '{"mapOfLists": {"b":null}}',
      },
      {
        object: '{"mapOfMaps": {"b":{"a":"x","c":"z"}, "d":{"e":"y", "f":"w"}}}',
        applied: '{"mapOfMaps": {"i":{"j":"k"}}}',
      },
      {
        object: '{"mapOfMaps": {"b":{"a":"x","c":"z"}, "d":{"e":"y", "f":"w"}}}',
        applied: '{"mapOfMaps": {"b":{"j":"k"}}}',
      },
      {
        object: '{"mapOfMaps": {"b":{"a":"x","c":"z"}, "d":{"e":"y", "f":"w"}}}',
        applied: '{"mapOfMaps": {"b":{"a":"k"}}}',
      },
      {
        object: '{"mapOfMaps": {"b":{"a":"x","c":"z"}, "d":{"e":"y", "f":"w"}}}',
        applied: '{"mapOfMaps": {"b": null}}',
      },
      {
        object: '{"listOfMaps": [{"name": "a", "value": {"b":"x", "c":"y"}}, {"name": "d", "value": {"e":"z"}}]}',
        applied: '{"mapOfLists": {"b":["y","z"]}}',
      },
      {
        object: '{"mapOfMapsRecursive": {"a":{"b":{"c":null}, "d":{"e":{"f":null}, "g":null}}}}',
        applied: '{"mapOfMapsRecursive": {"a":{"d":{"e":{"f":{"q":null}, "p":null}}}}}',
      },
      {
        object: '{"mapOfMapsRecursive": {"a":{"b":{"c":{"d":{"e":{"f":null}}, "g":{"h":null}, "i":null}}}}}',
        applied: '{"mapOfMapsRecursive": {"a":{"b":{"c":null}}}}',
      },
    ],
  },
];

function expectSameValue(got: Value, want: Value): void {
  if (!valueEquals(got, want)) expect(got).toEqual(want);
  expect(valueEquals(got, want)).toBe(true);
}

describe('typed/remove_test.go: removing and extracting a set of paths', () => {
  for (const table of removeTables) {
    describe(table.name, () => {
      it.each(table.quadruplets)('$object, $set', (q) => {
        const atom = typeIn(table.schema, table.rootType);
        const object = yamlObject(q.object);
        expect(validate(object, atom)).toEqual([]);
        const set = pathSet(q.set);
        if (q.removed !== UNCHECKED) expectSameValue(removeItems(object, set, atom), yamlObject(q.removed));
        if (q.extracted !== UNCHECKED) expectSameValue(extractItems(object, set, atom), yamlObject(q.extracted));
      });
    });
  }
});

describe('typed/remove_test.go: extracting what a partial object applied gives it back', () => {
  for (const table of reversibleTables) {
    describe(table.name, () => {
      it.each(table.pairs)('$object + $applied', ({ object, applied }) => {
        const atom = typeIn(table.schema, table.rootType);
        const live = yamlObject(object);
        const partial = yamlObject(applied);
        expect(validate(live, atom)).toEqual([]);
        expect(validate(partial, atom)).toEqual([]);
        const merged = merge(live, partial, atom);
        if (!merged.ok) throw new Error(`merge failed: ${JSON.stringify(merged.issues)}`);
        const leaves = toFieldSet(partial, atom).leaves();
        expectSameValue(extractItems(merged.value ?? null, leaves, atom), partial);
      });
    });
  }
});
