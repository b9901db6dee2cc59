import { readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-io.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const scenariosDir = join(root, 'scenarios');

/** Every scenario file under scenarios/ (schema and manifest folders excluded). */
function scenarioFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return ['schemas', 'manifests', 'objects'].includes(name) ? [] : scenarioFiles(p);
    return /\.ya?ml$/.test(name) ? [p] : [];
  });
}

describe('the scenario library', () => {
  const files = scenarioFiles(scenariosDir);
  it('has scenarios', () => expect(files.length).toBeGreaterThan(0));
  for (const file of files) {
    it(`ssa-sim run ${relative(root, file)} exits 0`, async () => {
      const r = await runCli(['run', file]);
      expect(r.stderr + r.stdout.split('\n').filter((l) => /FAIL|failed/.test(l)).join('\n')).toBe('');
      expect(r.code).toBe(0);
    });
  }
});
