import { describe, it } from 'vitest';
import { DEDUCED_TYPE_NAME, deducedSchemaDecl } from '../../src/schema/deduced.js';
import { Schema } from '../../src/schema/schema.js';
import { type FixtureCase, NESTED_TYPE_SCHEMA, playFixture, repeatingConverter } from '../support/upstream-fixture.js';
import { typeIn } from '../support/upstream-tables.js';

/**
 * structured-merge-diff v6.4.2 merge/ignore_test.go, every case: fields kept out of every
 * manager's set, per API version (the engine's `ignoredFields`, which is how the API server keeps
 * reset fields unowned). TestIgnoreFilter and TestIgnoredFields run the same stories through the
 * library's two ways of saying it (an exclude-set filter, a set); both are one set here.
 * TestFilteredFieldsUsesVersions converts between versions with upstream's repeatingConverter.
 */

const ignoreFilterCases: FixtureCase[] = [
  {
    name: 'update_does_not_own_ignored',
    ops: [
      {
        op: 'update',
        manager: 'default',
        apiVersion: 'v1',
        object: `numeric: 1
string: "some string"
`,
      },
    ],
    object: `numeric: 1
string: "some string"
`,
    apiVersion: 'v1',
    managed: { default: { apiVersion: 'v1', set: ['.numeric'] } },
    ignored: { v1: ['.string'] },
  },
  {
    name: 'update_does_not_own_deep_ignored',
    ops: [
      {
        op: 'update',
        manager: 'default',
        apiVersion: 'v1',
        object: '{"numeric": 1, "obj": {"string": "foo", "numeric": 2}}',
      },
    ],
    object: '{"numeric": 1, "obj": {"string": "foo", "numeric": 2}}',
    apiVersion: 'v1',
    managed: { default: { apiVersion: 'v1', set: ['.numeric'] } },
    ignored: { v1: ['.obj'] },
  },
  {
    name: 'apply_does_not_own_ignored',
    ops: [
      {
        op: 'apply',
        manager: 'default',
        apiVersion: 'v1',
        object: `numeric: 1
string: "some string"
`,
      },
    ],
    object: `numeric: 1
string: "some string"
`,
    apiVersion: 'v1',
    managed: { default: { apiVersion: 'v1', set: ['.numeric'] } },
    ignored: { v1: ['.string'] },
  },
  {
    name: 'apply_does_not_own_deep_ignored',
    ops: [
      {
        op: 'apply',
        manager: 'default',
        apiVersion: 'v1',
        object: '{"numeric": 1, "obj": {"string": "foo", "numeric": 2}}',
      },
    ],
    object: '{"numeric": 1, "obj": {"string": "foo", "numeric": 2}}',
    apiVersion: 'v1',
    managed: { default: { apiVersion: 'v1', set: ['.numeric'] } },
    ignored: { v1: ['.obj'] },
  },
];

const ignoredFieldsCases: FixtureCase[] = [
  {
    name: 'update_does_not_own_ignored',
    ops: [
      {
        op: 'update',
        manager: 'default',
        apiVersion: 'v1',
        object: `numeric: 1
string: "some string"
`,
      },
    ],
    object: `numeric: 1
string: "some string"
`,
    apiVersion: 'v1',
    managed: { default: { apiVersion: 'v1', set: ['.numeric'] } },
    ignored: { v1: ['.string'] },
  },
  {
    name: 'update_does_not_own_deep_ignored',
    ops: [
      {
        op: 'update',
        manager: 'default',
        apiVersion: 'v1',
        object: '{"numeric": 1, "obj": {"string": "foo", "numeric": 2}}',
      },
    ],
    object: '{"numeric": 1, "obj": {"string": "foo", "numeric": 2}}',
    apiVersion: 'v1',
    managed: { default: { apiVersion: 'v1', set: ['.numeric'] } },
    ignored: { v1: ['.obj'] },
  },
  {
    name: 'apply_does_not_own_ignored',
    ops: [
      {
        op: 'apply',
        manager: 'default',
        apiVersion: 'v1',
        object: `numeric: 1
string: "some string"
`,
      },
    ],
    object: `numeric: 1
string: "some string"
`,
    apiVersion: 'v1',
    managed: { default: { apiVersion: 'v1', set: ['.numeric'] } },
    ignored: { v1: ['.string'] },
  },
  {
    name: 'apply_does_not_own_deep_ignored',
    ops: [
      {
        op: 'apply',
        manager: 'default',
        apiVersion: 'v1',
        object: '{"numeric": 1, "obj": {"string": "foo", "numeric": 2}}',
      },
    ],
    object: '{"numeric": 1, "obj": {"string": "foo", "numeric": 2}}',
    apiVersion: 'v1',
    managed: { default: { apiVersion: 'v1', set: ['.numeric'] } },
    ignored: { v1: ['.obj'] },
  },
];

const versionedCases: FixtureCase[] = [
  {
    name: 'does_use_ignored_fields_versions',
    ops: [
      {
        op: 'apply',
        manager: 'apply-one',
        apiVersion: 'v1',
        object: `mapOfMapsRecursive:
  a:
    b:
  c:
    d:
`,
      },
      {
        op: 'apply',
        manager: 'apply-two',
        apiVersion: 'v2',
        object: `mapOfMapsRecursive:
  aa:
  cc:
    dd:
`,
      },
      {
        op: 'apply',
        manager: 'apply-one',
        apiVersion: 'v4',
        object: `mapOfMapsRecursive:
`,
      },
    ],
    object: `mapOfMapsRecursive:
  aaaa:
  cccc:
    dddd:
`,
    apiVersion: 'v4',
    managed: {
      'apply-one': { apiVersion: 'v4', set: ['.mapOfMapsRecursive'] },
      'apply-two': { apiVersion: 'v2', set: ['.mapOfMapsRecursive.aa'] },
    },
    ignored: {
      v1: ['.mapOfMapsRecursive.c'],
      v2: ['.mapOfMapsRecursive.cc'],
      v3: ['.mapOfMapsRecursive.ccc'],
      v4: ['.mapOfMapsRecursive.cccc'],
    },
  },
  {
    name: 'update_does_not_steal_ignored',
    ops: [
      {
        op: 'update',
        manager: 'update-one',
        apiVersion: 'v1',
        object: `mapOfMapsRecursive:
  a:
    b:
  c:
    d:
`,
      },
      {
        op: 'update',
        manager: 'update-two',
        apiVersion: 'v2',
        object: `mapOfMapsRecursive:
  a:
    b:
  c:
    e:
`,
      },
    ],
    object: `mapOfMapsRecursive:
  a:
    b:
  c:
    e:
`,
    apiVersion: 'v1',
    managed: {
      'update-one': {
        apiVersion: 'v1',
        set: [
          '.mapOfMapsRecursive',
          '.mapOfMapsRecursive.a',
          '.mapOfMapsRecursive.a.b',
          '.mapOfMapsRecursive.c',
        ],
      },
      'update-two': { apiVersion: 'v2', set: ['.mapOfMapsRecursive.a', '.mapOfMapsRecursive.a.b'] },
    },
    ignored: { v2: ['.mapOfMapsRecursive.c'] },
  },
  {
    name: 'apply_does_not_steal_ignored',
    ops: [
      {
        op: 'apply',
        manager: 'apply-one',
        apiVersion: 'v1',
        object: `mapOfMapsRecursive:
  a:
    b:
  c:
    d:
`,
      },
      {
        op: 'apply',
        manager: 'apply-two',
        apiVersion: 'v2',
        object: `mapOfMapsRecursive:
  a:
    b:
  c:
    e:
`,
      },
    ],
    object: `mapOfMapsRecursive:
  a:
    b:
  c:
    d:
`,
    apiVersion: 'v1',
    managed: {
      'apply-one': {
        apiVersion: 'v1',
        set: [
          '.mapOfMapsRecursive.a',
          '.mapOfMapsRecursive.a.b',
          '.mapOfMapsRecursive.c',
          '.mapOfMapsRecursive.c.d',
        ],
      },
      'apply-two': { apiVersion: 'v2', set: ['.mapOfMapsRecursive.a', '.mapOfMapsRecursive.a.b'] },
    },
    ignored: { v2: ['.mapOfMapsRecursive.c'] },
  },
];


const deduced = new Schema(deducedSchemaDecl()).named(DEDUCED_TYPE_NAME);

describe('merge/ignore_test.go: ignored fields', () => {
  it.each(ignoreFilterCases)('TestIgnoreFilter $name', (c) => {
    playFixture(c, () => deduced);
  });
  it.each(ignoredFieldsCases)('TestIgnoredFields $name', (c) => {
    playFixture(c, () => deduced);
  });
  it.each(versionedCases)('TestFilteredFieldsUsesVersions $name', (c) => {
    const atom = typeIn(NESTED_TYPE_SCHEMA, 'type');
    playFixture(c, () => atom, repeatingConverter(atom));
  });
});
