import { describe, expect, it } from 'vitest';
import { SsaError } from '../../src/errors/ssa-error.js';
import { formatObjects, readManifests, readObjects, toJson, toYaml } from '../../src/manifest/index.js';
import { yamlKeyOrder } from '../../src/manifest/write-yaml.js';
import { toValue } from '../../src/apiserver/object-paths.js';
import type { ValueMap } from '../../src/value/value.js';

const v = (x: unknown) => toValue(x) as ValueMap;

describe('reading', () => {
  it('reads several documents, skips empty ones, flattens kind: List', () => {
    const text = `apiVersion: v1
kind: ConfigMap
metadata: {name: a}
---
---
apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: ConfigMap
  metadata: {name: b}
- apiVersion: v1
  kind: Secret
  metadata: {name: c}
`;
    const { manifests } = readManifests(text, { file: 'in.yaml' });
    expect(manifests.map((m) => (m.object.metadata as ValueMap).name)).toEqual(['a', 'b', 'c']);
    expect(manifests[1].source).toEqual({ file: 'in.yaml', line: 9, column: 3 });
    expect(manifests[2].positionOf(['metadata', 'name'])).toEqual({ file: 'in.yaml', line: 14, column: 20 });
    expect(manifests[2].positionOf(['metadata', 'nope'])).toEqual({ file: 'in.yaml', line: 14, column: 13 });
  });

  it('reads YAML 1.1 scalars as Kubernetes does, with warnings', () => {
    const { manifests, warnings } = readManifests('a: no\nb: "no"\nc: on\nd: 0777\ne: 1:30\nf: 2024-01-01\non: x\n', { file: 'f.yaml' });
    expect({ ...manifests[0].object }).toEqual({ a: false, b: 'no', c: true, d: 511, e: '1:30', f: '2024-01-01', true: 'x' });
    expect(warnings.map((w) => `${w.source.line}:${w.source.column} ${w.message}`)).toEqual([
      '1:4 "no" is read as the boolean false (YAML 1.1, as Kubernetes reads manifests); quote it to keep the string',
      '3:4 "on" is read as the boolean true (YAML 1.1, as Kubernetes reads manifests); quote it to keep the string',
      '4:4 0777 is read as the octal number 511 (YAML 1.1, as Kubernetes reads manifests); quote it to keep the string',
      '7:1 "on" is read as the boolean true (YAML 1.1, as Kubernetes reads manifests); quote it to keep the string',
    ]);
  });

  it('reads the "." of captured FieldsV1 as a string, and floats only when they have a digit', () => {
    const text = 'metadata:\n  managedFields:\n  - fieldsV1:\n      f:data:\n        .: {}\n        f:a: {}\ndata: {b: .5, c: 1.5e3, d: -., e: 1., f: .e3}\n';
    const { manifests } = readManifests(text, { file: 'captured.yaml' });
    const o = manifests[0].object as { metadata: { managedFields: { fieldsV1: unknown }[] }; data: unknown };
    expect(JSON.stringify(o.metadata.managedFields[0].fieldsV1)).toBe('{"f:data":{".":{},"f:a":{}}}');
    expect({ ...(o.data as object) }).toEqual({ b: 0.5, c: 1500, d: '-.', e: 1, f: '.e3' });
  });

  it('reads JSON (a repeated key: the last wins) and keeps __proto__ as data', () => {
    const [o] = readObjects('{"kind":"ConfigMap","data":{"__proto__":"x","a":"1","a":"2"}}');
    const data = o.data as ValueMap;
    expect(Object.getPrototypeOf(data)).toBeNull();
    expect(Object.keys(data)).toEqual(['__proto__', 'a']);
    expect(data.a).toBe('2');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('a key repeated in a mapping: the last value, as kubectl reads manifests, and a warning at the repeat', () => {
    const { manifests, warnings } = readManifests('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata:\n  a: "1"\n  a: "2"\n  y: x\n  on: z\n', { file: 'dup.yaml' });
    expect({ ...(manifests[0].object.data as object) }).toEqual({ a: '2', true: 'z' });
    expect(warnings.map((w) => `${w.source.line}:${w.source.column} ${w.message}`)).toEqual([
      '7:3 "y" is read as the boolean true (YAML 1.1, as Kubernetes reads manifests); quote it to keep the string',
      '8:3 "on" is read as the boolean true (YAML 1.1, as Kubernetes reads manifests); quote it to keep the string',
      '6:3 .data.a: the key "a" is repeated in its mapping; kubectl keeps the last value, as here',
      '8:3 .data.true: the key "true" is repeated in its mapping; kubectl keeps the last value, as here',
    ]);
  });

  it('refuses hostile input with positions', () => {
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 0; i < 8; i++) bomb.push(`${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}]`);
    expect(() => readManifests(bomb.join('\n'))).toThrow(/aliases|too many/);
    const deep = '['.repeat(10000) + ']'.repeat(10000);
    let err: unknown;
    try {
      readManifests(deep, { file: 'deep.json' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(SsaError);
    expect((err as SsaError).code).toBe('TOO_DEEP');
    expect(() => readManifests('- a\n- b\n')).toThrow(/found a list/);
    expect(() => readManifests('a: .inf\n')).toThrow(/unsupported value/);
    expect(() => readManifests('a: [b\n', { file: 'x.yaml' })).toThrow(SsaError);
  });

  it('a number JSON cannot hold names its field path, in YAML and in JSON text', () => {
    const message = (text: string, file: string) => {
      try {
        readManifests(text, { file });
      } catch (e) {
        return `${(e as SsaError).source?.line}:${(e as SsaError).source?.column} ${(e as SsaError).message}`;
      }
      return 'no error';
    };
    expect(message('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata:\n  e: .inf\n', 'x.yaml')).toBe('5:6 .data.e: unsupported value: .inf (JSON has no infinities or NaN)');
    expect(message('apiVersion: v1\nkind: List\nitems:\n- spec:\n    ports: [{port: -.Inf}]\n', 'x.yaml')).toBe('5:20 .items[0].spec.ports[0].port: unsupported value: -.Inf (JSON has no infinities or NaN)');
    expect(message('{"spec": {"replicas": 1e400}}', 'x.json')).toBe('1:23 .spec.replicas: unsupported value: 1e400 (JSON has no infinities or NaN)');
  });
});

describe('writing as kubectl prints', () => {
  it('orders keys as yaml.v2 does', () => {
    const keys = ['f:b', 'k:{"name":"x"}', '.', 'i:10', 'i:9', 'v:"a"', 'f:a10', 'f:a9', 'F'];
    expect([...keys].sort(yamlKeyOrder)).toEqual(['.', 'F', 'f:a9', 'f:a10', 'f:b', 'i:9', 'i:10', 'k:{"name":"x"}', 'v:"a"']);
  });

  it('writes -o yaml like yaml.v2', () => {
    const obj = v({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: {
        name: 'test',
        annotations: { 'kubectl.kubernetes.io/last-applied-configuration': '{"apiVersion":"v1"}\n' },
        creationTimestamp: '2024-02-24T15:24:31Z',
        managedFields: [
          {
            manager: 'kubectl-client-side-apply',
            operation: 'Update',
            apiVersion: 'v1',
            time: '2024-02-24T15:24:31Z',
            fieldsType: 'FieldsV1',
            fieldsV1: { 'f:data': { '.': {}, 'f:key': {} } },
          },
        ],
      },
      data: { key: 'value', empty: '', yes: 'no', num: '80', star: '*', colon: 'a: b', multi: 'a\nb', list: [], n: 3, f: 1.5, nul: null },
    });
    expect(formatObjects([obj], { output: 'yaml', showManagedFields: true })).toBe(`apiVersion: v1
data:
  colon: 'a: b'
  empty: ""
  f: 1.5
  key: value
  list: []
  multi: |-
    a
    b
  "n": 3
  nul: null
  num: "80"
  star: '*'
  "yes": "no"
kind: ConfigMap
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"v1"}
  creationTimestamp: "2024-02-24T15:24:31Z"
  managedFields:
  - apiVersion: v1
    fieldsType: FieldsV1
    fieldsV1:
      f:data:
        .: {}
        f:key: {}
    manager: kubectl-client-side-apply
    operation: Update
    time: "2024-02-24T15:24:31Z"
  name: test
`);
    expect(formatObjects([obj], { output: 'yaml' })).not.toContain('managedFields');
  });

  it('folds long plain strings past column 80', () => {
    const text = toYaml(v({ description: 'word '.repeat(30).trim() }));
    expect(text.split('\n')[0].length).toBeGreaterThan(80);
    expect(text.split('\n')[1].startsWith('  word')).toBe(true);
  });

  it('writes -o json like Go (sorted keys, four spaces, HTML escaped)', () => {
    expect(toJson(v({ b: [1, { c: '<x>' }], a: {}, d: [] }))).toBe('{\n    "a": {},\n    "b": [\n        1,\n        {\n            "c": "\\u003cx\\u003e"\n        }\n    ],\n    "d": []\n}\n');
  });

  it('wraps several objects in a List', () => {
    const out = formatObjects([v({ kind: 'A' }), v({ kind: 'B' })], { output: 'yaml' });
    expect(out).toBe('apiVersion: v1\nitems:\n- kind: A\n- kind: B\nkind: List\nmetadata:\n  resourceVersion: ""\n');
  });

  it('round-trips what it writes', () => {
    const obj = v({ a: { b: ['x', 'y: z', '', 'true', '#c', ' lead'], c: 'é\ttab', d: 'line\nline2\n' } });
    expect(readObjects(toYaml(obj))[0]).toEqual(obj);
  });
});
