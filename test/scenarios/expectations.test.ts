/**
 * The expectation forms that say what Kubernetes' own tests say: an object that must not exist,
 * the response of a step (code and body), "unchanged since step N", list lengths and "contains",
 * and the requests an actor sent. Each is checked both ways (it holds; it fails with a message
 * naming the step and the path), and each is read with file:line:column errors.
 */
import { describe, expect, it } from 'vitest';
import { modeRunner, parseScenario, runScenario, type ExpectationResult } from '../../src/scenarios/index.js';
import { parseErrorOf } from './parse-error.js';

function run(text: string): ExpectationResult[][] {
  const scenario = parseScenario(text, 'x.yaml');
  return runScenario(scenario, modeRunner(scenario, { readFile: () => '' })).steps.map((s) => [...s.expectations]);
}

const errorOf = (text: string): string => parseErrorOf(text);

const cm = (name: string, data = '{a: "1"}') => `{apiVersion: v1, kind: ConfigMap, metadata: {name: ${name}, namespace: default}, data: ${data}}`;
const applyCm = (name: string, data?: string, manager = 'apply_test') => `request: {verb: apply, body: ${cm(name, data)}, options: {fieldManager: ${manager}}}`;

/** A two-step cluster scenario: apply a ConfigMap, then `step` with `expect`. */
function scenario(step: string, expectYaml: string): string {
  return `name: n\nsteps:\n  - ${applyCm('c')}\n  - ${step}\n    expect:\n${expectYaml
    .split('\n')
    .map((l) => `      ${l}`)
    .join('\n')}\n`;
}

function outcome(results: ExpectationResult[]): { passed: boolean; description: string; detail: string | undefined }[] {
  return results.map((r) => ({ passed: r.passed, description: r.description, detail: r.detail }));
}

describe('exists: an object that must (not) exist', () => {
  it('after a delete, the object is gone; the delete touched it, so no target is needed', () => {
    const steps = run(scenario('request: {verb: delete, target: {apiVersion: v1, kind: ConfigMap, namespace: default, name: c}}', 'exists: false'));
    expect(outcome(steps[1])).toEqual([{ passed: true, description: 'ConfigMap default/c does not exist', detail: undefined }]);
  });

  it('a delete with preconditions (as `ssa-sim serve --record` writes it) keeps the object when they do not hold', () => {
    const target = 'target: {apiVersion: v1, kind: ConfigMap, namespace: default, name: c}';
    const refused = run(scenario(`request: {verb: delete, ${target}, options: {preconditions: {uid: other}}}`, 'exists: true\nresponse: {code: 409}'));
    expect(outcome(refused[1]).map((o) => o.passed)).toEqual([true, true]);
    const held = run(scenario(`request: {verb: delete, ${target}, options: {preconditions: {resourceVersion: "5"}}}`, 'exists: false'));
    expect(outcome(held[1]).map((o) => o.passed)).toEqual([true]);
    expect(errorOf(scenario(`request: {verb: delete, ${target}, options: {preconditions: {uid: 1}}}`, 'exists: false'))).toMatch(/^x\.yaml:4:\d+: steps\[1\]\.request\.options\.preconditions\.uid: .*string/);
    expect(errorOf(scenario(`request: {verb: delete, ${target}, options: {preconditions: {name: c}}}`, 'exists: false'))).toMatch(/^x\.yaml:4:\d+: .*name/);
  });

  it('a dry run creates nothing; saying it exists fails, naming the step', () => {
    const steps = run(
      scenario(`request: {verb: apply, body: ${cm('d')}, options: {fieldManager: m, dryRun: true}}`, 'target: {kind: ConfigMap, namespace: default, name: d}\nexists: true'),
    );
    expect(outcome(steps[1])).toEqual([{ passed: false, description: 'ConfigMap default/d exists', detail: 'after step 2, there is no ConfigMap default/d' }]);
  });

  it('an object that exists, said not to', () => {
    const steps = run(scenario(applyCm('c', '{a: "2"}'), 'exists: false'));
    expect(outcome(steps[1])[0]).toEqual({ passed: false, description: 'ConfigMap default/c does not exist', detail: 'after step 2, ConfigMap default/c exists' });
  });
});

describe('response: the code and body the API server answered', () => {
  it('GET /scale answers a Scale', () => {
    const deploy = `{apiVersion: apps/v1, kind: Deployment, metadata: {name: web, namespace: default}, spec: {replicas: 3, selector: {matchLabels: {app: web}}, template: {metadata: {labels: {app: web}}, spec: {containers: [{name: web, image: nginx}]}}}}`;
    const text = `name: n\nsteps:\n  - request: {verb: apply, body: ${deploy}, options: {fieldManager: m}}\n    expect: {response: {code: 201}}\n  - request: {verb: get, target: {apiVersion: apps/v1, kind: Deployment, namespace: default, name: web}, subresource: scale}\n    expect:\n      response:\n        code: 200\n        body: {apiVersion: autoscaling/v1, kind: Scale, spec: {replicas: 3}}\n`;
    const steps = run(text);
    expect(outcome(steps[0])).toEqual([{ passed: true, description: 'the response code is 201', detail: undefined }]);
    expect(outcome(steps[1]).map((o) => o.passed)).toEqual([true, true]);
  });

  it('a wrong body names the step and the path, expected and found', () => {
    const steps = run(scenario(applyCm('c', '{a: "2"}'), 'response: {code: 200, body: {data: {a: "3"}}}'));
    expect(outcome(steps[1])).toEqual([
      { passed: true, description: 'the response code is 200', detail: undefined },
      {
        passed: false,
        description: 'the response body contains what is given',
        detail: 'step 2, the response body at .data.a:\n- expected "3"\n+ found    "2"',
      },
    ]);
  });

  it('the Status of a 409, with length and contains on it', () => {
    const steps = run(
      scenario(
        applyCm('c', '{a: "2"}', 'other'),
        [
          'error: \'Apply failed with 1 conflict: conflict with "apply_test": .data.a\'',
          'response:',
          '  code: 409',
          '  body: {kind: Status, status: Failure, reason: Conflict}',
          '  length: {.details.causes: 1}',
          '  contains:',
          '    .details.causes: {reason: FieldManagerConflict, field: .data.a}',
          '    .message: conflict with "apply_test"',
        ].join('\n'),
      ),
    );
    expect(outcome(steps[1]).map((o) => [o.passed, o.description])).toEqual([
      [true, `the error is 'Apply failed with 1 conflict: conflict with "apply_test": .data.a'`],
      [true, 'the response code is 409'],
      [true, 'the response body contains what is given'],
      [true, 'the response .details.causes has 1 item'],
      [true, 'the response .details.causes contains an item matching {"reason":"FieldManagerConflict","field":".data.a"}'],
      [true, 'the response .message contains "conflict with \\"apply_test\\""'],
    ]);
  });

  it('a response code of 400 or more says the step may fail, as `error` does', () => {
    const steps = run(scenario(applyCm('c', '{a: "2"}', 'other'), 'response: {code: 409}'));
    expect(outcome(steps[1])).toEqual([{ passed: true, description: 'the response code is 409', detail: undefined }]);
  });

  it('a request that writes nothing is about the object its target names (the parent of /scale), not the Scale', () => {
    const deploy = `{apiVersion: apps/v1, kind: Deployment, metadata: {name: web, namespace: default}, spec: {replicas: 3, selector: {matchLabels: {app: web}}, template: {metadata: {labels: {app: web}}, spec: {containers: [{name: web, image: nginx}]}}}}`;
    const text = `name: n\nsteps:\n  - request: {verb: apply, body: ${deploy}, options: {fieldManager: m}}\n  - request: {verb: apply, target: {apiVersion: apps/v1, kind: Deployment, namespace: default, name: web}, body: {apiVersion: autoscaling/v1, kind: Scale, metadata: {name: web, namespace: default}, spec: {replicas: 5}}, options: {fieldManager: other, subresource: scale}}\n    expect: {response: {code: 409}, unchangedSince: 1, owners: {.spec.replicas: [m]}}\n`;
    expect(outcome(run(text)[1]).map((o) => [o.passed, o.detail])).toEqual([
      [true, undefined],
      [true, undefined],
      [true, undefined],
    ]);
  });

  it('bodyExactly: a key not given is a difference', () => {
    const steps = run(scenario(applyCm('c', '{a: "2"}', 'other'), 'succeeds: false\nresponse: {bodyExactly: {kind: Status}}'));
    expect(steps[1][1].passed).toBe(false);
    expect(steps[1][1].detail).toMatch(/^step 2, the response body at \.apiVersion:\n- expected nothing\n\+ found    "v1"$/);
  });
});

describe('length and contains on the object', () => {
  it('counts list items, map keys and managedFields entries; contains matches a partial item or a substring', () => {
    const steps = run(
      scenario(
        `request: {verb: patch, target: {apiVersion: v1, kind: ConfigMap, namespace: default, name: c}, patchType: merge, patch: {data: {b: "two"}}, options: {fieldManager: updater}}`,
        'length: {.data: 2, .metadata.managedFields: 2}\ncontains: {.metadata.managedFields: {manager: updater, operation: Update}, .data.b: tw}',
      ),
    );
    expect(outcome(steps[1]).map((o) => [o.passed, o.description])).toEqual([
      [true, '.data has 2 items'],
      [true, '.metadata.managedFields has 2 items'],
      [true, '.metadata.managedFields contains an item matching {"manager":"updater","operation":"Update"}'],
      [true, '.data.b contains "tw"'],
    ]);
  });

  it('absent sees managedFields too (it used to look at the object without them, so it always held)', () => {
    const steps = run(scenario(applyCm('c'), 'absent: [.metadata.managedFields]'));
    expect(outcome(steps[1])).toEqual([{ passed: false, description: '.metadata.managedFields is not in the object', detail: 'it is there' }]);
  });

  it('failures say what is there', () => {
    const steps = run(scenario(applyCm('c'), 'length: {.data: 3}\ncontains: {.metadata.managedFields: {manager: nobody}, .data.a: x, .data.zz: x}'));
    expect(outcome(steps[1]).map((o) => o.detail)).toEqual([
      'step 2, .data has 1 item: {"a":"1"}',
      'step 2, no item of .metadata.managedFields matches {"manager":"nobody"}; the items are:\n  {"manager":"apply_test","operation":"Apply","apiVersion":"v1","time":"2024-01-01T00:00:00Z","fieldsType":"FieldsV1","fieldsV1":{"f:data":{"f:a":{}}}}',
      'step 2, .data.a is "1"',
      'step 2, there is nothing at .data.zz',
    ]);
  });
});

describe('unchangedSince: the object, its resourceVersion or its managedFields as after step N', () => {
  it('a no-op apply leaves the whole object as it was; a change does not', () => {
    const text = `name: n\nsteps:\n  - ${applyCm('c')}\n  - ${applyCm('c')}\n    expect: {unchangedSince: 1}\n  - ${applyCm('c', '{a: "2"}')}\n    expect:\n      - unchangedSince: {step: 1, paths: [.metadata.managedFields, .metadata.uid]}\n      - unchangedSince: {step: 2, paths: [.metadata.resourceVersion]}\n`;
    const steps = run(text);
    expect(outcome(steps[1])).toEqual([{ passed: true, description: 'the object is as it was after step 1', detail: undefined }]);
    expect(outcome(steps[2])).toEqual([
      { passed: false, description: '.metadata.managedFields is as it was after step 1', detail: 'step 3, .metadata.managedFields[0].time:\n- after step 1 "2024-01-01T00:00:00Z"\n+ now          "2024-01-01T00:02:00Z"' },
      { passed: true, description: '.metadata.uid is as it was after step 1', detail: undefined },
      { passed: false, description: '.metadata.resourceVersion is as it was after step 2', detail: 'step 3, .metadata.resourceVersion:\n- after step 2 "5"\n+ now          "6"' },
    ]);
  });

  it('a path found neither then nor now is reported, not taken as unchanged', () => {
    const text = `name: n\nsteps:\n  - ${applyCm('c')}\n  - ${applyCm('c')}\n    expect: {unchangedSince: {step: 1, paths: ['.metadata.managedFields[manager="nobody"]', '.metadata.managedFields[manager="apply_test"]']}}\n`;
    expect(outcome(run(text)[1]).map((o) => o.detail)).toEqual(['step 2, there is nothing at .metadata.managedFields[manager="nobody"], neither after step 1 nor now', undefined]);
  });

  it('step 0 is the state before the first step; a step not yet run is a failure that says so', () => {
    const text = `name: n\nsteps:\n  - ${applyCm('c')}\n    expect: [{unchangedSince: 0}, {unchangedSince: 1}]\n`;
    expect(outcome(run(text)[0]).map((o) => o.detail)).toEqual(['step 1, there was no ConfigMap default/c before the first step', 'step 1 has not run before step 1']);
  });
});

describe('requests: what an actor sent over the wire', () => {
  const apply = `kubectl-apply:\n      serverSide: true\n      manifests: [${cm('e')}]`;
  it('method, path, query, content type and body', () => {
    const steps = run(
      scenario(
        apply,
        [
          'requests:',
          '  - method: PATCH',
          '    path: /api/v1/namespaces/default/configmaps/e',
          '    query: {fieldManager: kubectl, force: "false"}',
          '    contentType: application/apply-patch+yaml',
          '    body: {data: {a: "1"}}',
        ].join('\n'),
      ),
    );
    expect(outcome(steps[1])).toEqual([{ passed: true, description: 'the requests include PATCH /api/v1/namespaces/default/configmaps/e', detail: undefined }]);
  });

  it('requestsExactly: the count and each request in order; a mismatch names the request and the field', () => {
    const steps = run(scenario(apply, 'requestsExactly:\n  - {method: PATCH, query: "fieldManager=kubectl&force=true"}'));
    expect(outcome(steps[1])[0]).toEqual({
      passed: false,
      description: 'the requests are exactly: PATCH',
      detail:
        'step 2, request 1 (PATCH /api/v1/namespaces/default/configmaps/e?fieldManager=kubectl&fieldValidation=Strict&force=false): the query is "fieldManager=kubectl&fieldValidation=Strict&force=false", not "fieldManager=kubectl&force=true"; the requests were:\n  PATCH /api/v1/namespaces/default/configmaps/e?fieldManager=kubectl&fieldValidation=Strict&force=false (application/apply-patch+yaml) -> 201',
    });
  });
});

describe('the new keys are read like the others: file:line:column and "did you mean"', () => {
  const ok = `name: n\nsteps:\n  - ${applyCm('c')}\n    expect:\n`;
  it('a misspelt top-level key', () => {
    expect(errorOf(`${ok}      unchangedSnce: 1\n`)).toMatch(/^x\.yaml:5:7: steps\[0\]\.expect\.unchangedSnce: unknown key "unchangedSnce" \(did you mean "unchangedSince"\?\)/);
    expect(errorOf(`${ok}      exist: false\n`)).toMatch(/^x\.yaml:5:7: steps\[0\]\.expect\.exist: unknown key "exist" \(did you mean "exists"\?\)/);
  });
  it('misspelt keys inside response, unchangedSince and a request', () => {
    expect(errorOf(`${ok}      response: {cod: 200}\n`)).toMatch(/^x\.yaml:5:18: steps\[0\]\.expect\.response\.cod: unknown key "cod" \(did you mean "code"\?\)/);
    expect(errorOf(`${ok}      unchangedSince: {step: 1, path: [.data]}\n`)).toMatch(/^x\.yaml:5:33: steps\[0\]\.expect\.unchangedSince\.path: unknown key "path" \(did you mean "paths"\?\)/);
    expect(errorOf(`${ok}      requests: [{metod: PATCH}]\n`)).toMatch(/^x\.yaml:5:19: steps\[0\]\.expect\.requests\[0\]\.metod: unknown key "metod" \(did you mean "method"\?\)/);
  });
  it('wrong values', () => {
    expect(errorOf(`${ok}      length: {.data: many}\n`)).toBe('x.yaml:5:23: steps[0].expect.length[".data"]: expected a number of items (0 or more), found the string "many"');
    expect(errorOf(`${ok}      contains: {data: x}\n`)).toBe('x.yaml:5:18: steps[0].expect.contains.data: a field path starts with "." (such as .spec.replicas)');
    expect(errorOf(`${ok}      unchangedSince: -1\n`)).toBe('x.yaml:5:23: steps[0].expect.unchangedSince: expected a step number (0 for before the first step) or {step, paths}, found the number -1');
    expect(errorOf(`${ok}      requests: [{method: FETCH}]\n`)).toMatch(/^x\.yaml:5:27: steps\[0\]\.expect\.requests\[0\]\.method: expected POST, PUT, PATCH or DELETE \(reads are not recorded\)/);
  });
  it('engine scenarios have no responses, requests or other objects', () => {
    const engine = 'name: n\nmode: engine\nsteps:\n  - apply: {manager: m, object: {a: 1}}\n    expect: {response: {code: 200}}\n';
    expect(errorOf(engine)).toBe('x.yaml:5:14: steps[0].expect.response: engine scenarios have no API server responses; `response` is for cluster scenarios');
  });
  it('the step numbers of unchangedSince work in engine scenarios too', () => {
    const engine = 'name: n\nmode: engine\nsteps:\n  - apply: {manager: m, apiVersion: v1, object: {a: 1}}\n  - apply: {manager: m, apiVersion: v1, object: {a: 1}}\n    expect: {unchangedSince: 1, length: {.a: 1}}\n';
    expect(outcome(run(engine)[1]).map((o) => [o.passed, o.detail])).toEqual([
      [true, undefined],
      [false, 'step 2, .a is the number 1: it has no length'],
    ]);
  });
});
