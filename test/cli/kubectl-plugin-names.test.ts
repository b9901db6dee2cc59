/**
 * Run as the kubectl plugin (`kubectl ssa-sim`), usage texts and messages name the command as the
 * user typed it: every invocation of ssa-sim in them, never prose, with usage lines still aligned.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from './run-io.js';

const PLUGIN = 'kubectl ssa-sim';
const commands = ['run', 'preview', 'blame', 'explain', 'fieldset', 'serve', 'version', 'engine', 'completion'];

describe('usage texts as kubectl ssa-sim', () => {
  it.each(commands)('%s --help', async (command) => {
    const plain = await runCli([command, '--help']);
    const plugin = await runCli([command, '--help'], { program: PLUGIN });
    expect(plugin.code).toBe(0);
    expect(plugin.stdout.split('\n')[0]).toBe(plain.stdout.split('\n')[0].replaceAll('ssa-sim ', `${PLUGIN} `));
    // No invocation left under the old name: examples, pipes, alternative usage lines.
    const invocation = new RegExp(`(^|[\\s|'(])ssa-sim (${commands.join('|')}|--help|--version)\\b`, 'gm');
    expect(plugin.stdout.replaceAll(PLUGIN, 'PLUGIN')).not.toMatch(invocation);
    expect(plugin.stdout.split(PLUGIN).length - 1).toBe(plain.stdout.match(invocation)?.length);
    // The options of a wrapped usage line stay under the first one's.
    const before = plain.stdout.split('\n');
    const after = plugin.stdout.split('\n');
    for (let i = 1; i < before.length && /^ +\[/.test(before[i]); i++) expect(after[i].indexOf('[')).toBe(before[i].indexOf('[') + PLUGIN.length - 'ssa-sim'.length);
  });

  it('prose that mentions ssa-sim is left alone', async () => {
    const r = await runCli(['explain', '--help'], { program: PLUGIN });
    expect(r.stdout).toContain('PATH is written as conflicts and ssa-sim print paths:');
  });

  it('the command list and the messages', async () => {
    const help = await runCli(['--help'], { program: PLUGIN });
    expect(help.stdout).toMatch(/^kubectl ssa-sim: a simulator of Kubernetes Server-Side Apply field ownership\n\nUsage: kubectl ssa-sim <command> \[options\]\n/);
    expect(help.stdout).toContain("Run 'kubectl ssa-sim <command> --help' for a command's options and examples.");
    expect(help.stdout).not.toContain('__complete');
    const flag = await runCli(['preview', '--nope'], { program: PLUGIN });
    expect(flag.stderr).toBe("Error: unknown flag: --nope\nSee 'kubectl ssa-sim preview --help' for usage.\n");
    const unknown = await runCli(['prevew'], { program: PLUGIN });
    expect(unknown.stderr).toBe('Error: unknown command "prevew" for "kubectl ssa-sim"\n\nDid you mean this?\n\tpreview\n\nRun \'kubectl ssa-sim --help\' for usage.\n');
    const usage = await runCli(['preview', '-f', 'x.yaml'], { program: PLUGIN });
    expect(usage.stderr).toMatch(/^kubectl ssa-sim preview: missing --live LIVE .*\n\nUsage: kubectl ssa-sim preview /);
    const input = await runCli(['blame', 'no-such-file.yaml'], { program: PLUGIN });
    expect(input.stderr).toBe('kubectl ssa-sim blame: no-such-file.yaml: no such file\n');
  });
});
