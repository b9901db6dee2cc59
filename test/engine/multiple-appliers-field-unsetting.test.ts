/**
 * structured-merge-diff's TestMultipleAppliersFieldUnsetting (merge/multiple_appliers_test.go),
 * the variant where every manager applies through one version (v1): the reference vectors hold
 * no case of it, as the test runs each case across three versions whose field names differ and
 * a converter renames them; with one version the converter is the identity. Each case's final
 * object and every manager's set, through the engine protocol as `ssa-sim engine` runs it.
 */
import { describe, expect, it } from 'vitest';
import { parseEngineRequest, runEngineRequest } from '../../src/protocol/engine-request.js';
import { SchemaSource } from '../../src/protocol/schema-source.js';
import type { Value } from '../../src/value/value.js';

const SCHEMA = `types:
- name: v1
  map:
    fields:
      - {name: struct, type: {namedType: struct}}
      - {name: version, type: {scalar: string}}
- name: struct
  map:
    fields:
      - {name: name, type: {scalar: string}}
      - {name: scalarField_v1, type: {scalar: string}}
      - {name: complexField_v1, type: {namedType: complex}}
- name: complex
  map:
    fields:
      - {name: name, type: {scalar: string}}
`;

type Op = { op: 'apply' | 'update'; manager: string; object: Value };
const apply = (manager: string, object: Value): Op => ({ op: 'apply', manager, object });
const update = (manager: string, object: Value): Op => ({ op: 'update', manager, object });

const CASES: readonly { name: string; ops: readonly Op[]; object: Value; managed: Record<string, string> }[] = [
  {
    name: 'unset_scalar_sole_owner',
    ops: [apply('apply-one', { struct: { name: 'a', scalarField_v1: 'a' } }), apply('apply-one', { struct: { name: 'a' } })],
    object: { struct: { name: 'a' } },
    managed: { 'apply-one': '{"f:struct":{"f:name":{}}}' },
  },
  {
    name: 'unset_scalar_shared_with_applier',
    ops: [
      apply('apply-one', { struct: { name: 'a', scalarField_v1: 'a' } }),
      apply('apply-two', { struct: { scalarField_v1: 'a' } }),
      apply('apply-one', { struct: { name: 'a' } }),
    ],
    object: { struct: { name: 'a', scalarField_v1: 'a' } },
    managed: { 'apply-one': '{"f:struct":{"f:name":{}}}', 'apply-two': '{"f:struct":{"f:scalarField_v1":{}}}' },
  },
  {
    name: 'unset_scalar_shared_with_updater',
    ops: [
      update('updater', { struct: { name: 'a', scalarField_v1: 'a' } }),
      apply('applier', { struct: { name: 'a', scalarField_v1: 'a' } }),
      apply('applier', { struct: { name: 'a' } }),
    ],
    object: { struct: { name: 'a', scalarField_v1: 'a' } },
    managed: { updater: '{"f:struct":{".":{},"f:name":{},"f:scalarField_v1":{}}}', applier: '{"f:struct":{"f:name":{}}}' },
  },
  {
    name: 'updater_claims_field',
    ops: [apply('applier', { struct: { name: 'a', scalarField_v1: 'a' } }), update('updater', { struct: { name: 'a', scalarField_v1: 'b' } })],
    object: { struct: { name: 'a', scalarField_v1: 'b' } },
    managed: { updater: '{"f:struct":{"f:scalarField_v1":{}}}', applier: '{"f:struct":{"f:name":{}}}' },
  },
  {
    name: 'unset_complex_sole_owner',
    ops: [apply('apply-one', { struct: { name: 'a', complexField_v1: { name: 'b' } } }), apply('apply-one', { struct: { name: 'a' } })],
    object: { struct: { name: 'a' } },
    managed: { 'apply-one': '{"f:struct":{"f:name":{}}}' },
  },
  {
    name: 'unset_complex_shared_with_applier',
    ops: [
      apply('apply-one', { struct: { name: 'a', complexField_v1: { name: 'b' } } }),
      apply('apply-two', { struct: { complexField_v1: { name: 'b' } } }),
      apply('apply-one', { struct: { name: 'a' } }),
    ],
    object: { struct: { name: 'a', complexField_v1: { name: 'b' } } },
    managed: { 'apply-one': '{"f:struct":{"f:name":{}}}', 'apply-two': '{"f:struct":{"f:complexField_v1":{"f:name":{}}}}' },
  },
];

interface StepResult {
  readonly error?: string;
  readonly object?: Value;
  readonly managed?: readonly { manager: string; fieldsV1: Value }[];
}

describe('TestMultipleAppliersFieldUnsetting, every manager at v1', () => {
  for (const tc of CASES) {
    it(tc.name, () => {
      const request = { schema: SCHEMA, type: 'v1', steps: tc.ops.map((o) => ({ ...o, apiVersion: 'v1', force: false })) };
      const steps = (JSON.parse(runEngineRequest(parseEngineRequest(request as unknown as Value), new SchemaSource())) as { steps: StepResult[] }).steps;
      expect(steps.map((s) => s.error)).toEqual(tc.ops.map(() => undefined));
      const last = steps[steps.length - 1];
      expect(last.object).toEqual(tc.object);
      expect(Object.fromEntries((last.managed ?? []).map((m) => [m.manager, JSON.stringify(m.fieldsV1)]))).toEqual(tc.managed);
    });
  }
});
