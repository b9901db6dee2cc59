/**
 * How `kubectl diff` shows its result: each object as YAML in two fresh directories,
 * `$TMPDIR/LIVE-<digits>` and `$TMPDIR/MERGED-<digits>` (Go's os.MkdirTemp), one file per object
 * named `[group.]version.kind.namespace.name` (empty in LIVE for an object that does not exist),
 * then `diff -u -N LIVE MERGED`, or the program KUBECTL_EXTERNAL_DIFF names: split on spaces, its
 * first word the program, each further word kept only when it is made of letters, digits, `-`
 * and `=`, and passed after the two directories. Both directories are removed afterwards.
 * Exit status as kubectl's: the program's 0 or 1 is kept (1: differences), anything else is
 * `error: failed to run "diff": exit status 2` and 2.
 */
import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CommandIO } from './io.js';

/** One object's two versions, already printed as the files hold them. */
export interface DiffFile {
  readonly name: string;
  readonly live: string;
  readonly merged: string;
}

/** `os.MkdirTemp("", PREFIX+"-")`: PREFIX-<random uint32>, mode 0700, in $TMPDIR (default /tmp). */
function makeTempDir(env: CommandIO['env'], prefix: string): string {
  const base = env.TMPDIR || tmpdir();
  for (let tries = 0; ; tries++) {
    const dir = join(base, `${prefix}-${randomInt(0, 2 ** 32)}`);
    try {
      mkdirSync(dir, { mode: 0o700 });
      return dir;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || tries > 100) throw err;
    }
  }
}

/** The program and arguments kubectl runs for FROM and TO. */
export function diffCommand(env: CommandIO['env'], from: string, to: string): { program: string; args: string[] } {
  const external = env.KUBECTL_EXTERNAL_DIFF ?? '';
  if (external === '') return { program: 'diff', args: ['-u', '-N', from, to] };
  const [program, ...rest] = external.split(' ');
  return { program, args: [from, to, ...rest.filter((w) => /^[a-zA-Z0-9-=]+$/.test(w))] };
}

/** Go's text for a program that could not be started. */
function startError(program: string, err: NodeJS.ErrnoException): string {
  if (err.code === 'ENOENT' && !program.includes('/')) return `exec: ${JSON.stringify(program)}: executable file not found in $PATH`;
  const words: Record<string, string> = { ENOENT: 'no such file or directory', EACCES: 'permission denied', ENOEXEC: 'exec format error' };
  return `fork/exec ${program}: ${(err.code && words[err.code]) || err.message}`;
}

/** Writes the files, runs the diff program, removes the directories; returns the exit status. */
export function runDiffProgram(files: readonly DiffFile[], io: CommandIO): number {
  const from = makeTempDir(io.env, 'LIVE');
  let to: string | undefined;
  try {
    to = makeTempDir(io.env, 'MERGED');
    for (const f of files) {
      writeFileSync(join(from, f.name), f.live, { mode: 0o700 });
      writeFileSync(join(to, f.name), f.merged, { mode: 0o700 });
    }
    const { program, args } = diffCommand(io.env, from, to);
    const r = spawnSync(program, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...io.env }, maxBuffer: 1 << 30 });
    if (r.stdout?.length) io.write(r.stdout.toString('utf8'));
    if (r.stderr?.length) io.writeError(r.stderr.toString('utf8'));
    if (r.error) {
      io.writeError(`error: failed to run ${JSON.stringify(program)}: ${startError(program, r.error as NodeJS.ErrnoException)}\n`);
      return 2;
    }
    if (r.status === 0 || r.status === 1) return r.status;
    io.writeError(`error: failed to run ${JSON.stringify(program)}: ${r.status === null ? `signal: ${signalText(r.signal)}` : `exit status ${r.status}`}\n`);
    return 2;
  } finally {
    rmSync(from, { recursive: true, force: true });
    if (to !== undefined) rmSync(to, { recursive: true, force: true });
  }
}

/** Go's names of the usual signals (`signal: killed`). */
function signalText(signal: NodeJS.Signals | null): string {
  const names: Partial<Record<NodeJS.Signals, string>> = { SIGKILL: 'killed', SIGTERM: 'terminated', SIGINT: 'interrupt', SIGSEGV: 'segmentation fault', SIGPIPE: 'broken pipe', SIGABRT: 'aborted', SIGHUP: 'hangup' };
  return (signal && names[signal]) || String(signal);
}
