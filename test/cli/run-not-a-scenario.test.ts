/**
 * `ssa-sim run` given a Kubernetes object (a manifest, a capture) instead of a scenario: one
 * error that says what the file is and where to take it, not "unknown key "apiVersion"" with the
 * list of a scenario's keys.
 */
import { describe, expect, it } from 'vitest';
import { runCli, scratchDir } from './run-io.js';

const { write } = scratchDir('ssa-sim-run-not-a-scenario-');

describe('run: a file that is a Kubernetes object', () => {
  it('says so, with the command that takes it', async () => {
    const file = write('cm.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n  a: "1"\n');
    const r = await runCli(['run', file]);
    expect([r.stdout, r.stderr, r.code]).toEqual([
      '',
      `ssa-sim run: ${file}:1:1: (top level): a Kubernetes object (v1 ConfigMap), not a scenario: a scenario is a map with name and steps (docs/scenarios.md); ssa-sim preview -f ${file} --live LIVE says what applying it would do\n`,
      2,
    ]);
  });

  it('a misspelt scenario key is still that', async () => {
    const file = write('typo.yaml', 'name: x\nstepz: []\n');
    const r = await runCli(['run', file]);
    expect(r.stderr).toBe(`ssa-sim run: ${file}:2:1: stepz: unknown key "stepz" (did you mean "steps"?); expected one of: name, description, learn, mode, schema, clock, live, managed, objects, steps\n`);
  });
});
