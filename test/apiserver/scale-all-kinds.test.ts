/**
 * Kubernetes' integration test TestScaleAllResources (test/integration/apiserver/apply/scale_test.go)
 * for every kind it covers (the Deployment is also told as scenarios/kubernetes-tests/scale-subresource.yaml):
 * who owns .spec.replicas after each kind of write through /scale and the main resource, in the
 * test's order, with the exact 409 texts.
 */
import { describe, expect, it } from 'vitest';
import { readEntries } from '../../src/apiserver/index.js';
import type { KubeObject } from '../../src/apiserver/index.js';
import { getPath } from '../../src/apiserver/object-paths.js';
import { cluster, fail, obj, ok, ref } from './helpers.js';

const KINDS = [
  { kind: 'Deployment', apiVersion: 'apps/v1', selector: { matchLabels: { app: 'nginx' } } },
  { kind: 'StatefulSet', apiVersion: 'apps/v1', selector: { matchLabels: { app: 'nginx' } } },
  { kind: 'ReplicaSet', apiVersion: 'apps/v1', selector: { matchLabels: { app: 'nginx' } } },
  { kind: 'ReplicationController', apiVersion: 'v1', selector: { app: 'nginx' } },
] as const;

/** The managers whose entries own .spec.replicas. */
function replicasOwners(o: KubeObject | undefined): string[] {
  return readEntries(o!)
    .filter((e) => Object.hasOwn((e.fieldsV1 as Record<string, Record<string, unknown>>)['f:spec'] ?? {}, 'f:replicas'))
    .map((e) => e.manager)
    .sort();
}

describe('TestScaleAllResources', () => {
  for (const k of KINDS) {
    it(k.kind, () => {
      const c = cluster({ harness: false, now: '2024-03-01T09:00:00Z' });
      const target = ref(k.apiVersion, k.kind, 'test');
      const body = obj({
        apiVersion: k.apiVersion,
        kind: k.kind,
        metadata: { name: 'test', namespace: 'default' },
        spec: { replicas: 1, selector: k.selector, template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:latest' }] } } },
      });
      const scale = (replicas: number) => obj({ kind: 'Scale', apiVersion: 'autoscaling/v1', metadata: { name: 'test', namespace: 'default' }, spec: { replicas } });
      const expectReplicas = (n: number, owners: string[]) => {
        expect(getPath(c.object(target)!, ['spec', 'replicas'])).toBe(n);
        expect(replicasOwners(c.object(target))).toEqual(owners);
      };

      ok(c.apply(body, { fieldManager: 'apply_test' }));
      expectReplicas(1, ['apply_test']);
      ok(c.patch(target, 'merge', { spec: { replicas: 5 } }, { fieldManager: 'scale_test', subresource: 'scale' }));
      expectReplicas(5, ['scale_test']);
      expect(fail(c.apply(body, { fieldManager: 'apply_test' })).message).toBe(
        `Apply failed with 1 conflict: conflict with "scale_test" with subresource "scale" using ${k.apiVersion}: .spec.replicas`,
      );
      ok(c.apply(body, { fieldManager: 'apply_test', force: true }));
      expectReplicas(1, ['apply_test']);
      const refused = fail(c.apply(scale(17), { fieldManager: 'apply_scale', target, subresource: 'scale' }));
      expect(refused.code).toBe(409);
      // The scale handler shows the parent's entries as the Scale's: the path is the Scale's.
      expect(refused.message).toBe('Apply failed with 1 conflict: conflict with "apply_test": .spec.replicas');
      ok(c.apply(scale(17), { fieldManager: 'apply_scale', target, subresource: 'scale', force: true }));
      expectReplicas(17, ['apply_scale']);
      ok(c.update(scale(7), { fieldManager: 'replace_test', target, subresource: 'scale' }));
      expectReplicas(7, ['replace_test']);
      ok(c.apply(scale(7), { fieldManager: 'co_owning_test', target, subresource: 'scale' }));
      expectReplicas(7, ['co_owning_test', 'replace_test']);
      ok(c.patch(target, 'merge', { spec: { replicas: 5 } }, { fieldManager: 'scale_test', subresource: 'scale' }));
      expectReplicas(5, ['scale_test']);
    });
  }
});

describe('a Scale without spec.replicas scales to 0', () => {
  // autoscaling/v1 ScaleSpec.replicas is an int32 with omitempty: kubectl sends `"spec":{}` for 0
  // (scale --current-replicas=N --replicas=0), and the registry copies the decoded 0 to the parent.
  for (const k of KINDS) {
    it(k.kind, () => {
      const c = cluster({ harness: false, now: '2024-03-01T09:00:00Z' });
      const target = ref(k.apiVersion, k.kind, 'test');
      ok(
        c.apply(
          obj({
            apiVersion: k.apiVersion,
            kind: k.kind,
            metadata: { name: 'test', namespace: 'default' },
            spec: { replicas: 2, selector: k.selector, template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:latest' }] } } },
          }),
          { fieldManager: 'apply_test' },
        ),
      );
      ok(c.update(obj({ kind: 'Scale', apiVersion: 'autoscaling/v1', metadata: { name: 'test', namespace: 'default' }, spec: {} }), { target, subresource: 'scale' }));
      expect(getPath(c.object(target)!, ['spec', 'replicas'])).toBe(0);
    });
  }
});
