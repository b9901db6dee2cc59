import { describe, expect, it, vi } from 'vitest';
import { runCli } from './run-io.js';

// `ssa-sim run` of the EKS story reads its scenario file and the add-on's manifests with the line
// reader alone (src/document/fast-yaml.ts): the `yaml` package's parser, which a cold start would
// otherwise load and run, is never started. Its uses are counted here.
const { started, countedYaml } = await vi.hoisted(() => import('../support/counted-yaml.js'));
vi.mock('yaml', countedYaml);

describe('ssa-sim run of the EKS story', () => {
  it('never starts the yaml package: the line reader reads every file and scalar of it', async () => {
    const r = await runCli(['run', 'scenarios/eks-vpc-cni-addon.yaml']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('21 expectations hold');
    expect(started).toEqual({ parsers: 0, composers: 0, documents: 0 });
  });

  it('still reads with the yaml package what the line reader leaves to it (the counter counts)', async () => {
    const before = started.parsers;
    const r = await runCli(['fieldset', 'decode'], { stdin: 'a: &x {"f:a": {}}\n' });
    expect(r.code).not.toBe(70);
    expect(started.parsers).toBeGreaterThan(before);
  });
});
