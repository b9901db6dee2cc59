/**
 * Lists of more than 12 items whose merge keys repeat, through real kubectl v1.32 and the actors:
 * strategicpatch sorts both sides of a merged list with Go's `sort.Sort` (not stable; its Less
 * holds for equal keys) before pairing items by key, so which item pairs with which, and so the
 * patch, depends on the exact order Go 1.23's pattern-defeating quicksort leaves equal keys in.
 * Generated Deployments with 13 to 40 env variables named from three names: applied, then applied
 * again changed (client-side apply's three-way patch), and `kubectl set env` on top; requests,
 * output and the objects left must be the same.
 *
 * Deterministic: a fixed seed (SSA_SIM_SEED overrides it) and SSA_SIM_KUBECTL_RUNS sequences
 * (default 20). Without kubectl the test is skipped with a printed reason, except under CI=true.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kubectlApply } from '../../src/actors/index.js';
import { type Case, runCase, T1 } from './kubectl-compare-harness.js';
import { kubectlAvailable } from './kubectl-harness.js';

const available = kubectlAvailable();
const SEED = Number(process.env.SSA_SIM_SEED ?? 20261128);
const RUNS = Number(process.env.SSA_SIM_KUBECTL_RUNS ?? 20);
const at = { now: T1 };

const env = fc.array(fc.record({ name: fc.constantFrom('A', 'B', 'C'), value: fc.constantFrom('1', '2', '3', '4') }), { minLength: 13, maxLength: 40 });

function deploymentText(vars: readonly { name: string; value: string }[]): string {
  const lines = vars.map((v) => `        - name: ${v.name}\n          value: "${v.value}"\n`).join('');
  return (
    'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector:\n    matchLabels:\n      app: web\n' +
    '  template:\n    metadata:\n      labels:\n        app: web\n    spec:\n      containers:\n      - name: web\n        image: nginx:1.25\n        env:\n' +
    lines
  );
}

describe.skipIf(!available)('merged lists longer than 12 with repeated keys: real kubectl v1.32 and the actors', () => {
  it(`${RUNS} pairs of applies from seed ${SEED}`, { timeout: 1_200_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(env, env, async (first, second) => {
        const a = deploymentText(first);
        const b = deploymentText(second);
        const c: Case = {
          name: 'long env lists',
          setup: (s) => s,
          files: { 'a.yaml': a, 'b.yaml': b },
          steps: [
            { argv: ['apply', '-f', 'a.yaml'], sim: (s) => kubectlApply(s, { manifests: a, filename: 'a.yaml', ...at }) },
            { argv: ['apply', '-f', 'b.yaml'], sim: (s) => kubectlApply(s, { manifests: b, filename: 'b.yaml', ...at }) },
            { argv: ['apply', '-f', 'a.yaml'], sim: (s) => kubectlApply(s, { manifests: a, filename: 'a.yaml', ...at }) },
          ],
        };
        const results = await runCase(c);
        for (const [i, r] of results.entries()) {
          const label = `seed ${SEED}, step ${i + 1} (kubectl ${c.steps[i]!.argv.join(' ')}) of\n--- a.yaml\n${a}--- b.yaml\n${b}`;
          expect(r.sim.writes, `${label}: requests`).toEqual(r.real.writes);
          expect(r.sim.run, `${label}: output`).toEqual(r.real.run);
          expect(r.sim.objects, `${label}: the objects left`).toEqual(r.real.objects);
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: process.env.CI === 'true' },
    );
  });
});
