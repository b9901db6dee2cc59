/**
 * The package's command is the bundle vite.cli.config.ts builds (dist/cli/ssa-sim.js, one chunk
 * per command). This builds it into a temporary folder and runs it as a user would, so a bundling
 * mistake (a module the bundle cannot load, a chunk missing for one command) fails here rather
 * than on a user's first run.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '..', '..');
let outDir: string;

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'ssa-sim-bundle-'));
  const { build } = await import('vite');
  await build({ configFile: join(repo, 'vite.cli.config.ts'), logLevel: 'silent', build: { outDir } });
});

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

function runBundle(args: string[]): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, [join(outDir, 'ssa-sim.js'), ...args], { cwd: repo, encoding: 'utf8' });
}

describe('the bundled command', () => {
  it('has one chunk per command besides the entry', () => {
    const chunks = readdirSync(join(outDir, 'chunks'));
    for (const command of ['run', 'preview', 'blame', 'explain', 'fieldset', 'engine', 'version']) expect(chunks).toContain(`${command}.js`);
  });

  it('prints the command list for --help', () => {
    const r = runBundle(['--help']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^ssa-sim: a simulator of Kubernetes Server-Side Apply field ownership/);
    expect(r.stdout).toContain('Run \'ssa-sim <command> --help\'');
  });

  it('runs the seed scenario to its verdict', () => {
    const r = runBundle(['run', 'scenarios/eks-vpc-cni-addon.yaml']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Apply failed with 2 conflicts: conflicts with "kubectl-client-side-apply" using apps/v1:');
    expect(r.stdout.trimEnd().split('\n').at(-1)).toMatch(/^OK The EKS vpc-cni add-on takes over aws-node: \d+ expectations hold$/);
  });

  it('answers an unknown command with the usage error', () => {
    const r = runBundle(['no-such-command']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('Error: unknown command "no-such-command" for "ssa-sim"');
  });
});
