import { describe, expect, it } from 'vitest';
import { answerEngineLine } from '../../src/cli/commands/engine.js';
import { decodeFieldsV1 } from '../../src/fieldpath/fieldsv1-decode.js';
import { encodeFieldsV1 } from '../../src/fieldpath/fieldsv1-encode.js';
import { MAX_PATH_DEPTH } from '../../src/fieldpath/max-depth.js';
import { SchemaSource } from '../../src/protocol/schema-source.js';
import type { Value } from '../../src/value/value.js';

// issue 16 item 5: the engine must accept every object and every FieldsV1 it produces itself.
// One limit everywhere: a path has at most MAX_PATH_DEPTH elements, in objects and in FieldsV1.

function nested(depth: number, leaf: Value): Value {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

interface Answer {
  error?: string;
  steps?: { error?: string; object: Value; managed: { manager: string; apiVersion: string; applied: boolean; fieldsV1: Value }[] }[];
}

function ask(schemas: SchemaSource, req: object): Answer {
  return JSON.parse(answerEngineLine(JSON.stringify(req), schemas)) as Answer;
}

describe('depth: the engine accepts what it produces', () => {
  it('an object at the deepest accepted nesting round-trips through a second and a third request', () => {
    const schemas = new SchemaSource();
    const step = (op: string, manager: string, object: Value, force = false) => ({ op, manager, apiVersion: 'v1', object, force });
    const first = ask(schemas, { schema: '', type: '', steps: [step('apply', 'm', nested(MAX_PATH_DEPTH, 1))] });
    expect(first.steps?.[0].error).toBeUndefined();
    const created = first.steps![0];
    // The next request starts from the object and the managedFields the first one returned.
    const second = ask(schemas, {
      schema: '',
      type: '',
      live: created.object,
      managed: created.managed,
      steps: [step('update', 'u', nested(MAX_PATH_DEPTH, 2)), step('apply', 'm', nested(MAX_PATH_DEPTH, 1))],
    });
    expect(second.error).toBeUndefined();
    expect(second.steps?.[0].error).toBeUndefined();
    expect(second.steps?.[1].error).toBe('conflict with "u": ' + '.a'.repeat(MAX_PATH_DEPTH));
    const updated = second.steps![0];
    const third = ask(schemas, { schema: '', type: '', live: updated.object, managed: updated.managed, steps: [step('apply', 'm', nested(MAX_PATH_DEPTH, 3), true)] });
    expect(third.error).toBeUndefined();
    expect(third.steps?.[0].error).toBeUndefined();
    expect(third.steps![0].managed.map((e) => e.manager)).toEqual(['m']);
  });

  it('FieldsV1 at the deepest accepted nesting decodes, re-encodes byte for byte and is usable', () => {
    const path = '{"f:a":'.repeat(MAX_PATH_DEPTH) + '{}' + '}'.repeat(MAX_PATH_DEPTH);
    expect(encodeFieldsV1(decodeFieldsV1(path))).toBe(path);
    const schemas = new SchemaSource();
    const answer = ask(schemas, {
      schema: '',
      type: '',
      live: nested(MAX_PATH_DEPTH, 1),
      managed: [{ manager: 'owner', apiVersion: 'v1', applied: true, fieldsV1: JSON.parse(path) as Value }],
      steps: [{ op: 'update', manager: 'u', apiVersion: 'v1', object: nested(MAX_PATH_DEPTH, 2) }],
    });
    expect(answer.error).toBeUndefined();
    expect(answer.steps?.[0].error).toBeUndefined();
    expect(answer.steps![0].managed.map((e) => e.manager)).toEqual(['u']);
  });

  it('one level deeper is refused the same way in objects and in FieldsV1', () => {
    const schemas = new SchemaSource();
    const deep = ask(schemas, { schema: '', type: '', steps: [{ op: 'apply', manager: 'm', apiVersion: 'v1', object: nested(MAX_PATH_DEPTH + 1, 1) }] });
    expect(deep.steps?.[0].error).toMatch(new RegExp(`nested deeper than ${MAX_PATH_DEPTH} levels`));
    const path = '{"f:a":'.repeat(MAX_PATH_DEPTH + 1) + '{}' + '}'.repeat(MAX_PATH_DEPTH + 1);
    expect(() => decodeFieldsV1(path)).toThrow(/exceeded max depth/);
    const viaRequest = ask(schemas, {
      schema: '',
      type: '',
      live: nested(MAX_PATH_DEPTH, 1),
      managed: [{ manager: 'owner', apiVersion: 'v1', applied: true, fieldsV1: JSON.parse(path) as Value }],
      steps: [],
    });
    expect(viaRequest.error).toMatch(/exceeded max depth/);
  });
});
