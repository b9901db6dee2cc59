/**
 * A fixed-seed slice of `npm run fuzz` (fuzz/): mutated captured objects, manifests, scenarios
 * and engine requests through every command, in this process. Any crash (exit 70, an escaping
 * exception, a stack trace) or prototype pollution fails the test with the seed, the case number
 * and the case itself, which `npm run fuzz -- --replay FILE` replays once saved.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TARGETS } from '../../fuzz/cases.js';
import { loadCorpus } from '../../fuzz/corpus.js';
import { caseAt } from '../../fuzz/generate.js';
import { caseRunner } from '../../fuzz/run-case.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const CASES_PER_TARGET = Number(process.env.FUZZ_CASES_PER_TARGET ?? 300);
const repo = resolve(import.meta.dirname, '..', '..');
const corpus = loadCorpus(repo);
const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-fuzz-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe(`fuzz slice (seed ${SEED}, ${CASES_PER_TARGET} cases per target)`, () => {
  for (const target of TARGETS) {
    it(`${target}: no crash, no prototype pollution`, async () => {
      const run = caseRunner(join(dir, target));
      const failures: string[] = [];
      for (let i = 0; i < CASES_PER_TARGET; i++) {
        const c = caseAt(SEED, i, corpus, [target]);
        const verdict = await run(c);
        if (!verdict.ok) failures.push(`seed ${SEED} case ${i} (${verdict.kind}): ${verdict.detail.split('\n')[0]}\n  case: ${JSON.stringify(c).slice(0, 400)}`);
      }
      expect(failures, failures.join('\n')).toEqual([]);
    }, 600_000);
  }
});
