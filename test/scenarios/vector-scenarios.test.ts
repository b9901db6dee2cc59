import { describe, expect, it } from 'vitest';
import { engineRunner } from '../../src/scenarios/engine-mode.js';
import { vectorToScenarioText, type VectorCase } from '../../src/scenarios/from-vector.js';
import { parseScenario } from '../../src/scenarios/parse-scenario.js';
import { runScenario } from '../../src/scenarios/run-scenario.js';
import type { RunEnvironment } from '../../src/scenarios/run-types.js';
import { readShared } from '../support/shared.js';

const noFiles: RunEnvironment = {
  readFile: () => {
    throw new Error('no files');
  },
};

function cases(file: string): VectorCase[] {
  return readShared('reference', 'vectors', file)
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as VectorCase);
}

describe('every reference case written as an engine scenario', () => {
  it('agrees with the reference on every suite.jsonl case, step by step', () => {
    const failures: string[] = [];
    const all = cases('suite.jsonl');
    for (const c of all) {
      const text = vectorToScenarioText(c);
      const scenario = parseScenario(text, `${c.where}.yaml`);
      const run = runScenario(scenario, engineRunner(scenario, noFiles));
      if (!run.passed) {
        const first = run.steps.flatMap((s) => s.expectations.filter((e) => !e.passed).map((e) => `step ${s.step.index + 1}: ${e.description}: ${e.detail}`));
        failures.push(`${c.where}: ${first.slice(0, 2).join('; ')}`);
      }
    }
    expect(failures, failures.slice(0, 5).join('\n')).toEqual([]);
    expect(all.length).toBe(87);
  });

  it('agrees on the first 500 random.jsonl cases', () => {
    const failures: string[] = [];
    for (const c of cases('random.jsonl').slice(0, 500)) {
      const scenario = parseScenario(vectorToScenarioText(c), `${c.where}.yaml`);
      const run = runScenario(scenario, engineRunner(scenario, noFiles));
      if (!run.passed) failures.push(String(c.where));
    }
    expect(failures).toEqual([]);
  });
});

describe('a converted case that is wrong', () => {
  it('fails, naming the step and what differs', () => {
    const c = cases('suite.jsonl').find((x) => String(x.where).includes('leaf_test')) as VectorCase;
    const broken: VectorCase = { ...c, expect: c.expect!.map((e, i) => (i === 0 ? { ...(e as object), object: { numeric: 42 } } : e)) };
    const scenario = parseScenario(vectorToScenarioText(broken), 'broken.yaml');
    const run = runScenario(scenario, engineRunner(scenario, noFiles));
    expect(run.passed).toBe(false);
    const failed = run.steps[0].expectations.find((e) => !e.passed)!;
    expect(failed.detail).toMatch(/numeric: expected 42, found/);
  });
});
