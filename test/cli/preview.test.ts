import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KUBECTL_CONFLICT_HELP } from '../support/kubectl-texts.js';
import { vpcCniManifest } from '../../src/actors/eks/addons/vpc-cni.js';
import { capturedAwsNode } from './captured.js';
import { runCli } from './run-io.js';

const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-preview-'));

const live = join(dir, 'live.yaml');
writeFileSync(live, capturedAwsNode());
const manifest = join(dir, 'aws-k8s-cni.yaml');
writeFileSync(manifest, vpcCniManifest({ version: 'v1.11.4-eksbuild.1' }));
const now = ['--now', '2022-09-01T10:00:00Z'];

const KUBECTL_HELP = KUBECTL_CONFLICT_HELP;

describe('ssa-sim preview', () => {
  it('on a conflict prints exactly what kubectl prints, and exits 1', async () => {
    const r = await runCli(['preview', '-f', manifest, '--live', live, '--field-manager', 'eks', ...now]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'error: Apply failed with 2 conflicts: conflicts with "kubectl-client-side-apply" using apps/v1:\n' +
        '- .spec.template.spec.containers[name="aws-node"].image\n' +
        '- .spec.template.spec.initContainers[name="aws-vpc-cni-init"].image\n' +
        KUBECTL_HELP,
    );
  });

  it('with --force-conflicts: the ownership changes, and exit 0', async () => {
    const r = await runCli(['preview', '-f', manifest, '--live', live, '--field-manager', 'eks', '--force-conflicts', ...now]);
    // The add-on's other objects are not in the capture: they are said to be new.
    expect(r.stderr).toMatch(/^warning: 3 of 4 objects in .* match no live object in .* and would be created: /);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('daemonset.apps/aws-node serverside-applied\n');
    expect(r.stdout).toContain('daemonset.apps/aws-node -n kube-system:\n  eks took .spec.template.spec.containers[name="aws-node"].image from kubectl-client-side-apply\n');
    expect(r.stdout).toMatch(/ {2}eks now shares \d+ fields with kubectl-client-side-apply\n/);
    expect(r.stdout).not.toContain('WARM_IP_TARGET');
  });

  it('the values that change are shown under the ownership change of their path', async () => {
    const r = await runCli(['preview', '-f', manifest, '--live', live, '--field-manager', 'eks', '--force-conflicts', ...now]);
    expect(r.stdout).toContain(
      '  eks took .spec.template.spec.containers[name="aws-node"].image from kubectl-client-side-apply\n' +
        '    .spec.template.spec.containers[name="aws-node"].image: "602401143452.dkr.ecr.eu-west-1.amazonaws.com/amazon-k8s-cni:v1.10.1-eksbuild.1" -> "602401143452.dkr.ecr.eu-west-1.amazonaws.com/amazon-k8s-cni:v1.11.4-eksbuild.1"\n',
    );
    // Shared fields keep their values: no value line under "now shares".
    expect(r.stdout).toMatch(/ {2}eks now shares \d+ fields with kubectl-client-side-apply\n(?! {4})/);
  });

  it('-o yaml prints the resulting object (managedFields with --show-managed-fields); -o FILE writes it atomically', async () => {
    const r = await runCli(['preview', '-f', manifest, '--live', live, '--field-manager', 'eks', '--force-conflicts', '-o', 'yaml', '--show-managed-fields', ...now]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('manager: eks\n');
    expect(r.stdout).toContain('amazon-k8s-cni:v1.11.4-eksbuild.1');
    const out = join(dir, 'result.json');
    const f = await runCli(['preview', '-f', manifest, '--live', live, '--field-manager', 'eks', '--force-conflicts', '-o', out, ...now]);
    expect(f.code).toBe(0);
    expect(f.stdout).toBe('');
    const json = JSON.parse(readFileSync(out, 'utf8'));
    expect(JSON.stringify(json)).toContain('"manager":"eks"');
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('warns when the live object has no managedFields', async () => {
    const bare = join(dir, 'bare.yaml');
    writeFileSync(bare, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n  namespace: default\ndata:\n  a: "1"\n');
    const cm = join(dir, 'cm.yaml');
    writeFileSync(cm, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n  namespace: default\ndata:\n  a: "2"\n');
    const r = await runCli(['preview', '-f', cm, '--live', bare, '--field-manager', 'me', ...now]);
    expect(r.stderr).toContain(`warning: ${bare}:1:1: configmap/x has no metadata.managedFields: did you forget --show-managed-fields?\n`);
    // No managedFields: the first apply meets before-first-apply (apiserver-semantics §2.7).
    expect(r.stderr).toContain('Apply failed with 1 conflict: conflict with "before-first-apply" using v1: .data.a');
    expect(r.code).toBe(1);
  });

  it('invalid input names file:line:column', async () => {
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x\n');
    const r = await runCli(['preview', '-f', manifest, '--live', bad]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^ssa-sim preview: ${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: `));
  });
});

describe('ssa-sim explain -f', () => {
  const path = '.spec.template.spec.containers[name="aws-node"].image';
  it('says the apply would conflict on the field, and why', async () => {
    const r = await runCli(['explain', live, path, '-f', manifest, '--field-manager', 'eks', ...now]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('owned by kubectl-client-side-apply (Update at apps/v1, since 2022-08-23T09:00:00Z');
    expect(r.stdout).toContain('  if eks applied');
    expect(r.stdout).toContain('  - CONFLICT: kubectl-client-side-apply owns it and the manifest sets "602401143452.dkr.ecr.eu-west-1.amazonaws.com/amazon-k8s-cni:v1.11.4-eksbuild.1" where the live value is');
  });
  it('share, take, untouched', async () => {
    const share = await runCli(['explain', live, '.metadata.labels.k8s-app', '-f', manifest, '--field-manager', 'eks', ...now]);
    expect(share.stdout).toContain('  - the apply fails on other fields');
    expect(share.stdout).toContain('  - SHARE: the manifest sets the live value "aws-node", so eks would co-own it with kubectl-client-side-apply: no conflict.');
    const take = await runCli(['explain', live, path, '-f', manifest, '--field-manager', 'eks', '--force-conflicts', ...now]);
    expect(take.stdout).toContain('  - TAKE: eks would take it from kubectl-client-side-apply, setting "602401143452.dkr.ecr.eu-west-1.amazonaws.com/amazon-k8s-cni:v1.11.4-eksbuild.1"');
    const untouched = await runCli(['explain', live, '.spec.template.spec.containers[name="aws-node"].env[name="WARM_IP_TARGET"].value', '-f', manifest, '--field-manager', 'eks', '--force-conflicts', ...now]);
    expect(untouched.stdout).toContain('  - NO CHANGE: kubectl-set owns it before and after.');
  });
});

describe('ssa-sim preview --client-side', () => {
  it('models kubectl apply: a three-way patch, recorded as kubectl-client-side-apply (Update)', async () => {
    const r = await runCli(['preview', '-f', manifest, '--live', live, '--client-side', ...now]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('daemonset.apps/aws-node configured\n');
    // The images change, but kubectl-client-side-apply already owned them: ownership stays.
    expect(r.stdout).toContain('daemonset.apps/aws-node -n kube-system: no change in ownership\n');
  });
});
