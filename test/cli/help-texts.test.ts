/**
 * Every command's --help (issue 13, "Done when"): it describes every flag the command's parser
 * takes, and its examples show each command and each flag of issue 13 in use, as a user would
 * type them.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from './run-io.js';

const COMMANDS = ['run', 'preview', 'diff', 'addon-check', 'blame', 'explain', 'fieldset', 'serve', 'version', 'engine', 'completion'] as const;

/** What the examples of each command show at least, in issue 13's words. */
const IN_EXAMPLES: Readonly<Record<string, readonly string[]>> = {
  preview: ['-f', '-R', '--live live.yaml', '--live -', '--live cluster', '--context', '--field-manager', '--force-conflicts', '-o yaml', '-o name', '-o report.json', '--show-managed-fields', '--dry-run=server', '-n', '--client-side', '--color'],
  diff: ['-f', '-R', '--live live.yaml', '--live -', '--live cluster', '--context', '--kubeconfig', '--field-manager', '--server-side', '--force-conflicts', '--show-managed-fields', '-n', '--dry-run=server', 'KUBECTL_EXTERNAL_DIFF'],
  'addon-check': ['--from', '--to', '--cluster', '--customizations', '--modes', '-o markdown', '-o json'],
  blame: ['--live cluster', '-f', '--color'],
  explain: ['--live cluster', '-f', '--field-manager'],
  version: ['-o json'],
  completion: ['bash', 'zsh', 'fish'],
};

async function help(command: string): Promise<string> {
  const r = await runCli([command, '--help']);
  expect(r.code).toBe(0);
  return r.stdout;
}

/** The example lines: the indented lines after `Examples:`. */
function examples(usage: string): string[] {
  const at = usage.indexOf('\nExamples:\n');
  return at < 0 ? [] : usage.slice(at + '\nExamples:\n'.length).split('\n').filter((l) => l.startsWith('  '));
}

describe('--help', () => {
  it.each(COMMANDS)('%s: examples that run the command', async (command) => {
    const lines = examples(await help(command));
    expect(lines.length, `${command} --help has no Examples`).toBeGreaterThan(0);
    expect(lines.some((l) => l.includes(`ssa-sim ${command}`))).toBe(true);
  });

  it.each(COMMANDS)('%s: every flag its parser takes is described', async (command) => {
    const { OPTIONS } = (await import(`../../src/cli/commands/${command}.ts`)) as { OPTIONS: Record<string, { short?: string }> };
    const usage = await help(command);
    const missing = Object.entries(OPTIONS).flatMap(([name, o]) => [
      ...(new RegExp(`--${name}\\b`).test(usage) ? [] : [`--${name}`]),
      ...(o.short === undefined || new RegExp(`(^|[\\s\\[])-${o.short}[ ,=\\]]`, 'm').test(usage) ? [] : [`-${o.short}`]),
    ]);
    expect(missing).toEqual([]);
  });

  it.each(Object.entries(IN_EXAMPLES))("%s: issue 13's flags are shown in use", async (command, shown) => {
    const text = examples(await help(command)).join('\n');
    expect(shown.filter((s) => !new RegExp(`(^|\\s)${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|=|$)`, 'm').test(text))).toEqual([]);
  });
});
