import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-io.js';

const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-run-'));
function file(name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

const passing = file(
  'passing.yaml',
  `name: two appliers share a field
mode: engine
steps:
  - title: a applies x
    apply: {manager: a, apiVersion: v1, object: {x: 1}}
  - title: b applies the same value
    explain: Same value, so no conflict.
    apply: {manager: b, apiVersion: v1, object: {x: 1}}
    expect:
      owners: {.x: [a, b]}
      changes: [b now shares .x with a]
  - title: b applies another value
    apply: {manager: b, apiVersion: v1, object: {x: 2}}
    expect:
      error: 'conflict with "a": .x'
`,
);
const failing = file(
  'failing.yaml',
  `name: a wrong expectation
mode: engine
steps:
  - apply: {manager: a, apiVersion: v1, object: {x: 1}}
    expect:
      owners: {.x: [b]}
`,
);
const invalid = file('invalid.yaml', 'name: broken\nmode: engine\nsteps:\n  - apply: {manager: a, objct: {}}\n');

describe('ssa-sim run', () => {
  it('prints each step: action, result, ownership changes, expectations; exit 0', async () => {
    const r = await runCli(['run', passing]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Step 2/3: b applies the same value\n  | Same value, so no conflict.\n  $ apply by b at v1\n    object unchanged\n  ownership:\n    b now shares .x with a\n  PASS .x is owned by a, b\n');
    expect(r.stdout).toContain(`Step 3/3: b applies another value\n  $ apply by b at v1\n    conflict with "a": .x\n  ownership: no change\n  PASS the error is 'conflict with "a": .x'\n`);
    expect(r.stdout).toMatch(/\nOK two appliers share a field: 3 expectations hold\n$/);
  });

  it('exit 1 when an expectation fails, naming where it is', async () => {
    const r = await runCli(['run', failing]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`  FAIL .x is owned by b  (${failing}:6:20)\n       it is owned by a\n`);
    expect(r.stdout).toContain('FAILED a wrong expectation: 1 of 1 expectation failed');
  });

  it('a step that fails without saying it may fail fails the run', async () => {
    const f = file('unexpected.yaml', 'name: u\nmode: engine\nsteps:\n  - apply: {manager: a, object: {x: 1}}\n  - update: {manager: c, object: {x: 2}}\n  - apply: {manager: a, object: {x: 3}}\n');
    const r = await runCli(['run', f]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('FAIL the step succeeds');
    expect(r.stdout).toContain('it failed: conflict with "c": .x');
  });

  it('exit 2 on invalid input, naming file:line:column', async () => {
    const r = await runCli(['run', invalid]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`ssa-sim run: ${invalid}:4:25: steps[0].apply.objct: unknown key "objct" (did you mean "object"?); expected one of: manager, apiVersion, object, force\n`);
  });

  it('exit 2 for a missing file, without a stack trace', async () => {
    const r = await runCli(['run', join(dir, 'nope.yaml')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`ssa-sim run: ${join(dir, 'nope.yaml')}: no such file\n`);
  });

  it('unknown flags are reported as kubectl reports them, exit 2', async () => {
    const r = await runCli(['run', '--frobnicate', passing]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("Error: unknown flag: --frobnicate\nSee 'ssa-sim run --help' for usage.\n");
  });

  it('--help prints usage with examples, exit 0', async () => {
    const r = await runCli(['run', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Examples:\n  ssa-sim run scenarios/eks-vpc-cni-addon.yaml');
  });

  it('-o json gives a machine report', async () => {
    const r = await runCli(['run', passing, failing, '-o', 'json']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.passed).toBe(false);
    expect(report.scenarios).toHaveLength(2);
    const step = report.scenarios[0].steps[1];
    expect(step.ownershipChanges).toEqual([
      { object: 'the object', changes: [{ kind: 'shares', manager: 'b', other: 'a', paths: ['.x'], text: 'b now shares .x with a' }] },
    ]);
    expect(report.scenarios[0].steps[2].conflicts).toEqual([{ manager: 'a', path: '.x' }]);
    expect(report.scenarios[1].steps[0].expectations[0]).toEqual({ passed: false, description: '.x is owned by b', detail: 'it is owned by a', source: `${failing}:6:20` });
  });

  it('-o json names the files that could not be run, and why (they were left out of the report)', async () => {
    const invalid = file('invalid.yaml', 'name: n\nsteps: []\n');
    const out = join(dir, 'with-invalid.json');
    const r = await runCli(['run', passing, invalid, '-o', out]);
    expect(r.code).toBe(2);
    const message = r.stderr.replace(/^ssa-sim run: /, '').trimEnd();
    expect(message).toMatch(new RegExp(`^${invalid.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2:8: `));
    const report = JSON.parse(readFileSync(out, 'utf8'));
    expect(report.passed).toBe(false);
    expect(report.scenarios.map((s: { file: string }) => s.file)).toEqual([passing]);
    expect(report.invalid).toEqual([{ file: invalid, error: message }]);
    const valid = JSON.parse((await runCli(['run', passing, '-o', 'json'])).stdout);
    expect(valid.invalid).toEqual([]);
  });

  it('a starting object whose managedFields no API server would hold is an input error at the entry', async () => {
    const entry = (extra: string) =>
      `name: n\nobjects:\n  - apiVersion: v1\n    kind: ConfigMap\n    metadata:\n      name: c\n      namespace: default\n      managedFields:\n      - manager: m\n        apiVersion: v1\n${extra}        fieldsType: FieldsV1\n        fieldsV1: {f:data: {f:a: {}}}\n    data: {a: "1"}\nsteps:\n  - kubectl-apply: {manifests: [], serverSide: true}\n`;
    const badTime = file('bad-time-object.yaml', entry('        operation: Apply\n        time: yesterday\n'));
    const r = await runCli(['run', badTime]);
    expect([r.stderr, r.code]).toEqual([`ssa-sim run: ${badTime}:12:15: objects[0].metadata.managedFields[0].time: "yesterday" is not an RFC 3339 time such as 2024-02-24T15:24:31Z\n`, 2]);
    const badOperation = file('bad-operation-object.yaml', entry('        operation: Delete\n'));
    const o = await runCli(['run', badOperation]);
    expect([o.stderr, o.code]).toEqual([`ssa-sim run: ${badOperation}:11:20: objects[0].metadata.managedFields[0].operation: operation must be \`Apply\` or \`Update\`\n`, 2]);
  });

  it('-o FILE writes the report atomically', async () => {
    const out = join(dir, 'report.json');
    writeFileSync(out, 'old content');
    const r = await runCli(['run', passing, '-o', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(JSON.parse(readFileSync(out, 'utf8')).passed).toBe(true);
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    const txt = join(dir, 'report.txt');
    expect((await runCli(['run', passing, '-o', txt])).code).toBe(0);
    expect(readFileSync(txt, 'utf8')).toContain('Step 1/3: a applies x');
  });

  it('-o FILE into a missing folder fails cleanly and leaves nothing behind', async () => {
    const out = join(dir, 'missing', 'report.json');
    const r = await runCli(['run', passing, '-o', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`ssa-sim run: ${out}: cannot write ${out}: there is no folder ${join(dir, 'missing')}\n`);
    expect(existsSync(out)).toBe(false);
  });

  it('--step pauses for Enter, steps back with b, and finishes when input ends', async () => {
    const r = await runCli(['run', '--step', passing], { stdin: '\nb\n\n\n' });
    expect(r.code).toBe(0);
    const steps = [...r.stdout.matchAll(/^Step (\d)\/3/gm)].map((m) => m[1]);
    expect(steps).toEqual(['1', '2', '1', '2', '3']);
    expect(r.stdout).toContain('(back to the state after step 1)');
    expect(r.stderr).toContain('-- step 1/3: Enter for the next step, b to step back, q to quit -- ');
  });

  it('--step stops at q', async () => {
    const r = await runCli(['run', '--step', passing], { stdin: 'q\n' });
    expect(r.stdout).toContain('stopped after step 1 of 3');
    expect(r.stdout).not.toContain('Step 2/3');
    // Steps 2 and 3 and their 3 expectations never ran: the run is not said to pass.
    expect(r.stdout).not.toMatch(/^OK /m);
    expect(r.stdout.endsWith('\nSTOPPED two appliers share a field: 0 expectations in the 1 step run, none failed; steps 2 to 3 and their expectations were not run\n')).toBe(true);
  });

  it('colour only when asked or on a terminal, never with NO_COLOR', async () => {
    expect((await runCli(['run', passing], { isTTY: true })).stdout).toContain('\u001b[32mPASS');
    expect((await runCli(['run', passing], { isTTY: true, env: { NO_COLOR: '1' } })).stdout).not.toContain('\u001b[');
    expect((await runCli(['run', passing, '--color', 'always'], { env: { NO_COLOR: '1' } })).stdout).toContain('\u001b[');
    expect((await runCli(['run', passing])).stdout).not.toContain('\u001b[');
  });

  it('progress goes to stderr only when it is a terminal and there are several files', async () => {
    expect((await runCli(['run', passing, passing], { isErrorTTY: true })).stderr).toContain('running 2/2');
    expect((await runCli(['run', passing, passing])).stderr).toBe('');
  });
});

describe('ssa-sim run on the EKS story', () => {
  const eks = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'scenarios', 'eks-vpc-cni-addon.yaml');
  it('--requests lists the writes; a tool\'s own failure text comes with the API server\'s 409', async () => {
    const r = await runCli(['run', '--requests', eks]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('  > PATCH /apis/apps/v1/namespaces/kube-system/daemonsets/aws-node?dryRun=All&fieldManager=eks&force=false&timeout=10s -> 409\n');
    expect(r.stdout).toContain(
      '  API server: Apply failed with 2 conflicts: conflicts with "kubectl-client-side-apply" using apps/v1:\n' +
        '  - .spec.template.spec.containers[name="aws-node"].image\n' +
        '  - .spec.template.spec.initContainers[name="aws-vpc-cni-init"].image\n',
    );
    expect(r.stdout).toContain('      eks took .spec.template.spec.containers[name="aws-node"].image from kubectl-client-side-apply\n');
  });
  it('expectations quote texts and paths as they are, with no added backslash; a 409 of several lines follows on its own lines', async () => {
    const r = await runCli(['run', eks]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      '  PASS the error is:\n' +
        '       Apply failed with 2 conflicts: conflicts with "kubectl-client-side-apply" using apps/v1:\n' +
        '       - .spec.template.spec.containers[name="aws-node"].image\n' +
        '       - .spec.template.spec.initContainers[name="aws-vpc-cni-init"].image\n',
    );
    expect(r.stdout).toContain(
      `  PASS ownership changes include 'eks took .spec.template.spec.containers[name="aws-node"].image from kubectl-client-side-apply', `,
    );
    expect(r.stdout).not.toContain('\\"');
  });
});

describe('ssa-sim run: invalid cluster steps', () => {
  it('an unknown action names its step', async () => {
    const f = file('unknown-action.yaml', 'name: bad\nsteps:\n  - kubectl-frobnicate: {x: 1}\n');
    const r = await runCli(['run', f]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`ssa-sim run: ${f}:3:5: steps[0].kubectl-frobnicate: unknown action "kubectl-frobnicate" (did you mean "kubectl-create"?): expected request or an actor action (kubectl-apply, kubectl-set-env, eks-update-addon, ...; see docs/scenarios.md)\n`);
  });
  it('a starting object of a kind the cluster does not serve', async () => {
    const f = file('unknown-kind.yaml', 'name: bad\nobjects:\n  - {apiVersion: v1, kind: Frob, metadata: {name: x}}\nsteps:\n  - kubectl-apply: {manifests: []}\n');
    const r = await runCli(['run', f]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`ssa-sim run: ${f}:3:5: objects[0]: the cluster does not serve v1 Frob (add its CRD under schema.crds)\n`);
  });
  it('options an actor cannot use are reported against the step, not as a crash', async () => {
    const f = file('bad-options.yaml', 'name: bad\nsteps:\n  - kubectl-set-env: {namespace: kube-system, env: {A: "1"}}\n');
    const r = await runCli(['run', f]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^ssa-sim run: ${f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:3:5: steps\\[0\\]\\.kubectl-set-env: `));
  });
});
