import { describe, expect, it } from 'vitest';
import { encodeFieldsV1 } from '../../src/fieldpath/fieldsv1-encode.js';
import { apply } from '../../src/merge/apply.js';
import type { EngineOutcome } from '../../src/merge/outcome.js';
import { SsaError } from '../../src/errors/ssa-error.js';
import type { VersionConverter } from '../../src/merge/context.js';
import type { Atom } from '../../src/schema/schema.js';
import { isList, isMap, newMap, type Value } from '../../src/value/value.js';
import { type FixtureCase, NESTED_TYPE_SCHEMA, playFixture, repeatingConverter } from '../support/upstream-fixture.js';
import { typeIn } from '../support/upstream-tables.js';

/**
 * structured-merge-diff v6.4.2 merge/multiple_appliers_test.go, the cases whose managers work
 * through API versions that differ (the reference vectors hold the one-version tests):
 * TestMultipleAppliersFieldUnsetting and TestMultipleAppliersFieldRenameConversions for all 27
 * ways of giving their three operations versions v1/v2/v3, with upstream's renamingConverter
 * (`scalarField_v1` at v1 is `scalarField_v2` at v2); TestMultipleAppliersRealConversion with its
 * repeatingConverter; TestMultipleAppliersReliantFieldsConversions with its reliantFieldsConverter
 * (v2 converts to v1 only while it holds `required_field_bar`); TestVersionDoesntMatchTypename,
 * the same story with types named unlike their versions (TypeV1 at v1, TypeV2 at v2).
 */

const structMultiversionSchema = `types:
- name: v1
  map:
    fields:
      - name: struct
        type:
          namedType: struct
      - name: version
        type:
          scalar: string
- name: struct
  map:
    fields:
      - name: name
        type:
          scalar: string
      - name: scalarField_v1
        type:
          scalar: string
      - name: complexField_v1
        type:
          namedType: complex
- name: complex
  map:
    fields:
      - name: name
        type:
          scalar: string
- name: v2
  map:
    fields:
      - name: struct
        type:
          namedType: struct_v2
      - name: version
        type:
          scalar: string
- name: struct_v2
  map:
    fields:
      - name: name
        type:
          scalar: string
      - name: scalarField_v2
        type:
          scalar: string
      - name: complexField_v2
        type:
          namedType: complex_v2
- name: complex_v2
  map:
    fields:
      - name: name
        type:
          scalar: string
- name: v3
  map:
    fields:
      - name: struct
        type:
          namedType: struct_v3
      - name: version
        type:
          scalar: string
- name: struct_v3
  map:
    fields:
      - name: name
        type:
          scalar: string
      - name: scalarField_v3
        type:
          scalar: string
      - name: complexField_v3
        type:
          namedType: complex_v3
- name: complex_v3
  map:
    fields:
      - name: name
        type:
          scalar: string
`;

const reliantFieldsSchema = `types:
- name: v1
  map:
    fields:
      - name: field_foo_rely_on_bar
        type:
          scalar: string
      - name: common_field
        type:
          scalar: string
- name: v2
  map:
    fields:
      - name: required_field_bar
        type:
          scalar: string
      - name: common_field
        type:
          scalar: string
`;

const fieldUnsetting = (v1: string, v2: string, v3: string): FixtureCase[] => [
  {
    name: 'unset_scalar_sole_owner',
    ops: [
      {
        op: 'apply',
        manager: 'apply-one',
        apiVersion: v1,
        object: `struct:
  name: a
  scalarField_${v1}: a
`,
      },
      {
        op: 'apply',
        manager: 'apply-one',
        apiVersion: v2,
        object: `struct:
  name: a
`,
      },
    ],
    object: `struct:
  name: a
`,
    apiVersion: v3,
    managed: { 'apply-one': { apiVersion: v2, set: ['.struct.name'] } },
  },
  {
    name: 'unset_scalar_shared_with_applier',
    ops: [
      {
        op: 'apply',
        manager: 'apply-one',
        apiVersion: v1,
        object: `struct:
  name: a
  scalarField_${v1}: a
`,
      },
      {
        op: 'apply',
        manager: 'apply-two',
        apiVersion: v2,
        object: `struct:
  scalarField_${v2}: a
`,
      },
      {
        op: 'apply',
        manager: 'apply-one',
        apiVersion: v3,
        object: `struct:
  name: a
`,
      },
    ],
    object: `struct:
  name: a
  scalarField_${v3}: a
`,
    apiVersion: v3,
    managed: {
      'apply-one': { apiVersion: v3, set: ['.struct.name'] },
      'apply-two': { apiVersion: v2, set: [`.struct.scalarField_${v2}`] },
    },
  },
  {
    name: 'unset_scalar_shared_with_updater',
    ops: [
      {
        op: 'update',
        manager: 'updater',
        apiVersion: v1,
        object: `struct:
  name: a
  scalarField_${v1}: a
`,
      },
      {
        op: 'apply',
        manager: 'applier',
        apiVersion: v2,
        object: `struct:
  name: a
  scalarField_${v2}: a
`,
      },
      {
        op: 'apply',
        manager: 'applier',
        apiVersion: v3,
        object: `struct:
  name: a
`,
      },
    ],
    object: `struct:
  name: a
  scalarField_${v3}: a
`,
    apiVersion: v3,
    managed: {
      updater: { apiVersion: v1, set: ['.struct', '.struct.name', `.struct.scalarField_${v1}`] },
      applier: { apiVersion: v3, set: ['.struct.name'] },
    },
  },
  {
    name: 'updater_claims_field',
    ops: [
      {
        op: 'apply',
        manager: 'applier',
        apiVersion: v1,
        object: `struct:
  name: a
  scalarField_${v1}: a
`,
      },
      {
        op: 'update',
        manager: 'updater',
        apiVersion: v2,
        object: `struct:
  name: a
  scalarField_${v2}: b
`,
      },
    ],
    object: `struct:
  name: a
  scalarField_${v3}: b
`,
    apiVersion: v3,
    managed: {
      updater: { apiVersion: v2, set: [`.struct.scalarField_${v2}`] },
      applier: { apiVersion: v1, set: ['.struct.name'] },
    },
  },
  {
    name: 'unset_complex_sole_owner',
    ops: [
      {
        op: 'apply',
        manager: 'apply-one',
        apiVersion: v1,
        object: `struct:
  name: a
  complexField_${v1}:
    name: b
`,
      },
      {
        op: 'apply',
        manager: 'apply-one',
        apiVersion: v2,
        object: `struct:
  name: a
`,
      },
    ],
    object: `struct:
  name: a
`,
    apiVersion: v3,
    managed: { 'apply-one': { apiVersion: v2, set: ['.struct.name'] } },
  },
  {
    name: 'unset_complex_shared_with_applier',
    ops: [
      {
        op: 'apply',
        manager: 'apply-one',
        apiVersion: v1,
        object: `struct:
  name: a
  complexField_${v1}:
    name: b
`,
      },
      {
        op: 'apply',
        manager: 'apply-two',
        apiVersion: v2,
        object: `struct:
  complexField_${v2}:
    name: b
`,
      },
      {
        op: 'apply',
        manager: 'apply-one',
        apiVersion: v3,
        object: `struct:
  name: a
`,
      },
    ],
    object: `struct:
  name: a
  complexField_${v3}:
    name: b
`,
    apiVersion: v3,
    managed: {
      'apply-one': { apiVersion: v3, set: ['.struct.name'] },
      'apply-two': { apiVersion: v2, set: [`.struct.complexField_${v2}.name`] },
    },
  },
];

const fieldRenameConversions = (v1: string, v2: string, v3: string): FixtureCase[] => [
  {
    name: 'updater_claims_field',
    ops: [
      {
        op: 'apply',
        manager: 'applier',
        apiVersion: v1,
        object: `struct:
  name: a
  scalarField_${v1}: a
`,
      },
      {
        op: 'update',
        manager: 'updater',
        apiVersion: v2,
        object: `struct:
  name: a
  scalarField_${v2}: b
`,
      },
    ],
    object: `struct:
  name: a
  scalarField_${v3}: b
`,
    apiVersion: v3,
    managed: {
      updater: { apiVersion: v2, set: [`.struct.scalarField_${v2}`] },
      applier: { apiVersion: v1, set: ['.struct.name'] },
    },
  },
];

const realConversion: FixtureCase[] = [
  {
    name: 'multiple_appliers_recursive_map_real_conversion',
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
        op: 'update',
        manager: 'controller',
        apiVersion: 'v3',
        object: `mapOfMapsRecursive:
  aaa:
    bbb:
      ccc:
        ddd:
  ccc:
    ddd:
      eee:
        fff:
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
      eeee:
        ffff:
`,
    apiVersion: 'v4',
    managed: {
      'apply-one': { apiVersion: 'v4', set: ['.mapOfMapsRecursive'] },
      'apply-two': {
        apiVersion: 'v2',
        set: ['.mapOfMapsRecursive.aa', '.mapOfMapsRecursive.cc', '.mapOfMapsRecursive.cc.dd'],
      },
      controller: {
        apiVersion: 'v3',
        set: ['.mapOfMapsRecursive.ccc.ddd.eee', '.mapOfMapsRecursive.ccc.ddd.eee.fff'],
      },
    },
  },
  {
    name: 'appliers_remove_from_controller_real_conversion',
    ops: [
      {
        op: 'apply',
        manager: 'apply',
        apiVersion: 'v3',
        object: `mapOfMapsRecursive:
  aaa:
    bbb:
`,
      },
      {
        op: 'update',
        manager: 'controller',
        apiVersion: 'v1',
        object: `mapOfMapsRecursive:
  a:
    b:
      c:
`,
      },
      {
        op: 'apply',
        manager: 'apply',
        apiVersion: 'v2',
        object: `mapOfMapsRecursive:
  aa:
    bb:
  cc:
    dd:
`,
      },
      {
        op: 'apply',
        manager: 'apply',
        apiVersion: 'v3',
        object: `mapOfMapsRecursive:
  aaa:
  ccc:
`,
      },
    ],
    object: `mapOfMapsRecursive:
  aaa:
  ccc:
`,
    apiVersion: 'v3',
    managed: { apply: { apiVersion: 'v3', set: ['.mapOfMapsRecursive.aaa', '.mapOfMapsRecursive.ccc'] } },
  },
  {
    name: 'applier_updater_shared_ownership_real_conversion',
    ops: [
      {
        op: 'update',
        manager: 'updater',
        apiVersion: 'v1',
        object: `mapOfMapsRecursive:
  a:
    b:
      c:
`,
      },
      {
        op: 'apply',
        manager: 'apply',
        apiVersion: 'v2',
        object: `mapOfMapsRecursive:
  aa:
    bb:
  cc:
    dd:
`,
      },
      {
        op: 'apply',
        manager: 'apply',
        apiVersion: 'v3',
        object: `mapOfMapsRecursive:
  aaa:
  ccc:
`,
      },
    ],
    object: `mapOfMapsRecursive:
  aaa:
    bbb:
      ccc:
  ccc:
`,
    apiVersion: 'v3',
    managed: {
      updater: {
        apiVersion: 'v1',
        set: [
          '.mapOfMapsRecursive',
          '.mapOfMapsRecursive.a',
          '.mapOfMapsRecursive.a.b',
          '.mapOfMapsRecursive.a.b.c',
        ],
      },
      apply: { apiVersion: 'v3', set: ['.mapOfMapsRecursive.aaa', '.mapOfMapsRecursive.ccc'] },
    },
  },
];

const reliantFields: FixtureCase[] = [
  {
    name: 'multiple_versions_with_reliant_fields',
    ops: [
      {
        op: 'apply',
        manager: 'v2_applier',
        apiVersion: 'v2',
        object: `required_field_bar: a
`,
      },
      {
        op: 'apply',
        manager: 'v1_applier',
        apiVersion: 'v1',
        object: `common_field: b
`,
      },
      {
        op: 'apply',
        manager: 'v2_applier',
        apiVersion: 'v2',
        object: `required_field_bar: b
`,
      },
    ],
    object: `required_field_bar: b
common_field: b
`,
    apiVersion: 'v2',
    managed: {
      v2_applier: { apiVersion: 'v2', set: ['.required_field_bar'] },
      v1_applier: { apiVersion: 'v1', set: ['.common_field'] },
    },
  },
];


/** upstream's renamingConverter: a key ending in the source version's name ends in the target's. */
function renamingConverter(typeAt: (v: string) => Atom | undefined): VersionConverter {
  const rename = (v: Value, from: string, to: string): Value => {
    if (isList(v)) return v.map((x) => rename(x, from, to));
    if (!isMap(v)) return v;
    const out = newMap();
    for (const k of Object.keys(v)) out[k.endsWith(from) ? k.slice(0, k.length - from.length) + to : k] = rename(v[k], from, to);
    return out;
  };
  return { atomAt: typeAt, convert: (value, from, to) => rename(value, from, to) };
}

/**
 * upstream's reliantFieldsConverter: v1's `field_foo_rely_on_bar` is v2's `required_field_bar`,
 * replaced in the object's text; converting to v1 fails while the text lacks `required_field_bar`.
 */
function reliantFieldsConverter(typeAt: (v: string) => Atom | undefined): VersionConverter {
  return {
    atomAt: (v) => (v === 'v1' || v === 'v2' ? typeAt(v) : undefined),
    convert: (value, from, to) => {
      if (from === to) return value;
      const text = JSON.stringify(value);
      if (to === 'v1') {
        if (!text.includes('required_field_bar')) throw new SsaError('MERGE', 'missing requried field bar');
        return JSON.parse(text.replaceAll('required_field_bar', 'field_foo_rely_on_bar')) as Value;
      }
      return JSON.parse(text.replaceAll('field_foo_rely_on_bar', 'required_field_bar')) as Value;
    },
  };
}

const typeOf = (schema: string) => (v: string): Atom | undefined => (/^v[123]$/.test(v) ? typeIn(schema, v) : undefined);
const versions = ['v1', 'v2', 'v3'];
const combinations = versions.flatMap((a) => versions.flatMap((b) => versions.map((c) => [a, b, c] as const)));

describe('merge/multiple_appliers_test.go: appliers at different versions', () => {
  const structAt = typeOf(structMultiversionSchema);
  const renaming = renamingConverter(structAt);
  describe.each(combinations)('TestMultipleAppliersFieldUnsetting %s-%s-%s', (v1, v2, v3) => {
    it.each(fieldUnsetting(v1, v2, v3))('$name', (c) => {
      playFixture(c, (v) => structAt(v)!, renaming);
    });
  });
  describe.each(combinations)('TestMultipleAppliersFieldRenameConversions %s-%s-%s', (v1, v2, v3) => {
    it.each(fieldRenameConversions(v1, v2, v3))('$name', (c) => {
      playFixture(c, (v) => structAt(v)!, renaming);
    });
  });
  it.each(realConversion)('TestMultipleAppliersRealConversion $name', (c) => {
    const atom = typeIn(NESTED_TYPE_SCHEMA, 'type');
    playFixture(c, () => atom, repeatingConverter(atom));
  });
  it.each(reliantFields)('TestMultipleAppliersReliantFieldsConversions $name', (c) => {
    const reliantAt = typeOf(reliantFieldsSchema);
    playFixture(c, (v) => reliantAt(v)!, reliantFieldsConverter(reliantAt));
  });
});

describe('merge/multiple_appliers_test.go: TestVersionDoesntMatchTypename', () => {
  it('applies at v2, v1, v2 with types named TypeV1 and TypeV2', () => {
    const schema = reliantFieldsSchema.replace('- name: v1', '- name: TypeV1').replace('- name: v2', '- name: TypeV2');
    const typeAt = (v: string) => (v === 'v1' ? typeIn(schema, 'TypeV1') : v === 'v2' ? typeIn(schema, 'TypeV2') : undefined);
    const versions = reliantFieldsConverter(typeAt);
    const ctx = (v: string) => ({ atom: typeAt(v)!, versions });
    const ok = (o: EngineOutcome) => {
      if (!o.ok) throw new Error(o.error.message);
      return o;
    };
    let s = ok(apply(ctx('v2'), {}, { required_field_bar: 'a' }, 'v2', new Map(), 'v2_applier', false));
    s = ok(apply(ctx('v1'), versions.convert(s.object, 'v2', 'v1'), { common_field: 'b' }, 'v1', s.managers, 'v1_applier', false));
    s = ok(apply(ctx('v2'), versions.convert(s.object, 'v1', 'v2'), { required_field_bar: 'b' }, 'v2', s.managers, 'v2_applier', false));
    expect(s.object).toEqual({ required_field_bar: 'b', common_field: 'b' });
    const sets = Object.fromEntries([...s.managers].map(([m, e]) => [m, `${e.apiVersion} ${e.applied} ${encodeFieldsV1(e.set)}`]));
    expect(sets).toEqual({ v2_applier: 'v2 true {"f:required_field_bar":{}}', v1_applier: 'v1 true {"f:common_field":{}}' });
  });
});
