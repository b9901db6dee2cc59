/**
 * The API server says which conflicts its last-applied exception forgave (apiserver-semantics
 * §2.8): the exact 409 text stays as it is; the response additionally names, in the 409 causes'
 * shape, the conflicts that were not reported and with whom (issue 10, observation 6).
 */
import { describe, expect, it } from 'vitest';
import { LAST_APPLIED } from '../../src/apiserver/index.js';
import { cluster, fail, obj, ok, ref, T } from './helpers.js';

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
  ok(c.create(obj({ ...L, metadata: { ...L.metadata, annotations: { [LAST_APPLIED]: JSON.stringify(L) } } }), { fieldManager: 'test_client_side_apply' }));
  if (liveReplicas !== 3) ok(c.patch(ref('apps/v1', 'Deployment', 'deployment'), 'merge', { spec: { replicas: liveReplicas } }, { fieldManager: 'test_client_side_apply' }));
  return c;
};
const body = obj({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'deployment', labels: { app: 'my-new-label' } },
  spec: { replicas: 5, template: { metadata: { labels: { app: 'my-app' } }, spec: { containers: [{ name: 'my-c', image: 'my-image' }] } } },
});
const cause = (field: string) => ({ reason: 'FieldManagerConflict', message: 'conflict with "test_client_side_apply" using apps/v1', field });

describe('forgiven conflicts in the response', () => {
  it('all forgiven: 200, and the response names both conflicts with their owner', () => {
    const r = setup(3).apply(body, { fieldManager: 'kubectl', force: false });
    ok(r);
    expect(r.forgivenConflicts).toEqual([cause('.metadata.labels.app'), cause('.spec.replicas')]);
  });

  it('some forgiven: the 409 names only the rest (text unchanged), the response the forgiven one', () => {
    const r = setup(100).apply(body, { fieldManager: 'kubectl', force: false });
    expect(fail(r).message).toBe('Apply failed with 1 conflict: conflict with "test_client_side_apply" using apps/v1: .spec.replicas');
    expect(r.forgivenConflicts).toEqual([cause('.metadata.labels.app')]);
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
