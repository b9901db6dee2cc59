import { describe, expect, it } from 'vitest';
import { parseEngineRequest, runEngineRequest } from '../../src/protocol/engine-request.js';
import { SchemaSource } from '../../src/protocol/schema-source.js';
import type { Value } from '../../src/value/value.js';
import { type StepResult, stepDifferences } from '../support/compare-vector.js';
import { readShared } from '../support/shared.js';

// Every reference vector, run through the engine protocol exactly as `ssa-sim engine` runs it.
const files = ['suite.jsonl', 'random.jsonl', 'k8s.jsonl'];

function schemaSourceWithRefs(): SchemaSource {
  const source = new SchemaSource();
  const refs = JSON.parse(readShared('reference', 'vectors', 'k8s-schemas.json')) as Record<string, string>;
  for (const [name, text] of Object.entries(refs)) source.registerRef(name, text);
  return source;
}

describe('reference vectors (structured-merge-diff v6.4.2)', () => {
  const source = schemaSourceWithRefs();
  for (const file of files) {
    it(`agrees on every case of ${file}`, () => {
      const lines = readShared('reference', 'vectors', file).split('\n').filter((l) => l.trim() !== '');
      const failures: string[] = [];
      let agreed = 0;
      for (const line of lines) {
        const vector = JSON.parse(line) as { where: string; expect: StepResult[] } & Record<string, Value>;
        let actual: StepResult[];
        try {
          actual = (JSON.parse(runEngineRequest(parseEngineRequest(vector as unknown as Value), source)) as { steps: StepResult[] }).steps;
        } catch (err) {
          failures.push(`${vector.where}: request failed: ${(err as Error).stack ?? err}`);
          continue;
        }
        const caseDiffs: string[] = [];
        vector.expect.forEach((expected, i) => {
          const diffs = stepDifferences(expected, actual[i]);
          if (diffs.length > 0) caseDiffs.push(`  step ${i} (${JSON.stringify((vector.steps as Value[])[i]).slice(0, 160)}):\n    ${diffs.join('\n    ')}`);
        });
        if (caseDiffs.length === 0) agreed++;
        else failures.push(`${vector.where}:\n${caseDiffs.join('\n')}`);
      }
      console.log(`${file}: ${agreed}/${lines.length} cases agree with the reference`);
      if (failures.length > 0) console.log(failures.slice(0, 5).join('\n\n'));
      expect(failures.length, `${failures.length} of ${lines.length} cases disagree`).toBe(0);
    });
  }
});
