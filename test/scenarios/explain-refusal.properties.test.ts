/**
 * explain's "the API server refuses any change of it once the object exists (HTTP n: ...)" is
 * what an apply then gets: over generated objects (test/support/refusal-objects.ts) and each of
 * their fields reached through maps only, a forced server-side apply by another manager that
 * changes the field to the value explain tried fails where explain says it is refused; where
 * explain says nothing, the apply passes, or a create of the same object is refused for that value
 * too (a value the API server takes nowhere, not a change it refuses), or the same apply without
 * the change is refused as well (an object captured as no server would hold it).
 *
 * The identity fields (apiVersion, kind, metadata.name, metadata.namespace) are left out: an apply
 * that changes them is aimed at another object.
 *
 * Fixed seed; fast-check prints the seed and the counterexample on failure.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCluster, createRefusal, objectType } from '../../src/apiserver/index.js';
import type { KubeObject } from '../../src/apiserver/types.js';
import { fieldElement } from '../../src/fieldpath/path-element.js';
import { meaningLines } from '../../src/scenarios/explain-meaning.js';
import { pathOwnership } from '../../src/scenarios/explain-path.js';
import { offlineApply } from '../../src/scenarios/offline-apply.js';
import { toValue } from '../../src/apiserver/object-paths.js';
import type { ValueMap } from '../../src/value/value.js';
import { catalog, leaves, refusalObject, setAt, type Json, type Raw } from '../support/refusal-objects.js';

const RUNS = Number(process.env.FC_RUNS ?? 100);
const NOW = '2026-11-28T04:10:00Z';
const IDENTITY = new Set(['apiVersion', 'kind', 'metadata.name', 'metadata.namespace']);

/** The value explain tries (explain-meaning.ts anotherValue, for a leaf). */
function probe(v: Json): Json | undefined {
  if (typeof v === 'number') return v + 1;
  if (typeof v === 'boolean') return !v;
  if (typeof v !== 'string') return undefined;
  if (v === '') return 'a';
  const i = v.search(/\d\D*$/);
  if (i >= 0) return v.slice(0, i) + (v[i] === '9' ? '8' : String(Number(v[i]) + 1)) + v.slice(i + 1);
  return v.slice(0, -1) + (v.endsWith('a') ? 'b' : 'a');
}

describe("explain's refusal", () => {
  it('is what a forced apply changing the field gets', () => {
    const arb = refusalObject.chain((raw) => {
      const fields = leaves(raw).filter((l) => l.path.every((s) => typeof s === 'string') && !IDENTITY.has(l.path.join('.')));
      return fc.tuple(fc.constant(raw), fc.constantFrom(...fields));
    });
    fc.assert(
      fc.property(arb, ([raw, leaf]) => {
        const value = probe(leaf.value);
        if (value === undefined) return;
        const live = toValue(raw) as KubeObject;
        const type = objectType(createCluster({ catalog }), { apiVersion: String(raw.apiVersion), kind: String(raw.kind) })!;
        const path = leaf.path.map((s) => fieldElement(String(s)));
        const ownership = pathOwnership(live, [], path, type);
        const lines = meaningLines({ catalog, live, object: live, type, ownership, now: NOW }).join('\n');
        const said = /the API server refuses any change of it once the object exists \(HTTP (\d+): /.exec(lines);
        const changed = setAt(raw, leaf.path, value) as Raw;
        const r = offlineApply({ catalog, live: [live], manifests: [toValue(changed) as ValueMap], fieldManager: 'zed', force: true, clientSide: false, now: NOW });
        const context = `${leaf.path.join('.')} -> ${JSON.stringify(value)}\n${lines}\n${r.outcome.stderr}`;
        if (said) {
          expect(r.outcome.exitCode, context).not.toBe(0);
          return;
        }
        if (r.outcome.exitCode === 0) return;
        // Refused for the value (a create is refused for it too), or for what the object already
        // was (the same apply without the change is refused as well: a capture a server would not hold).
        const forValue = createRefusal(createCluster({ catalog, now: NOW }), live, toValue(changed)) !== undefined;
        const already = offlineApply({ catalog, live: [live], manifests: [toValue(raw) as ValueMap], fieldManager: 'zed', force: true, clientSide: false, now: NOW }).outcome.exitCode !== 0;
        expect(forValue || already, context).toBe(true);
      }),
      { seed: 20261128, numRuns: RUNS },
    );
  });
});
