/**
 * The CLI as a real process, for what only a process shows (signals, closed pipes): bin.ts is
 * bundled once per test file by Vite (well under a second) into a temporary folder and run with
 * the current Node.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { build } from 'vite';

/** Bundles src/cli/bin.ts with its dependencies; returns the path of the script. */
export async function bundleCli(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'ssa-sim-bin-'));
  await build({
    configFile: false,
    root: resolve(import.meta.dirname, '../..'),
    logLevel: 'silent',
    ssr: { noExternal: true },
    build: { ssr: 'src/cli/bin.ts', outDir, emptyOutDir: true, target: 'node20', minify: false, rollupOptions: { output: { entryFileNames: 'bin.mjs' } } },
  });
  return join(outDir, 'bin.mjs');
}

export interface ClosedPipeResult {
  /** What `head -1` printed. */
  readonly firstLine: string;
  /** ssa-sim's exit status (bash's PIPESTATUS[0]). */
  readonly code: number | null;
  readonly stderr: string;
}

/**
 * Runs `node BIN ARGS < STDIN | head -1` in bash, as a user would, and gives ssa-sim's own exit
 * status and what it wrote to stderr.
 */
export function runPipedToHead(bin: string, args: string[], stdin = ''): Promise<ClosedPipeResult> {
  return new Promise((done, fail) => {
    const script = 'node "$0" "$@" | head -1; exit "${PIPESTATUS[0]}"';
    const child = spawn('bash', ['-c', script, bin, ...args], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}` } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => void (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => void (stderr += c.toString()));
    child.stdin.on('error', () => undefined);
    child.stdin.end(stdin);
    child.on('error', fail);
    child.on('close', (code) => done({ firstLine: stdout, code, stderr }));
  });
}
