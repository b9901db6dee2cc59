import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/scenarios/parse-scenario.js';
import { parseErrorOf } from './parse-error.js';

const errorOf = (text: string): string => parseErrorOf(text);

const ok = `name: n
mode: engine
steps:
  - apply: {manager: m, apiVersion: v1, object: {a: 1}}
`;

describe('scenario parsing: every problem names file:line:column and what was expected', () => {
  it('parses a minimal engine scenario', () => {
    const s = parseScenario(ok, 'x.yaml');
    expect(s.mode).toBe('engine');
    expect(s.schema).toEqual({ kind: 'deduced' });
    expect(s.steps[0].action).toBe('apply');
    expect(s.steps[0].source).toMatchObject({ file: 'x.yaml', line: 4, column: 5 });
  });

  it('a missing name', () => {
    expect(errorOf('mode: engine\nsteps: []\n')).toBe('x.yaml:1:1: (top level): missing "name": expected the scenario\'s name');
  });

  it('an unknown key, with a suggestion', () => {
    expect(errorOf(ok + '    expct: {succeeds: true}\n')).toBe(
      'x.yaml:5:5: steps[0].expct: unknown key "expct" (did you mean "expect"?); expected one of: title, explain, expect, apply, update',
    );
  });

  it('a value of the wrong type', () => {
    expect(errorOf(ok.replace('manager: m', 'manager: 3'))).toBe("x.yaml:4:22: steps[0].apply.manager: expected the manager's name, found the number 3");
  });

  it('two actions in one step', () => {
    expect(errorOf(ok + '    update: {manager: m, object: {}}\n')).toMatch(/^x\.yaml:5:5: steps\[0\]\.update: a step has exactly one action; found "apply" and "update"$/);
  });

  it('a step without an action', () => {
    expect(errorOf('name: n\nmode: engine\nsteps:\n  - title: t\n')).toBe('x.yaml:4:5: steps[0]: missing the action: expected one of apply, update');
  });

  it('a bad expectation', () => {
    expect(errorOf(ok + '    expect: {owners: {spec.replicas: [a]}}\n')).toBe('x.yaml:5:23: steps[0].expect.owners["spec.replicas"]: a field path starts with "." (such as .spec.replicas)');
    expect(errorOf(ok + '    expect: {managedFields: [{manager: m, operation: Patch}]}\n')).toBe(
      'x.yaml:5:54: steps[0].expect.managedFields[0].operation: expected Apply or Update, found the string "Patch"',
    );
  });

  it('YAML syntax errors and duplicate keys', () => {
    expect(errorOf('name: n\nname: m\nsteps: []\n')).toBe('x.yaml:2:1: duplicate key "name"');
    expect(errorOf('name: [n\n')).toMatch(/^x\.yaml:\d+:\d+: invalid YAML: /);
  });

  it('a bad clock', () => {
    expect(errorOf('name: n\nclock: {start: yesterday}\nsteps: [{kubectl-apply: {}}]\n')).toBe(
      'x.yaml:2:16: clock.start: expected an RFC 3339 time such as 2022-08-23T10:00:00Z, found the string "yesterday"',
    );
  });

  it('a time on a day that does not exist is refused, not rolled over to the next month (clock, option, expectation)', () => {
    expect(errorOf('name: n\nclock: {start: 2024-02-30T10:00:00Z}\nsteps: [{kubectl-apply: {}}]\n')).toBe(
      'x.yaml:2:16: clock.start: expected an RFC 3339 time such as 2022-08-23T10:00:00Z, found the string "2024-02-30T10:00:00Z"',
    );
    expect(errorOf('name: n\nsteps:\n  - kubectl-apply: {manifests: [], now: "2023-02-29T00:00:00Z"}\n')).toBe(
      'x.yaml:3:41: steps[0].kubectl-apply.now: expected an RFC 3339 time such as 2022-08-23T10:00:00Z, found the string "2023-02-29T00:00:00Z"',
    );
    expect(errorOf('name: n\nsteps:\n  - kubectl-apply: {manifests: []}\n    expect: {managedFields: [{manager: m, time: "2024-01-01T24:00:00Z"}]}\n')).toBe(
      'x.yaml:4:49: steps[0].expect.managedFields[0].time: expected an RFC 3339 time such as 2022-08-23T10:00:00Z, found the string "2024-01-01T24:00:00Z"',
    );
  });

  it('a number JSON cannot hold names its path in the file', () => {
    expect(errorOf('name: n\nmode: engine\nsteps:\n  - apply: {manager: m, apiVersion: v1, object: {a: {b: .inf}}}\n')).toBe(
      'x.yaml:4:57: steps[0].apply.object.a.b: .inf cannot be represented in JSON (it has no infinities or NaN)',
    );
  });

  it('a clock that would run past the last time Kubernetes can write (year 9999)', () => {
    // A tick of 1.2e20 s used to crash `run` with "internal error: Invalid time value".
    expect(errorOf('name: n\nclock: {start: 2024-05-01T10:00:00Z, tick: 123456789012345680000}\nsteps: [{kubectl-apply: {}}]\n')).toBe(
      'x.yaml:2:44: clock.tick: after step 0 the clock would be past 9999-12-31T23:59:59Z, the last time a managedFields entry can hold',
    );
    expect(errorOf('name: n\nclock: {start: 9999-12-31T23:00:00Z, tick: 30m}\nsteps: [{kubectl-apply: {}}, {kubectl-apply: {}}]\n')).toBe(
      'x.yaml:2:44: clock.tick: after step 1 the clock would be past 9999-12-31T23:59:59Z, the last time a managedFields entry can hold',
    );
    expect(errorOf('name: n\nsteps:\n- kubectl-apply: {}\n- kubectl-apply: {}\n  wait: 400000000000s\n')).toBe(
      'x.yaml:5:9: steps[1].wait: before step 1 the clock would be past 9999-12-31T23:59:59Z, the last time a managedFields entry can hold',
    );
    expect(() => parseScenario('name: n\nclock: {start: 9999-12-31T23:00:00Z, tick: 30m}\nsteps: [{kubectl-apply: {}}]\n', 'x.yaml')).not.toThrow();
  });

  it('engine keys in a cluster scenario and the reverse', () => {
    expect(errorOf('name: n\nlive: {}\nsteps: [{kubectl-apply: {}}]\n')).toMatch(/^x\.yaml:2:1: live: `live` is for engine scenarios/);
    expect(errorOf('name: n\nmode: engine\nobjects: []\nsteps: [{apply: {manager: m, object: {}}}]\n')).toMatch(/^x\.yaml:3:1: objects: engine scenarios start from/);
  });
});

describe('hostile YAML', () => {
  it('an alias bomb ends in a clear error', () => {
    const lines = ['name: n', 'mode: engine', 'a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 9; i++) lines.push(`a${i}: &a${i} [${Array(10).fill(`*a${i - 1}`).join(', ')}]`);
    lines.push('steps: []');
    expect(errorOf(lines.join('\n') + '\n')).toMatch(/aliases expand to more than 100000 nodes/);
  });

  it('10,000-deep nesting ends in a clear error, not a crash', () => {
    const deep = 'name: n\nmode: engine\nsteps:\n  - apply: {manager: m, object: ' + '['.repeat(10_000) + ']'.repeat(10_000) + '}\n';
    expect(errorOf(deep)).toMatch(/^x\.yaml:4:\d+: YAML nesting is deeper than 200 levels$/);
    const block = 'name: n\nmode: engine\nlive:\n' + Array.from({ length: 10_000 }, (_, i) => ' '.repeat(i + 1) + 'a:').join('\n') + ' 1\nsteps: []\n';
    expect(errorOf(block)).toMatch(/YAML nesting is deeper than 200 levels/);
  });

  it('__proto__ keys are data', () => {
    const s = parseScenario('name: n\nmode: engine\nlive: {__proto__: {polluted: true}, constructor: 1}\nsteps: [{apply: {manager: m, object: {__proto__: 1}}}]\n', 'x.yaml');
    expect(Object.keys(s.live as object)).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('YAML 1.1 booleans are read as Kubernetes reads them, with a warning', () => {
    const s = parseScenario('name: n\nmode: engine\nlive: {a: no, b: "no", c: on, d: true}\nsteps: [{apply: {manager: m, object: {}}}]\n', 'x.yaml');
    expect(s.live).toEqual({ a: false, b: 'no', c: true, d: true });
    expect(s.warnings.map((w) => `${w.source.line}:${w.source.column}: ${w.message}`)).toEqual([
      "3:11: `no` is read as the boolean false, as Kubernetes reads YAML 1.1; quote it ('no') if you mean the string",
      "3:27: `on` is read as the boolean true, as Kubernetes reads YAML 1.1; quote it ('on') if you mean the string",
    ]);
  });
});

describe('action options: an unknown key is an error at its line and column, with "did you mean"', () => {
  const cluster = (step: string) => `name: n\nsteps:\n  - ${step}\n`;
  it('a misspelt option of server-side-apply', () => {
    expect(errorOf(cluster('server-side-apply: {fieldManager: flux, manifests: [], forse: true}'))).toBe(
      'x.yaml:3:60: steps[0].server-side-apply.forse: unknown key "forse" (did you mean "force"?); expected one of: manifests, namespace, fieldManager, force, dryRun, now, userAgent',
    );
  });
  it('a misspelt option of an actor that names its target', () => {
    expect(errorOf('name: n\nsteps:\n  - kubectl-set-env:\n      resource: daemonset/aws-node\n      namespce: kube-system\n      env: {A: "1"}\n')).toMatch(
      /^x\.yaml:5:7: steps\[0\]\.kubectl-set-env\.namespce: unknown key "namespce" \(did you mean "namespace"\?\); expected one of: /,
    );
  });
  it('every action checks its options, each from its own declaration', () => {
    for (const [action, key, near] of [
      ['kubectl-apply', 'serverside', 'serverSide'],
      ['kubectl-edit', 'change', 'changes'],
      ['eks-update-addon', 'resolveConflict', 'resolveConflicts'],
      ['controller-write-status', 'stauts', 'status'],
      ['client-update', 'methd', 'method'],
      ['mutating-webhook', 'patches', 'patch'],
    ] as const) {
      expect(errorOf(cluster(`${action}: {${key}: 1}`))).toMatch(new RegExp(`^x\\.yaml:3:\\d+: steps\\[0\\]\\.${action}\\.${key}: unknown key "${key}" \\(did you mean "${near}"\\?\\)`));
    }
  });
  it('request options have the types the API server takes (found by npm run fuzz: a list as userAgent was exit 70)', () => {
    const request = (options: string) => cluster(`request: {verb: create, body: {apiVersion: v1, kind: ConfigMap, metadata: {name: c, namespace: default}}, options: ${options}}`);
    expect(errorOf(request('{userAgent: []}'))).toMatch(/^x\.yaml:3:\d+: steps\[0\]\.request\.options\.userAgent: /);
    expect(errorOf(request('{fieldManager: {a: 1}}'))).toMatch(/^x\.yaml:3:\d+: steps\[0\]\.request\.options\.fieldManager: /);
    expect(errorOf(request('{dryRun: [1, {}]}'))).toMatch(/^x\.yaml:3:\d+: steps\[0\]\.request\.options\.dryRun\[0\]: expected a string, found the number 1$/);
    expect(() => parseScenario(request('{fieldManager: m, dryRun: [All]}'), 'x.yaml')).not.toThrow();
  });
  it('an option the runner supplies itself is not an option of the file', () => {
    expect(errorOf(cluster('eks-update-addon: {current: {}}'))).toMatch(/^x\.yaml:3:24: steps\[0\]\.eks-update-addon\.current: unknown key "current"/);
  });
  it('a raw request checks its keys per verb, and its options', () => {
    expect(errorOf(cluster('request: {verb: apply, bdy: {}}'))).toMatch(/^x\.yaml:3:28: steps\[0\]\.request\.bdy: unknown key "bdy" \(did you mean "body"\?\)/);
    expect(errorOf(cluster('request: {verb: patch, target: {apiVersion: v1, kind: ConfigMap, name: x}, patchType: merge, patch: {}, options: {fieldManger: m}}'))).toMatch(
      /^x\.yaml:3:\d+: steps\[0\]\.request\.options\.fieldManger: unknown key "fieldManger" \(did you mean "fieldManager"\?\)/,
    );
    expect(errorOf(cluster('request: {verb: frob}'))).toMatch(/^x\.yaml:3:\d+: steps\[0\]\.request\.verb: expected one of get, list, create, update, patch, apply, delete/);
  });
  it('an unknown action is found before any step runs, with "did you mean"', () => {
    expect(errorOf(cluster('kubectl-aply: {manifests: []}'))).toMatch(/^x\.yaml:3:5: steps\[0\]\.kubectl-aply: unknown action "kubectl-aply" \(did you mean "kubectl-apply"\?\)/);
  });
});
