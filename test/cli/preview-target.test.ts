/**
 * preview picks its targets as kubectl does (-n, the default namespace, kubectl's errors for a
 * wrong namespace or an unknown kind) and names its request (issue 10, observations 5, 6, 8).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { vpcCniManifest } from '../../src/actors/eks/addons/vpc-cni.js';
import { capturedAwsNode } from './captured.js';
import { runCli } from './run-io.js';

const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-preview-target-'));
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
const live = file('live.yaml', capturedAwsNode());
const full = vpcCniManifest({ version: 'v1.11.4-eksbuild.1' });
/** Only the DaemonSet of the add-on, with or without its namespace. */
const daemonSet = full.split('---\n').find((d) => d.includes('kind: DaemonSet'))!;
const withoutNamespace = file('ds-no-namespace.yaml', daemonSet.replace('  namespace: kube-system\n', ''));
const now = ['--now', '2022-09-01T10:00:00Z'];

describe('preview: which live object', () => {
  it('a manifest without a namespace targets default, as kubectl: created there, said on stderr, nothing said about kube-system', async () => {
    const r = await runCli(['preview', '-f', withoutNamespace, '--live', live, '--field-manager', 'eks', ...now]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('daemonset.apps/aws-node created\n');
    expect(r.stdout).not.toContain('kube-system');
    expect(r.stderr).toBe(`warning: 1 of 1 object in ${withoutNamespace} matches no live object in ${live} and would be created: daemonset.apps/aws-node -n default (give -n NAMESPACE to aim at another namespace)\n`);
  });

  it('--client-side: kubectl itself says created, and preview does not say it again', async () => {
    const r = await runCli(['preview', '-f', withoutNamespace, '--live', live, '--client-side', ...now]);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').filter((l) => l === 'daemonset.apps/aws-node created')).toHaveLength(1);
    const dry = await runCli(['preview', '-f', withoutNamespace, '--live', live, '--client-side', '--dry-run=server', ...now]);
    // --dry-run=server is accepted and changes nothing: preview is a dry run already.
    expect(dry.stdout.split('\n').filter((l) => l.startsWith('daemonset.apps/aws-node created'))).toEqual(['daemonset.apps/aws-node created']);
  });

  it('-n kube-system aims it at the live DaemonSet: the conflict', async () => {
    const r = await runCli(['preview', '-f', withoutNamespace, '--live', live, '--field-manager', 'eks', '-n', 'kube-system', ...now]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Apply failed with 2 conflicts: conflicts with "kubectl-client-side-apply" using apps/v1:');
    expect(r.stdout).not.toContain('created');
  });

  it('new objects of a multi-document manifest are called new', async () => {
    const manifest = file('all.yaml', full);
    const r = await runCli(['preview', '-f', manifest, '--live', live, '--field-manager', 'eks', '--force-conflicts', ...now]);
    expect(r.code).toBe(0);
    for (const o of ['serviceaccount/aws-node', 'clusterrole.rbac.authorization.k8s.io/aws-node', 'clusterrolebinding.rbac.authorization.k8s.io/aws-node']) {
      expect(r.stdout).toContain(`${o} created\n`);
    }
    expect(r.stdout).not.toContain('daemonset.apps/aws-node created');
    expect(r.stderr).toMatch(/^warning: 3 of 4 objects in .* match no live object in .* and would be created: serviceaccount\/aws-node -n kube-system, clusterrole.rbac.authorization.k8s.io\/aws-node, clusterrolebinding.rbac.authorization.k8s.io\/aws-node\n$/);
  });

  it('a manifest namespace other than -n is kubectl\'s error', async () => {
    const manifest = file('ds.yaml', daemonSet);
    const r = await runCli(['preview', '-f', manifest, '--live', live, '--field-manager', 'eks', '-n', 'default', ...now]);
    expect(r.stderr).toContain(`error: the namespace from the provided object "kube-system" does not match the namespace "default". You must pass '--namespace=kube-system' to perform this operation.\n`);
    expect(r.code).toBe(1);
  });

  it('an unknown kind or an unserved version: kubectl\'s words, with the file name', async () => {
    const kind = file('kind.yaml', daemonSet.replace('kind: DaemonSet', 'kind: Daemonset'));
    const r = await runCli(['preview', '-f', kind, '--live', live, '--field-manager', 'eks', ...now]);
    expect(r.stderr).toBe(
      `error: resource mapping not found for name: "aws-node" namespace: "kube-system" from "${kind}": no matches for kind "Daemonset" in version "apps/v1"\nensure CRDs are installed first\n`,
    );
    expect(r.code).toBe(1);
    const version = file('version.yaml', daemonSet.replace('apiVersion: apps/v1', 'apiVersion: apps/v1beta2').replace('  namespace: kube-system\n', ''));
    const v = await runCli(['preview', '-f', version, '--live', live, ...now]);
    expect(v.stderr).toBe(
      `error: resource mapping not found for name: "aws-node" namespace: "" from "${version}": no matches for kind "DaemonSet" in version "apps/v1beta2"\nensure CRDs are installed first\n`,
    );
    expect(v.code).toBe(1);
  });
});

describe('preview names its request', () => {
  const manifest = file('ds-kube-system.yaml', daemonSet);
  it('the field manager and the mode come first', async () => {
    const eks = await runCli(['preview', '-f', manifest, '--live', live, '--field-manager', 'eks', ...now]);
    expect(eks.stdout.split('\n')[0]).toBe('field manager "eks", server-side apply, no force');
    const forced = await runCli(['preview', '-f', manifest, '--live', live, '--field-manager', 'eks', '--force-conflicts', ...now]);
    expect(forced.stdout.split('\n')[0]).toBe('field manager "eks", server-side apply, force');
    const csa = await runCli(['preview', '-f', manifest, '--live', live, '--client-side', ...now]);
    expect(csa.stdout.split('\n')[0]).toBe('field manager "kubectl-client-side-apply", client-side apply (three-way patch)');
  });
  it('the EKS story: as kubectl (the default) the apply succeeds, and preview names the exception and the migration that let it', async () => {
    const r = await runCli(['preview', '-f', manifest, '--live', live, ...now]);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines.slice(0, 6)).toEqual([
      'field manager "kubectl", server-side apply, no force',
      'last-applied exception: the API server did not report 2 conflicts with "kubectl-client-side-apply" using apps/v1 on daemonset.apps/aws-node -n kube-system: ' +
        'the live values still equal the kubectl.kubernetes.io/last-applied-configuration annotation and the field manager is "kubectl" (the only one it forgives), so "kubectl" took them as if forced:',
      '  - .spec.template.spec.containers[name="aws-node"].image',
      '  - .spec.template.spec.initContainers[name="aws-vpc-cni-init"].image',
      'client-side apply migration: kubectl moved the Update entry of "kubectl-client-side-apply" on daemonset.apps/aws-node -n kube-system into the Apply entry of "kubectl" after the apply, and applied again ' +
        '(kubectl apply --server-side does this for any field manager; other clients do not)',
      'daemonset.apps/aws-node serverside-applied',
    ]);
  });

  it('the EKS story: as eks the same apply shows the two conflicts, and no exception or migration is claimed', async () => {
    const r = await runCli(['preview', '-f', manifest, '--live', live, '--field-manager', 'eks', ...now]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('field manager "eks", server-side apply, no force\n');
    expect(r.stderr).toContain(
      'Apply failed with 2 conflicts: conflicts with "kubectl-client-side-apply" using apps/v1:\n- .spec.template.spec.containers[name="aws-node"].image\n- .spec.template.spec.initContainers[name="aws-vpc-cni-init"].image',
    );
  });
});
