/**
 * `ssa-sim diff` against real `kubectl diff` (v1.32) on generated clusters: a generated sequence
 * of kubectl commands builds the cluster in `ssa-sim serve` (real kubectl), then one generated
 * manifest is diffed with generated flags (client-side, or server-side under a manager, with or
 * without --force-conflicts) twice: by kubectl against the server, and by ssa-sim reading the live
 * objects through kubectl (`--live cluster`, which gets them with --show-managed-fields) and
 * working the dry run out offline. stdout, stderr and the exit status must be the same, after
 * masking what differs from run to run in kubectl's own output (kubectl-diff-compare.test.ts):
 * the temporary directory names, the file times, and what a dry-run create makes afresh.
 *
 * Deterministic: a fixed seed (SSA_SIM_SEED overrides it) and a fixed number of clusters
 * (SSA_SIM_KUBECTL_RUNS, default 15); a failure prints the seed, the commands and the files.
 * Without kubectl the test is skipped with a printed reason, except under CI=true, where it fails.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kubectlApply } from '../../src/actors/index.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { newClusterState } from '../../src/server/initial-state.js';
import { startServer } from '../../src/server/index.js';
import { runCli } from '../cli/run-io.js';
import { type Case, T0, T1 } from './kubectl-compare-harness.js';
import { describeCase, manifest, sequence, toCase, WIDGET_CRD } from './kubectl-generators.js';
import { KubectlSession, kubectlAvailable } from './kubectl-harness.js';

const available = kubectlAvailable();
const SEED = Number(process.env.SSA_SIM_SEED ?? 20261128);
const RUNS = Number(process.env.SSA_SIM_KUBECTL_RUNS ?? 15);

const flags = fc.oneof(
  fc.constant<string[]>([]),
  fc
    .record({ manager: fc.constantFrom(undefined, 'team-a', 'team-b'), force: fc.boolean() })
    .map(({ manager, force }) => ['--server-side', ...(manager ? [`--field-manager=${manager}`] : []), ...(force ? ['--force-conflicts'] : [])]),
);

/** What differs between two runs of the same diff: kubectl's temporary names, file times, a dry-run create's new identity. */
const mask = (text: string) =>
  text
    .replace(/\/(LIVE|MERGED)-\d+/g, '/$1-N')
    .replace(/^((?:---|\+\+\+) \S+)\t.*$/gm, '$1\tTIME')
    .replace(/^\+(\s+)(uid|creationTimestamp): .*$/gm, '+$1$2: X');
const klog = (s: string) => s.replace(/^W\d{4} \d\d:\d\d:\d\d\.\d{6} +\d+ /gm, 'W<time> <pid> ');

/** Builds the cluster with real kubectl, then runs both diffs; the results masked, and a label naming the case. */
async function diffBoth(setup: Case, final: string, diffFlags: readonly string[]) {
  const state = kubectlApply(newClusterState(builtinCatalog(), T0), { manifests: WIDGET_CRD, serverSide: true, now: T0 }).state;
  const server = await startServer({ state, now: () => T1 });
  const k = new KubectlSession(server.kubeconfig);
  try {
    for (const [name, text] of Object.entries(setup.files ?? {})) k.file(name, text);
    // The commands run with their files' paths in the session's folder.
    for (const step of setup.steps) await k.run(step.argv.map((a) => (Object.hasOwn(setup.files ?? {}, a) ? `${k.dir}/${a}` : a)));
    const file = k.file('final.yaml', final);
    const crd = k.file('crd.yaml', WIDGET_CRD);
    const real = await k.run(['diff', ...diffFlags, '-f', file]);
    const sim = await runCli(['diff', ...diffFlags, '-f', file, '--live', 'cluster', '--kubeconfig', k.kubeconfig, '--crd', crd, '--now', T1], {
      env: { PATH: process.env.PATH ?? '', HOME: k.dir },
    });
    const masked = (r: { code: number; stdout: string; stderr: string }) => ({ code: r.code, stdout: mask(r.stdout), stderr: klog(r.stderr) });
    const label = `seed ${SEED}: kubectl diff ${diffFlags.join(' ')} -f final.yaml after\n${describeCase(setup)}--- final.yaml\n${final}`;
    return { theirs: masked(real), ours: masked(sim), label };
  } finally {
    await server.close();
    k.dispose();
  }
}

describe.skipIf(!available)('written: what the generated clusters found', () => {
  it('a client-side diff the server refuses: the schema validator\'s Invalid line, not apply\'s "applying patch ... to:"', { timeout: 120_000 }, async () => {
    const widget = (value: string) => `apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  items:\n  - name: a\n    value: ${value}\n`;
    const setup: Case = { name: 'widget', setup: (s) => s, files: { 'w.yaml': widget('x') }, steps: [{ argv: ['apply', '-f', 'w.yaml'], sim: () => { throw new Error('not run'); } }] };
    // `y` is YAML 1.1's true: the server refuses a boolean where the CRD says string.
    const { theirs, ours } = await diffBoth(setup, widget('y'), []);
    expect(theirs.stderr).toMatch(/^The Widget "w" is invalid: spec\.items\[0\]\.value: Invalid value: "boolean": spec\.items\[0\]\.value in body must be of type string: "boolean"\n/);
    expect(ours).toEqual(theirs);
  });
});

describe.skipIf(!available)('generated clusters: ssa-sim diff prints what real kubectl diff prints', () => {
  it(`${RUNS} clusters from seed ${SEED}`, { timeout: 1_200_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(sequence, manifest, flags, async (makers, final, diffFlags) => {
        const { theirs, ours, label } = await diffBoth(toCase(makers), final, diffFlags);
        expect(ours, label).toEqual(theirs);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: process.env.CI === 'true' },
    );
  });
});
