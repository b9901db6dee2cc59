import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { runCli, scratchDir } from './run-io.js';

const live = join(dirname(fileURLToPath(import.meta.url)), 'aws-node-live.yaml');
const now = ['--now', '2022-09-01T10:05:00Z'];

describe('ssa-sim blame', () => {
  it('annotates each line with its owners; shared ownership is marked in text', async () => {
    const r = await runCli(['blame', live, ...now]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.split('\n');
    expect(lines).toContain('eks (Apply 5m ago), kubectl-set (Update 24h ago) [shared] |     k8s-app: aws-node');
    expect(lines).toContain('kubectl-set (Update 24h ago)                              |         - name: WARM_IP_TARGET');
    expect(lines).toContain('eks (Apply 5m ago)                                        |       - name: aws-node');
    // .spec.selector is atomic: the lines under it belong to its owner.
    expect(lines).toContain('eks (Apply 5m ago)                                        |       k8s-app: aws-node');
    expect(lines).toContain('                                                          |         - name: MULTI');
    expect(r.stdout).not.toContain('managedFields');
  });

  it('--time full and none', async () => {
    expect((await runCli(['blame', live, '--time', 'full'])).stdout).toContain('eks (Apply 2022-09-01T10:00:00Z)                                         |   selector:\n');
    expect((await runCli(['blame', live, '--time', 'none'])).stdout).toContain('eks (Apply), kubectl-set (Update) [shared] |     k8s-app: aws-node');
  });

  it('colour: per manager and for shared fields; never with NO_COLOR under auto', async () => {
    const tty = await runCli(['blame', live, ...now], { isTTY: true });
    expect(tty.stdout).toContain('\u001b[7m[shared]\u001b[0m');
    expect((await runCli(['blame', live, ...now], { isTTY: true, env: { NO_COLOR: '1' } })).stdout).not.toContain('\u001b[');
    expect((await runCli(['blame', live, ...now, '--color', 'never'], { isTTY: true })).stdout).not.toContain('\u001b[');
    expect((await runCli(['blame', live, ...now, '--color', 'always'], { env: { NO_COLOR: '1' } })).stdout).toContain('\u001b[');
    expect((await runCli(['blame', live, ...now], { isTTY: true, env: { TERM: 'dumb' } })).stdout).not.toContain('\u001b[');
  });

  it('-o FILE (not .json): the text goes to the file, written atomically, and nothing to stdout', async () => {
    const { dir } = scratchDir('ssa-sim-blame-out-');
    const file = join(dir, 'blame.txt');
    const shown = await runCli(['blame', live, ...now, '--color', 'never']);
    const r = await runCli(['blame', live, ...now, '-o', file], { isTTY: true });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(readFileSync(file, 'utf8')).toBe(shown.stdout);
    const missing = await runCli(['blame', live, ...now, '-o', join(dir, 'no-such-dir', 'blame.txt')]);
    expect(missing.code).toBe(2);
    expect(missing.stdout).toBe('');
    const to = join(dir, 'no-such-dir', 'blame.txt');
    expect(missing.stderr).toBe(`ssa-sim blame: ${to}: cannot write ${to}: there is no folder ${join(dir, 'no-such-dir')}\n`);
    const folder = await runCli(['blame', live, ...now, '-o', dir]);
    expect(folder.stderr).toBe(`ssa-sim blame: ${dir}: cannot write ${dir}: it is a folder; -o names a file\n`);
  });

  it('warns when the object has no managedFields', async () => {
    const r = await runCli(['blame', ...now], { stdin: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n  a: b\n' });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('warning: <stdin>:1:1: configmap/x has no metadata.managedFields: did you forget --show-managed-fields?\n');
    expect(r.stdout).toBe(' | apiVersion: v1\n | kind: ConfigMap\n | metadata:\n |   name: x\n | data:\n |   a: b\n');
  });

  it('reads a List and JSON', async () => {
    const list = JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', managedFields: [{ manager: 'm', operation: 'Apply', apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1: { 'f:data': { 'f:k': {} } } }] }, data: { k: 'v' } }, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'b' } }] });
    const r = await runCli(['blame', '--time', 'none'], { stdin: list });
    expect(r.stdout).toContain('m (Apply) |   k: v\n');
    expect(r.stdout).toContain('---\n');
    expect(r.stderr).toContain('configmap/b has no metadata.managedFields');
  });

  it('bad managedFields name the entry and its position', async () => {
    const r = await runCli(['blame'], { stdin: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n  managedFields:\n  - manager: m\n    operation: Patch\n' });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('ssa-sim blame: <stdin>:7:16: configmap/x: metadata.managedFields[0].operation: operation must be `Apply` or `Update`\n');
  });

  it('usage errors', async () => {
    expect((await runCli(['blame', '--colour', 'never'])).code).toBe(2);
    expect((await runCli(['blame', '--color', 'sometimes'])).stderr).toContain('--color must be auto, always or never');
    expect((await runCli(['blame', '--help'])).stdout).toContain('Examples:');
  });
});

describe('ssa-sim explain', () => {
  it('a shared field: both owners, operations and times', async () => {
    const r = await runCli(['explain', live, '.metadata.labels.k8s-app', ...now]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('daemonset.apps/aws-node .metadata.labels.k8s-app\n  value: aws-node\n  shared by 2 managers:\n    eks (Apply at apps/v1, since 2022-09-01T10:00:00Z, 5m ago)\n    kubectl-set (Update at apps/v1, since 2022-08-31T10:00:00Z, 24h ago)\n');
  });

  it('a field inside an atomic one', async () => {
    const r = await runCli(['explain', live, '.spec.selector.matchLabels.k8s-app', ...now]);
    expect(r.stdout).toContain('owned as part of .spec.selector (atomic: owned and replaced as a whole) by eks');
  });

  it('a field nobody owns', async () => {
    const r = await runCli(['explain', live, '.spec.template.spec.containers[name="aws-node"].env[name="MULTI"].value', ...now]);
    expect(r.stdout).toContain('nobody owns it');
  });

  it('a field that does not exist', async () => {
    const r = await runCli(['explain', live, '.spec.nope']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('daemonset.apps/aws-node: .spec has no field "nope"');
  });

  it('usage errors', async () => {
    expect((await runCli(['explain', live])).code).toBe(2);
    expect((await runCli(['explain', live, 'spec.x'])).stderr).toContain('PATH starts with "."');
    expect((await runCli(['explain', live, '.spec.x', '-f', live])).stderr).toContain('-f needs --field-manager NAME');
  });
});
