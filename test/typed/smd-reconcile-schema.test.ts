import { describe, expect, it } from 'vitest';
import { reconcileWithSchema } from '../../src/typed/reconcile-with-schema.js';
import { validate } from '../../src/typed/validate.js';
import { pathSet, setLines, typeIn, yamlObject } from '../support/upstream-tables.js';

/**
 * structured-merge-diff v6.4.2 typed/reconcile_schema_test.go, TestReconcileFieldSetWithSchema
 * (engine-semantics §4.6): a manager's set recorded under the old schema, fixed for the new one.
 * Where a granular field became atomic, what the set held below it becomes the field itself;
 * `fixedFields: null` means no change is needed (the reconciler answers nothing). Upstream's two
 * schemas are written for any version name; every case uses `v1`. The old schema is only the
 * story: the reconciler sees the new one.
 */
interface ReconcileTable {
  name: string;
  rootType: string;
  oldSchema: string;
  newSchema: string;
  liveObject: string;
  oldFields: string[];
  fixedFields: string[] | null;
}

const granularSchema = `types:
- name: v1
  map:
    fields:
      - name: struct
        type:
          namedType: struct
      - name: list
        type:
          namedType: list
      - name: objectList
        type:
          namedType: objectList
      - name: stringMap
        type:
          namedType: stringMap
      - name: unchanged
        type:
          namedType: unchanged
- name: struct
  map:
    fields:
    - name: numeric
      type:
        scalar: numeric
    - name: string
      type:
        scalar: string
- name: list
  list:
    elementType:
      scalar: string
    elementRelationship: associative
- name: objectList
  list:
    elementType:
      namedType: listItem
    elementRelationship: associative
    keys:
      - keyA
      - keyB
- name: listItem
  map:
    fields:
    - name: keyA
      type:
        scalar: string
    - name: keyB
      type:
        scalar: string
    - name: value
      type:
        scalar: string
- name: stringMap
  map:
    elementType:
      scalar: string
- name: unchanged
  map:
    fields:
    - name: numeric
      type:
        scalar: numeric
- name: empty
  map:
    elementType:
      scalar: untyped
      list:
        elementType:
          namedType: __untyped_atomic_
        elementRelationship: atomic
      map:
        elementType:
          namedType: __untyped_deduced_
        elementRelationship: separable
- name: emptyWithPreserveUnknown
  map:
    fields:
    - name: preserveField
      type:
        map:
          elementType:
            scalar: untyped
            list:
              elementType:
                namedType: __untyped_atomic_
              elementRelationship: atomic
            map:
              elementType:
                namedType: __untyped_deduced_
              elementRelationship: separable
- name: populatedWithPreserveUnknown
  map:
    fields:
    - name: preserveField
      type:
        map:
          fields:
          - name: list
            type:
              namedType: list
          elementType:
            namedType: __untyped_deduced_
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
- name: __untyped_deduced_
  scalar: untyped
  list:
    elementType:
      namedType: __untyped_atomic_
    elementRelationship: atomic
  map:
    elementType:
      namedType: __untyped_deduced_
    elementRelationship: separable
`;

const atomicSchema = `types:
- name: v1
  map:
    fields:
      - name: struct
        type:
          namedType: struct
      - name: list
        type:
          namedType: list
      - name: objectList
        type:
          namedType: objectList
      - name: stringMap
        type:
          namedType: stringMap
      - name: unchanged
        type:
          namedType: unchanged
- name: struct
  map:
    fields:
    - name: numeric
      type:
        scalar: numeric
    - name: string
      type:
        scalar: string
    elementRelationship: atomic
- name: list
  list:
    elementType:
      scalar: string
    elementRelationship: atomic
- name: objectList
  list:
    elementType:
      namedType: listItem
    elementRelationship: atomic
- name: listItem
  map:
    fields:
    - name: keyA
      type:
        scalar: string
    - name: keyB
      type:
        scalar: string
    - name: value
      type:
        scalar: string
- name: stringMap
  map:
    elementType:
      scalar: string
    elementRelationship: atomic
- name: unchanged
  map:
    fields:
    - name: numeric
      type:
        scalar: numeric
- name: empty
  map:
    elementType:
      scalar: untyped
      list:
        elementType:
          namedType: __untyped_atomic_
        elementRelationship: atomic
      map:
        elementType:
          namedType: __untyped_deduced_
        elementRelationship: separable
- name: emptyWithPreserveUnknown
  map:
    fields:
    - name: preserveField
      type:
        map:
          elementType:
            scalar: untyped
            list:
              elementType:
                namedType: __untyped_atomic_
              elementRelationship: atomic
            map:
              elementType:
                namedType: __untyped_deduced_
              elementRelationship: separable
- name: populatedWithPreserveUnknown
  map:
    fields:
    - name: preserveField
      type:
        map:
          fields:
          - name: list
            type:
              namedType: list
          elementType:
            namedType: __untyped_deduced_
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
- name: __untyped_deduced_
  scalar: untyped
  list:
    elementType:
      namedType: __untyped_atomic_
    elementRelationship: atomic
  map:
    elementType:
      namedType: __untyped_deduced_
    elementRelationship: separable
`;

const basicLiveObject = `
struct:
  numeric: 1
  string: "two"
list:
  - one
  - two
objectList:
  - keyA: a1
    keyB: b1
    value: v1
  - keyA: a2
    keyB: b2
    value: v2
stringMap:
  key1: value1
unchanged:
  numeric: 10
`;

const tables: ReconcileTable[] = [
  {
    name: 'granular-to-atomic',
    rootType: 'v1',
    oldSchema: granularSchema,
    newSchema: atomicSchema,
    liveObject: basicLiveObject,
    oldFields: [
      '.struct.numeric',
      '.list[="one"]',
      '.stringMap.key1',
      '.objectList[keyA="a1",keyB="b1"].value',
      '.unchanged.numeric',
    ],
    fixedFields: ['.struct', '.list', '.objectList', '.stringMap', '.unchanged.numeric'],
  },
  {
    name: 'no-change-granular',
    rootType: 'v1',
    oldSchema: granularSchema,
    newSchema: granularSchema,
    liveObject: basicLiveObject,
    oldFields: [
      '.struct.numeric',
      '.list[="one"]',
      '.objectList[keyA="a1",keyB="b1"].value',
      '.stringMap.key1',
      '.unchanged.numeric',
    ],
    fixedFields: null,
  },
  {
    name: 'no-change-atomic',
    rootType: 'v1',
    oldSchema: atomicSchema,
    newSchema: atomicSchema,
    liveObject: basicLiveObject,
    oldFields: ['.struct', '.list', '.objectList', '.unchanged.numeric'],
    fixedFields: null,
  },
  {
    name: 'no-change-empty-granular',
    rootType: 'v1',
    oldSchema: granularSchema,
    newSchema: granularSchema,
    liveObject: `
struct: {}
list: []
objectList:
  - keyA: a1
    keyB: b1
stringMap: {}
unchanged: {}
`,
    oldFields: [
      '.struct',
      '.list',
      '.objectList',
      '.objectList[keyA="a1",keyB="b1"]',
      '.objectList[keyA="a1",keyB="b1"].value',
      '.unchanged',
    ],
    fixedFields: null,
  },
  {
    name: 'deduced',
    rootType: 'empty',
    oldSchema: atomicSchema,
    newSchema: granularSchema,
    liveObject: basicLiveObject,
    oldFields: ['.struct', '.list', '.objectList', '.unchanged.numeric'],
    fixedFields: null,
  },
  {
    name: 'empty-preserve-unknown',
    rootType: 'emptyWithPreserveUnknown',
    oldSchema: atomicSchema,
    newSchema: granularSchema,
    liveObject: `
preserveField:
  arbitrary: abc
`,
    oldFields: ['.preserveField', '.preserveField.arbitrary'],
    fixedFields: null,
  },
  {
    name: 'populated-preserve-unknown',
    rootType: 'populatedWithPreserveUnknown',
    oldSchema: granularSchema,
    newSchema: atomicSchema,
    liveObject: `
preserveField:
  arbitrary: abc
  list:
  - one
`,
    oldFields: [
      '.preserveField',
      '.preserveField.arbitrary',
      '.preserveField.list',
      '.preserveField.list[="one"]',
    ],
    fixedFields: ['.preserveField', '.preserveField.arbitrary', '.preserveField.list'],
  },
];

describe('typed/reconcile_schema_test.go: a field set recorded under an older schema', () => {
  it.each(tables)('$name', (t) => {
    const atom = typeIn(t.newSchema, t.rootType);
    expect(validate(yamlObject(t.liveObject), atom)).toEqual([]);
    const fixed = reconcileWithSchema(pathSet(t.oldFields), atom);
    if (t.fixedFields === null) {
      expect(fixed && setLines(fixed)).toBeUndefined();
    } else {
      expect(fixed && setLines(fixed)).toEqual(setLines(pathSet(t.fixedFields)));
      expect(fixed?.equals(pathSet(t.fixedFields))).toBe(true);
    }
  });
});
