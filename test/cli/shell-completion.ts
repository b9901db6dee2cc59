/**
 * Asks a real zsh or fish what it offers on TAB, for the completion tests.
 *
 * zsh completes only inside its line editor, so an interactive zsh is started on a pseudo-terminal
 * (zsh's own zpty module, driven by a second zsh): it loads compinit and the script, types the
 * line and a TAB, and every word zsh's completion adds (compadd, wrapped to also append the
 * matches to a file) is collected. fish answers `complete -C LINE` without a terminal.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type RealShell = 'zsh' | 'fish';

/** Whether SHELL is on the PATH. */
export const installed = (shell: RealShell): boolean => spawnSync('sh', ['-c', `command -v ${shell}`]).status === 0;

export interface ShellRun {
  /** The completion script, as `ssa-sim completion SHELL` printed it. */
  readonly script: string;
  /** Where the line is typed. */
  readonly cwd: string;
  /** Put first on the PATH (where `ssa-sim` and a stand-in kubectl are). */
  readonly bin: string;
  /** For the scratch files. */
  readonly dir: string;
}

/**
 * The driver: $1 the zshrc to load, $2 the file the matches go to, $3 the line. Each step waits
 * for the prompt (a marker the echoed input cannot match) before typing the next, and the line is
 * erased (^U) before the final command, whose output ends the session.
 */
const ZSH_DRIVER = `zmodload zsh/zpty || exit 9
zpty z zsh -f -i
zpty -w z "PS1='<''READY''> '; source \${(q)1}"
zpty -r -m z out '*<READY> *' || exit 8
zpty -w z 'compadd() { local -a __m; builtin compadd -O __m "$@"; print -rl -- "\${__m[@]}" >> '\${(q)2}'; builtin compadd "$@"; }'
zpty -r -m z out '*<READY> *' || exit 8
zpty -w -n z "$3"$'\\t'
zpty -w -n z $'\\C-u'
zpty -w z 'print END-$((6*7))'
zpty -r -m z out '*END-42*' || exit 7
zpty -d z
`;

let runs = 0;

/** How the script is loaded in ~/.zshrc: sourced, or saved as _ssa-sim in a directory of $fpath. */
export type ZshLoad = 'source' | 'fpath';

function zshCompletions(run: ShellRun, line: string, load: ZshLoad): string[] {
  const n = ++runs;
  const file = join(run.dir, `_ssa-sim.${n}`);
  const fpathDir = mkdtempSync(join(run.dir, 'fpath-'));
  const out = join(run.dir, `zsh-matches.${n}`);
  const rc = join(run.dir, `zshrc.${n}`);
  writeFileSync(load === 'fpath' ? join(fpathDir, '_ssa-sim') : file, run.script);
  writeFileSync(out, '');
  writeFileSync(
    rc,
    [
      'LISTMAX=100000',
      load === 'fpath' ? `fpath=(${fpathDir} $fpath)` : '',
      // compinit's dump is made once per test file, by the first run (of the sourced script, whose
      // name is not in $fpath: the dump cannot go stale between runs).
      `autoload -U compinit && compinit -u -d ${join(run.dir, load === 'fpath' ? `zcompdump-fpath.${n}` : 'zcompdump')}`,
      load === 'source' ? `source ${file}` : '',
      '',
    ].join('\n'),
  );
  const r = spawnSync('zsh', ['-f', '-c', ZSH_DRIVER, 'zsh', rc, out, line], { cwd: run.cwd, encoding: 'utf8', timeout: 20_000, env: { PATH: `${run.bin}:${process.env.PATH}`, HOME: run.dir, TERM: 'dumb' } });
  if (r.status !== 0) throw new Error(`zsh driver exited with ${r.status} (${r.signal ?? 'no signal'}): ${r.stderr}`);
  return [...new Set(readFileSync(out, 'utf8').split('\n').filter((l) => l !== ''))].sort();
}

function fishCompletions(run: ShellRun, line: string): string[] {
  const file = join(run.dir, 'ssa-sim.fish');
  writeFileSync(file, run.script);
  const r = spawnSync('fish', ['--no-config', '-c', 'source $argv[1]; and complete -C $argv[2]', file, line], { cwd: run.cwd, encoding: 'utf8', timeout: 20_000, env: { PATH: `${run.bin}:${process.env.PATH}`, HOME: run.dir } });
  if (r.status !== 0 || r.stderr !== '') throw new Error(`fish exited with ${r.status}: ${r.stderr}`);
  // fish prints each candidate, then a tab and its description when it has one.
  return [...new Set(r.stdout.split('\n').filter((l) => l !== '').map((l) => l.split('\t')[0]))].sort();
}

/** The words SHELL offers when TAB is pressed at the end of LINE (typed in run.cwd). */
export function completionsIn(shell: RealShell, run: ShellRun, line: string, load: ZshLoad = 'source'): string[] {
  return shell === 'zsh' ? zshCompletions(run, line, load) : fishCompletions(run, line);
}
