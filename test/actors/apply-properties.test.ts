/**
 * Properties of kubectl apply over random ConfigMap data (fixed seeds, so failures replay):
 * - client-side: after apply(v1), another writer's merge patch x, then apply(v2), the data is
 *   v2 plus the keys of x that neither manifest ever had (the three-way patch deletes only what
 *   the last-applied configuration had);
 * - server-side after client-side: apply(v1) then `apply --server-side`(v2) leaves exactly v2
 *   (kubectl's forgiveness lets it change client-side-applied values, the migration prunes what
 *   v2 dropped), with no client-side entry left.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kubectlApply, kubectlPatch } from '../../src/actors/index.js';
import { entry, getObject, newCluster } from './support.js';

const CM = { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', name: 'p' } as const;
const keys = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f');
const data = fc.dictionary(keys, fc.constantFrom('1', '2', 'x'), { minKeys: 1, maxKeys: 5 });
const manifest = (d: Record<string, string>) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'p' }, data: d });

describe('kubectl apply properties', () => {
  it('client-side apply deletes only what it applied before', () => {
    fc.assert(
      fc.property(data, data, data, (v1, x, v2) => {
        const a = kubectlApply(newCluster(), { manifests: [manifest(v1)] });
        const p = kubectlPatch(a.state, { resource: 'configmap', name: 'p', type: 'merge', patch: { data: x } });
        const b = kubectlApply(p.state, { manifests: [manifest(v2)] });
        expect(b.exitCode).toBe(0);
        const expected: Record<string, string> = {};
        for (const [k, v] of Object.entries(x)) if (!(k in v1) && !(k in v2)) expected[k] = v;
        Object.assign(expected, v2);
        expect(getObject(b.state, CM).data).toEqual(expected);
      }),
      { seed: 20221001, numRuns: 40 },
    );
  });

  it('server-side apply after client-side apply leaves exactly the new manifest', () => {
    fc.assert(
      fc.property(data, data, (v1, v2) => {
        const a = kubectlApply(newCluster(), { manifests: [manifest(v1)] });
        const b = kubectlApply(a.state, { manifests: [manifest(v2)], serverSide: true });
        expect(b.exitCode).toBe(0);
        const cm = getObject(b.state, CM);
        expect(cm.data).toEqual(v2);
        expect(entry(cm, 'kubectl-client-side-apply')).toBeUndefined();
      }),
      { seed: 20221002, numRuns: 40 },
    );
  });
});
