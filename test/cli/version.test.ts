import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SSA_SIM_VERSION } from '../../src/cli/commands/version.js';
import { runCli } from './run-io.js';

const pkg = JSON.parse(readFileSync(resolve(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as { version: string };

describe('ssa-sim version', () => {
  it("is package.json's version", () => {
    expect(SSA_SIM_VERSION).toBe(pkg.version);
  });

  it('names the Kubernetes and kubectl versions modelled; --version says the same', async () => {
    const r = await runCli(['version']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`ssa-sim ${pkg.version}\nModels the Kubernetes v1.32 API server and kubectl v1.32.4.\n`);
    expect((await runCli(['--version'])).stdout).toBe(r.stdout);
  });

  it('-o json', async () => {
    const r = await runCli(['version', '-o', 'json']);
    expect(JSON.parse(r.stdout)).toEqual({ ssaSim: pkg.version, kubernetes: 'v1.32', kubectl: 'v1.32.4' });
  });
});
