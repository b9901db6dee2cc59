/**
 * `ssa-sim help COMMAND`, as cobra's help command (`kubectl help apply`): the command's own help;
 * before, it printed the command list.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from './run-io.js';

describe('ssa-sim help COMMAND', () => {
  it('prints the command\'s help, as COMMAND --help does', async () => {
    const viaHelp = await runCli(['help', 'preview']);
    const viaFlag = await runCli(['preview', '--help']);
    expect(viaHelp.code).toBe(0);
    expect(viaHelp.stderr).toBe('');
    expect(viaHelp.stdout).toBe(viaFlag.stdout);
    expect(viaHelp.stdout).toMatch(/^Usage: ssa-sim preview /);
  });

  it('an unknown topic: cobra\'s line, then the command list', async () => {
    const r = await runCli(['help', 'previw']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Unknown help topic \["previw"\]\nssa-sim: a simulator of Kubernetes Server-Side Apply field ownership\n/);
  });

  it('help alone is the command list', async () => {
    expect((await runCli(['help'])).stdout).toBe((await runCli(['--help'])).stdout);
  });
});
