/**
 * preview and diff take kubectl's flags for what they do: `--dry-run=server` (they are server dry
 * runs; kubectl's error text for a value it does not know), `-o name`, `--show-managed-fields` on
 * `-o yaml`, and colour on terminals (conflicts red, ownership changes) honouring NO_COLOR and --color.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { vpcCniManifest } from '../../src/actors/eks/addons/vpc-cni.js';
import { capturedAwsNode } from './captured.js';
import { runCli } from './run-io.js';

const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-preview-flags-'));
const live = join(dir, 'live.yaml');
writeFileSync(live, capturedAwsNode());
const manifest = join(dir, 'aws-k8s-cni.yaml');
writeFileSync(manifest, vpcCniManifest({ version: 'v1.11.4-eksbuild.1' }));
const base = ['-f', manifest, '--live', live, '--field-manager', 'eks', '--now', '2022-09-01T10:00:00Z'];
const RED = '\u001b[31m';

describe('--dry-run', () => {
  it.each(['preview', 'diff'])('%s: --dry-run=server is what it does anyway', async (command) => {
    const flags = command === 'diff' ? ['--server-side', '--force-conflicts'] : ['--force-conflicts'];
    const plain = await runCli([command, ...base, ...flags]);
    const dry = await runCli([command, ...base, ...flags, '--dry-run=server']);
    expect(dry.code).toBe(plain.code);
    if (command === 'preview') expect(dry.stdout).toBe(plain.stdout);
  });
  it.each([
    ['--dry-run=maybe', 'error: Invalid dry-run value (maybe). Must be "none", "server", or "client".\n'],
    ['--dry-run=client', 'error: --dry-run=client is not what ssa-sim preview does: it answers as the API server answers a server dry run (--dry-run=server), and never writes anything\n'],
    ['--dry-run', 'error: --dry-run=client is not what ssa-sim preview does: it answers as the API server answers a server dry run (--dry-run=server), and never writes anything\n'],
    ['--dry-run=false', 'error: --dry-run=none is not what ssa-sim preview does: it answers as the API server answers a server dry run (--dry-run=server), and never writes anything\n'],
  ])('%s is refused with kubectl\'s words or the reason, exit 2', async (flag, stderr) => {
    const r = await runCli(['preview', flag, ...base]);
    expect(r).toEqual({ code: 2, stdout: '', stderr });
  });
});

describe('object outputs', () => {
  it('-o name: the objects as kubectl apply -o name prints them', async () => {
    const r = await runCli(['preview', ...base, '--force-conflicts', '-o', 'name']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('serviceaccount/aws-node\nclusterrole.rbac.authorization.k8s.io/aws-node\nclusterrolebinding.rbac.authorization.k8s.io/aws-node\ndaemonset.apps/aws-node\n');
  });
  it('-o yaml leaves managedFields out unless --show-managed-fields, as kubectl', async () => {
    const plain = await runCli(['preview', ...base, '--force-conflicts', '-o', 'yaml']);
    expect(plain.stdout).toContain('kind: DaemonSet');
    expect(plain.stdout).not.toContain('managedFields');
    const shown = await runCli(['preview', ...base, '--force-conflicts', '-o', 'yaml', '--show-managed-fields']);
    expect(shown.stdout).toContain('managedFields:');
    expect(shown.stdout).toContain('manager: eks');
  });
});

describe('colour', () => {
  it('a conflict is red on a terminal, plain when NO_COLOR is set or --color=never', async () => {
    const tty = await runCli(['preview', ...base], { isTTY: true, isErrorTTY: true });
    expect(tty.code).toBe(1);
    expect(tty.stderr.startsWith(`${RED}error: Apply failed with 2 conflicts`)).toBe(true);
    expect((await runCli(['preview', ...base], { isTTY: true, isErrorTTY: true, env: { NO_COLOR: '1' } })).stderr).not.toContain('\u001b[');
    expect((await runCli(['preview', ...base, '--color=never'], { isTTY: true, isErrorTTY: true })).stderr).not.toContain('\u001b[');
    expect((await runCli(['preview', ...base])).stderr).not.toContain('\u001b[');
  });
  it('ownership changes and values in colour with --color=always', async () => {
    const r = await runCli(['preview', ...base, '--force-conflicts', '--color=always']);
    expect(r.stdout).toContain('  \u001b[33meks took .spec.template.spec.containers[name="aws-node"].image from kubectl-client-side-apply\u001b[0m\n');
    expect(r.stdout).toContain(`: ${RED}"602401143452.dkr.ecr.eu-west-1.amazonaws.com/amazon-k8s-cni:v1.10.1-eksbuild.1"\u001b[0m -> \u001b[32m"`);
    expect((await runCli(['preview', ...base, '--force-conflicts'])).stdout).not.toContain('\u001b[');
  });
  it('--color takes auto, always or never', async () => {
    expect((await runCli(['preview', ...base, '--color=blue'])).code).toBe(2);
  });
});
