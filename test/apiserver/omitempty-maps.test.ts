/**
 * Issue 11 item 7: a Go map field is `omitempty` in the Kubernetes API types, so an empty map
 * (`metadata.labels: {}` after the last label is removed) is not stored by a real server, and
 * whoever owned the map (`f:labels: {".":{}}`) stops owning it.
 */
import { describe, expect, it } from 'vitest';
import { cluster, entries, obj, ok, ref } from './helpers.js';

const NOW = '2024-02-24T15:24:00Z';
const target = ref('v1', 'ConfigMap', 'cm');

describe('empty maps in omitempty fields', () => {
  it('removing the last label drops the labels map and its ownership', () => {
    const c = cluster({ harness: false, now: NOW });
    ok(c.create(obj({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: 'default', labels: { a: 'b' } }, data: { k: 'v' } }), { fieldManager: 'creator' }));
    const after = ok(c.patch(target, 'merge', { metadata: { labels: { a: null } } }, { fieldManager: 'kubectl-label' }));
    expect('labels' in (after.metadata as object)).toBe(false);
    expect(entries(after)).toEqual([`creator | Update | v1 |  | ${NOW} | {"f:data":{".":{},"f:k":{}}}`]);
  });

  it('an update sending empty maps stores none of them', () => {
    const c = cluster({ harness: false, now: NOW });
    const created = ok(c.create(obj({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: 'default', annotations: {} }, data: {} }), { fieldManager: 'creator' }));
    expect('annotations' in (created.metadata as object)).toBe(false);
    expect('data' in created).toBe(false);
    expect(entries(created)).toEqual([]);
    const pod = ok(
      c.create(obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { nodeSelector: {}, containers: [{ name: 'c', image: 'i', resources: { limits: {} } }] } }), { fieldManager: 'creator' }),
    );
    const spec = pod.spec as { nodeSelector?: unknown; containers: { resources: unknown }[] };
    expect(spec.nodeSelector).toBeUndefined();
    expect(spec.containers[0].resources).toEqual({});
  });

  it('keeps empty maps of custom resources and of harness mode (no Go types there)', () => {
    const c = cluster({ now: NOW });
    const created = ok(c.create(obj({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: 'default', labels: {} } }), { fieldManager: 'creator' }));
    expect((created.metadata as { labels?: unknown }).labels).toEqual({});
  });
});
