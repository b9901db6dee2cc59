import { describe, expect, it } from 'vitest';
import { NO_PATCH_META, type PatchField, type PatchMetaNode } from '../../src/actors/kubectl/patch-meta.js';
import {
  createMergePatch,
  threeWayJsonMergePatch,
  threeWayStrategicMergePatch,
  twoWayStrategicMergePatch,
} from '../../src/actors/kubectl/three-way-patch.js';
import type { Value, ValueMap } from '../../src/value/value.js';

// A small hand-written slice of the built-in patch metadata: pod template containers and env
// merged by name, volumes merged by name with retainKeys, finalizers replaced.
function node(fields: Record<string, PatchField>): PatchMetaNode {
  return { field: (name) => fields[name] };
}
const plain = (n: PatchMetaNode = NO_PATCH_META): PatchField => ({ strategies: [], node: n });
const envVar = node({});
const container = node({ env: { strategies: ['merge'], mergeKey: 'name', node: envVar }, image: plain() });
const podSpec = node({
  containers: { strategies: ['merge'], mergeKey: 'name', node: container },
  volumes: { strategies: ['merge', 'retainKeys'], mergeKey: 'name', node: node({}) },
  finalizers: plain(),
});
const meta = node({
  metadata: plain(node({ labels: plain(), annotations: plain() })),
  spec: plain(node({ template: plain(node({ spec: plain(podSpec), metadata: plain() })) })),
});

const ds = (containers: Value[], extra: ValueMap = {}): ValueMap => ({
  apiVersion: 'apps/v1',
  kind: 'DaemonSet',
  metadata: { name: 'x', ...extra },
  spec: { template: { spec: { containers } } },
});

describe('three-way strategic merge patch', () => {
  it('is empty when the manifest equals the last applied one and the live object agrees', () => {
    const m = ds([{ name: 'a', image: 'i:1' }]);
    const live = ds([{ name: 'a', image: 'i:1', imagePullPolicy: 'IfNotPresent' }], { uid: 'u' });
    expect(threeWayStrategicMergePatch(m, m, live, meta)).toEqual({});
  });

  it('sets a changed image by merge key with $setElementOrder, leaving server-only fields alone', () => {
    const orig = ds([{ name: 'a', image: 'i:1' }]);
    const mod = ds([{ name: 'a', image: 'i:2' }]);
    const live = ds([{ name: 'a', image: 'i:1', imagePullPolicy: 'IfNotPresent' }]);
    expect(threeWayStrategicMergePatch(orig, mod, live, meta)).toEqual({
      spec: { template: { spec: { containers: [{ name: 'a', image: 'i:2' }], '$setElementOrder/containers': [{ name: 'a' }] } } },
    });
  });

  it('deletes what the manifest dropped since the last apply: fields by null, items by $patch delete', () => {
    const orig = ds([
      { name: 'a', image: 'i', env: [{ name: 'X', value: '1' }, { name: 'Y', value: '2' }] },
      { name: 'b', image: 'j' },
    ], { labels: { keep: '1', drop: '1' } });
    const mod = ds([{ name: 'a', image: 'i', env: [{ name: 'X', value: '1' }] }], { labels: { keep: '1' } });
    const live = ds([
      { name: 'a', image: 'i', env: [{ name: 'X', value: '1' }, { name: 'Y', value: '2' }, { name: 'USER', value: 'u' }] },
      { name: 'b', image: 'j' },
    ], { labels: { keep: '1', drop: '1', other: 'o' } });
    const patch = threeWayStrategicMergePatch(orig, mod, live, meta);
    expect(patch).toEqual({
      metadata: { labels: { drop: null } },
      spec: {
        template: {
          spec: {
            '$setElementOrder/containers': [{ name: 'a' }],
            containers: [
              { name: 'a', env: [{ $patch: 'delete', name: 'Y' }], '$setElementOrder/env': [{ name: 'X' }] },
              { $patch: 'delete', name: 'b' },
            ],
          },
        },
      },
    });
  });

  it('replaces lists without a merge strategy whole and removes scalars from merged primitive lists', () => {
    const orig = { spec: { template: { spec: { finalizers: ['a', 'b'] } } } };
    const mod = { spec: { template: { spec: { finalizers: ['a'] } } } };
    expect(threeWayStrategicMergePatch(orig, mod, orig, meta)).toEqual({ spec: { template: { spec: { finalizers: ['a'] } } } });
  });

  it('adds $retainKeys to changed items of a retainKeys list', () => {
    const orig = { spec: { template: { spec: { volumes: [{ name: 'v', hostPath: { path: '/a' } }] } } } };
    const mod = { spec: { template: { spec: { volumes: [{ name: 'v', emptyDir: {} }] } } } };
    const patch = twoWayStrategicMergePatch(orig, mod, meta);
    expect(patch).toEqual({
      spec: {
        template: {
          spec: {
            '$setElementOrder/volumes': [{ name: 'v' }],
            volumes: [{ name: 'v', emptyDir: {}, hostPath: null, $retainKeys: ['emptyDir', 'name'] }],
          },
        },
      },
    });
  });
});

describe('JSON merge patches (custom resources)', () => {
  it('two-way: changes, additions and deletions; lists replaced', () => {
    expect(createMergePatch({ a: 1, b: { c: 1, d: 2 }, l: [1] }, { a: 1, b: { c: 2 }, l: [1, 2], e: 'x' })).toEqual({
      b: { c: 2, d: null },
      l: [1, 2],
      e: 'x',
    });
  });
  it('three-way: deletions only of what was applied before; live-only fields kept', () => {
    const orig = { spec: { a: 1, b: 2 } };
    const mod = { spec: { a: 3 } };
    const live = { spec: { a: 1, b: 2, server: true } };
    expect(threeWayJsonMergePatch(orig, mod, live)).toEqual({ spec: { a: 3, b: null } });
    expect(threeWayJsonMergePatch(mod, mod, { spec: { a: 3, server: true } })).toEqual({});
  });
});

/**
 * strategicpatch's diffLists (apimachinery v0.32): when the original list is empty the patch
 * carries the modified list whole and no `$setElementOrder`; otherwise changed and added items
 * come in the modified list's order, whatever order the sorted walk found them in.
 */
describe('list diffs as strategicpatch orders them', () => {
  const withEnv = (env: Value[]) => ds([{ name: 'a', image: 'i:1', env }]);

  const firstContainer = (patch: ValueMap) => (patch as { spec: { template: { spec: { containers: ValueMap[] } } } }).spec.template.spec.containers[0];

  it('an empty original list: the modified items whole, no order list', () => {
    const c = firstContainer(twoWayStrategicMergePatch(withEnv([]), withEnv([{ name: 'Z', value: '1' }, { name: 'A', value: '2' }]), meta));
    expect(c).toEqual({ name: 'a', env: [{ name: 'Z', value: '1' }, { name: 'A', value: '2' }] });
  });

  it('changed and added items in the modified order, not in merge-key order', () => {
    const c = firstContainer(twoWayStrategicMergePatch(withEnv([{ name: 'B', value: 'old' }]), withEnv([{ name: 'F', value: '1' }, { name: 'B', value: 'new' }]), meta));
    expect(c.env).toEqual([{ name: 'F', value: '1' }, { name: 'B', value: 'new' }]);
    expect(c['$setElementOrder/env']).toEqual([{ name: 'F' }, { name: 'B' }]);
  });

  it('items with the same merge key: sorted as Go\'s sort.Sort with strategicpatch\'s "<=" Less, which puts them in reverse order', () => {
    // a Service's ports are merged by `port`: 80/TCP and 80/UDP share the key. kubectl v1.32
    // sends the changed 80/TCP first, then 80/UDP, then the new 443 (seen from real kubectl).
    const svcMeta = node({ spec: plain(node({ ports: { strategies: ['merge'], mergeKey: 'port', node: node({}) } })) });
    const svc = (ports: Value[]): ValueMap => ({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'web' }, spec: { ports } });
    const port = (port: number, protocol: string, targetPort: Value) => ({ name: `p${port}-${protocol.toLowerCase()}`, port, protocol, targetPort });
    const live = svc([port(80, 'TCP', 8080), port(80, 'UDP', 8080)]);
    const modified = svc([port(80, 'UDP', 'http'), port(443, 'TCP', 'http'), port(80, 'TCP', 'http')]);
    const patch = threeWayStrategicMergePatch(undefined, modified, live, svcMeta) as { spec: ValueMap };
    expect(patch.spec.ports).toEqual([port(80, 'TCP', 'http'), port(80, 'UDP', 'http'), port(443, 'TCP', 'http')]);
    expect(patch.spec['$setElementOrder/ports']).toEqual([{ port: 80 }, { port: 443 }, { port: 80 }]);
  });
});

describe('merged lists longer than 12 items with repeated keys', () => {
  it("pairs items as Go 1.23's pattern-defeating quicksort leaves them (a 20-item env list, as real kubectl v1.32 sent it)", () => {
    // Twenty variables named from A, B and C, first all "1"/"2", then each changed. strategicpatch
    // sorts both lists with sort.Sort before pairing items by name; beyond 12 items that is not an
    // insertion sort, and the pairs it makes decide every value of the patch. The expected env is
    // the body real kubectl v1.32.4 sent for `kubectl apply -f b.yaml` over a.yaml.
    const podMeta = node({
      spec: plain(node({ containers: { strategies: ['merge'], mergeKey: 'name', node: node({ env: { strategies: ['merge'], mergeKey: 'name', node: node({}) } }) } })),
    });
    const names = 'ABCABBACCABACBBCAACB'.split('');
    const pod = (values: string): ValueMap => ({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p' },
      spec: { containers: [{ name: 'web', image: 'nginx:1.25', env: names.map((name, i) => ({ name, value: values[i]! })) }] },
    });
    const applied = pod('11111111112222222222');
    const patch = threeWayStrategicMergePatch(applied, pod('12312312312312312312'), applied, podMeta) as { spec: { containers: { env: Value[] }[] } };
    const v = (name: string, value: string) => ({ name, value });
    expect(patch.spec.containers[0]!.env).toEqual([
      v('A', '3'), v('A', '3'),
      v('B', '3'), v('B', '2'), v('B', '2'), v('B', '3'),
      v('C', '3'), v('C', '1'), v('C', '2'), v('C', '3'), v('C', '1'), v('C', '1'),
    ]);
  });
});
