import { describe, expect, it } from 'vitest';
import { runCli } from './run-io.js';

describe('ssa-sim preview: usage', () => {
  it('--help with examples', async () => {
    const r = await runCli(['preview', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('ssa-sim preview -f aws-k8s-cni.yaml --live live.yaml --field-manager eks');
  });
  it('missing and contradictory flags exit 2 with usage', async () => {
    expect((await runCli(['preview', '--live', 'x'])).stderr).toContain('missing -f MANIFEST');
    expect((await runCli(['preview', '-f', 'x'])).stderr).toContain('missing --live LIVE');
    expect((await runCli(['preview', '-f', 'x', '--live', 'y', '--client-side', '--force-conflicts'])).stderr).toContain('--force-conflicts only works with --server-side');
    const r = await runCli(['preview', '-f', 'x', '--live', 'y', '--bogus']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("Error: unknown flag: --bogus\nSee 'ssa-sim preview --help' for usage.\n");
  });
});
