/**
 * Generated sequences of kubectl commands, run by real kubectl v1.32 against the simulated API
 * server and by the simulator's kubectl actors on the same starting state (the comparison of
 * kubectl-compare.test.ts, whose written cases each check one behaviour): every write request
 * and everything printed must be the same at every step. The commands mix client-side and
 * server-side apply under several managers (with and without --force-conflicts, some with
 * --dry-run=server), create (with and without --save-config), label, annotate, set env, set image,
 * scale, rollout restart, merge and strategic merge patches over a ConfigMap and a Deployment whose contents vary
 * (env, ports, containers, strategy) and a custom resource (JSON merge patches; a map-type list
 * and a set), from a cluster that has only the custom resource's CRD, so objects that do not
 * exist yet, conflicts and refused changes come up too.
 * The sequences are kubectl-generators.ts's wideSequence, which adds a Service whose ports share
 * port 80, a StatefulSet, a DaemonSet, a Secret with stringData, replace (and --force), delete,
 * scale --current-replicas, patch --subresource=status|scale and label/env removal.
 *
 * Deterministic: a fixed seed (SSA_SIM_SEED overrides it) and a fixed number of sequences
 * (SSA_SIM_KUBECTL_RUNS, default 20); a failure prints the seed and the sequence.
 * Without kubectl the test is skipped with a printed reason, except under CI=true, where it fails.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runCase } from './kubectl-compare-harness.js';
import { describeCase, toCase, wideSequence } from './kubectl-generators.js';
import { kubectlAvailable } from './kubectl-harness.js';

const available = kubectlAvailable();
const SEED = Number(process.env.SSA_SIM_SEED ?? 20261128);
const RUNS = Number(process.env.SSA_SIM_KUBECTL_RUNS ?? 20);

describe.skipIf(!available)('generated kubectl command sequences: real kubectl v1.32 and the actors send and print the same', () => {
  it(`${RUNS} sequences from seed ${SEED}`, { timeout: 1_200_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(wideSequence, async (makers) => {
        const c = toCase(makers);
        const results = await runCase(c);
        for (const [i, r] of results.entries()) {
          const label = `seed ${SEED}, step ${i + 1} of\n${describeCase(c)}`;
          expect(r.sim.writes, `${label}: requests`).toEqual(r.real.writes);
          expect(r.sim.run, `${label}: output`).toEqual(r.real.run);
          expect(r.sim.objects, `${label}: the objects left, managedFields included`).toEqual(r.real.objects);
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: process.env.CI === 'true' },
    );
  });
});
