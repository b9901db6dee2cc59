/**
 * `ssa-sim diff` in-process: kubectl diff's contract (exit 0 / 1 / 2), its files and masking, the
 * program it runs. test/server/kubectl-diff-compare.test.ts compares the output with real kubectl.
 */
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffFileName, maskSecretData } from '../../src/actors/kubectl/diff.js';
import { klogWarning } from '../../src/cli/commands/diff.js';
import { diffCommand } from '../../src/cli/diff-program.js';
import { readObjects } from '../../src/manifest/read-manifests.js';
import { runCli } from './run-io.js';

const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-diff-'));
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
const live = file(
  'live.yaml',
  `apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
  namespace: default
  resourceVersion: "42"
  uid: 0d6e3c1a-0000-4000-8000-000000000001
  creationTimestamp: "2024-01-01T00:00:00Z"
  managedFields:
  - apiVersion: v1
    fieldsType: FieldsV1
    fieldsV1:
      f:data:
        f:mode: {}
    manager: helm
    operation: Apply
    time: "2024-01-01T00:00:00Z"
data:
  mode: fast
`,
);
const same = file('same.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n  namespace: default\ndata:\n  mode: fast\n');
const changed = file('changed.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n  namespace: default\ndata:\n  mode: safe\n');
const NOW = ['--now', '2024-02-01T00:00:00Z'];
const body = (stdout: string) => stdout.split('\n').filter((l) => !/^(diff|---|\+\+\+) /.test(l)).join('\n');

describe('ssa-sim diff', () => {
  it('nothing differs: no output, exit 0', async () => {
    const r = await runCli(['diff', '-f', same, '--live', live, '--server-side', '--field-manager', 'helm', ...NOW]);
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('a change: the unified diff of the YAML files, exit 1; the files are named as kubectl names them', async () => {
    const r = await runCli(['diff', '-f', changed, '--live', live, '--server-side', '--field-manager', 'helm', ...NOW]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^diff -u -N \/\S+\/LIVE-\d+\/v1\.ConfigMap\.default\.settings \/\S+\/MERGED-\d+\/v1\.ConfigMap\.default\.settings\n/);
    expect(body(r.stdout)).toBe(
      ['@@ -1,6 +1,6 @@', ' apiVersion: v1', ' data:', '-  mode: fast', '+  mode: safe', ' kind: ConfigMap', ' metadata:', '   creationTimestamp: "2024-01-01T00:00:00Z"', ''].join('\n'),
    );
  });

  it('managedFields only with --show-managed-fields', async () => {
    const plain = await runCli(['diff', '-f', changed, '--live', live, '--server-side', '--field-manager', 'helm', ...NOW]);
    expect(plain.stdout).not.toContain('managedFields');
    const shown = await runCli(['diff', '-f', changed, '--live', live, '--server-side', '--field-manager', 'helm', '--show-managed-fields', ...NOW]);
    expect(shown.stdout).toContain('-    time: "2024-01-01T00:00:00Z"\n+    time: "2024-02-01T00:00:00Z"\n');
  });

  it('a conflict is kubectl\'s error after its retries, exit 2 (above 1), no diff', async () => {
    const r = await runCli(['diff', '-f', changed, '--live', live, '--server-side', '--field-manager', 'eks', ...NOW]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^W\d{4} \d\d:\d\d:\d\d\.\d{6} +\d+ diff.go:723\] Object \(\/v1, Kind=ConfigMap: settings\) keeps changing, diffing without lock\n/);
    expect(r.stderr.split('\n').slice(1).join('\n')).toBe('Error from server (Conflict): Apply failed with 1 conflict: conflict with "helm": .data.mode\n');
  });

  it('the default is client-side, as kubectl diff: the three-way patch keeps the live last-applied annotation', async () => {
    const csa = file(
      'csa-live.yaml',
      `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n  namespace: default\n  annotations:\n    kubectl.kubernetes.io/last-applied-configuration: |\n      {"apiVersion":"v1","data":{"mode":"fast"},"kind":"ConfigMap","metadata":{"annotations":{},"name":"settings","namespace":"default"}}\ndata:\n  mode: fast\n`,
    );
    const r = await runCli(['diff', '-f', changed, '--live', csa, ...NOW]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('-  mode: fast\n+  mode: safe\n');
    expect(r.stdout).not.toContain('+    kubectl.kubernetes.io/last-applied-configuration');
  });

  it('an object that does not exist: an empty LIVE file, so the whole object is added', async () => {
    const created = file('new.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: other\ndata:\n  a: "1"\n');
    const r = await runCli(['diff', '-f', created, '--live', live, '-n', 'team', '--server-side', ...NOW]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('v1.ConfigMap.team.other');
    expect(r.stdout).toMatch(/@@ -0,0 \+1,\d+ @@\n\+apiVersion: v1\n\+data:\n\+  a: "1"\n/);
  });

  it('usage errors exit 2', async () => {
    expect((await runCli(['diff', '--live', live])).code).toBe(2);
    expect((await runCli(['diff', '-f', changed])).code).toBe(2);
    const both = await runCli(['diff', '-f', changed, '--live', live, '--server-side', '--client-side']);
    expect(both.code).toBe(2);
    const force = await runCli(['diff', '-f', changed, '--live', live, '--force-conflicts']);
    expect(force).toEqual({ code: 2, stdout: '', stderr: 'error: --force-conflicts only works with --server-side\n' });
  });

  it('KUBECTL_EXTERNAL_DIFF: its exit status 0 or 1 is kept, another is kubectl\'s error and 2; a missing program too', async () => {
    const script = file('fake-diff.sh', '#!/bin/sh\necho "compared $1 $2 $3"\nexit "$3"\n');
    chmodSync(script, 0o755);
    const run = (code: string) => runCli(['diff', '-f', changed, '--live', live, '--server-side', '--field-manager', 'helm', ...NOW], { env: { KUBECTL_EXTERNAL_DIFF: `${script} ${code}` } });
    expect((await run('0')).code).toBe(0);
    expect((await run('1')).code).toBe(1);
    const failed = await run('3');
    expect(failed.code).toBe(2);
    expect(failed.stderr).toBe(`error: failed to run ${JSON.stringify(script)}: exit status 3\n`);
    const missing = await runCli(['diff', '-f', changed, '--live', live, '--server-side', '--field-manager', 'helm'], { env: { KUBECTL_EXTERNAL_DIFF: 'no-such-diff-program' } });
    expect(missing).toEqual({ code: 2, stdout: '', stderr: 'error: failed to run "no-such-diff-program": exec: "no-such-diff-program": executable file not found in $PATH\n' });
  });
});

describe('kubectl diff pieces', () => {
  it('the program: diff -u -N by default; an external one gets only the words kubectl allows, after the directories', () => {
    expect(diffCommand({}, 'A', 'B')).toEqual({ program: 'diff', args: ['-u', '-N', 'A', 'B'] });
    expect(diffCommand({ KUBECTL_EXTERNAL_DIFF: 'colordiff -N -u --width=80 $(x) a;b' }, 'A', 'B')).toEqual({ program: 'colordiff', args: ['A', 'B', '-N', '-u', '--width=80'] });
  });
  it('file names: group.version.kind.namespace.name, an empty namespace for cluster-scoped kinds', () => {
    expect(diffFileName({ group: 'apps', version: 'v1', kind: 'DaemonSet', namespace: 'kube-system', namespaced: true, name: 'aws-node' })).toBe('apps.v1.DaemonSet.kube-system.aws-node');
    expect(diffFileName({ group: '', version: 'v1', kind: 'Namespace', namespace: '', namespaced: false, name: 'x' })).toBe('v1.Namespace..x');
  });
  it('Secret data: *** for kept values, (before)/(after) for changed ones, whatever the group', () => {
    const [a, b] = readObjects('apiVersion: v1\nkind: Secret\nmetadata: {name: s}\ndata: {same: YQ==, changed: Yg==, gone: Yw==}\n---\napiVersion: v1\nkind: Secret\nmetadata: {name: s}\ndata: {same: YQ==, changed: ZA==, added: ZQ==}\n');
    const m = maskSecretData(a, b);
    expect(m.live!.data).toEqual({ same: '***', changed: '*** (before)', gone: '***' });
    expect(m.merged.data).toEqual({ same: '***', changed: '*** (after)', added: '***' });
  });
  it('klog lines: severity, month and day, time with microseconds, the pid padded to 7', () => {
    expect(klogWarning('m', new Date(2026, 10, 3, 4, 5, 6, 7), 1290)).toBe('W1103 04:05:06.007000    1290 diff.go:723] m\n');
  });
});
