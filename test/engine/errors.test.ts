import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { CommandIO } from '../../src/cli/io.js';
import { SsaError } from '../../src/errors/ssa-error.js';
import { decodeFieldsV1 } from '../../src/fieldpath/fieldsv1-decode.js';
import { encodeFieldsV1 } from '../../src/fieldpath/fieldsv1-encode.js';
import { fieldElement, keyElement, valueElement } from '../../src/fieldpath/path-element.js';
import { apply } from '../../src/merge/apply.js';
import { ConflictError, formatConflicts } from '../../src/merge/conflict.js';
import type { EngineContext } from '../../src/merge/context.js';
import { update } from '../../src/merge/update.js';
import { DEDUCED_TYPE_NAME, deducedSchemaDecl } from '../../src/schema/deduced.js';
import { parseSchema } from '../../src/schema/parse-schema.js';
import { Schema } from '../../src/schema/schema.js';
import { formatIssues } from '../../src/typed/issues.js';
import { validate } from '../../src/typed/validate.js';
import type { Value } from '../../src/value/value.js';

// One schema with one field of every kind the validator distinguishes.
const schemaText = `types:
- name: root
  map:
    fields:
    - name: num
      type: {scalar: numeric}
    - name: str
      type: {scalar: string}
    - name: flag
      type: {scalar: boolean}
    - name: any
      type: {scalar: untyped}
    - name: struct
      type: {namedType: item}
    - name: keyed
      type:
        list:
          elementType: {namedType: item}
          elementRelationship: associative
          keys: [name, port]
    - name: set
      type:
        list:
          elementType: {scalar: string}
          elementRelationship: associative
    - name: atomic
      type:
        list:
          elementType: {scalar: string}
          elementRelationship: atomic
    - name: labels
      type:
        map:
          elementType: {scalar: string}
- name: item
  map:
    fields:
    - name: name
      type: {scalar: string}
    - name: port
      type: {scalar: numeric}
    - name: value
      type: {scalar: string}
`;
const schema = new Schema(parseSchema(schemaText));
const ctx: EngineContext = { atom: schema.named('root') };

function problems(v: Value, allowDuplicates = false): string {
  const issues = validate(v, ctx.atom, { allowDuplicates });
  return issues.length === 0 ? '' : formatIssues(issues);
}

describe('validation error texts (path, then the reference message stem)', () => {
  it.each<[string, Value, string]>([
    ['numeric', { num: 'x' }, '.num: expected numeric (int or float), got string'],
    ['string', { str: 1 }, '.str: expected string, got &value.valueUnstructured{Value:1}'],
    ['string, a float', { str: 1.5 }, '.str: expected string, got &value.valueUnstructured{Value:1.5}'],
    ['string, an int64 is not a float', { str: 1000000 }, '.str: expected string, got &value.valueUnstructured{Value:1000000}'],
    ['string, a bool', { str: true }, '.str: expected string, got &value.valueUnstructured{Value:true}'],
    [
      'string, a map (Go %#v: keys sorted, a null element)',
      { str: { b: 'x\n', a: null, c: [1, 'y'] } },
      '.str: expected string, got &value.valueUnstructured{Value:map[string]interface {}{"a":interface {}(nil), "b":"x\\n", "c":[]interface {}{1, "y"}}}',
    ],
    ['string, an empty list', { str: [] }, '.str: expected string, got &value.valueUnstructured{Value:[]interface {}{}}'],
    ['boolean', { flag: 'yes' }, '.flag: expected boolean, got &{yes}'],
    ['untyped with a container', { any: [1, null] }, '.any: expected any scalar, got &{[1 <nil>]}'],
    ['map expected', { struct: 'x' }, '.struct: expected map, got &{x}'],
    ['list expected', { keyed: { b: 1, a: 'x' } }, '.keyed: expected list, got &{map[a:x b:1]}'],
    ['undeclared field', { struct: { nope: 1 } }, '.struct.nope: field not declared in schema'],
    ['null keyed item', { keyed: [null] }, '.keyed: element 0: associative list with keys may not have a null element'],
    ['non-map keyed item', { keyed: ['x'] }, '.keyed: element 0: associative list with keys may not have non-map elements'],
    [
      'item without any key field',
      { keyed: [{ value: 'v' }] },
      '.keyed: element 0: associative list with keys has an element that omits all key fields ["name" "port"] (and doesn\'t have default values for any key fields)',
    ],
    ['map in a set', { set: [{}] }, ".set: element 0: associative list without keys has an element that's a map type"],
    ['list in a set', { set: [[]] }, '.set: element 0: not supported: associative list with lists as elements'],
    ['null in a set', { set: [null] }, ".set: element 0: associative list without keys has an element that's an explicit null"],
    ['duplicate set item', { set: ['a', 'a'] }, '.set: duplicate entries for key [="a"]'],
    ['duplicate keyed item', { keyed: [{ name: 'a', port: 1 }, { name: 'a', port: 1 }] }, '.keyed: duplicate entries for key [name="a",port=1]'],
    ['atomic list items are still typed', { atomic: [1] }, '.atomic[0]: expected string, got &value.valueUnstructured{Value:1}'],
  ])('%s', (_name, object, message) => {
    expect(problems(object)).toBe(message);
  });

  it('a partial key is enough (current Kubernetes): only a missing name is fine', () => {
    expect(problems({ keyed: [{ port: 1 }, { name: 'a' }] })).toBe('');
  });

  it('several problems print as an indented list; an undeclared field stops its map', () => {
    expect(problems({ num: 'x', str: 2, struct: { nope: 1, value: 3 } })).toBe(
      'errors:\n  .num: expected numeric (int or float), got string\n  .str: expected string, got &value.valueUnstructured{Value:2}\n  .struct.nope: field not declared in schema',
    );
  });

  it('duplicates are reported once per repetition, and allowed in updates', () => {
    expect(problems({ set: ['a', 'a', 'a'] })).toBe('errors:\n  .set: duplicate entries for key [="a"]\n  .set: duplicate entries for key [="a"]');
    expect(problems({ set: ['a', 'a'] }, true)).toBe('');
    expect(update(ctx, null, { set: ['a', 'a'] }, 'v1', new Map(), 'u').ok).toBe(true);
    const refused = apply(ctx, null, { set: ['a', 'a'] }, 'v1', new Map(), 'm', false);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toBe('invalid object: .set: duplicate entries for key [="a"]');
  });
});

describe('conflict texts', () => {
  const path = (...names: string[]) => names.map(fieldElement);
  it('one conflict: the single-line form with the manager Go-quoted', () => {
    expect(formatConflicts([{ manager: 'a"b', path: path('spec', 'replicas') }])).toBe('conflict with "a\\"b": .spec.replicas');
  });
  it('several: managers in byte order, a header each, one line per path', () => {
    const text = formatConflicts([
      { manager: 'zed', path: path('a') },
      { manager: 'bob', path: [fieldElement('spec'), fieldElement('l'), keyElement([{ name: 'name', value: 'x' }]), fieldElement('v')] },
      { manager: 'bob', path: [fieldElement('s'), valueElement('q')] },
    ]);
    expect(text).toBe('conflicts with "bob":\n- .spec.l[name="x"].v\n- .s[="q"]\nconflicts with "zed":\n- .a');
  });
  it('an apply that conflicts returns a ConflictError with the paths, in set order', () => {
    const first = update(ctx, null, { num: 1, str: 'a', labels: { x: 'y' } }, 'v1', new Map(), 'controller');
    if (!first.ok) throw first.error;
    const refused = apply(ctx, first.object, { num: 2, str: 'b', labels: { x: 'z' } }, 'v1', first.managers, 'me', false);
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error).toBeInstanceOf(ConflictError);
    expect(refused.error.message).toBe('conflicts with "controller":\n- .num\n- .str\n- .labels.x');
  });
});

describe('schema error texts', () => {
  it('unknown type names and empty atoms', () => {
    const s = new Schema(parseSchema('types:\n- name: a\n  map:\n    fields:\n    - name: f\n      type: {namedType: missing}\n'));
    expect(() => s.named('nope')).toThrow('schema error: no type found matching: nope');
    const atom = s.named('a');
    expect(() => validate({ f: 1 }, atom)).toThrow('schema error: no type found matching: missing');
    // An object that does not reach the broken reference is fine.
    expect(validate({}, atom)).toEqual([]);
  });
});

describe('hostile input', () => {
  it('__proto__, constructor and toString are ordinary data everywhere', () => {
    const obj = JSON.parse('{"labels":{"__proto__":"a","constructor":"b","toString":"c"},"set":["__proto__","toString"]}') as Value;
    const out = apply(ctx, null, obj, 'v1', new Map(), '__proto__', false);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(JSON.stringify(out.object)).toBe(JSON.stringify(obj));
    const fields = encodeFieldsV1(out.managers.get('__proto__')!.set);
    expect(fields).toBe('{"f:labels":{"f:__proto__":{},"f:constructor":{},"f:toString":{}},"f:set":{"v:\\"__proto__\\"":{},"v:\\"toString\\"":{}}}');
    expect(encodeFieldsV1(decodeFieldsV1(fields))).toBe(fields);
    // Nothing leaked onto Object.prototype.
    expect(({} as Record<string, unknown>).a).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, '__proto__')).toBe(true); // the accessor itself, untouched
    expect(typeof ({} as { toString: unknown }).toString).toBe('function');
  });

  it('a field named __proto__ in a schema is a field like any other', () => {
    const s = new Schema(parseSchema('types:\n- name: r\n  map:\n    fields:\n    - name: __proto__\n      type: {scalar: string}\n'));
    const obj = JSON.parse('{"__proto__":"x"}') as Value;
    const out = apply({ atom: s.named('r') }, null, obj, 'v1', new Map(), 'm', false);
    expect(out.ok && encodeFieldsV1(out.managers.get('m')!.set)).toBe('{"f:__proto__":{}}');
    expect(validate(JSON.parse('{"constructor":"x"}') as Value, s.named('r'))[0]?.message).toBe('field not declared in schema');
  });

  it('an object nested 10,000 levels deep is a TOO_DEEP failure, not a crashed process', () => {
    let deep: Value = 1;
    for (let i = 0; i < 10_000; i++) deep = { a: deep };
    const deduced: EngineContext = { atom: new Schema(deducedSchemaDecl()).named(DEDUCED_TYPE_NAME) };
    for (const outcome of [
      apply(deduced, null, deep, 'v1', new Map(), 'm', false),
      update(deduced, null, deep, 'v1', new Map(), 'u'),
      apply(ctx, null, { labels: deep } as Value, 'v1', new Map(), 'm', false),
    ]) {
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) {
        expect(outcome.error).toBeInstanceOf(SsaError);
        expect(['TOO_DEEP', 'VALIDATION']).toContain(outcome.error.code);
      }
    }
    const typed = apply(deduced, null, deep, 'v1', new Map(), 'm', false);
    expect(!typed.ok && typed.error.code).toBe('TOO_DEEP');
  });
});

function ioWith(input: string): CommandIO & { out: string; err: string } {
  const io = {
    stdin: Readable.from([input]),
    out: '',
    err: '',
    env: {},
    isTTY: false,
    write(t: string) {
      io.out += t;
    },
    writeError(t: string) {
      io.err += t;
    },
  };
  return io;
}

describe('ssa-sim engine', () => {
  it('answers one line per request, with the vectors result shape', async () => {
    const req = { schema: '', type: '', steps: [{ op: 'apply', manager: 'm', apiVersion: 'v1', object: { a: 1 } }] };
    const io = ioWith(JSON.stringify(req) + '\n\n' + JSON.stringify(req) + '\n');
    expect(await main(['engine'], io)).toBe(0);
    const lines = io.out.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('{"steps":[{"managed":[{"apiVersion":"v1","applied":true,"fieldsV1":{"f:a":{}},"manager":"m"}],"object":{"a":1}}]}');
  });

  it.each<[string, string]>([
    ['not JSON', 'invalid JSON: '],
    ['{"steps": 3}', '"steps" must be a list of steps'],
    ['{"schema": "types: [", "type": "x", "steps": []}', ''],
    ['{"schema": "types: []", "type": "nope", "steps": []}', 'schema error: no type found matching: nope'],
    ['{"type": "", "steps": [{"op": "patch"}]}', 'steps[0].op must be "apply" or "update"'],
  ])('an invalid request %s gets {"error"} and the next line is still answered', async (line, message) => {
    const ok = JSON.stringify({ schema: '', type: '', steps: [] });
    const io = ioWith(line + '\n' + ok + '\n');
    expect(await main(['engine'], io)).toBe(0);
    const [first, second] = io.out.trim().split('\n').map((l) => JSON.parse(l) as { error?: string; steps?: unknown[] });
    expect(first.error).toBeDefined();
    expect(first.error).toContain(message);
    expect(second).toEqual({ steps: [] });
  });

  it('a 10,000-deep object in a request is an error line, not a crash', async () => {
    const deep = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
    const line = `{"schema":"","type":"","steps":[{"op":"apply","manager":"m","apiVersion":"v1","object":${deep}}]}`;
    const io = ioWith(line + '\n');
    expect(await main(['engine'], io)).toBe(0);
    const answer = JSON.parse(io.out) as { steps: { error?: string }[] };
    expect(answer.steps[0].error).toMatch(/nested deeper than 1000 levels/);
  });
});

describe('numbers in conflict paths (engine-semantics §1.1)', () => {
  const portsSchema = new Schema(
    parseSchema(`types:
- name: root
  map:
    fields:
    - name: ports
      type: {list: {elementType: {namedType: port}, elementRelationship: associative, keys: [port]}}
- name: port
  map:
    fields:
    - {name: port, type: {scalar: numeric}}
    - {name: name, type: {scalar: string}}
`),
  );
  const pctx: EngineContext = { atom: portsSchema.named('root') };
  const live = { ports: [{ port: 1000000, name: 'a' }] } as Value;

  it('a key read from FieldsV1 is a float64 in the reference and prints as one', () => {
    const stored = new Map([['owner', { set: decodeFieldsV1('{"f:ports":{"k:{\\"port\\":1000000}":{"f:name":{}}}}'), apiVersion: 'v1', applied: true }]]);
    const out = apply(pctx, live, { ports: [{ port: 1000000, name: 'b' }] }, 'v1', stored, 'me', false);
    expect(!out.ok && out.error.message).toBe('conflict with "owner": .ports[port=1e+06].name');
  });

  it('a key taken from an object is an int and prints in full', () => {
    const first = apply(pctx, null, live, 'v1', new Map(), 'owner', false);
    if (!first.ok) throw first.error;
    const out = apply(pctx, first.object, { ports: [{ port: 1000000, name: 'b' }] }, 'v1', first.managers, 'me', false);
    expect(!out.ok && out.error.message).toBe('conflict with "owner": .ports[port=1000000].name');
  });
});

describe('numbers beyond float64 in a request', () => {
  it('are refused naming where they are, never answered as null (Go: cannot unmarshal number into float64)', async () => {
    const { answerEngineLine } = await import('../../src/cli/commands/engine.js');
    const { SchemaSource } = await import('../../src/protocol/schema-source.js');
    const schemas = new SchemaSource();
    const step = '{"op":"apply","manager":"m","apiVersion":"v1","object":{"a":{"b":[1,-1e400]}}}';
    expect(answerEngineLine(`{"schema":"","type":"","steps":[${step}]}`, schemas)).toBe('{"error":"steps[0].object.a.b[1]: the number is beyond float64\'s range"}');
    expect(answerEngineLine('{"schema":"","type":"","live":{"x":1e999},"steps":[]}', schemas)).toBe('{"error":"live.x: the number is beyond float64\'s range"}');
    expect(answerEngineLine('{"schema":"","type":"","steps":[{"op":"apply","manager":"m","apiVersion":"v1","object":{"a":1e-400}}]}', schemas)).toContain('"object":{"a":0}');
  });
});
