/**
 * The apps/v1 workloads as kube-apiserver 1.32 validates them (pkg/apis/apps/validation and the
 * registry strategies' ValidateUpdate): on create a selector that is required, valid, not empty
 * and matching the template's labels, and a template with containers that have names and images;
 * on update (every write path) the selector immutable and a StatefulSet's spec frozen but for the
 * fields it lists. The 422 texts print values as Go's `%#v` does (go-syntax.ts).
 */
import { describe, expect, it } from 'vitest';
import type { PatchType } from '../../src/apiserver/index.js';
import { cluster, fail, obj, ok, ref } from './helpers.js';

const NOW = '2024-02-24T15:24:00Z';
const IMMUTABLE_SELECTOR =
  'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"web2"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable';
const MISMATCH = '`selector` does not match template `labels`';

function workload(kind: string, labels: Record<string, string> | undefined, selector: unknown, extra: Record<string, unknown> = {}) {
  return {
    apiVersion: 'apps/v1',
    kind,
    metadata: { name: 'web', namespace: 'default' },
    spec: {
      ...(selector === undefined ? {} : { selector }),
      template: { metadata: labels ? { labels } : {}, spec: { containers: [{ name: 'web', image: 'nginx' }] } },
      ...extra,
    },
  };
}

const real = () => cluster({ harness: false, now: NOW });

describe('create: selector and template', () => {
  it('a Deployment without a selector: required, and the template does not match it', () => {
    const r = fail(real().create(obj(workload('Deployment', { app: 'web' }, undefined)), { fieldManager: 'm' }));
    expect(r.code).toBe(422);
    expect(r.message).toBe(
      'Deployment.apps "web" is invalid: [spec.selector: Required value, spec.template.metadata.labels: Invalid value: map[string]string{"app":"web"}: ' + MISMATCH + ']',
    );
    expect(r.causes).toEqual([
      { reason: 'FieldValueRequired', message: 'Required value', field: 'spec.selector' },
      { reason: 'FieldValueInvalid', message: 'Invalid value: map[string]string{"app":"web"}: ' + MISMATCH, field: 'spec.template.metadata.labels' },
    ]);
  });

  it('a selector that does not match the template labels, by labels and by expressions', () => {
    const byLabels = fail(real().create(obj(workload('ReplicaSet', { app: 'web', tier: 'a' }, { matchLabels: { app: 'other' } })), { fieldManager: 'm' }));
    expect(byLabels.message).toBe('ReplicaSet.apps "web" is invalid: spec.template.metadata.labels: Invalid value: map[string]string{"app":"web", "tier":"a"}: ' + MISMATCH);
    const selector = { matchExpressions: [{ key: 'tier', operator: 'NotIn', values: ['a'] }] };
    const byExpressions = fail(real().create(obj(workload('Deployment', { app: 'web', tier: 'a' }, selector)), { fieldManager: 'm' }));
    expect(byExpressions.message).toBe('Deployment.apps "web" is invalid: spec.template.metadata.labels: Invalid value: map[string]string{"app":"web", "tier":"a"}: ' + MISMATCH);
    const matching = { matchExpressions: [{ key: 'tier', operator: 'In', values: ['a', 'b'] }, { key: 'gone', operator: 'DoesNotExist' }] };
    ok(real().create(obj(workload('Deployment', { app: 'web', tier: 'a' }, matching)), { fieldManager: 'm' }));
  });

  it('a DaemonSet needs no selector field, but nothing matches an absent one; an empty selector is refused', () => {
    const none = fail(real().create(obj(workload('DaemonSet', undefined, undefined)), { fieldManager: 'm' }));
    expect(none.message).toBe('DaemonSet.apps "web" is invalid: spec.template.metadata.labels: Invalid value: map[string]string(nil): ' + MISMATCH);
    const empty = fail(real().create(obj(workload('DaemonSet', { app: 'web' }, {})), { fieldManager: 'm' }));
    expect(empty.message).toBe(
      'DaemonSet.apps "web" is invalid: spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for daemonset',
    );
  });

  it('an invalid selector: its own errors, then "invalid label selector" instead of the template check', () => {
    const selector = { matchExpressions: [{ key: 'tier', operator: 'Within', values: ['a'] }] };
    const r = fail(real().create(obj(workload('Deployment', { tier: 'a' }, selector)), { fieldManager: 'm' }));
    expect(r.message).toBe(
      'Deployment.apps "web" is invalid: [spec.selector.matchExpressions[0].operator: Invalid value: "Within": not a valid selector operator, ' +
        'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement{v1.LabelSelectorRequirement{Key:"tier", Operator:"Within", Values:[]string{"a"}}}}: invalid label selector]',
    );
  });

  it('containers: at least one, each with a DNS-label name and an image, no name twice', () => {
    const none = workload('Deployment', { app: 'web' }, { matchLabels: { app: 'web' } });
    none.spec.template.spec.containers = [];
    expect(fail(real().create(obj(none), { fieldManager: 'm' })).message).toBe('Deployment.apps "web" is invalid: spec.template.spec.containers: Required value');
    const bad = workload('Deployment', { app: 'web' }, { matchLabels: { app: 'web' } });
    bad.spec.template.spec.containers = [{ name: 'Web', image: 'nginx' }, { name: 'side', image: '' }, { name: 'side', image: 'busybox' }];
    const r = fail(real().create(obj(bad), { fieldManager: 'm' }));
    expect(r.message).toBe(
      'Deployment.apps "web" is invalid: [spec.template.spec.containers[0].name: Invalid value: "Web": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or \'-\', and must start and end with an alphanumeric character (e.g. \'my-name\',  or \'123-abc\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?\'), ' +
        'spec.template.spec.containers[1].image: Required value, spec.template.spec.containers[2].name: Duplicate value: "side"]',
    );
  });

  it('container resources: a request above its limit, a negative quantity, an extended resource without its limit', () => {
    const w = workload('Deployment', { app: 'web' }, { matchLabels: { app: 'web' } });
    (w.spec.template.spec.containers[0] as Record<string, unknown>).resources = { limits: { cpu: '1', memory: '256Mi' }, requests: { cpu: '2000m', memory: '256Mi' } };
    expect(fail(real().create(obj(w), { fieldManager: 'm' })).message).toBe(
      'Deployment.apps "web" is invalid: spec.template.spec.containers[0].resources.requests: Invalid value: "2": must be less than or equal to cpu limit of 1',
    );
    (w.spec.template.spec.containers[0] as Record<string, unknown>).resources = { limits: { memory: '-1Gi' }, requests: { 'example.com/gpu': '1', cpu: '100m' } };
    expect(fail(real().create(obj(w), { fieldManager: 'm' })).message).toBe(
      'Deployment.apps "web" is invalid: [spec.template.spec.containers[0].resources.limits[memory]: Invalid value: "-1Gi": must be greater than or equal to 0, ' +
        'spec.template.spec.containers[0].resources.limits: Required value: Limit must be set for non overcommitable resources]',
    );
    (w.spec.template.spec.containers[0] as Record<string, unknown>).resources = { limits: { cpu: '1', 'example.com/gpu': '2' }, requests: { cpu: '500m', 'example.com/gpu': '1' } };
    expect(fail(real().create(obj(w), { fieldManager: 'm' })).message).toBe(
      'Deployment.apps "web" is invalid: spec.template.spec.containers[0].resources.requests: Invalid value: "1": must be equal to example.com/gpu limit of 2',
    );
    (w.spec.template.spec.containers[0] as Record<string, unknown>).resources = { limits: { cpu: '1' }, requests: { cpu: '500m', memory: '1Gi' } };
    ok(real().create(obj(w), { fieldManager: 'm' }));
  });

  it('a workload restart policy other than Always', () => {
    const w = workload('ReplicaSet', { app: 'web' }, { matchLabels: { app: 'web' } });
    (w.spec.template.spec as Record<string, unknown>).restartPolicy = 'OnFailure';
    expect(fail(real().create(obj(w), { fieldManager: 'm' })).message).toBe(
      'ReplicaSet.apps "web" is invalid: spec.template.spec.restartPolicy: Unsupported value: "OnFailure": supported values: "Always"',
    );
  });

  it('a valid StatefulSet is created; its template labels must match too', () => {
    ok(real().create(obj(workload('StatefulSet', { app: 'web' }, { matchLabels: { app: 'web' } }, { serviceName: 'web' })), { fieldManager: 'm' }));
    const r = fail(real().create(obj(workload('StatefulSet', { app: 'db' }, { matchLabels: { app: 'web' } })), { fieldManager: 'm' }));
    expect(r.message).toBe('StatefulSet.apps "web" is invalid: spec.template.metadata.labels: Invalid value: map[string]string{"app":"db"}: ' + MISMATCH);
  });

  it('a bare Pod: the same container checks, at spec.containers', () => {
    const pod = (containers: unknown[]) => obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers } });
    expect(fail(real().create(pod([]), { fieldManager: 'm' })).message).toBe('Pod "p" is invalid: spec.containers: Required value');
    const r = fail(real().create(pod([{ name: 'c' }, { name: 'c', image: 'busybox', resources: { limits: { memory: '1Gi' }, requests: { memory: '2Gi' } } }]), { fieldManager: 'm' }));
    expect(r.message).toBe(
      'Pod "p" is invalid: [spec.containers[0].image: Required value, spec.containers[1].resources.requests: Invalid value: "2Gi": must be less than or equal to memory limit of 1Gi, spec.containers[1].name: Duplicate value: "c"]',
    );
    ok(real().create(pod([{ name: 'c', image: 'busybox' }]), { fieldManager: 'm' }));
  });

  it('the unit-test harness mode has no registry validation', () => {
    ok(cluster({ now: NOW }).create(obj(workload('Deployment', undefined, undefined)), { fieldManager: 'm' }));
  });
});

describe('update: the selector is immutable on every write path', () => {
  const target = (kind: string) => ref('apps/v1', kind, 'web');
  const created = (kind: string) => {
    const c = real();
    ok(c.create(obj(workload(kind, { app: 'web' }, { matchLabels: { app: 'web' } })), { fieldManager: 'creator' }));
    return c;
  };
  const changed = { spec: { selector: { matchLabels: { app: 'web2' } }, template: { metadata: { labels: { app: 'web2' } } } } };

  for (const kind of ['Deployment', 'ReplicaSet', 'DaemonSet']) {
    it(`${kind}: apply, merge and strategic patch, PUT`, () => {
      const c = created(kind);
      const applied = fail(c.apply(obj(workload(kind, { app: 'web2' }, { matchLabels: { app: 'web2' } })), { fieldManager: 'applier', force: true }));
      expect([applied.code, applied.message]).toEqual([422, `${kind}.apps "web" is invalid: ${IMMUTABLE_SELECTOR}`]);
      expect(applied.causes).toEqual([
        {
          reason: 'FieldValueInvalid',
          message: 'Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"web2"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable',
          field: 'spec.selector',
        },
      ]);
      for (const type of ['merge', 'strategic'] as PatchType[]) {
        expect(fail(c.patch(target(kind), type, changed, { fieldManager: 'patcher' })).message).toBe(`${kind}.apps "web" is invalid: ${IMMUTABLE_SELECTOR}`);
      }
      const json = '[{"op":"replace","path":"/spec/selector/matchLabels/app","value":"web2"},{"op":"replace","path":"/spec/template/metadata/labels/app","value":"web2"}]';
      expect(fail(c.patch(target(kind), 'json', json, { fieldManager: 'patcher' })).message).toBe(`${kind}.apps "web" is invalid: ${IMMUTABLE_SELECTOR}`);
      const live = c.object(target(kind))!;
      const put = obj({ ...live, spec: { ...(live.spec as object), ...changed.spec, template: { ...((live.spec as { template: object }).template), metadata: { labels: { app: 'web2' } } } } });
      expect(fail(c.update(put, { fieldManager: 'putter' })).message).toBe(`${kind}.apps "web" is invalid: ${IMMUTABLE_SELECTOR}`);
      expect((c.object(target(kind))!.spec as { selector: unknown }).selector).toEqual({ matchLabels: { app: 'web' } });
    });
  }

  it('an unchanged selector and a changed template are accepted', () => {
    const c = created('Deployment');
    ok(c.patch(target('Deployment'), 'strategic', { spec: { template: { spec: { containers: [{ name: 'web', image: 'nginx:2' }] } } } }, { fieldManager: 'p' }));
  });

  it('selector with expressions, printed by Go', () => {
    const c = real();
    const selector = { matchExpressions: [{ key: 'app', operator: 'In', values: ['web', 'www'] }] };
    ok(c.create(obj(workload('DaemonSet', { app: 'web' }, selector)), { fieldManager: 'creator' }));
    const r = fail(c.patch(target('DaemonSet'), 'merge', { spec: { selector: { matchExpressions: [{ key: 'app', operator: 'Exists' }] } } }, { fieldManager: 'p' }));
    expect(r.message).toBe(
      'DaemonSet.apps "web" is invalid: spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement{v1.LabelSelectorRequirement{Key:"app", Operator:"Exists", Values:[]string(nil)}}}: field is immutable',
    );
  });

  it('an update is validated like a create: a template that no longer matches', () => {
    const c = created('Deployment');
    const r = fail(c.patch(target('Deployment'), 'merge', { spec: { template: { metadata: { labels: { app: 'other' } } } } }, { fieldManager: 'p' }));
    expect(r.message).toBe('Deployment.apps "web" is invalid: spec.template.metadata.labels: Invalid value: map[string]string{"app":"other"}: ' + MISMATCH);
  });

  it('ReplicaSet runs its create validation inside its update validation: the message once, the causes twice', () => {
    const c = created('ReplicaSet');
    const r = fail(c.patch(target('ReplicaSet'), 'merge', { spec: { template: { metadata: { labels: { app: 'other' } } } } }, { fieldManager: 'p' }));
    expect(r.message).toBe('ReplicaSet.apps "web" is invalid: spec.template.metadata.labels: Invalid value: map[string]string{"app":"other"}: ' + MISMATCH);
    expect(r.causes?.map((x) => x.field)).toEqual(['spec.template.metadata.labels', 'spec.template.metadata.labels']);
  });

  it('the harness mode lets the selector change (apiserver-semantics AT-3, case 4)', () => {
    const c = cluster({ now: NOW });
    ok(c.create(obj(workload('Deployment', { app: 'web' }, { matchLabels: { app: 'web' } })), { fieldManager: 'creator' }));
    ok(c.patch(target('Deployment'), 'merge', changed, { fieldManager: 'p' }));
  });
});

describe('update: a StatefulSet spec is frozen but for replicas, ordinals, template, updateStrategy, retention policy, minReadySeconds', () => {
  const FORBIDDEN =
    "StatefulSet.apps \"web\" is invalid: spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden";
  const target = ref('apps/v1', 'StatefulSet', 'web');

  it('serviceName and the selector cannot change; replicas and the template can', () => {
    const c = real();
    ok(c.create(obj(workload('StatefulSet', { app: 'web' }, { matchLabels: { app: 'web' } }, { serviceName: 'web' })), { fieldManager: 'creator' }));
    expect(fail(c.patch(target, 'merge', { spec: { serviceName: 'db' } }, { fieldManager: 'p' })).message).toBe(FORBIDDEN);
    const selector = fail(c.patch(target, 'merge', { spec: { selector: { matchLabels: { app: 'web', v: '2' } }, template: { metadata: { labels: { v: '2' } } } } }, { fieldManager: 'p' }));
    expect(selector.message).toBe(FORBIDDEN);
    expect(selector.causes?.length).toBe(1);
    ok(c.patch(target, 'merge', { spec: { replicas: 3, minReadySeconds: 5, template: { metadata: { annotations: { a: 'b' } } } } }, { fieldManager: 'p' }));
  });
});
