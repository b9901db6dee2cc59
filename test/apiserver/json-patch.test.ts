/**
 * JSON patch (`application/json-patch+json`) as kube-apiserver applies it: evanphx/json-patch v4
 * (gopkg.in/evanphx/json-patch.v4, staging/src/k8s.io/apiserver/pkg/endpoints/handlers/patch.go).
 * Keys such as `__proto__`, `constructor` and `toString` are data like any other; the error texts
 * are v4's.
 */
import { describe, expect, it } from 'vitest';
import { applyJsonPatch } from '../../src/apiserver/patch/json-patch.js';
import { parseJson } from '../../src/apiserver/object-paths.js';
import type { Value } from '../../src/value/value.js';
import { cluster, ok, ref } from './helpers.js';

const doc = (json: string): Value => parseJson(json);
const run = (d: string, patch: string) => applyJsonPatch(doc(d), doc(patch));
const result = (d: string, patch: string): unknown => {
  const r = run(d, patch);
  if (!r.ok) throw new Error(r.message);
  return JSON.parse(JSON.stringify(r.value));
};
const failure = (d: string, patch: string): string => {
  const r = run(d, patch);
  if (r.ok) throw new Error(`expected a failure, got ${JSON.stringify(r.value)}`);
  return `${r.kind}: ${r.message}`;
};

const CM = '{"data":{"a":"1"}}';

describe('keys named like JavaScript properties are data', () => {
  for (const key of ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf']) {
    it(`${key}: add, test, copy, move, replace, remove`, () => {
      const added = run(CM, JSON.stringify([{ op: 'add', path: `/data/${key}`, value: 'x' }]));
      expect(added.ok).toBe(true);
      if (!added.ok) return;
      const data = (added.value as Record<string, Value>).data as Record<string, Value>;
      expect(Object.keys(data)).toEqual(['a', key]);
      expect(Object.getOwnPropertyDescriptor(data, key)?.value).toBe('x');
      expect(
        result(
          CM,
          JSON.stringify([
            { op: 'add', path: `/data/${key}`, value: { [key]: 1 } },
            { op: 'test', path: `/data/${key}/${key}`, value: 1 },
            { op: 'copy', from: `/data/${key}`, path: '/data/copied' },
            { op: 'move', from: `/data/${key}/${key}`, path: '/data/moved' },
            { op: 'replace', path: '/data/a', value: key },
            { op: 'remove', path: `/data/${key}` },
          ]),
        ),
      ).toEqual({ data: { a: key, copied: { [key]: 1 }, moved: 1 } });
      // Absent, it is absent: nothing inherited is found.
      expect(failure(CM, JSON.stringify([{ op: 'remove', path: `/data/${key}` }]))).toBe(
        `apply: error in remove for path: '/data/${key}': Unable to remove nonexistent key: ${key}: missing value`,
      );
      expect(failure(CM, JSON.stringify([{ op: 'move', from: `/data/${key}`, path: '/data/b' }]))).toBe(
        `apply: error in move for path: '${key}': Unable to remove nonexistent key: ${key}: missing value`,
      );
      expect(failure(CM, JSON.stringify([{ op: 'add', path: `/data/${key}/x`, value: 1 }]))).toBe(
        `apply: add operation does not apply: doc is missing path: "/data/${key}/x": missing value`,
      );
      expect(result(CM, JSON.stringify([{ op: 'test', path: `/data/${key}`, value: null }]))).toEqual({ data: { a: '1' } });
      expect(({} as Record<string, unknown>).x).toBeUndefined();
    });
  }

  it('through the API server: a JSON patch may add __proto__ to a ConfigMap', () => {
    const c = cluster();
    const target = ref('v1', 'ConfigMap', 'c');
    ok(c.apply('{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c","namespace":"default"},"data":{"a":"1"}}', { fieldManager: 'm' }));
    ok(c.patch(target, 'json', '[{"op":"add","path":"/data/__proto__","value":"p"},{"op":"add","path":"/data/constructor","value":"q"}]', { fieldManager: 'p' }));
    const data = (c.object(target) as { data: Record<string, string> }).data;
    expect(Object.entries(data).sort()).toEqual([
      ['__proto__', 'p'],
      ['a', '1'],
      ['constructor', 'q'],
    ]);
    const r = c.patch(target, 'json', '[{"op":"remove","path":"/data/toString"}]', { fieldManager: 'p' });
    expect(r.ok).toBe(false);
    // The remove fails (toString is no key of the map); kube-apiserver answers any patch that does not
    // apply with the generic 422, json-patch's text (checked above) left out.
    expect(!r.ok && [r.status.code, r.status.reason, r.status.message]).toEqual([422, 'Invalid', 'the server rejected our request due to an error in our request']);
  });
});

describe('evanphx/json-patch v4 semantics', () => {
  it('a path is split at "/" and its first segment is skipped, whatever it is', () => {
    expect(result(CM, '[{"op":"add","path":"data/b","value":"x"}]')).toEqual({ data: { a: '1' }, b: 'x' });
    expect(result(CM, '[{"op":"add","path":"x/data/b","value":"x"}]')).toEqual({ data: { a: '1', b: 'x' } });
    expect(failure(CM, '[{"op":"add","path":"","value":{}}]')).toBe('apply: add operation does not apply: doc is missing path: "": missing value');
  });

  it('~1 and ~0 are decoded in one pass; other escapes are kept', () => {
    expect(result(CM, '[{"op":"add","path":"/data/a~1b~0c~01~2","value":"x"}]')).toEqual({ data: { a: '1', 'a/b~c~1~2': 'x' } });
  });

  it('replace of an absent map key adds it; of an absent list index fails', () => {
    expect(result(CM, '[{"op":"replace","path":"/data/zzz","value":"x"}]')).toEqual({ data: { a: '1', zzz: 'x' } });
    expect(failure('{"l":[1]}', '[{"op":"replace","path":"/l/1","value":2}]')).toBe('apply: replace operation does not apply: doc is missing key: /l/1: missing value');
    expect(failure(CM, '[{"op":"replace","path":"/nope/x","value":2}]')).toBe('apply: replace operation does not apply: doc is missing path: /nope/x: missing value');
  });

  it('list indexes: "-" appends, negative ones count from the end, others are errors with strconv\'s words', () => {
    expect(result('{"l":[1,2]}', '[{"op":"add","path":"/l/-","value":3},{"op":"add","path":"/l/-2","value":9},{"op":"add","path":"/l/-1","value":8},{"op":"remove","path":"/l/0"}]')).toEqual({ l: [2, 9, 3, 8] });
    expect(failure('{"l":[1]}', '[{"op":"add","path":"/l/3","value":3}]')).toBe("apply: error in add for path: '/l/3': Unable to access invalid index: 3: invalid index referenced");
    expect(failure('{"l":[1]}', '[{"op":"add","path":"/l/x","value":3}]')).toBe(
      `apply: error in add for path: '/l/x': value was not a proper array index: 'x': strconv.Atoi: parsing "x": invalid syntax`,
    );
    expect(failure('{"l":[1]}', '[{"op":"remove","path":"/l/1"}]')).toBe("apply: error in remove for path: '/l/1': Unable to access invalid index: 1: invalid index referenced");
    expect(failure('{"l":[1]}', '[{"op":"remove","path":"/l/x"}]')).toBe(`apply: error in remove for path: '/l/x': strconv.Atoi: parsing "x": invalid syntax`);
    expect(failure('{"l":[1]}', '[{"op":"add","path":"/l/x/y","value":3}]')).toBe('apply: add operation does not apply: doc is missing path: "/l/x/y": missing value');
  });

  it('null is no value: not walked through, absent for test', () => {
    expect(failure('{"a":null}', '[{"op":"add","path":"/a/b","value":1}]')).toBe('apply: add operation does not apply: doc is missing path: "/a/b": missing value');
    expect(result('{"a":null}', '[{"op":"test","path":"/a"},{"op":"test","path":"/b","value":null}]')).toEqual({ a: null });
    expect(failure('{"a":1}', '[{"op":"test","path":"/a"}]')).toBe('apply: testing value /a failed: test failed');
    expect(result('{"a":1}', '[{"op":"add","path":"/b"}]')).toEqual({ a: 1, b: null });
  });

  it('copy of an absent key adds null; move and copy name what is missing', () => {
    expect(result(CM, '[{"op":"copy","from":"/data/zzz","path":"/data/b"}]')).toEqual({ data: { a: '1', b: null } });
    expect(failure(CM, '[{"op":"copy","from":"/nope/x","path":"/data/b"}]')).toBe('apply: copy operation does not apply: doc is missing from path: /nope/x: missing value');
    expect(failure(CM, '[{"op":"move","from":"/data/a","path":"/nope/x"}]')).toBe('apply: move operation does not apply: doc is missing destination path: /nope/x: missing value');
    expect(failure(CM, '[{"op":"move","path":"/data/b"}]')).toBe('apply: move operation failed to decode from: operation, missing from field: missing value');
  });

  it('operations without op or path, or of an unknown kind', () => {
    expect(failure(CM, '[{"path":"/data/a"}]')).toBe('apply: Unexpected kind: unknown');
    expect(failure(CM, '[{"op":"frob","path":"/data/a"}]')).toBe('apply: Unexpected kind: frob');
    expect(failure(CM, '[null]')).toBe('apply: Unexpected kind: unknown');
    expect(failure(CM, '[{"op":"add","value":1}]')).toBe('apply: add operation failed to decode path: missing value');
    expect(failure(CM, '[{"op":"replace","value":1}]')).toBe('apply: replace operation failed to decode path: operation missing path field: missing value');
    expect(failure(CM, '[{"op":"test","path":5}]')).toBe('apply: test operation failed to decode path: json: cannot unmarshal number into Go value of type string');
    expect(failure(CM, '[{"op":"replace","path":"","value":1}]')).toBe('apply: replace operation value must be object or array: %!w(<nil>)');
    expect(result(CM, '[{"op":"replace","path":"","value":{"b":2}}]')).toEqual({ b: 2 });
  });

  it('the body must be a list of objects (400)', () => {
    expect(failure(CM, '{"op":"add"}')).toBe('decode: json: cannot unmarshal object into Go value of type jsonpatch.Patch');
    expect(failure(CM, '[1]')).toBe('decode: json: cannot unmarshal number into Go value of type jsonpatch.Operation');
    expect(failure(CM, '[[]]')).toBe('decode: json: cannot unmarshal array into Go value of type jsonpatch.Operation');
  });

  it('at most 10,000 operations (413)', () => {
    const ops = JSON.stringify(Array.from({ length: 10001 }, () => ({ op: 'test', path: '/data/a', value: '1' })));
    expect(failure(CM, ops)).toBe('too-large: Request entity too large: The allowed maximum operations in a JSON patch is 10000, got 10001');
    const c = cluster();
    ok(c.apply('{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c","namespace":"default"},"data":{"a":"1"}}', { fieldManager: 'm' }));
    const r = c.patch(ref('v1', 'ConfigMap', 'c'), 'json', ops, { fieldManager: 'p' });
    expect(!r.ok && [r.status.code, r.status.reason]).toEqual([413, 'RequestEntityTooLarge']);
    expect(run(CM, ops.replace(/^\[[^\]]*?\},/, '[')).ok).toBe(true);
  });

  it('the input is not changed', () => {
    const d = doc('{"data":{"a":"1"},"l":[1]}');
    const before = JSON.stringify(d);
    applyJsonPatch(d, doc('[{"op":"add","path":"/data/b","value":"x"},{"op":"remove","path":"/l/0"},{"op":"add","path":"/l/-","value":{"z":1}}]'));
    expect(JSON.stringify(d)).toBe(before);
  });
});
