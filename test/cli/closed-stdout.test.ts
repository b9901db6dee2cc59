/**
 * `ssa-sim blame big.yaml | head -1`: when the reader closes the pipe, the command stops quietly
 * with the status a Unix tool killed by SIGPIPE has in the shell (128 + 13), never a stack trace
 * and never exit 1, which means "the apply fails" for preview (issue 16, item 3).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleCli, runPipedToHead } from './built-cli.js';

const CLOSED_PIPE = 141;
const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-closed-stdout-'));
let bin = '';

beforeAll(async () => {
  bin = await bundleCli();
});

describe('a closed stdout', () => {
  it('blame stops quietly', async () => {
    const one = readFileSync(join(import.meta.dirname, 'aws-node-live.yaml'), 'utf8');
    const big = join(dir, 'big.yaml');
    writeFileSync(big, Array.from({ length: 40 }, () => one).join('---\n'));
    const r = await runPipedToHead(bin, ['blame', big, '--now', '2022-09-01T10:00:00Z']);
    expect(r.firstLine).toMatch(/^ +\| apiVersion: apps\/v1\n$/);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(CLOSED_PIPE);
  });

  it('preview stops quietly (not exit 1, which means a failed apply)', async () => {
    const objects = (ns: string, value: string) =>
      Array.from({ length: 100 }, (_, i) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c${i}\n  namespace: ${ns}\n${ns ? '  managedFields: []\n' : ''}data:\n  a: "${value}"\n`).join('---\n');
    const live = join(dir, 'live.yaml');
    const manifest = join(dir, 'manifest.yaml');
    writeFileSync(live, objects('default', 'x'.repeat(1000)));
    writeFileSync(manifest, objects('default', 'y'.repeat(1000)).replaceAll('  managedFields: []\n', ''));
    const r = await runPipedToHead(bin, ['preview', '-f', manifest, '--live', live, '--field-manager', 'me', '--force-conflicts', '-o', 'yaml', '--now', '2022-09-01T10:00:00Z']);
    expect(r.firstLine).toBe('apiVersion: v1\n');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(CLOSED_PIPE);
  });

  it('engine stops quietly', async () => {
    const request = JSON.stringify({ schema: '', type: '', steps: [{ op: 'apply', manager: 'm', apiVersion: 'v1', object: { a: 'x'.repeat(2000) } }] });
    const r = await runPipedToHead(bin, ['engine'], Array.from({ length: 2000 }, () => request).join('\n') + '\n');
    expect(r.firstLine).toMatch(/^\{"steps":/);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(CLOSED_PIPE);
  });
});
