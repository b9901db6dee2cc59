/**
 * A real kubectl session recorded with `ssa-sim serve --record` replays with `ssa-sim run`:
 * every step's answer (managedFields exactly, or the 409 text) holds again.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { vpcCniManifest } from '../../src/actors/eks/addons/vpc-cni.js';
import { runCli } from '../cli/run-io.js';
import { KubectlSession, kubectlAvailable } from './kubectl-harness.js';
import { json, serving } from './serve-command.js';

const available = kubectlAvailable();

describe.skipIf(!available)('ssa-sim serve --record', () => {
  it('records the EKS story as real kubectl sends it; ssa-sim run replays it to the same managedFields', { timeout: 240_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-record-'));
    try {
      const recordFile = join(dir, 'session.yaml');
      const s = await serving(['--record', recordFile, '--kubeconfig', join(dir, 'kubeconfig')]);
      const k = new KubectlSession(readFileSync(join(dir, 'kubeconfig'), 'utf8'));
      try {
        const v110 = k.file('v110.yaml', vpcCniManifest({ version: 'v1.10.1-eksbuild.1', region: 'eu-west-1' }));
        const v111 = k.file('v111.yaml', vpcCniManifest({ version: 'v1.11.4-eksbuild.1', region: 'eu-west-1' }));
        expect((await k.run(['apply', '-f', v110])).code).toBe(0);
        expect((await k.run(['set', 'env', 'daemonset/aws-node', '-n', 'kube-system', 'WARM_IP_TARGET=5'])).code).toBe(0);
        expect((await k.run(['apply', '--server-side', '--field-manager=eks', '-f', v111])).code).toBe(1);
        expect((await k.run(['apply', '--server-side', '--field-manager=eks', '--force-conflicts', '-f', v111])).code).toBe(0);
      } finally {
        k.dispose();
      }
      const live = await json(`${s.url}/apis/apps/v1/namespaces/kube-system/daemonsets/aws-node`);
      expect(await s.stop()).toBe(0);

      const text = readFileSync(recordFile, 'utf8');
      expect(text).toContain('verb: patch');
      expect(text).toContain('Apply failed with 2 conflicts: conflicts with "kubectl-client-side-apply" using apps/v1:');
      const replay = await runCli(['run', recordFile, '-o', 'json']);
      expect(replay.stderr).toBe('');
      expect(replay.code).toBe(0);
      const report = JSON.parse(replay.stdout);
      const lastDsStep = [...report.scenarios[0].steps].reverse().find((st: any) => /daemonsets\/aws-node/.test(st.title ?? ''));
      expect(lastDsStep).toBeDefined();
      const steps = report.scenarios[0].steps.length;
      expect(report.scenarios[0].expectations).toEqual({ total: expect.any(Number), failed: 0 });
      // Each step checks success and, for writes that stored something, the managedFields exactly.
      expect(report.scenarios[0].expectations.total).toBeGreaterThan(steps);
      // The step's expectation is the live answer's managedFields, exactly; it held on replay.
      expect(text).toContain(`manager: eks`);
      expect(live.metadata.managedFields.map((e: any) => e.manager)).toEqual(['eks', 'kubectl-set']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a CRD and its custom resources: the CRD controllers\' status entry is expected too, and each step names its object', { timeout: 240_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-record-'));
    try {
      const recordFile = join(dir, 'session.yaml');
      const s = await serving(['--record', recordFile, '--kubeconfig', join(dir, 'kubeconfig')]);
      const k = new KubectlSession(readFileSync(join(dir, 'kubeconfig'), 'utf8'));
      try {
        const crd = k.file(
          'crd.yaml',
          'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: widgets.example.com\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}\n  scope: Namespaced\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            properties:\n              size: {type: integer}\n',
        );
        const widget = k.file('w.yaml', 'apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1, namespace: default}\nspec:\n  size: 1\n');
        expect((await k.run(['apply', '-f', crd])).code).toBe(0);
        expect((await k.run(['apply', '--server-side', '--field-manager=alice', '-f', widget])).code).toBe(0);
      } finally {
        k.dispose();
      }
      expect(await s.stop()).toBe(0);
      const replay = await runCli(['run', recordFile]);
      expect(replay.stderr).toBe('');
      expect(replay.stdout).toContain('  $ PATCH widget.example.com/w1 -n default as alice\n');
      expect(replay.stdout).toContain('      kube-apiserver (/status) now owns');
      expect(replay.code).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
