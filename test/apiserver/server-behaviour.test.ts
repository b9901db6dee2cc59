/** Object bookkeeping, admission, strategies, patches and dry runs as a real server does them. */
import { describe, expect, it } from 'vitest';
import { getPath } from '../../src/apiserver/object-paths.js';
import { applyStrategicMergePatch } from '../../src/apiserver/patch/strategic-merge-patch.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { requestUri, objectDisplayName } from '../../src/apiserver/index.js';
import { cluster, entries, fail, obj, ok, ref, T } from './helpers.js';
import type { KubeObject } from '../../src/apiserver/index.js';

const podSpecAtom = () => builtinCatalog().schema.named(builtinCatalog().typeFor('apps/v1', 'Deployment')!);

describe('object bookkeeping', () => {
  it('uid, creationTimestamp, resourceVersion and generation (spec changes only)', () => {
    const c = cluster({ now: T(1) });
    const d = ref('apps/v1', 'Deployment', 'd');
    const created = ok(c.apply(obj({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { replicas: 1 } }), { fieldManager: 'm' }));
    expect(created.metadata).toMatchObject({ uid: '00000000-0000-4000-8000-000000000001', creationTimestamp: T(1), resourceVersion: '1', generation: 1 });
    c.setTime(T(2));
    const labelled = ok(c.patch(d, 'merge', { metadata: { labels: { a: 'b' } } }, { fieldManager: 'x' }));
    expect(labelled.metadata).toMatchObject({ resourceVersion: '2', generation: 1, creationTimestamp: T(1) });
    const scaled = ok(c.patch(d, 'merge', { spec: { replicas: 2 } }, { fieldManager: 'x' }));
    expect(scaled.metadata).toMatchObject({ resourceVersion: '3', generation: 2 });
    // A no-op write keeps the resourceVersion.
    expect(ok(c.patch(d, 'merge', { spec: { replicas: 2 } }, { fieldManager: 'x' })).metadata).toMatchObject({ resourceVersion: '3' });
  });

  it("a Deployment's generation also counts annotation changes (its strategy's PrepareForUpdate), not through /status; other workloads' do not", () => {
    const c = cluster({ now: T(1) });
    const d = ref('apps/v1', 'Deployment', 'd');
    ok(c.apply(obj({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { replicas: 1 } }), { fieldManager: 'm' }));
    const annotated = ok(c.patch(d, 'merge', { metadata: { annotations: { note: 'a' } } }, { fieldManager: 'x' }));
    expect(annotated.metadata).toMatchObject({ generation: 2 });
    expect(ok(c.patch(d, 'merge', { metadata: { annotations: { note: 'b' } } }, { fieldManager: 'x' })).metadata).toMatchObject({ generation: 3 });
    // Absent and empty annotations are the same to the strategy's semantic equality.
    expect(ok(c.patch(d, 'merge', { metadata: { annotations: { note: null } } }, { fieldManager: 'x' })).metadata).toMatchObject({ generation: 4 });
    expect(ok(c.patch(d, 'merge', { metadata: { labels: { a: 'b' } } }, { fieldManager: 'x' })).metadata).toMatchObject({ generation: 4 });
    const viaStatus = ok(c.patch(d, 'merge', { metadata: { annotations: { seen: 'yes' } } }, { fieldManager: 'x', subresource: 'status' }));
    expect(viaStatus.metadata).toMatchObject({ generation: 4, annotations: { seen: 'yes' } });
    const ds = ref('apps/v1', 'DaemonSet', 'ds');
    ok(c.apply(obj({ apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'ds' }, spec: { minReadySeconds: 1 } }), { fieldManager: 'm' }));
    expect(ok(c.patch(ds, 'merge', { metadata: { annotations: { note: 'a' } } }, { fieldManager: 'x' })).metadata).toMatchObject({ generation: 1 });
  });

  it('dry runs answer the would-be object and change nothing', () => {
    const c = cluster();
    const before = c.state;
    const r = c.create(obj({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm' }, data: { a: '1' } }), { fieldManager: 'm', dryRun: true });
    expect(r.code).toBe(201);
    expect(entries(ok(r))).toHaveLength(1);
    expect(c.state).toBe(before);
  });

  it('a main write cannot change status; a status write cannot change spec (reset fields)', () => {
    const c = cluster({ now: T(1) });
    const d = ref('apps/v1', 'Deployment', 'd');
    ok(c.apply(obj({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { replicas: 1 }, status: { replicas: 9 } }), { fieldManager: 'm' }));
    expect(getPath(c.object(d)!, ['status'])).toBeUndefined();
    expect(entries(c.object(d))).toEqual([`m | Apply | apps/v1 |  | ${T(1)} | {"f:spec":{"f:replicas":{}}}`]);
    c.setTime(T(2));
    ok(c.patch(d, 'merge', { spec: { replicas: 5 }, status: { replicas: 1 } }, { fieldManager: 'kube-controller-manager', subresource: 'status' }));
    expect(getPath(c.object(d)!, ['spec', 'replicas'])).toBe(1);
    expect(getPath(c.object(d)!, ['status', 'replicas'])).toBe(1);
    expect(entries(c.object(d))).toContain(`kube-controller-manager | Update | apps/v1 | status | ${T(2)} | {"f:status":{".":{},"f:replicas":{}}}`);
  });

  it('fields set by mutating admission are owned by nobody', () => {
    const c = cluster({ now: T(1) });
    c.addAdmission({
      name: 'vpc-resource-mutating-webhook',
      mutate: (o: KubeObject) => (o.kind === 'Pod' ? obj({ ...o, metadata: { ...(o.metadata as object), labels: { injected: 'yes' } } }) : undefined),
    });
    const out = ok(c.create(obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', annotations: { a: 'b' } } }), { fieldManager: 'creator' }));
    expect(getPath(out, ['metadata', 'labels', 'injected'])).toBe('yes');
    expect(entries(out)).toEqual([`creator | Update | v1 |  | ${T(1)} | {"f:metadata":{"f:annotations":{".":{},"f:a":{}}}}`]);
  });

  it('the store keeps old times when only managedFields times would change', () => {
    const c = cluster({ now: T(1) });
    const d = ref('apps/v1', 'Deployment', 'd');
    ok(c.apply(obj({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { replicas: 1 } }), { fieldManager: 'm' }));
    const before = c.object(d)!;
    c.setTime(T(2));
    // The status part is reset by the strategy: the object ends up equal, only the apply time moved.
    ok(c.apply(obj({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { replicas: 1 }, status: { replicas: 3 } }), { fieldManager: 'm' }));
    expect(c.object(d)).toEqual(before);
  });
});

describe('real-server mode', () => {
  it('a CSA-style create owns the defaults and has no "." on zero-value containers', () => {
    const c = cluster({ harness: false, now: T(1) });
    const out = ok(
      c.create(
        obj({
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'nginx', labels: { app: 'nginx' } },
          spec: { selector: { matchLabels: { app: 'nginx' } }, template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image: 'nginx' }] } } },
        }),
        { fieldManager: 'kubectl-client-side-apply' },
      ),
    );
    const [e] = entries(out);
    expect(e).toContain('"f:spec":{"f:progressDeadlineSeconds":{},"f:replicas":{},"f:revisionHistoryLimit":{},"f:selector":{},"f:strategy":{"f:rollingUpdate":{".":{},"f:maxSurge":{},"f:maxUnavailable":{}},"f:type":{}},"f:template":{"f:metadata":{"f:labels":{".":{},"f:app":{}}},"f:spec":{"f:containers":{"k:{\\"name\\":\\"nginx\\"}":{".":{},"f:image":{},"f:imagePullPolicy":{},"f:name":{},"f:resources":{},"f:terminationMessagePath":{},"f:terminationMessagePolicy":{}}},"f:dnsPolicy":{}');
    expect(getPath(out, ['spec', 'template', 'metadata', 'creationTimestamp'])).toBeNull();
    expect(getPath(out, ['status'])).toEqual({});
  });
});

describe('strategic merge patch', () => {
  const live = obj({
    spec: {
      template: {
        spec: {
          containers: [
            { name: 'a', image: 'a:1', env: [{ name: 'X', value: '1' }] },
            { name: 'b', image: 'b:1' },
          ],
        },
      },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1 } },
    },
  });
  const smp = (patch: unknown) => {
    const r = applyStrategicMergePatch(live, obj(patch), podSpecAtom());
    if (!r.ok) throw new Error(r.message);
    return r.value as KubeObject;
  };
  it('merges lists by merge key and deletes with null', () => {
    const out = smp({ spec: { template: { spec: { containers: [{ name: 'a', env: [{ name: 'Y', value: '2' }] }] } } } });
    // Without $setElementOrder, items only in the patch come before the live-only ones (upstream's mergeSortedSlice).
    expect(getPath(out, ['spec', 'template', 'spec', 'containers'])).toEqual([
      { name: 'a', image: 'a:1', env: [{ name: 'Y', value: '2' }, { name: 'X', value: '1' }] },
      { name: 'b', image: 'b:1' },
    ]);
    expect(getPath(smp({ spec: { strategy: { rollingUpdate: null } } }), ['spec', 'strategy'])).toEqual({ type: 'RollingUpdate' });
  });
  it('$patch: delete and replace in lists, $retainKeys, $setElementOrder', () => {
    expect(getPath(smp({ spec: { template: { spec: { containers: [{ name: 'a', $patch: 'delete' }] } } } }), ['spec', 'template', 'spec', 'containers'])).toEqual([
      { name: 'b', image: 'b:1' },
    ]);
    expect(getPath(smp({ spec: { template: { spec: { containers: [{ name: 'c', image: 'c' }, { $patch: 'replace' }] } } } }), ['spec', 'template', 'spec', 'containers'])).toEqual([
      { name: 'c', image: 'c' },
    ]);
    expect(getPath(smp({ spec: { strategy: { $retainKeys: ['type'], type: 'Recreate' } } }), ['spec', 'strategy'])).toEqual({ type: 'Recreate' });
    const ordered = smp({
      spec: { template: { spec: { '$setElementOrder/containers': [{ name: 'b' }, { name: 'a' }], containers: [{ name: 'b', image: 'b:2' }] } } },
    });
    expect((getPath(ordered, ['spec', 'template', 'spec', 'containers']) as KubeObject[]).map((c) => `${c.name}=${c.image}`)).toEqual(['b=b:2', 'a=a:1']);
    expect(getPath(smp({ spec: { template: { spec: { containers: [{ name: 'a', $patch: 'replace', image: 'z' }] } } } }), ['spec', 'template', 'spec', 'containers'])).toEqual([]);
  });
  it('through the server: kubectl set env style patch records only the new item', () => {
    const c = cluster({ now: T(1) });
    const d = ref('apps/v1', 'Deployment', 'd');
    ok(c.create(obj({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { template: { spec: { containers: [{ name: 'a', image: 'a' }] } } } }), { fieldManager: 'creator' }));
    c.setTime(T(2));
    ok(c.patch(d, 'strategic', { spec: { template: { spec: { containers: [{ name: 'a', env: [{ name: 'FOO', value: 'bar' }] }] } } } }, { fieldManager: 'kubectl-set' }));
    expect(entries(c.object(d))).toContain(
      `kubectl-set | Update | apps/v1 |  | ${T(2)} | {"f:spec":{"f:template":{"f:spec":{"f:containers":{"k:{\\"name\\":\\"a\\"}":{"f:env":{".":{},"k:{\\"name\\":\\"FOO\\"}":{".":{},"f:name":{},"f:value":{}}}}}}}}}`,
    );
  });
  it('JSON patch: replace and remove (spec §6 example)', () => {
    const c = cluster({ now: T(1) });
    const cmRef = ref('v1', 'ConfigMap', 'x');
    ok(c.create(obj({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' }, data: { a: '1', b: '2' } }), { fieldManager: 'kubectl-client-side-apply' }));
    c.setTime(T(2));
    ok(c.patch(cmRef, 'json', '[{"op":"replace","path":"/data/a","value":"9"},{"op":"remove","path":"/data/b"}]', { fieldManager: 'kubectl-patch' }));
    expect(entries(c.object(cmRef))).toEqual([
      `kubectl-client-side-apply | Update | v1 |  | ${T(1)} | {"f:data":{}}`,
      `kubectl-patch | Update | v1 |  | ${T(2)} | {"f:data":{"f:a":{}}}`,
    ]);
    const f = fail(c.patch(cmRef, 'json', [{ op: 'test', path: '/data/a', value: 'no' }], { fieldManager: 'p' }));
    // kube-apiserver answers with the generic 422; json-patch's text (testing value ... failed) is not in it.
    expect(f).toMatchObject({ code: 422, reason: 'Invalid', message: 'the server rejected our request due to an error in our request' });
    expect(fail(c.patch(cmRef, 'json', [{ op: 'add', path: '/__proto__/x', value: 1 }], { fieldManager: 'p' })).code).toBe(422);
  });
});

describe('naming helpers', () => {
  it('request URIs and kubectl names', () => {
    const c = cluster();
    expect(requestUri(c.state, ref('apps/v1', 'DaemonSet', 'aws-node', 'kube-system'), { dryRun: true, fieldManager: 'eks', force: false })).toBe(
      '/apis/apps/v1/namespaces/kube-system/daemonsets/aws-node?dryRun=All&fieldManager=eks&force=false',
    );
    expect(requestUri(c.state, { apiVersion: 'v1', kind: 'Node', name: 'n1' }, { subresource: 'status' })).toBe('/api/v1/nodes/n1/status');
    expect(objectDisplayName('Deployment', 'apps', 'nginx')).toBe('deployment.apps/nginx');
    expect(objectDisplayName('ConfigMap', '', 'test')).toBe('configmap/test');
  });
});

describe('more of §1.7 and subresources', () => {
  it('client-sent entries on create lose every field the object sets; the creator joins its own entry', () => {
    const c = cluster({ now: T(5) });
    const sent = [
      { manager: 'other', operation: 'Update', apiVersion: 'v1', time: T(1), fieldsType: 'FieldsV1', fieldsV1: { 'f:data': { 'f:a': {}, 'f:zzz': {} } } },
      { manager: 'creator', operation: 'Update', apiVersion: 'v1', time: T(2), fieldsType: 'FieldsV1', fieldsV1: { 'f:data': { 'f:yyy': {} } } },
    ];
    const out = ok(c.create(obj({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', managedFields: sent }, data: { a: '1' } }), { fieldManager: 'creator' }));
    expect(entries(out)).toEqual([
      `other | Update | v1 |  | ${T(1)} | {"f:data":{"f:zzz":{}}}`,
      `creator | Update | v1 |  | ${T(5)} | {"f:data":{".":{},"f:a":{},"f:yyy":{}}}`,
    ]);
  });

  it('an apply to /status carries the parent kind and owns only status', () => {
    const c = cluster({ now: T(1) });
    const d = ref('apps/v1', 'Deployment', 'd');
    ok(c.apply(obj({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { replicas: 1 } }), { fieldManager: 'm' }));
    ok(
      c.apply(obj({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { replicas: 7 }, status: { readyReplicas: 1 } }), {
        fieldManager: 'ctrl',
        subresource: 'status',
      }),
    );
    expect(getPath(c.object(d)!, ['spec', 'replicas'])).toBe(1);
    expect(entries(c.object(d))).toContain(`ctrl | Apply | apps/v1 | status | ${T(1)} | {"f:status":{"f:readyReplicas":{}}}`);
  });

  it('a custom resource without a schema: deduced types, status and scale subresources', async () => {
    const { customResource } = await import('../../src/apiserver/index.js');
    const c = cluster({
      now: T(1),
      resources: [
        customResource({
          group: 'example.com',
          kind: 'Widget',
          versions: ['v1'],
          status: true,
          scale: { specReplicasPath: ['spec', 'size'], statusReplicasPath: ['status', 'size'] },
        }),
      ],
    });
    const w = ref('example.com/v1', 'Widget', 'w');
    const created = ok(c.apply(obj({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' }, spec: { size: 1, color: 'red' } }), { fieldManager: 'a' }));
    expect(created.metadata).toMatchObject({ generation: 1 });
    ok(c.patch(w, 'merge', { spec: { replicas: 3 } }, { subresource: 'scale', fieldManager: 'hpa' }));
    expect(getPath(c.object(w)!, ['spec', 'size'])).toBe(3);
    expect(entries(c.object(w))).toEqual([
      // Deduced schema: every map key is free-form, so spec itself is owned too.
      `a | Apply | example.com/v1 |  | ${T(1)} | {"f:spec":{".":{},"f:color":{}}}`,
      'hpa | Update | example.com/v1 | scale |  | {"f:spec":{"f:size":{}}}',
    ]);
  });
});
