/**
 * docs/scenarios.md's "A first scenario" is what a new user copies into a file of their own, in a
 * folder of their own, and runs: it must play as written there, with every expectation holding.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-io.js';

const doc = readFileSync(resolve(import.meta.dirname, '..', '..', 'docs', 'scenarios.md'), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-first-scenario-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('docs/scenarios.md, A first scenario', () => {
  it('runs from any folder, every expectation holding', async () => {
    const section = doc.slice(doc.indexOf('## A first scenario'));
    const block = /```yaml\n([\s\S]*?)```/.exec(section)?.[1];
    expect(block).toBeDefined();
    const file = join(dir, 'first.yaml');
    writeFileSync(file, block!);
    const r = await runCli(['run', file]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\nOK An updater takes a field; the applier conflicts, then forces: \d+ expectations hold\n$/);
  });
});
