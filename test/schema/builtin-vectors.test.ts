import { describe, expect, it } from 'vitest';
import { parseEngineRequest, runEngineRequest } from '../../src/protocol/engine-request.js';
import { SchemaSource } from '../../src/protocol/schema-source.js';
import type { Value } from '../../src/value/value.js';
import { type StepResult, stepDifferences } from '../support/compare-vector.js';
import { readShared } from '../support/shared.js';

// The public k8s vectors name their schema by reference (`schemaRef`: the Pod or Node schema of
// k8s-schemas.json). Run every one with the built-in schema instead, as `ssa-sim engine` runs a
// request with "schema": "builtin": the results must not change.
describe('k8s.jsonl with "schema": "builtin"', () => {
  it('agrees on every case', () => {
    const source = new SchemaSource();
    const lines = readShared('reference', 'vectors', 'k8s.jsonl').split('\n').filter((l) => l.trim() !== '');
    const failures: string[] = [];
    const types = new Set<string>();
    for (const line of lines) {
      const vector = JSON.parse(line) as { where: string; schemaRef?: string; type: string; expect: StepResult[] } & Record<string, Value>;
      expect(vector.schemaRef).toBe(vector.type);
      types.add(vector.type);
      const { schemaRef: _ref, expect: expected, ...request } = vector;
      const actual = (JSON.parse(runEngineRequest(parseEngineRequest({ ...request, schema: 'builtin' } as unknown as Value), source)) as { steps: StepResult[] }).steps;
      const diffs = expected.flatMap((e, i) => stepDifferences(e, actual[i]).map((d) => `step ${i}: ${d}`));
      if (diffs.length > 0) failures.push(`${vector.where}:\n  ${diffs.join('\n  ')}`);
    }
    console.log(`k8s.jsonl with the built-in schema: ${lines.length - failures.length}/${lines.length} cases agree (types ${[...types].join(', ')})`);
    expect(failures.slice(0, 3)).toEqual([]);
    expect(lines.length).toBe(300);
  });
});
