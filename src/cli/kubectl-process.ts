/**
 * Running the user's own kubectl (`--live cluster`): their kubeconfig, contexts and credential
 * plugins (`aws eks get-token`...) work because kubectl does the talking. It is spawned without a
 * shell, found through the KUBECTL environment variable or the PATH, and stopped after a timeout.
 */
import { spawn } from 'node:child_process';
import { SsaError } from '../errors/ssa-error.js';
import type { CommandIO } from './io.js';

/** What kubectl answered. */
export interface KubectlAnswer {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** The kubeconfig and context kubectl is told to use (`--kubeconfig`, `--context`). */
export interface KubectlAccess {
  readonly kubeconfig?: string;
  readonly context?: string;
}

/** How long one kubectl call may take: a credential plugin may open a browser for a login. */
export const KUBECTL_TIMEOUT_MS = 120_000;

/** The kubectl to run: $KUBECTL when set, otherwise `kubectl` from the PATH. */
export function kubectlProgram(io: CommandIO): string {
  const fromEnv = io.env.KUBECTL;
  return fromEnv !== undefined && fromEnv !== '' ? fromEnv : 'kubectl';
}

/** The arguments that choose the kubeconfig and context, before kubectl's command. */
export function accessArgs(access: KubectlAccess): string[] {
  return [...(access.kubeconfig !== undefined ? ['--kubeconfig', access.kubeconfig] : []), ...(access.context !== undefined ? ['--context', access.context] : [])];
}

/** `kubectl get -n kube-system ...` as a user would type it, for messages. */
export function commandLine(program: string, args: readonly string[]): string {
  return [program, ...args].map((a) => (/^[\w./:=@%+,-]+$/.test(a) ? a : `'${a.replaceAll("'", `'\\''`)}'`)).join(' ');
}

/**
 * Runs kubectl with ARGS and the command's environment; resolves with its exit code and output.
 * A kubectl that cannot be started or does not finish in time is an SsaError naming the command.
 */
export function runKubectl(args: readonly string[], io: CommandIO, timeoutMs = KUBECTL_TIMEOUT_MS): Promise<KubectlAnswer> {
  const program = kubectlProgram(io);
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { shell: false, stdio: ['ignore', 'pipe', 'pipe'], env: { ...io.env } });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
    }, timeoutMs);
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      const why = e.code === 'ENOENT' ? `${program} was not found${program === 'kubectl' ? ' on the PATH (set KUBECTL to its path)' : ''}` : `${program} could not be started: ${e.code ?? e.message}`;
      reject(new SsaError('INPUT', `cannot read the live objects from the cluster: ${why}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const line = commandLine(program, args);
      if (timedOut) reject(new SsaError('INPUT', `cannot read the live objects from the cluster: ${line} did not finish within ${timeoutMs / 1000}s`));
      else if (code === null) reject(new SsaError('INPUT', `cannot read the live objects from the cluster: ${line} was killed by ${signal ?? 'a signal'}`));
      else resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') });
    });
  });
}

/** kubectl's failure as an error: the command, its exit code, and kubectl's own stderr. */
export function kubectlFailure(io: CommandIO, args: readonly string[], answer: KubectlAnswer): SsaError {
  return new SsaError('INPUT', `cannot read the live objects from the cluster: ${commandLine(kubectlProgram(io), args)} exited with ${answer.code}:\n${answer.stderr.trimEnd()}`);
}
