import { describe, it } from 'vitest';
import { type FixtureCase, playFixture } from '../support/upstream-fixture.js';
import { typeIn } from '../support/upstream-tables.js';

/**
 * structured-merge-diff v6.4.2 merge/extract_apply_test.go, TestExtractApply, every case: a
 * client extracts what its manager owns from the live object (the leaves of its set), merges its
 * change into that and force-applies the result (client-go's extract-then-apply); ordinary applies
 * and updates in between. Sets, lists and maps, granular and atomic, one version.
 */

const schema = `types:
- name: sets
  map:
    fields:
    - name: list
      type:
        list:
          elementType:
            scalar: string
          elementRelationship: associative
    - name: atomicList
      type:
        list:
          elementType:
            scalar: string
          elementRelationship: atomic
    - name: map
      type:
        map:
          elementType:
            scalar: string
          elementRelationship: separable
    - name: atomicMap
      type:
        map:
          elementType:
            scalar: string
          elementRelationship: atomic
`;

const cases: FixtureCase[] = [
  {
    name: 'apply_one_extract_apply_one_own_both',
    ops: [
      {
        op: 'apply',
        manager: 'default',
        apiVersion: 'v1',
        object: `list:
- a
`,
      },
      {
        op: 'extractApply',
        manager: 'default',
        apiVersion: 'v1',
        object: `list:
- b
`,
      },
    ],
    object: `list:
- a
- b
`,
    apiVersion: 'v1',
    managed: { default: { apiVersion: 'v1', set: ['.list[="a"]', '.list[="b"]'] } },
  },
  {
    name: 'extract_apply_from_beginning',
    ops: [
      {
        op: 'extractApply',
        manager: 'default',
        apiVersion: 'v1',
        object: `list:
- a
`,
      },
      {
        op: 'extractApply',
        manager: 'default',
        apiVersion: 'v1',
        object: `list:
- b
`,
      },
    ],
    object: `list:
- a
- b
`,
    apiVersion: 'v1',
    managed: { default: { apiVersion: 'v1', set: ['.list[="a"]', '.list[="b"]'] } },
  },
  {
    name: 'apply_after_extract_remove_fields',
    ops: [
      {
        op: 'extractApply',
        manager: 'default',
        apiVersion: 'v1',
        object: `list:
- a
`,
      },
      {
        op: 'apply',
        manager: 'default',
        apiVersion: 'v1',
        object: `list:
- b
`,
      },
    ],
    object: `list:
- b
`,
    apiVersion: 'v1',
    managed: { default: { apiVersion: 'v1', set: ['.list[="b"]'] } },
  },
  {
    name: 'apply_one_controller_remove_extract_apply_one',
    ops: [
      {
        op: 'apply',
        manager: 'default',
        apiVersion: 'v1',
        object: `list:
- a
`,
      },
      {
        op: 'update',
        manager: 'controller',
        apiVersion: 'v1',
        object: `list:
 - b
`,
      },
      {
        op: 'extractApply',
        manager: 'default',
        apiVersion: 'v1',
        object: `list:
- c
`,
      },
    ],
    object: `list:
- b
- c
`,
    apiVersion: 'v1',
    managed: {
      default: { apiVersion: 'v1', set: ['.list[="c"]'] },
      controller: { apiVersion: 'v1', set: ['.list[="b"]'] },
    },
  },
  {
    name: 'extract_apply_retain_ownership_after_controller_update',
    ops: [
      {
        op: 'apply',
        manager: 'default',
        apiVersion: 'v1',
        object: `list:
- a
`,
      },
      {
        op: 'update',
        manager: 'controller',
        apiVersion: 'v1',
        object: `list:
 - a
 - b
`,
      },
      {
        op: 'extractApply',
        manager: 'default',
        apiVersion: 'v1',
        object: `list:
- c
`,
      },
    ],
    object: `list:
- a
- b
- c
`,
    apiVersion: 'v1',
    managed: {
      default: { apiVersion: 'v1', set: ['.list[="a"]', '.list[="c"]'] },
      controller: { apiVersion: 'v1', set: ['.list[="b"]'] },
    },
  },
  {
    name: 'extract_apply_share_ownership_after_another_apply',
    ops: [
      {
        op: 'apply',
        manager: 'apply-one',
        apiVersion: 'v1',
        object: `list:
- a
`,
      },
      {
        op: 'apply',
        manager: 'apply-two',
        apiVersion: 'v1',
        object: `list:
 - a
 - b
`,
      },
      {
        op: 'extractApply',
        manager: 'apply-one',
        apiVersion: 'v1',
        object: `list:
- c
`,
      },
    ],
    object: `list:
- a
- b
- c
`,
    apiVersion: 'v1',
    managed: {
      'apply-one': { apiVersion: 'v1', set: ['.list[="a"]', '.list[="c"]'] },
      'apply-two': { apiVersion: 'v1', set: ['.list[="a"]', '.list[="b"]'] },
    },
  },
  {
    name: 'apply_two_cant_delete_object_also_owned_by_extract_apply',
    ops: [
      {
        op: 'apply',
        manager: 'apply-one',
        apiVersion: 'v1',
        object: `list:
- a
`,
      },
      {
        op: 'apply',
        manager: 'apply-two',
        apiVersion: 'v1',
        object: `list:
 - a
 - b
`,
      },
      {
        op: 'extractApply',
        manager: 'apply-one',
        apiVersion: 'v1',
        object: `list:
- c
`,
      },
      {
        op: 'apply',
        manager: 'apply-two',
        apiVersion: 'v1',
        object: `list:
 - b
`,
      },
    ],
    object: `list:
- a
- b
- c
`,
    apiVersion: 'v1',
    managed: {
      'apply-one': { apiVersion: 'v1', set: ['.list[="a"]', '.list[="c"]'] },
      'apply-two': { apiVersion: 'v1', set: ['.list[="b"]'] },
    },
  },
  {
    name: 'extract_apply_empty_structure_list',
    ops: [
      {
        op: 'extractApply',
        manager: 'apply-one',
        apiVersion: 'v1',
        object: `list:
`,
      },
      {
        op: 'apply',
        manager: 'apply-two',
        apiVersion: 'v1',
        object: `list:
 - a
 - b
`,
      },
    ],
    object: `list:
- a
- b
`,
    apiVersion: 'v1',
    managed: {
      'apply-one': { apiVersion: 'v1', set: ['.list'] },
      'apply-two': { apiVersion: 'v1', set: ['.list[="a"]', '.list[="b"]'] },
    },
  },
  {
    name: 'extract_apply_empty_structure_remove_list',
    ops: [
      {
        op: 'extractApply',
        manager: 'apply-one',
        apiVersion: 'v1',
        object: `list:
`,
      },
      {
        op: 'apply',
        manager: 'apply-two',
        apiVersion: 'v1',
        object: `list:
 - a
 - b
`,
      },
      {
        op: 'apply',
        manager: 'apply-two',
        apiVersion: 'v1',
        object: `list:
 - b
`,
      },
    ],
    object: `list:
- b
`,
    apiVersion: 'v1',
    managed: {
      'apply-one': { apiVersion: 'v1', set: ['.list'] },
      'apply-two': { apiVersion: 'v1', set: ['.list[="b"]'] },
    },
  },
  {
    name: 'extract_apply_empty_structure_add_later_list',
    ops: [
      {
        op: 'extractApply',
        manager: 'apply-one',
        apiVersion: 'v1',
        object: `list:
`,
      },
      {
        op: 'apply',
        manager: 'apply-two',
        apiVersion: 'v1',
        object: `list:
 - a
 - b
`,
      },
      {
        op: 'extractApply',
        manager: 'apply-one',
        apiVersion: 'v1',
        object: `list:
- c
`,
      },
      {
        op: 'apply',
        manager: 'apply-two',
        apiVersion: 'v1',
        object: `list:
 - b
`,
      },
    ],
    object: `list:
- b
- c
`,
    apiVersion: 'v1',
    managed: {
      'apply-one': { apiVersion: 'v1', set: ['.list[="c"]'] },
      'apply-two': { apiVersion: 'v1', set: ['.list[="b"]'] },
    },
  },
  {
    name: 'extract_apply_empty_structure_map',
    ops: [
      {
        op: 'extractApply',
        manager: 'apply-one',
        apiVersion: 'v1',
        object: `map:
`,
      },
      {
        op: 'apply',
        manager: 'apply-two',
        apiVersion: 'v1',
        object: `map:
 a: c
 b: d
`,
      },
    ],
    object: `map:
  a: c
  b: d
`,
    apiVersion: 'v1',
    managed: {
      'apply-one': { apiVersion: 'v1', set: ['.map'] },
      'apply-two': { apiVersion: 'v1', set: ['.map.a', '.map.b'] },
    },
  },
  {
    name: 'extract_apply_empty_structure_remove_map',
    ops: [
      {
        op: 'extractApply',
        manager: 'apply-one',
        apiVersion: 'v1',
        object: `map:
`,
      },
      {
        op: 'apply',
        manager: 'apply-two',
        apiVersion: 'v1',
        object: `map:
 a: c
 b: d
`,
      },
      {
        op: 'apply',
        manager: 'apply-two',
        apiVersion: 'v1',
        object: `map:
 b: d
`,
      },
    ],
    object: `map:
  b: d
`,
    apiVersion: 'v1',
    managed: {
      'apply-one': { apiVersion: 'v1', set: ['.map'] },
      'apply-two': { apiVersion: 'v1', set: ['.map.b'] },
    },
  },
  {
    name: 'extract_apply_empty_structure_add_later_map',
    ops: [
      {
        op: 'extractApply',
        manager: 'apply-one',
        apiVersion: 'v1',
        object: `map:
`,
      },
      {
        op: 'apply',
        manager: 'apply-two',
        apiVersion: 'v1',
        object: `map:
 a: c
 b: d
`,
      },
      {
        op: 'extractApply',
        manager: 'apply-one',
        apiVersion: 'v1',
        object: `map:
  e: f
`,
      },
      {
        op: 'apply',
        manager: 'apply-two',
        apiVersion: 'v1',
        object: `map:
 b: d
`,
      },
    ],
    object: `map:
  b: d
  e: f
`,
    apiVersion: 'v1',
    managed: {
      'apply-one': { apiVersion: 'v1', set: ['.map.e'] },
      'apply-two': { apiVersion: 'v1', set: ['.map.b'] },
    },
  },
  {
    name: 'extract_apply_atomic_list',
    ops: [
      {
        op: 'extractApply',
        manager: 'apply-one',
        apiVersion: 'v1',
        object: `atomicList:
- a
- b
- c
`,
      },
    ],
    object: `atomicList:
- a
- b
- c
`,
    apiVersion: 'v1',
    managed: { 'apply-one': { apiVersion: 'v1', set: ['.atomicList'] } },
  },
  {
    name: 'extract_apply_atomic_map',
    ops: [
      {
        op: 'extractApply',
        manager: 'apply-one',
        apiVersion: 'v1',
        object: `atomicMap:
 a: c
 b: d
`,
      },
    ],
    object: `atomicMap:
 a: c
 b: d
`,
    apiVersion: 'v1',
    managed: { 'apply-one': { apiVersion: 'v1', set: ['.atomicMap'] } },
  },
];

describe('merge/extract_apply_test.go: extract, change, apply', () => {
  it.each(cases)('$name', (c) => {
    playFixture(c, () => typeIn(schema, 'sets'));
  });
});
