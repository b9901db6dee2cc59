/**
 * `preview -o json|FILE` always writes its report, also on a conflict (issue 10, observation 7);
 * the shape is docs/reports.md's.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { vpcCniManifest } from '../../src/actors/eks/addons/vpc-cni.js';
import { capturedAwsNode } from './captured.js';
import { runCli } from './run-io.js';

const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-preview-json-'));
const live = join(dir, 'live.yaml');
writeFileSync(live, capturedAwsNode());
const daemonSet = vpcCniManifest({ version: 'v1.11.4-eksbuild.1' })
  .split('---\n')
  .find((d) => d.includes('kind: DaemonSet'))!;
const manifest = join(dir, 'ds.yaml');
writeFileSync(manifest, daemonSet);
const now = ['--now', '2022-09-01T10:00:00Z'];
const image = (v: string) => `602401143452.dkr.ecr.eu-west-1.amazonaws.com/amazon-k8s-cni:${v}`;
const initImage = (v: string) => `602401143452.dkr.ecr.eu-west-1.amazonaws.com/amazon-k8s-cni-init:${v}`;

describe('preview -o json', () => {
  it('on a conflict: the report with each conflict, its owner entry and both values; exit 1', async () => {
    const r = await runCli(['preview', '-f', manifest, '--live', live, '--field-manager', 'eks', '-o', 'json', ...now]);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.request).toEqual({ fieldManager: 'eks', mode: 'server-side', force: false, namespace: null, migratedClientSideOwnership: false });
    expect(report.succeeded).toBe(false);
    expect(report.exitCode).toBe(1);
    expect(report.stderr).toContain('Apply failed with 2 conflicts: conflicts with "kubectl-client-side-apply" using apps/v1:');
    expect(report.conflicts).toEqual([
      {
        object: 'daemonset.apps/aws-node -n kube-system',
        manager: 'kubectl-client-side-apply',
        operation: 'Update',
        apiVersion: 'apps/v1',
        subresource: '',
        path: '.spec.template.spec.containers[name="aws-node"].image',
        liveValue: image('v1.10.1-eksbuild.1'),
        appliedValue: image('v1.11.4-eksbuild.1'),
      },
      {
        object: 'daemonset.apps/aws-node -n kube-system',
        manager: 'kubectl-client-side-apply',
        operation: 'Update',
        apiVersion: 'apps/v1',
        subresource: '',
        path: '.spec.template.spec.initContainers[name="aws-vpc-cni-init"].image',
        liveValue: initImage('v1.10.1-eksbuild.1'),
        appliedValue: initImage('v1.11.4-eksbuild.1'),
      },
    ]);
    expect(report.ownershipChanges).toEqual([]);
    expect(report.targets).toEqual([{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'aws-node', namespace: 'kube-system', created: false }]);
    expect(report.objects).toHaveLength(1);
    expect(report.objects[0].spec.template.spec.containers[0].image).toBe(image('v1.10.1-eksbuild.1'));
  });

  it('as kubectl (the default): the forgiven conflicts with their owner and values, and the migration; as eks: none', async () => {
    const r = await runCli(['preview', '-f', manifest, '--live', live, '-o', 'json', ...now]);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.conflicts).toEqual([]);
    const forgiven = (path: string, live: string, applied: string) => ({
      object: 'daemonset.apps/aws-node -n kube-system',
      manager: 'kubectl-client-side-apply',
      operation: 'Update',
      apiVersion: 'apps/v1',
      subresource: '',
      path,
      liveValue: live,
      appliedValue: applied,
    });
    expect(report.forgivenConflicts).toEqual([
      forgiven('.spec.template.spec.containers[name="aws-node"].image', image('v1.10.1-eksbuild.1'), image('v1.11.4-eksbuild.1')),
      forgiven('.spec.template.spec.initContainers[name="aws-vpc-cni-init"].image', initImage('v1.10.1-eksbuild.1'), initImage('v1.11.4-eksbuild.1')),
    ]);
    expect(report.migrations).toEqual([{ object: 'daemonset.apps/aws-node -n kube-system', from: ['kubectl-client-side-apply'], to: 'kubectl', dryRun: false }]);
    expect(report.request.migratedClientSideOwnership).toBe(true);
    const eks = JSON.parse((await runCli(['preview', '-f', manifest, '--live', live, '--field-manager', 'eks', '-o', 'json', ...now])).stdout);
    expect(eks.forgivenConflicts).toEqual([]);
    expect(eks.migrations).toEqual([]);
  });

  it('-o FILE.json writes the same report on a conflict, atomically', async () => {
    const out = join(dir, 'report.json');
    const r = await runCli(['preview', '-f', manifest, '--live', live, '--field-manager', 'eks', '-o', out, ...now]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(JSON.parse(readFileSync(out, 'utf8')).conflicts).toHaveLength(2);
  });

  it('on success: ownership changes in run -o json\'s shape, removals, created objects, the objects', async () => {
    const withNew = join(dir, 'with-new.yaml');
    writeFileSync(withNew, `${daemonSet}---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: extra\n  namespace: kube-system\ndata:\n  a: "1"\n`);
    const r = await runCli(['preview', '-f', withNew, '--live', live, '--field-manager', 'eks', '--force-conflicts', '-o', 'json', ...now]);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.succeeded).toBe(true);
    expect(report.conflicts).toEqual([]);
    const ds = report.ownershipChanges.find((c: { object: string }) => c.object === 'daemonset.apps/aws-node -n kube-system');
    expect(ds.changes[0]).toEqual({
      kind: 'took',
      manager: 'eks',
      other: 'kubectl-client-side-apply',
      paths: ['.spec.template.spec.containers[name="aws-node"].image'],
      text: 'eks took .spec.template.spec.containers[name="aws-node"].image from kubectl-client-side-apply',
    });
    expect(report.targets).toContainEqual({ apiVersion: 'v1', kind: 'ConfigMap', name: 'extra', namespace: 'kube-system', created: true });
    expect(report.objects.map((o: { kind: string }) => o.kind).sort()).toEqual(['ConfigMap', 'DaemonSet']);
    expect(Array.isArray(report.removals)).toBe(true);
    expect(report.valueChanges).toContainEqual({
      object: 'daemonset.apps/aws-node -n kube-system',
      path: '.spec.template.spec.containers[name="aws-node"].image',
      before: '602401143452.dkr.ecr.eu-west-1.amazonaws.com/amazon-k8s-cni:v1.10.1-eksbuild.1',
      after: '602401143452.dkr.ecr.eu-west-1.amazonaws.com/amazon-k8s-cni:v1.11.4-eksbuild.1',
    });
  });
});
