/**
 * structured-merge-diff's schema-change tests (merge/schema_change_test.go at v6.4.2):
 * TestGranularToAtomicSchemaChanges, TestAtomicToGranularSchemaChanges,
 * TestAssociativeListSchemaChanges and TestPromoteFieldToAssociativeListKey. A schema changes in
 * place between two operations (the same type name, now atomic, or with another key); the live
 * object and every manager's set carry over and are read with the new schema.
 *
 * Each run of operations under one schema is one engine request, as `ssa-sim engine` runs it; the
 * next run starts from the previous run's object and managers (their FieldsV1 and applied flag),
 * which is what the reference's ChangeParser does with its state.
 */
import { describe, expect, it } from 'vitest';
import { parseEngineRequest, runEngineRequest } from '../../src/protocol/engine-request.js';
import { SchemaSource } from '../../src/protocol/schema-source.js';
import type { Value } from '../../src/value/value.js';

const STRUCT = (atomic: boolean) => `types:
- name: v1
  map:
    fields:
      - {name: struct, type: {namedType: struct}}
- name: struct
  map:
    fields:
      - {name: numeric, type: {scalar: numeric}}
      - {name: string, type: {scalar: string}}
${atomic ? '    elementRelationship: atomic\n' : ''}`;

/** A keyed list of {name, id, value}; `keys` and the default of `id` vary between the cases. */
const LIST = (keys: readonly string[], idField: string) => `types:
- name: v1
  map:
    fields:
      - {name: list, type: {namedType: associativeList}}
- name: associativeList
  list:
    elementType: {namedType: myElement}
    elementRelationship: associative
    keys: [${keys.join(', ')}]
- name: myElement
  map:
    fields:
      - {name: name, type: {scalar: string}}
${idField}      - {name: value, type: {scalar: numeric}}
`;
const ID = '      - {name: id, type: {scalar: numeric}}\n';
const ID_DEFAULT_1 = '      - {name: id, type: {scalar: numeric}, default: 1}\n';

interface Op {
  readonly op: 'apply' | 'update';
  readonly manager: string;
  readonly object: Value;
  readonly force?: boolean;
  /** The reference's conflicts for this operation: manager and path string. */
  readonly conflicts?: readonly { manager: string; path: string }[];
}
/** Operations under one schema. */
interface Phase {
  readonly schema: string;
  readonly ops: readonly Op[];
}
interface Case {
  readonly name: string;
  readonly phases: readonly Phase[];
  readonly object: Value;
  /** Every manager's set as FieldsV1 JSON (all entries are appliers at v1 here). */
  readonly managed: Record<string, string>;
}

const apply = (manager: string, object: Value, conflicts?: Op['conflicts']): Op => ({ op: 'apply', manager, object, conflicts });
const forceApply = (manager: string, object: Value): Op => ({ op: 'apply', manager, object, force: true });

const CASES: readonly Case[] = [
  {
    name: 'TestGranularToAtomicSchemaChanges/to-atomic',
    phases: [
      { schema: STRUCT(false), ops: [apply('one', { struct: { numeric: 1 } })] },
      {
        schema: STRUCT(true),
        ops: [apply('two', { struct: { string: 'string' } }, [{ manager: 'one', path: '.struct' }]), forceApply('two', { struct: { string: 'string' } })],
      },
    ],
    object: { struct: { string: 'string' } },
    managed: { two: '{"f:struct":{}}' },
  },
  {
    name: 'TestGranularToAtomicSchemaChanges/to-atomic-owner-with-no-child-fields',
    phases: [
      { schema: STRUCT(false), ops: [apply('one', { struct: { numeric: 1 } }), forceApply('two', { struct: { numeric: 2 } })] },
      {
        schema: STRUCT(true),
        ops: [
          // No conflict with "one": a manager does not own a map without owning one of its children.
          apply('three', { struct: { string: 'string' } }, [{ manager: 'two', path: '.struct' }]),
          forceApply('two', { struct: { string: 'string' } }),
        ],
      },
    ],
    object: { struct: { string: 'string' } },
    managed: { two: '{"f:struct":{}}' },
  },
  {
    name: 'TestAtomicToGranularSchemaChanges/to-granular',
    phases: [
      {
        schema: STRUCT(true),
        ops: [apply('one', { struct: { numeric: 1, string: 'a' } }), apply('two', { struct: { string: 'b' } }, [{ manager: 'one', path: '.struct' }])],
      },
      // No conflict once the struct is granular; "one" keeps `.struct` itself but none of its fields.
      { schema: STRUCT(false), ops: [apply('two', { struct: { string: 'b' } })] },
    ],
    object: { struct: { numeric: 1, string: 'b' } },
    managed: { one: '{"f:struct":{}}', two: '{"f:struct":{"f:string":{}}}' },
  },
  {
    name: 'TestAssociativeListSchemaChanges/new required key with default',
    phases: [
      {
        schema: LIST(['name'], ''),
        ops: [apply('one', { list: [{ name: 'a', value: 1 }, { name: 'b', value: 1 }, { name: 'c', value: 1 }] })],
      },
      {
        schema: LIST(['name', 'id'], ID_DEFAULT_1),
        ops: [
          apply('one', {
            list: [
              { name: 'a', value: 2 },
              { name: 'b', id: 1, value: 2 },
              { name: 'c', value: 1 },
              { name: 'c', id: 2, value: 2 },
              { name: 'c', id: 3, value: 3 },
            ],
          }),
        ],
      },
    ],
    object: {
      list: [
        { name: 'a', value: 2 },
        { name: 'b', id: 1, value: 2 },
        { name: 'c', value: 1 },
        { name: 'c', id: 2, value: 2 },
        { name: 'c', id: 3, value: 3 },
      ],
    },
    managed: {
      one:
        '{"f:list":{' +
        '"k:{\\"id\\":1,\\"name\\":\\"a\\"}":{".":{},"f:name":{},"f:value":{}},' +
        '"k:{\\"id\\":1,\\"name\\":\\"b\\"}":{".":{},"f:id":{},"f:name":{},"f:value":{}},' +
        '"k:{\\"id\\":1,\\"name\\":\\"c\\"}":{".":{},"f:name":{},"f:value":{}},' +
        '"k:{\\"id\\":2,\\"name\\":\\"c\\"}":{".":{},"f:id":{},"f:name":{},"f:value":{}},' +
        '"k:{\\"id\\":3,\\"name\\":\\"c\\"}":{".":{},"f:id":{},"f:name":{},"f:value":{}}}}',
    },
  },
  {
    name: 'TestAssociativeListSchemaChanges/new optional key',
    phases: [
      { schema: LIST(['name'], ''), ops: [apply('one', { list: [{ name: 'a', value: 1 }] })] },
      { schema: LIST(['name', 'id'], ID), ops: [apply('one', { list: [{ name: 'a', value: 2 }, { name: 'a', id: 1, value: 1 }] })] },
    ],
    object: { list: [{ name: 'a', value: 2 }, { name: 'a', id: 1, value: 1 }] },
    managed: {
      one:
        '{"f:list":{' +
        '"k:{\\"id\\":1,\\"name\\":\\"a\\"}":{".":{},"f:id":{},"f:name":{},"f:value":{}},' +
        '"k:{\\"name\\":\\"a\\"}":{".":{},"f:name":{},"f:value":{}}}}',
    },
  },
  {
    name: 'TestPromoteFieldToAssociativeListKey/identical item merges',
    phases: [
      { schema: LIST(['name'], ID), ops: [apply('one', { list: [{ name: 'a', id: 1, value: 1 }] })] },
      { schema: LIST(['name', 'id'], ID), ops: [apply('one', { list: [{ name: 'a', id: 1, value: 2 }] })] },
    ],
    object: { list: [{ name: 'a', id: 1, value: 2 }] },
    managed: { one: '{"f:list":{"k:{\\"id\\":1,\\"name\\":\\"a\\"}":{".":{},"f:id":{},"f:name":{},"f:value":{}}}}' },
  },
  {
    name: 'TestPromoteFieldToAssociativeListKey/distinct item added',
    phases: [
      { schema: LIST(['name'], ID), ops: [apply('one', { list: [{ name: 'a', id: 1, value: 1 }] })] },
      {
        schema: LIST(['name', 'id'], ID),
        ops: [apply('one', { list: [{ name: 'a', id: 1, value: 1 }, { name: 'a', id: 2, value: 2 }] })],
      },
    ],
    object: { list: [{ name: 'a', id: 1, value: 1 }, { name: 'a', id: 2, value: 2 }] },
    managed: {
      one:
        '{"f:list":{' +
        '"k:{\\"id\\":1,\\"name\\":\\"a\\"}":{".":{},"f:id":{},"f:name":{},"f:value":{}},' +
        '"k:{\\"id\\":2,\\"name\\":\\"a\\"}":{".":{},"f:id":{},"f:name":{},"f:value":{}}}}',
    },
  },
  {
    name: 'TestPromoteFieldToAssociativeListKey/item missing new key field is distinct',
    phases: [
      { schema: LIST(['name'], ID), ops: [apply('one', { list: [{ name: 'a', value: 1 }] })] },
      {
        schema: LIST(['name', 'id'], ID),
        ops: [apply('one', { list: [{ name: 'a', value: 1 }, { name: 'a', id: 2, value: 2 }] })],
      },
    ],
    object: { list: [{ name: 'a', value: 1 }, { name: 'a', id: 2, value: 2 }] },
    managed: {
      one:
        '{"f:list":{' +
        '"k:{\\"id\\":2,\\"name\\":\\"a\\"}":{".":{},"f:id":{},"f:name":{},"f:value":{}},' +
        '"k:{\\"name\\":\\"a\\"}":{".":{},"f:name":{},"f:value":{}}}}',
    },
  },
];

interface StepResult {
  readonly error?: string;
  readonly conflicts?: readonly { manager: string; path: string }[];
  readonly object: Value;
  readonly managed: readonly { manager: string; apiVersion: string; applied: boolean; fieldsV1: Value }[];
}

/** Runs the phases one engine request each, every request starting from the last state. */
function run(tc: Case): { steps: StepResult[]; last: StepResult } {
  let live: Value = null;
  let managed: StepResult['managed'] = [];
  const all: StepResult[] = [];
  for (const phase of tc.phases) {
    const request = {
      schema: phase.schema,
      type: 'v1',
      live,
      managed: managed as unknown as Value,
      steps: phase.ops.map((o) => ({ op: o.op, manager: o.manager, object: o.object, apiVersion: 'v1', force: o.force ?? false })),
    };
    const steps: StepResult[] = (JSON.parse(runEngineRequest(parseEngineRequest(request as unknown as Value), new SchemaSource())) as { steps: StepResult[] }).steps;
    all.push(...steps);
    const last: StepResult = steps[steps.length - 1];
    live = last.object;
    managed = last.managed;
  }
  return { steps: all, last: all[all.length - 1] };
}

describe("structured-merge-diff's schema-change tests", () => {
  for (const tc of CASES) {
    it(tc.name, () => {
      const { steps, last } = run(tc);
      const ops = tc.phases.flatMap((p) => p.ops);
      // Each operation fails exactly when the reference reports conflicts, with the same ones.
      expect(steps.map((s) => s.conflicts ?? [])).toEqual(ops.map((o) => o.conflicts ?? []));
      expect(steps.map((s) => (s.error === undefined ? 'ok' : s.conflicts ? 'conflict' : s.error))).toEqual(ops.map((o) => (o.conflicts ? 'conflict' : 'ok')));
      expect(last.object).toEqual(tc.object);
      expect(Object.fromEntries(last.managed.map((m) => [m.manager, JSON.stringify(m.fieldsV1)]))).toEqual(tc.managed);
      expect(last.managed.every((m) => m.applied && m.apiVersion === 'v1')).toBe(true);
    });
  }
});
