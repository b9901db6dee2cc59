/** Running `ssa-sim serve` in-process for tests: start it, read its URL, stop it. */
import { Readable } from 'node:stream';
import { serveCommand } from '../../src/cli/commands/serve.js';
import type { CommandIO } from '../../src/cli/io.js';

export function io() {
  const out = { stdout: '', stderr: '' };
  const cio: CommandIO = { stdin: Readable.from([]), write: (t) => void (out.stdout += t), writeError: (t) => void (out.stderr += t), env: {}, isTTY: false };
  return { out, cio };
}

/** Starts `ssa-sim serve ARGS` in-process; resolves with its URL and a function that stops it. */
export async function serving(args: string[]): Promise<{ url: string; stop: () => Promise<number>; stderr: () => string }> {
  const { out, cio } = io();
  let stop!: () => void;
  const stopped = new Promise<void>((r) => (stop = r));
  const running = serveCommand(['--port', '0', ...args], cio, stopped);
  await Promise.race([until(() => out.stdout.includes('\n')), running.then(() => Promise.reject(new Error(out.stderr)))]);
  const url = /listening on (https?:\/\/\S+:\d+)\n$/.exec(out.stdout)![1];
  return { url, stop: () => (stop(), running), stderr: () => out.stderr };
}

export async function json(url: string, init: RequestInit = {}): Promise<any> {
  const r = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  return r.json();
}

export async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!check()) throw new Error('the server did not say it was ready');
}

