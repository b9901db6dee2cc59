/**
 * `owners: {PATH: [...]}` on a path the object does not have, and that no managedFields entry
 * names (a typo, `.data.colour` for `.data.color`), fails and says so with "did you mean":
 * before, `owners: {.data.colour: []}` held for a field that was never there, and a wrong manager
 * list failed with only "it is owned by nobody". That a field is gone is what `absent` says.
 */
import { describe, expect, it } from 'vitest';
import { modeRunner, parseScenario, runScenario, type ExpectationResult } from '../../src/scenarios/index.js';

function run(expectYaml: string): { passed: boolean; description: string; detail: string | undefined }[] {
  const text = `name: n
steps:
  - request: {verb: apply, body: {apiVersion: v1, kind: ConfigMap, metadata: {name: c, namespace: default}, data: {color: blue}}, options: {fieldManager: m}}
    expect:
      ${expectYaml}
  - request: {verb: apply, body: {apiVersion: v1, kind: ConfigMap, metadata: {name: c, namespace: default}}, options: {fieldManager: m}}
    expect:
      owners: {.data.color: []}
      absent: [.data.color]
`;
  const scenario = parseScenario(text, 'x.yaml');
  const steps = runScenario(scenario, modeRunner(scenario, { readFile: () => '' })).steps.map((s) => [...s.expectations] as ExpectationResult[]);
  // A field the apply removed: absent holds; owners on it says what to use instead.
  expect(steps[1].map((r) => [r.passed, r.detail])).toEqual([
    [false, 'neither the object nor a managedFields entry has it: the object has no field "data" (to say a field is not there, use absent)'],
    [true, undefined],
  ]);
  return steps[0].map((r) => ({ passed: r.passed, description: r.description, detail: r.detail }));
}

describe('owners on a path the object does not have', () => {
  it('nobody, for a misspelled field, fails and names the field meant', () => {
    expect(run('owners: {.data.colour: []}')).toEqual([
      { passed: false, description: '.data.colour is owned by nobody', detail: 'neither the object nor a managedFields entry has it: .data has no field "colour"; did you mean .data.color? (to say a field is not there, use absent)' },
    ]);
  });

  it('a manager, for a misspelled field, fails with the same hint', () => {
    expect(run('owners: {.data.colour: [m]}')).toEqual([
      { passed: false, description: '.data.colour is owned by m', detail: 'neither the object nor a managedFields entry has it: .data has no field "colour"; did you mean .data.color? (to say a field is not there, use absent)' },
    ]);
  });

  it('the field as written holds as before', () => {
    expect(run('owners: {.data.color: [m]}')).toEqual([{ passed: true, description: '.data.color is owned by m', detail: undefined }]);
  });
});
