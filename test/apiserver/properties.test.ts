/**
 * Properties of the API server over random sequences of writes by many managers (fixed seed;
 * FC_SEED overrides it): entries always sorted as the server sorts them, at most 10 Update
 * entries, never-tracked paths in no entry, dry runs change nothing, updates never conflict.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeFieldsV1Value } from '../../src/fieldpath/fieldsv1-decode.js';
import { fieldElement } from '../../src/fieldpath/path-element.js';
import { compareEntries, NEVER_TRACKED, readEntries, serve } from '../../src/apiserver/index.js';
import type { ApiRequest, ClusterState } from '../../src/apiserver/index.js';
import { cluster, obj, ref } from './helpers.js';

const seed = Number(process.env.FC_SEED ?? 42);
const CM = ref('v1', 'ConfigMap', 'cm');

type Op =
  | { kind: 'apply'; manager: number; data: Record<string, string>; labels: Record<string, string>; force: boolean; dryRun: boolean }
  | { kind: 'patch'; manager: number; data: Record<string, string | null>; dryRun: boolean }
  | { kind: 'put'; manager: number; data: Record<string, string>; resetManagedFields: boolean; dryRun: boolean };

const key = fc.constantFrom('k0', 'k1', 'k2', 'k3', 'k4', 'k5');
const value = fc.constantFrom('a', 'b', 'c');
const manager = fc.integer({ min: 0, max: 15 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('apply' as const),
    manager,
    data: fc.dictionary(key, value, { maxKeys: 3 }),
    labels: fc.dictionary(fc.constantFrom('l0', 'l1'), value, { maxKeys: 2 }),
    force: fc.boolean(),
    dryRun: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('patch' as const), manager, data: fc.dictionary(key, fc.option(value, { nil: null }), { maxKeys: 3 }), dryRun: fc.boolean() }),
  fc.record({ kind: fc.constant('put' as const), manager, data: fc.dictionary(key, value, { maxKeys: 4 }), resetManagedFields: fc.boolean(), dryRun: fc.boolean() }),
);

function request(state: ClusterState, o: Op, i: number): ApiRequest {
  const now = new Date(Date.UTC(2024, 0, 1, 0, 0, i)).toISOString().replace('.000Z', 'Z');
  const common = { fieldManager: `m${o.manager}`, dryRun: o.dryRun, now };
  switch (o.kind) {
    case 'apply':
      return {
        verb: 'apply',
        body: obj({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', labels: o.labels }, data: o.data }),
        options: { ...common, force: o.force },
      };
    case 'patch':
      return { verb: 'patch', target: CM, patchType: 'merge', patch: obj({ data: o.data }), options: common };
    case 'put': {
      const live = state.objects.get('/configmaps/default/cm');
      const meta = { ...((live?.metadata as object) ?? { name: 'cm' }), ...(o.resetManagedFields ? { managedFields: [] } : {}) };
      const body = obj({ apiVersion: 'v1', kind: 'ConfigMap', metadata: meta, data: o.data });
      return live ? { verb: 'update', body, options: common } : { verb: 'create', body, options: common };
    }
  }
}

const strip = NEVER_TRACKED.map((p) => p.map(fieldElement));

describe('API server properties', () => {
  it('hold over random write sequences', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 40 }), (ops) => {
        let state = cluster().state;
        ops.forEach((o, i) => {
          const req = request(state, o, i);
          const { state: next, response } = serve(state, req);
          if (o.dryRun) expect(next).toBe(state);
          if (o.kind !== 'apply') expect(response.code).not.toBe(409);
          state = next;
          const stored = state.objects.get('/configmaps/default/cm');
          if (!stored) return;
          const list = readEntries(stored);
          for (let j = 1; j < list.length; j++) expect(compareEntries(list[j - 1], list[j])).toBeLessThanOrEqual(0);
          expect(list.filter((e) => e.operation === 'Update').length).toBeLessThanOrEqual(10);
          for (const e of list) {
            const set = decodeFieldsV1Value(e.fieldsV1);
            expect(set.isEmpty()).toBe(false);
            for (const p of strip) expect(set.has(p)).toBe(false);
          }
        });
      }),
      { seed, numRuns: 150 },
    );
  });
});
