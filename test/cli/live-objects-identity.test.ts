/**
 * A file given as captured live objects (blame, explain, preview --live, serve --objects) whose
 * object has no apiVersion or kind, such as a scenario file given by mistake: one error at the
 * object, saying what is missing, and no warning before it. It was a warning about managedFields
 * and a schema error for kind "" (blame), or "the cluster does not serve undefined undefined (add
 * its CRD under schema.crds)" without a file (preview, where there is no schema.crds; serve).
 */
import { describe, expect, it } from 'vitest';
import { serveCommand } from '../../src/cli/commands/serve.js';
import { describeError, SsaError } from '../../src/errors/ssa-error.js';
import { io } from '../server/serve-command.js';
import { runCli, scratchDir } from './run-io.js';

const { write } = scratchDir('ssa-sim-live-objects-identity-');
const scenario = write('first.yaml', 'name: a scenario\nmode: engine\nsteps:\n  - apply: {manager: a, apiVersion: v1, object: {x: 1}}\n');
const noKind = write('no-kind.yaml', 'apiVersion: v1\nmetadata:\n  name: x\n  namespace: default\n  managedFields: []\ndata: {a: "1"}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: z}\n');
const manifest = write('cm.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n  a: "1"\n');

const NEEDS = 'expected objects as kubectl get -o yaml --show-managed-fields prints them, each with apiVersion and kind';

describe('live objects without apiVersion or kind', () => {
  it('blame: a scenario file', async () => {
    const r = await runCli(['blame', scenario]);
    expect([r.stderr, r.code]).toEqual([`ssa-sim blame: ${scenario}:1:1: ${NEEDS}; this one has neither (it reads as a scenario: ssa-sim run plays it)\n`, 2]);
  });

  it('explain: an object without kind, at its document', async () => {
    const r = await runCli(['explain', noKind, '.data.a']);
    expect([r.stderr, r.code]).toEqual([`ssa-sim explain: ${noKind}:1:1: ${NEEDS}; this one has no kind\n`, 2]);
  });

  it('preview --live: the file and line, not a scenario\'s schema.crds', async () => {
    const r = await runCli(['preview', '-f', manifest, '--live', scenario]);
    expect([r.stdout, r.stderr, r.code]).toEqual(['', `ssa-sim preview: ${scenario}:1:1: ${NEEDS}; this one has neither (it reads as a scenario: ssa-sim run plays it)\n`, 2]);
  });

  it('serve --objects: what the object lacks, not "undefined undefined"', async () => {
    const err = await serveCommand(['--port', '0', '--objects', noKind], io().cio, Promise.resolve()).then(
      (code) => new Error(`started and stopped with ${code}`),
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(SsaError);
    expect(describeError(err as SsaError)).toBe(`${noKind}:1:1: every object needs apiVersion and kind; this one has no kind`);
  });
});
