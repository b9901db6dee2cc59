/**
 * explain's update refusal (update-refusal.ts) is what the cluster answers: over generated objects
 * of the kinds whose updates the API server refuses for what they change (Pods, Jobs, workloads,
 * Services, PVCs, ConfigMaps and Secrets, immutable or not, custom resources with a schema; some
 * stored without the fields defaulting fills) and a generated change of one of their fields, the
 * refusal is the 422's causes that a real JSON patch replacing that field gets and an empty JSON
 * patch of the same object does not (another request than the dry-run PUT update-refusal sends:
 * a patch, written for real).
 *
 * Fixed seed; fast-check prints the seed and the counterexample on failure.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Cluster, createCluster, updateRefusal, withExistingObject } from '../../src/apiserver/index.js';
import type { ApiResponse } from '../../src/apiserver/types.js';
import { catalog, leaves, otherValues, refusalObject, setAt, type Raw } from '../support/refusal-objects.js';
import { obj } from './helpers.js';

const RUNS = Number(process.env.FC_RUNS ?? 200);
const SEED = 20261128;
const NOW = '2026-11-28T04:10:00Z';
const pointer = (path: (string | number)[]) => '/' + path.map((s) => String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

function causes(r: ApiResponse): string[] {
  if (r.ok) return [];
  // A patched object that does not decode is a 422 of the field `patch` (a PUT of it is a 400).
  if (r.status.details?.causes?.some((c) => c.field === 'patch')) return ['does not decode'];
  if (r.code !== 422) return [`${r.code} ${r.status.message}`];
  return (r.status.details?.causes ?? []).map((c) => `${c.reason} ${c.field} ${c.message}`);
}

describe('update-refusal', () => {
  it("is the 422 a real patch of the field gets, less the unchanged object's", () => {
    const change = refusalObject.chain((raw) => {
      const all = leaves(raw).filter((l) => l.path[0] !== 'apiVersion' && l.path[0] !== 'kind');
      return fc.tuple(fc.constant(raw), fc.constantFrom(...all)).chain(([r, leaf]) => fc.tuple(fc.constant(r), fc.constant(leaf.path), fc.constantFrom(...otherValues(leaf.value))));
    });
    fc.assert(
      fc.property(change, ([raw, path, value]) => {
        const old = obj(raw);
        const seeded = withExistingObject(createCluster({ catalog, now: NOW }), old);
        if ('problem' in seeded) throw new Error(seeded.problem);
        const ref = { apiVersion: String(raw.apiVersion), kind: String(raw.kind), name: String((raw.metadata as Raw).name), namespace: 'default' };
        const patched = (ops: unknown[]) => causes(new Cluster(seeded.state).patch(ref, 'json', JSON.stringify(ops), { fieldManager: 'editor' }));
        const already = new Set(patched([]));
        const real = [...new Set(patched([{ op: 'replace', path: pointer(path), value }]).filter((c) => !already.has(c)))];
        const next = obj(JSON.parse(JSON.stringify(setAt(raw, path, value))));
        const refusal = updateRefusal(createCluster({ catalog, now: NOW }), old, next);
        const explained = refusal === undefined ? [] : refusal.code === 422 ? refusal.causes.map((c) => `${c.reason} ${c.field} ${c.message}`) : [`${refusal.code} ${refusal.message}`];
        // A body that does not decode: the patch's 422 of the field `patch`, the PUT's 400.
        if (real.includes('does not decode')) expect(refusal?.code).toBe(400);
        else expect(explained).toEqual(real);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

