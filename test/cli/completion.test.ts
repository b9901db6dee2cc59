/**
 * `ssa-sim completion bash|zsh|fish`: the bash script is run in bash as bash runs it on TAB
 * (COMP_WORDS, COMP_CWORD, then the function), with the bundled CLI as `ssa-sim` on the PATH for
 * the field managers it asks `ssa-sim __complete` for. Flags come from the commands' own
 * declarations. The zsh and fish scripts are run in zsh and fish, asked on TAB (./shell-completion.ts).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { OPTIONS as PREVIEW_OPTIONS } from '../../src/cli/commands/preview.js';
import { liveFileOf, managersIn } from '../../src/cli/commands/complete.js';
import { bundleCli } from './built-cli.js';
import { runCli } from './run-io.js';
import { completionsIn, installed, type ShellRun } from './shell-completion.js';

const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-completion-'));
const work = join(dir, 'work');
const bin = join(dir, 'bin');
mkdirSync(work);
mkdirSync(bin);
const LIVE = `apiVersion: v1
kind: ConfigMap
metadata:
  name: c
  managedFields:
  - {apiVersion: v1, fieldsType: FieldsV1, fieldsV1: {f:data: {f:a: {}}}, manager: helm, operation: Apply}
  - {apiVersion: v1, fieldsType: FieldsV1, fieldsV1: {f:data: {f:b: {}}}, manager: eks, operation: Apply}
  - {apiVersion: v1, fieldsType: FieldsV1, fieldsV1: {f:data: {f:c: {}}}, manager: kubectl-edit, operation: Update}
data: {a: "1", b: "2", c: "3"}
`;
writeFileSync(join(work, 'live.yaml'), LIVE);
writeFileSync(join(work, 'manifest.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n');
mkdirSync(join(work, 'scenarios'));

let script: string;
beforeAll(async () => {
  const built = await bundleCli();
  writeFileSync(join(bin, 'ssa-sim'), `#!/bin/sh\nexec '${process.execPath}' '${built}' "$@"\n`);
  chmodSync(join(bin, 'ssa-sim'), 0o755);
  const r = await runCli(['completion', 'bash']);
  expect(r.code).toBe(0);
  script = join(dir, 'ssa-sim.bash');
  writeFileSync(script, r.stdout);
}, 120_000);

/** A stand-in kubectl on the PATH that answers `config get-contexts -o name` as kubectl does. */
function standInKubectl(): void {
  const kubectl = join(bin, 'kubectl');
  writeFileSync(kubectl, `#!/bin/sh\n[ "$*" = "config get-contexts -o name" ] && printf 'dev\\nprod-eks\\n'\n`);
  chmodSync(kubectl, 0o755);
}

/** What bash offers for WORDS with the cursor in the last word (or at CWORD). */
function complete(words: string[], cword = words.length - 1): string[] {
  const quoted = words.map((w) => `'${w.replaceAll("'", `'\\''`)}'`).join(' ');
  const run = `source "$1" || exit 9; COMP_WORDS=(${quoted}); COMP_CWORD=${cword}; _ssa_sim_complete; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const r = spawnSync('bash', ['--norc', '--noprofile', '-c', run, 'bash', script], { cwd: work, encoding: 'utf8', env: { PATH: `${bin}:${process.env.PATH}`, HOME: dir } });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return r.stdout.split('\n').filter((l) => l !== '').sort();
}

describe('the bash script, run in bash', () => {
  it('completes commands', () => {
    expect(complete(['ssa-sim', 'pr'])).toEqual(['preview']);
    expect(complete(['ssa-sim', ''])).toEqual(['--help', '--version', 'addon-check', 'blame', 'completion', 'diff', 'engine', 'explain', 'fieldset', 'preview', 'run', 'serve', 'version']);
  });

  it("completes a command's flags, from its parser's declarations", () => {
    const all = complete(['ssa-sim', 'preview', '-']);
    const declared = Object.entries(PREVIEW_OPTIONS).flatMap(([name, o]) => [`--${name}`, ...('short' in o ? [`-${o.short}`] : [])]);
    expect(all).toEqual([...declared, '--help', '-h'].sort());
    expect(complete(['ssa-sim', 'preview', '--fo'])).toEqual(['--force-conflicts']);
    expect(complete(['ssa-sim', 'blame', '--li'])).toEqual(['--live']);
  });

  it('completes field managers from the live file on the line', () => {
    expect(complete(['ssa-sim', 'preview', '-f', 'manifest.yaml', '--live', 'live.yaml', '--field-manager', ''])).toEqual(['eks', 'helm', 'kubectl-edit']);
    expect(complete(['ssa-sim', 'preview', '--live', 'live.yaml', '--field-manager', 'k'])).toEqual(['kubectl-edit']);
    // bash splits --live=live.yaml and --field-manager=h at "=".
    expect(complete(['ssa-sim', 'preview', '--live', '=', 'live.yaml', '--field-manager', '=', 'h'])).toEqual(['helm']);
    expect(complete(['ssa-sim', 'explain', 'live.yaml', '.data.a', '-f', 'manifest.yaml', '--field-manager', ''])).toEqual(['eks', 'helm', 'kubectl-edit']);
    expect(complete(['ssa-sim', 'preview', '--live', 'no-such.yaml', '--field-manager', ''])).toEqual([]);
  });

  it('completes files, and the words of --live and of first arguments', () => {
    expect(complete(['ssa-sim', 'preview', '-f', 'man'])).toEqual(['manifest.yaml']);
    expect(complete(['ssa-sim', 'run', 'sc'])).toEqual(['scenarios']);
    expect(complete(['ssa-sim', 'preview', '--live', ''])).toEqual(['cluster', 'live.yaml', 'manifest.yaml', 'scenarios']);
    expect(complete(['ssa-sim', 'fieldset', ''])).toEqual(['decode', 'encode']);
    expect(complete(['ssa-sim', 'completion', ''])).toEqual(['bash', 'fish', 'zsh']);
  });

  it('completes contexts from kubectl', () => {
    standInKubectl();
    expect(complete(['ssa-sim', 'preview', '--live', 'cluster', '--context', 'pr'])).toEqual(['prod-eks']);
  });
});

describe('__complete field-manager', () => {
  it('finds the live file after --live, --live=, or as the first argument', () => {
    expect(liveFileOf(['-f', 'm.yaml', '--live', 'l.yaml'], PREVIEW_OPTIONS)).toBe('l.yaml');
    expect(liveFileOf(['--live=l.yaml'], PREVIEW_OPTIONS)).toBe('l.yaml');
    expect(liveFileOf(['--live', '=', 'l.yaml'], PREVIEW_OPTIONS)).toBe('l.yaml');
    expect(liveFileOf(['-o', 'json', 'l.yaml', '.spec'], PREVIEW_OPTIONS)).toBe('l.yaml');
  });

  it('reads the managers of every object, and nothing from an unreadable file', () => {
    expect(managersIn(join(work, 'live.yaml'))).toEqual(['eks', 'helm', 'kubectl-edit']);
    expect(managersIn(join(work, 'scenarios'))).toEqual([]);
  });

  it('is not listed', async () => {
    expect((await runCli(['--help'])).stdout).not.toContain('__complete');
    expect((await runCli(['completion', 'bash'])).stdout).not.toMatch(/^ {4}__complete\)/m);
  });
});

const required = process.env.CI === 'true';

/**
 * zsh and fish, each asked on TAB for what it offers (./shell-completion.ts). Where a shell is
 * missing the test is skipped with the reason printed, except under CI=true, where it fails: CI
 * installs both (.ci/run).
 */
for (const shell of ['zsh', 'fish'] as const) {
  const available = installed(shell);
  if (!available) console.log(required ? `completion test: ${shell} is missing and CI=true: the test is required (apt-get install -y ${shell})` : `completion test in ${shell} skipped: ${shell} is not installed (apt-get install -y ${shell}); it is required when CI=true`);

  describe.runIf(available || required)(`the ${shell} script, run in ${shell}`, () => {
    let run: ShellRun;
    beforeAll(async () => {
      if (!available) throw new Error(`${shell} is missing and CI=true: the completion test is required (apt-get install -y ${shell})`);
      const r = await runCli(['completion', shell]);
      expect(r.code).toBe(0);
      run = { script: r.stdout, cwd: work, bin, dir };
    });
    const complete = (line: string): string[] => completionsIn(shell, run, line);

    it('completes commands', () => {
      expect(complete('ssa-sim pr')).toEqual(['preview']);
      expect(complete('ssa-sim ')).toEqual(['addon-check', 'blame', 'completion', 'diff', 'engine', 'explain', 'fieldset', 'preview', 'run', 'serve', 'version']);
      expect(complete('ssa-sim --')).toEqual(['--help', '--version']);
    });

    it("completes a command's flags, from its parser's declarations", () => {
      const declared = Object.entries(PREVIEW_OPTIONS).flatMap(([name, o]) => [`--${name}`, ...('short' in o ? [`-${o.short}`] : [])]);
      expect(complete('ssa-sim preview -')).toEqual([...declared, '--help', '-h'].sort());
      expect(complete('ssa-sim preview --fo')).toEqual(['--force-conflicts']);
      expect(complete('ssa-sim blame --li')).toEqual(['--live']);
    });

    it('completes field managers from the live file on the line', () => {
      expect(complete('ssa-sim preview -f manifest.yaml --live live.yaml --field-manager ')).toEqual(['eks', 'helm', 'kubectl-edit']);
      expect(complete('ssa-sim preview --live live.yaml --field-manager k')).toEqual(['kubectl-edit']);
      expect(complete('ssa-sim preview --live=live.yaml --field-manager ')).toEqual(['eks', 'helm', 'kubectl-edit']);
      expect(complete('ssa-sim preview --live live.yaml --field-manager=h').map(valueOf)).toEqual(['helm']);
      expect(complete('ssa-sim explain live.yaml .data.a -f manifest.yaml --field-manager ')).toEqual(['eks', 'helm', 'kubectl-edit']);
      expect(complete('ssa-sim preview --live no-such.yaml --field-manager ')).toEqual([]);
    });

    it('completes files, and the words of --live and of first arguments', () => {
      expect(complete('ssa-sim preview -f man')).toEqual(['manifest.yaml']);
      expect(complete('ssa-sim run sc').map(dirName)).toEqual(['scenarios']);
      expect(complete('ssa-sim preview --live ').map(dirName)).toEqual(['cluster', 'live.yaml', 'manifest.yaml', 'scenarios']);
      expect(complete('ssa-sim preview --live=li').map(valueOf)).toEqual(['live.yaml']);
      expect(complete('ssa-sim fieldset ')).toEqual(['decode', 'encode']);
      expect(complete('ssa-sim completion ')).toEqual(['bash', 'fish', 'zsh']);
    });

    it('completes contexts from kubectl', () => {
      standInKubectl();
      expect(complete('ssa-sim preview --live cluster --context pr')).toEqual(['prod-eks']);
    });

    if (shell === 'zsh') {
      it('works saved as _ssa-sim in a directory of $fpath, as from source', () => {
        expect(completionsIn('zsh', run, 'ssa-sim pr', 'fpath')).toEqual(['preview']);
        expect(completionsIn('zsh', run, 'ssa-sim preview --live live.yaml --field-manager h', 'fpath')).toEqual(['helm']);
      });
    }
  });
}

/** fish offers `--flag=value` whole, zsh the value: the value. */
const valueOf = (word: string): string => word.replace(/^--[\w-]+=/, '');
/** fish marks a directory with a trailing "/". */
const dirName = (word: string): string => word.replace(/\/$/, '');

describe('completion', () => {
  it('an unknown shell is a usage error', async () => {
    const r = await runCli(['completion', 'tcsh']);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe('ssa-sim completion: unknown shell "tcsh": expected bash, zsh or fish');
  });
});
