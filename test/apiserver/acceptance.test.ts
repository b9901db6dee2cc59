/**
 * The acceptance scenarios of apiserver-semantics.md §7.2 (harness mode: the empty object of a
 * kind is `{apiVersion, kind}`), with the expected entries and texts.
 */
import { describe, expect, it } from 'vitest';
import { cluster, entries, fail, obj, ok, ref, T } from './helpers.js';
import { LAST_APPLIED } from '../../src/apiserver/index.js';
import { getPath } from '../../src/apiserver/object-paths.js';

const deployment = (labels: Record<string, string>, replicas: number, containers = [{ name: 'nginx', image: 'nginx:latest' }]) =>
  obj({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'deployment', labels },
    spec: { replicas, selector: { matchLabels: labels }, template: { metadata: { labels }, spec: { containers } } },
  });

describe('AT-1 update-then-apply conflict', () => {
  it('conflicts with the Update owner, then force takes replicas', () => {
    const c = cluster({ now: T(1) });
    ok(c.create(deployment({ app: 'nginx' }, 3), { fieldManager: 'fieldmanager_test' }));
    const step1 =
      'fieldmanager_test | Update | apps/v1 |  | ' +
      T(1) +
      ' | {"f:metadata":{"f:labels":{".":{},"f:app":{}}},"f:spec":{".":{},"f:replicas":{},"f:selector":{},"f:template":{".":{},"f:metadata":{".":{},"f:labels":{".":{},"f:app":{}}},"f:spec":{".":{},"f:containers":{".":{},"k:{\\"name\\":\\"nginx\\"}":{".":{},"f:image":{},"f:name":{}}}}}}}';
    const d = ref('apps/v1', 'Deployment', 'deployment');
    expect(entries(c.object(d))).toEqual([step1]);

    c.setTime(T(2));
    const body = obj({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'deployment' }, spec: { replicas: 101 } });
    const before = c.object(d);
    const f = fail(c.apply(body, { fieldManager: 'fieldmanager_conflict', force: false }));
    expect(f.code).toBe(409);
    expect(f.reason).toBe('Conflict');
    expect(f.message).toBe('Apply failed with 1 conflict: conflict with "fieldmanager_test" using apps/v1: .spec.replicas');
    expect(f.causes).toEqual([{ reason: 'FieldManagerConflict', message: 'conflict with "fieldmanager_test" using apps/v1', field: '.spec.replicas' }]);
    expect(c.object(d)).toEqual(before);

    ok(c.apply(body, { fieldManager: 'fieldmanager_conflict', force: true }));
    expect(entries(c.object(d))).toEqual([
      `fieldmanager_conflict | Apply | apps/v1 |  | ${T(2)} | {"f:spec":{"f:replicas":{}}}`,
      step1.replace('"f:replicas":{},', ''),
    ]);
  });
});

describe('AT-2 before-first-apply', () => {
  it('an untracked object conflicts with before-first-apply, and force leaves it the labels marker', () => {
    const c = cluster({ now: T(1) });
    const p = ref('v1', 'Pod', 'pod');
    ok(c.create(obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'pod', labels: { app: 'my-nginx' } } }), { fieldManager: 'creator' }));
    // Untrack it (a reset on an existing object), then update: still untracked.
    const live = c.object(p)!;
    ok(c.update(obj({ ...live, metadata: { ...(live.metadata as object), managedFields: [] } }), { fieldManager: 'x' }));
    expect(entries(c.object(p))).toEqual([]);
    ok(c.patch(p, 'merge', { metadata: { labels: { other: 'x' } } }, { fieldManager: 'x' }));
    ok(c.patch(p, 'merge', { metadata: { labels: { other: null } } }, { fieldManager: 'x' }));
    expect(entries(c.object(p))).toEqual([]);

    const body = obj({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'pod', labels: { app: 'nginx' } },
      spec: { containers: [{ name: 'nginx', image: 'nginx:latest' }] },
    });
    const f = fail(c.apply(body, { fieldManager: 'fieldmanager_test_apply', force: false }));
    expect(f.message).toBe('Apply failed with 1 conflict: conflict with "before-first-apply" using v1: .metadata.labels.app');
    expect(f.causes).toEqual([{ reason: 'FieldManagerConflict', message: 'conflict with "before-first-apply" using v1', field: '.metadata.labels.app' }]);
    expect(entries(c.object(p))).toEqual([]);

    c.setTime(T(3));
    ok(c.apply(body, { fieldManager: 'fieldmanager_test_apply', force: true }));
    expect(entries(c.object(p))).toEqual([
      `fieldmanager_test_apply | Apply | v1 |  | ${T(3)} | {"f:metadata":{"f:labels":{"f:app":{}}},"f:spec":{"f:containers":{"k:{\\"name\\":\\"nginx\\"}":{".":{},"f:image":{},"f:name":{}}}}}`,
      // The spec writes this set as {"f:labels":{".":{}}} (upstream tests compare decoded sets); a
      // map that is owned but has no owned children serializes as {} (SMD's Set.ToJSON).
      `before-first-apply | Update | v1 |  | ${T(3)} | {"f:metadata":{"f:labels":{}}}`,
    ]);
  });
});

describe('AT-3 kubectl forgiveness', () => {
  const L = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'deployment', labels: { app: 'my-app' } },
    spec: {
      replicas: 3,
      selector: { matchLabels: { app: 'my-app' } },
      template: { metadata: { labels: { app: 'my-app' } }, spec: { containers: [{ name: 'my-c', image: 'my-image' }] } },
    },
  };
  const setup = (liveReplicas: number) => {
    const c = cluster({ now: T(1) });
    const annotated = { ...L, metadata: { ...L.metadata, annotations: { [LAST_APPLIED]: JSON.stringify(L) } } };
    ok(c.create(obj(annotated), { fieldManager: 'test_client_side_apply' }));
    if (liveReplicas !== 3) ok(c.patch(ref('apps/v1', 'Deployment', 'deployment'), 'merge', { spec: { replicas: liveReplicas } }, { fieldManager: 'test_client_side_apply' }));
    return c;
  };
  const body = obj({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'deployment', labels: { app: 'my-new-label' } },
    spec: { replicas: 3, template: { metadata: { labels: { app: 'my-app' } }, spec: { containers: [{ name: 'my-c', image: 'my-image' }] } } },
  });

  it('forgives the label for kubectl only', () => {
    const c = setup(100);
    expect(fail(c.apply(body, { fieldManager: 'kubectl', force: false })).message).toBe(
      'Apply failed with 1 conflict: conflict with "test_client_side_apply" using apps/v1: .spec.replicas',
    );
    expect(fail(c.apply(body, { fieldManager: 'not_kubectl', force: false })).message).toBe(
      'Apply failed with 2 conflicts: conflicts with "test_client_side_apply" using apps/v1:\n- .metadata.labels.app\n- .spec.replicas',
    );
    const out = ok(c.apply(body, { fieldManager: 'kubectl', force: true }));
    expect(getPath(out, ['metadata', 'labels', 'app'])).toBe('my-new-label');
    expect(getPath(out, ['spec', 'replicas'])).toBe(3);
  });

  it('succeeds without force when live equals last-applied (case 4)', () => {
    const c = setup(3);
    const changed = obj({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'deployment', labels: { app: 'other' } },
      spec: {
        replicas: 5,
        selector: { matchLabels: { app: 'other' } },
        template: { metadata: { labels: { app: 'other' } }, spec: { containers: [{ name: 'my-c', image: 'my-image' }] } },
      },
    });
    const out = ok(c.apply(changed, { fieldManager: 'kubectl', force: false }));
    const csa = entries(out).find((e) => e.startsWith('test_client_side_apply'))!;
    expect(csa).not.toContain('"f:replicas"');
    expect(csa).not.toContain('"f:selector"');
  });
  // The response names what was forgiven, in the 409 causes' shape (issue 10, observation 6);
  // a real server says nothing of it, and the 409's text is unchanged.
  const cause = (field: string) => ({ reason: 'FieldManagerConflict', message: 'conflict with "test_client_side_apply" using apps/v1', field });
  it('says which conflicts it forgave: all of them (200), or some (the 409 names the rest)', () => {
    const all = setup(3).apply(body, { fieldManager: 'kubectl', force: false });
    ok(all);
    expect(all.forgivenConflicts).toEqual([cause('.metadata.labels.app')]);
    const some = setup(100).apply(body, { fieldManager: 'kubectl', force: false });
    expect(fail(some).message).toBe('Apply failed with 1 conflict: conflict with "test_client_side_apply" using apps/v1: .spec.replicas');
    expect(some.forgivenConflicts).toEqual([cause('.metadata.labels.app')]);
  });

  it('another manager, force, or no conflict: nothing forgiven, nothing said', () => {
    const c = setup(3);
    const other = c.apply(body, { fieldManager: 'not_kubectl', force: false });
    expect(fail(other).code).toBe(409);
    expect(other.forgivenConflicts).toBeUndefined();
    const forced = c.apply(body, { fieldManager: 'kubectl', force: true, dryRun: ['All'] });
    ok(forced);
    expect(forced.forgivenConflicts).toBeUndefined();
    const same = c.apply(obj(L), { fieldManager: 'kubectl', force: false });
    ok(same);
    expect(same.forgivenConflicts).toBeUndefined();
  });
});

describe('AT-4 invalid last-applied annotation', () => {
  it('forgives nothing, and a forced apply rewrites the annotation', () => {
    const c = cluster({ now: T(1) });
    ok(
      c.create(
        obj({
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'my-deployment', labels: { app: 'my-app-v1' }, annotations: { [LAST_APPLIED]: 'invalid-object' } },
          spec: { replicas: 1 },
        }),
        { fieldManager: 'kubectl-client-side-apply-test' },
      ),
    );
    const body = obj({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'my-deployment', labels: { app: 'my-app-v2' } }, spec: { replicas: 100 } });
    expect(fail(c.apply(body, { fieldManager: 'kubectl', force: false })).message).toBe(
      'Apply failed with 2 conflicts: conflicts with "kubectl-client-side-apply-test" using apps/v1:\n- .metadata.labels.app\n- .spec.replicas',
    );
    const d = ref('apps/v1', 'Deployment', 'my-deployment');
    expect(getPath(c.object(d)!, ['metadata', 'annotations', LAST_APPLIED])).toBe('invalid-object');
    const out = ok(c.apply(body, { fieldManager: 'kubectl', force: true }));
    expect(getPath(out, ['metadata', 'annotations', LAST_APPLIED])).toBe(
      '{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"labels":{"app":"my-app-v2"},"name":"my-deployment"},"spec":{"replicas":100}}\n',
    );
  });
});

describe('AT-5 reset and re-start of tracking', () => {
  const pod = (labels: Record<string, string>, extra: object = {}) => obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'pod', labels, ...extra } });
  it('[] and [{}] stop tracking; the next apply restarts it with before-first-apply', () => {
    for (const reset of [[], [{}]]) {
      const c = cluster({ now: T(1) });
      const p = ref('v1', 'Pod', 'pod');
      ok(c.apply(pod({ a: 'b' }), { fieldManager: 'a' }));
      expect(entries(c.object(p))).toHaveLength(1);
      c.setTime(T(2));
      const live = c.object(p)!;
      ok(c.update(obj({ ...live, metadata: { ...(live.metadata as object), managedFields: reset } }), { fieldManager: 'u' }));
      expect(c.object(p)!.metadata).not.toHaveProperty('managedFields');
      ok(c.patch(p, 'merge', { metadata: { labels: { a: 'c' } } }, { fieldManager: 'u2' }));
      expect(entries(c.object(p))).toEqual([]);
      c.setTime(T(4));
      ok(c.apply(pod({ a: 'c' }), { fieldManager: 's', force: false }));
      expect(entries(c.object(p))).toEqual([
        's | Apply | v1 |  |  | {"f:metadata":{"f:labels":{"f:a":{}}}}',
        `before-first-apply | Update | v1 |  | ${T(4)} | {"f:metadata":{"f:labels":{".":{},"f:a":{}}}}`,
      ]);
    }
  });

  it('an apply sending managedFields is a 400', () => {
    const c = cluster();
    for (const mf of [[], [{}]]) {
      const f = fail(c.apply(pod({ a: 'b' }, { managedFields: mf }), { fieldManager: 'a' }));
      expect(f).toMatchObject({ code: 400, reason: 'BadRequest', message: 'metadata.managedFields must be nil' });
    }
    ok(c.apply(pod({ a: 'b' }, { managedFields: null }), { fieldManager: 'a' }));
  });
});

describe('AT-6 no-op semantics and time', () => {
  it('a new applier of a no-op gets no time; no-op updates and re-applies change nothing', () => {
    const c = cluster({ now: T(1) });
    const p = ref('v1', 'Pod', 'pod');
    const body = obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'pod', labels: { a: 'b' } } });
    ok(c.apply(body, { fieldManager: 'A' }));
    expect(entries(c.object(p))).toEqual([`A | Apply | v1 |  | ${T(1)} | {"f:metadata":{"f:labels":{"f:a":{}}}}`]);
    c.setTime(T(2));
    ok(c.apply(body, { fieldManager: 'B' }));
    const two = [`B | Apply | v1 |  |  | {"f:metadata":{"f:labels":{"f:a":{}}}}`, `A | Apply | v1 |  | ${T(1)} | {"f:metadata":{"f:labels":{"f:a":{}}}}`];
    expect(entries(c.object(p))).toEqual(two);
    const before = c.object(p)!;
    c.setTime(T(3));
    ok(c.update(before, { fieldManager: 'U' }));
    expect(c.object(p)).toEqual(before);
    c.setTime(T(4));
    ok(c.apply(body, { fieldManager: 'A', force: true }));
    expect(c.object(p)).toEqual(before);
    c.setTime(T(5));
    const f = fail(c.apply(obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'pod', labels: { a: 'c' } } }), { fieldManager: 'A', force: false }));
    expect(f.message).toBe('Apply failed with 1 conflict: conflict with "B": .metadata.labels.a');
  });
});

describe('AT-11 subresources ignore client managedFields', () => {
  it('a status update records its own entry and cannot edit or reset entries', () => {
    const c = cluster({ now: T(1) });
    const p = ref('v1', 'Pod', 'pod');
    ok(c.create(obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'pod', annotations: { x: 'y' } } }), { fieldManager: 'creator' }));
    const live = c.object(p)!;
    const sent = [{ manager: 'test', operation: 'Apply', apiVersion: 'apps/v1', fieldsType: 'FieldsV1', fieldsV1: { 'f:metadata': { 'f:labels': { 'f:another_field': {} } } } }];
    ok(c.update(obj({ ...live, metadata: { ...(live.metadata as object), labels: { a: 'b' }, managedFields: sent } }), { fieldManager: 'fieldmanager_test_subresource', subresource: 'status' }));
    const after = entries(c.object(p));
    expect(after.filter((e) => e.startsWith('fieldmanager_test_subresource | Update | v1 | status |'))).toHaveLength(1);
    expect(after.some((e) => e.startsWith('test '))).toBe(false);
    const again = c.object(p)!;
    ok(c.update(obj({ ...again, metadata: { ...(again.metadata as object), managedFields: [] } }), { fieldManager: 'fieldmanager_test_subresource', subresource: 'status' }));
    expect(entries(c.object(p))).toEqual(after);
  });
});

describe('AT-12 scale round trip', () => {
  it('a /scale write by kubectl takes replicas from the applier and records an Update entry with subresource scale and no time', () => {
    const c = cluster({ now: T(1) });
    const d = ref('apps/v1', 'Deployment', 'deployment');
    ok(c.apply(obj({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'deployment' }, spec: { replicas: 1, selector: { matchLabels: { app: 'a' } } } }), { fieldManager: 'test' }));
    c.setTime(T(2));
    const r = ok(c.patch(d, 'merge', { spec: { replicas: 5 } }, { subresource: 'scale', userAgent: 'kubectl/v1.31.0 (linux/amd64) kubernetes/abc1234' }));
    expect(r.kind).toBe('Scale');
    expect(getPath(r, ['spec', 'replicas'])).toBe(5);
    expect(getPath(r, ['status', 'selector'])).toBe('app=a');
    expect(entries(c.object(d))).toEqual([
      `test | Apply | apps/v1 |  | ${T(1)} | {"f:spec":{"f:selector":{}}}`,
      'kubectl | Update | apps/v1 | scale |  | {"f:spec":{"f:replicas":{}}}',
    ]);
    expect(getPath(c.object(d)!, ['spec', 'replicas'])).toBe(5);
    expect(getPath(c.object(d)!, ['metadata', 'generation'])).toBe(2);
  });

  it('a non-apply /scale write is untracked when nobody owned replicas', () => {
    const c = cluster({ now: T(1) });
    const d = ref('apps/v1', 'Deployment', 'deployment');
    ok(c.apply(obj({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'deployment', labels: { a: 'b' } } }), { fieldManager: 'test' }));
    ok(c.patch(d, 'merge', { spec: { replicas: 5 } }, { subresource: 'scale', fieldManager: 'hpa' }));
    expect(entries(c.object(d))).toEqual([`test | Apply | apps/v1 |  | ${T(1)} | {"f:metadata":{"f:labels":{"f:a":{}}}}`]);
    expect(getPath(c.object(d)!, ['spec', 'replicas'])).toBe(5);
  });

  it('an apply to /scale carries a Scale body', () => {
    const c = cluster({ now: T(1) });
    const d = ref('apps/v1', 'Deployment', 'deployment');
    ok(c.apply(obj({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'deployment' }, spec: { replicas: 1 } }), { fieldManager: 'test' }));
    const scale = obj({ apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'deployment' }, spec: { replicas: 3 } });
    expect(fail(c.apply(scale, { fieldManager: 'scaler', target: d, subresource: 'scale' })).message).toBe(
      'Apply failed with 1 conflict: conflict with "test": .spec.replicas',
    );
    c.setTime(T(2));
    ok(c.apply(scale, { fieldManager: 'scaler', target: d, subresource: 'scale', force: true }));
    expect(entries(c.object(d))).toEqual(['scaler | Apply | apps/v1 | scale |  | {"f:spec":{"f:replicas":{}}}']);
  });
});

describe('AT-13 last-applied maintenance', () => {
  const body = (annotation: string) =>
    obj({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'deployment', annotations: { [LAST_APPLIED]: annotation } },
      spec: { template: { spec: { containers: [{ name: 'my-app', image: 'my-image' }] } } },
    });
  it('only kubectl rewrites it', () => {
    const c = cluster();
    const d = ref('apps/v1', 'Deployment', 'deployment');
    ok(c.apply(body('nonempty'), { fieldManager: 'NOT-KUBECTL' }));
    expect(getPath(c.object(d)!, ['metadata', 'annotations', LAST_APPLIED])).toBe('nonempty');
    ok(c.apply(body('nonempty'), { fieldManager: 'kubectl', force: true }));
    const v = getPath(c.object(d)!, ['metadata', 'annotations', LAST_APPLIED]) as string;
    expect(v).toBe(
      '{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{},"name":"deployment"},"spec":{"template":{"spec":{"containers":[{"image":"my-image","name":"my-app"}]}}}}\n',
    );
  });
  it('an oversized annotation is removed and the apply succeeds', () => {
    const c = cluster();
    const cm = (big: string) => obj({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', annotations: { [LAST_APPLIED]: 'x' } }, data: { big } });
    ok(c.apply(cm('small'), { fieldManager: 'kubectl' }));
    const out = ok(c.apply(cm('z'.repeat(262144)), { fieldManager: 'kubectl', force: true }));
    expect(getPath(out, ['metadata', 'annotations', LAST_APPLIED])).toBeUndefined();
  });
});

describe('AT-14 strip only', () => {
  it('never-tracked fields and invalid client entries give no entry', () => {
    const c = cluster();
    const out = ok(
      c.create(
        obj({
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'd', namespace: 'default', creationTimestamp: '2020-01-01T00:00:00Z', generation: 0, managedFields: [{ manager: 'update', operation: 'Apply', apiVersion: 'apps/v1' }] },
        }),
        { fieldManager: 'fieldmanager_test' },
      ),
    );
    expect(entries(out)).toEqual([]);
  });
});

describe('AT-15 updates take over silently', () => {
  it('moves fields between Update managers with the right times', () => {
    const c = cluster({ now: T(1) });
    const cm = ref('v1', 'ConfigMap', 'cm');
    const put = (data: Record<string, string>, manager: string) => {
      const live = c.object(cm);
      const body = obj({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { ...((live?.metadata as object) ?? { name: 'cm' }) }, data });
      return ok(live ? c.update(body, { fieldManager: manager }) : c.create(body, { fieldManager: manager }));
    };
    put({ key_a: 'value', key_b: 'value' }, 'A');
    expect(entries(c.object(cm))).toEqual([`A | Update | v1 |  | ${T(1)} | {"f:data":{".":{},"f:key_a":{},"f:key_b":{}}}`]);
    c.setTime(T(2));
    put({ key_b: 'new-value' }, 'B');
    expect(entries(c.object(cm))).toEqual([
      `A | Update | v1 |  | ${T(1)} | {"f:data":{}}`, // the spec's {"f:data":{".":{}}}, as serialized
      `B | Update | v1 |  | ${T(2)} | {"f:data":{"f:key_b":{}}}`,
    ]);
    c.setTime(T(3));
    put({ key_a: 'value', key_b: 'new-value' }, 'A');
    expect(entries(c.object(cm))).toEqual([
      `B | Update | v1 |  | ${T(2)} | {"f:data":{"f:key_b":{}}}`,
      `A | Update | v1 |  | ${T(3)} | {"f:data":{".":{},"f:key_a":{}}}`,
    ]);
  });
});
