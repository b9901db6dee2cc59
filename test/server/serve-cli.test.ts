/**
 * `ssa-sim serve` as a command: one line with the URL when ready, a kubeconfig pointing at it,
 * usage errors for bad flags, a clean stop.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { serveCommand } from '../../src/cli/commands/serve.js';
import type { CommandIO } from '../../src/cli/io.js';

function io() {
  const out = { stdout: '', stderr: '' };
  const cio: CommandIO = { stdin: Readable.from([]), write: (t) => void (out.stdout += t), writeError: (t) => void (out.stderr += t), env: {}, isTTY: false };
  return { out, cio };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!check()) throw new Error('the server did not say it was ready');
}

describe('ssa-sim serve (the command)', () => {
  it('prints its URL, writes a kubeconfig for it, serves, and stops when asked', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-serve-'));
    try {
      const { out, cio } = io();
      let stop!: () => void;
      const stopped = new Promise<void>((r) => (stop = r));
      const kubeconfig = join(dir, 'kubeconfig');
      const running = serveCommand(['--port', '0', '--kubeconfig', kubeconfig], cio, stopped);
      await until(() => out.stdout.includes('\n'));
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)\n$/.exec(out.stdout)?.[1];
      expect(url).toBeDefined();
      expect(readFileSync(kubeconfig, 'utf8')).toContain(`server: "${url}"`);
      const r = await fetch(`${url}/api/v1/namespaces/kube-system`, { signal: AbortSignal.timeout(10_000) });
      expect((await r.json()).metadata.name).toBe('kube-system');
      stop();
      expect(await running).toBe(0);
      await expect(fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) })).rejects.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects a bad port and a non-loopback address without a token', async () => {
    const a = io();
    expect(await serveCommand(['--port', 'x'], a.cio, Promise.resolve())).toBe(2);
    expect(a.out.stderr).toContain('--port must be a number from 0 to 65535, not "x"');
    const b = io();
    await expect(serveCommand(['--port', '0', '--address', '0.0.0.0'], b.cio, Promise.resolve())).rejects.toThrow('needs a token (--token)');
  });
});
