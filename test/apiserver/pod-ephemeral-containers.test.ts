/**
 * The pods/ephemeralcontainers subresource as kube-apiserver 1.32 serves it (pkg/registry/core/pod:
 * podEphemeralContainersStrategy, dropNonEphemeralContainerUpdates over dropPodUpdates; and
 * pkg/apis/core/validation ValidatePodEphemeralContainersUpdate): a write there changes only
 * spec.ephemeralContainers, keeps the stored managedFields, and may neither remove nor change an
 * ephemeral container the pod has.
 */
import { describe, expect, it } from 'vitest';
import { cluster, entries, fail, obj, ok, ref } from './helpers.js';
import { getPath } from '../../src/apiserver/object-paths.js';

const P = ref('v1', 'Pod', 'p');
const debug = { name: 'dbg', image: 'busybox', terminationMessagePolicy: 'File' };
const created = (meta: object = {}, spec: object = {}) => {
  const c = cluster({ harness: false, now: '2024-02-24T15:24:00Z' });
  ok(c.create(obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default', labels: { app: 'a' }, ...meta }, spec: { containers: [{ name: 'web', image: 'nginx' }], ...spec } }), { fieldManager: 'kubectl-create' }));
  return c;
};
const EC = { subresource: 'ephemeralcontainers' };

describe('pods/ephemeralcontainers (1.32)', () => {
  it('a strategic merge patch adds an ephemeral container and changes nothing else, managedFields included', () => {
    const c = created();
    const before = ok(c.get(P));
    const r = c.patch(P, 'strategic', { metadata: { labels: { app: 'changed' } }, spec: { containers: [{ name: 'web', image: 'nginx:2' }], ephemeralContainers: [debug] } }, { fieldManager: 'kubectl-debug', ...EC });
    const after = ok(r);
    expect(getPath(after, ['spec', 'ephemeralContainers'])).toMatchObject([{ name: 'dbg', image: 'busybox' }]);
    expect(getPath(after, ['spec', 'containers'])).toMatchObject([{ name: 'web', image: 'nginx' }]);
    expect(getPath(after, ['metadata', 'labels'])).toEqual({ app: 'a' });
    expect(entries(after)).toEqual(entries(before));
    expect(getPath(after, ['metadata', 'resourceVersion'])).not.toBe(getPath(before, ['metadata', 'resourceVersion']));
    expect(ok(c.get(P, 'ephemeralcontainers'))).toEqual(ok(c.get(P)));
  });
  it('refuses removing or changing an existing ephemeral container, and checks a new one as a pod spec', () => {
    const c = created();
    ok(c.patch(P, 'strategic', { spec: { ephemeralContainers: [debug] } }, { fieldManager: 'kubectl-debug', ...EC }));
    expect(fail(c.patch(P, 'json', [{ op: 'remove', path: '/spec/ephemeralContainers/0' }], { fieldManager: 'm', ...EC })).message).toBe(
      'Pod "p" is invalid: spec.ephemeralContainers: Forbidden: existing ephemeral containers "dbg" may not be removed\n',
    );
    expect(fail(c.patch(P, 'strategic', { spec: { ephemeralContainers: [{ name: 'dbg', image: 'alpine' }] } }, { fieldManager: 'm', ...EC })).message).toBe(
      'Pod "p" is invalid: spec.ephemeralContainers: Forbidden: existing ephemeral containers "dbg" may not be changed\n  core.EphemeralContainer{...}',
    );
    expect(fail(c.patch(P, 'strategic', { spec: { '$setElementOrder/ephemeralContainers': [{ name: 'dbg' }, { name: 'two' }], ephemeralContainers: [{ name: 'two', image: 'alpine', ports: [{ containerPort: 80 }] }] } }, { fieldManager: 'm', ...EC })).message).toBe(
      'Pod "p" is invalid: spec.ephemeralContainers[1].ports: Forbidden: cannot be set for an Ephemeral Container',
    );
  });
  it('a PUT there takes the whole pod and keeps only its ephemeral containers', () => {
    const c = created();
    const live = ok(c.get(P, 'ephemeralcontainers')) as Record<string, unknown>;
    const body = { ...live, metadata: { ...(live.metadata as object), labels: { app: 'changed' } }, spec: { ...(live.spec as object), ephemeralContainers: [debug] } };
    const after = ok(c.update(obj(body), { fieldManager: 'm', ...EC }));
    expect(getPath(after, ['metadata', 'labels'])).toEqual({ app: 'a' });
    expect(getPath(after, ['spec', 'ephemeralContainers'])).toMatchObject([{ name: 'dbg' }]);
  });
  it('a static pod takes no ephemeral containers', () => {
    const c = created({ annotations: { 'kubernetes.io/config.mirror': 'x' } }, { nodeName: 'n1' });
    const f = fail(c.patch(P, 'strategic', { spec: { ephemeralContainers: [debug] } }, { fieldManager: 'm', ...EC }));
    expect(f.message).toBe('Pod "p" is invalid: : Forbidden: static pods do not support ephemeral containers');
    // Go's StatusCause omits an empty field (json:"field,omitempty"): the cause has no field key.
    expect(f.causes).toEqual([{ reason: 'FieldValueForbidden', message: 'Forbidden: static pods do not support ephemeral containers' }]);
  });
  it('the main resource still refuses them, and other kinds have no such subresource', () => {
    const c = created();
    expect(fail(c.patch(P, 'strategic', { spec: { ephemeralContainers: [debug] } }, { fieldManager: 'm' })).message).toContain('spec: Forbidden: pod updates may not change fields other than');
    expect(fail(c.get(ref('v1', 'ConfigMap', 'x'), 'ephemeralcontainers')).code).toBe(404);
  });
});
