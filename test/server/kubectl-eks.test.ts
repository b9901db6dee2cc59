/**
 * Real kubectl 1.32 against `startServer`, through the EKS story: client-side apply of the
 * vpc-cni v1.10.1 DaemonSet, `kubectl set env`, the add-on's server-side apply as `eks` (the
 * exact 409 on stderr), the same with --force-conflicts, the eks Apply entry in
 * `get --show-managed-fields`, and an empty `diff --server-side` afterwards; then the same story
 * through `ssa-sim serve --state`, restarted on the same file: nothing kubectl saw is lost.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vpcCniManifest } from '../../src/actors/eks/addons/vpc-cni.js';
import { readObjects } from '../../src/manifest/read-manifests.js';
import { startServer, type RunningServer } from '../../src/server/index.js';
import { getKey, isList, isMap, type Value } from '../../src/value/value.js';
import { KUBECTL_CONFLICT_HELP } from '../support/kubectl-texts.js';
import { EKS_CONFLICT_409 } from '../web/library.js';
import { KubectlSession, kubectlAvailable } from './kubectl-harness.js';
import { serving } from './serve-command.js';

const available = kubectlAvailable();

// kubectl prints the server's 409 behind 'error: ', then its fixed help block.
const CONFLICT_STDERR = `error: ${EKS_CONFLICT_409}\n${KUBECTL_CONFLICT_HELP}`;

function entries(obj: Value): { manager: string; operation: string; apiVersion: string }[] {
  const meta = isMap(obj) ? getKey(obj, 'metadata') : undefined;
  const mf = isMap(meta) ? getKey(meta, 'managedFields') : undefined;
  return (isList(mf) ? mf : []).filter(isMap).map((e) => ({ manager: String(e.manager), operation: String(e.operation), apiVersion: String(e.apiVersion) }));
}

describe.skipIf(!available)('real kubectl against ssa-sim serve: the EKS story', () => {
  let server: RunningServer;
  let k: KubectlSession;

  beforeAll(async () => {
    server = await startServer();
    k = new KubectlSession(server.kubeconfig);
  });
  afterAll(async () => {
    await server?.close();
    k?.dispose();
  });

  it('client-side apply, set env, a conflicting server-side apply, then a forced one', { timeout: 240_000 }, async () => {
    const v110 = k.file('aws-k8s-cni-1.10.yaml', vpcCniManifest({ version: 'v1.10.1-eksbuild.1', region: 'eu-west-1' }));
    const v111 = k.file('aws-k8s-cni-1.11.yaml', vpcCniManifest({ version: 'v1.11.4-eksbuild.1', region: 'eu-west-1' }));

    const created = await k.run(['apply', '-f', v110]);
    expect(created.stderr).toBe('');
    expect(created.stdout).toContain('daemonset.apps/aws-node created\n');
    expect(created.code).toBe(0);

    const setEnv = await k.run(['set', 'env', 'daemonset/aws-node', '-n', 'kube-system', 'WARM_IP_TARGET=5']);
    expect(setEnv).toEqual({ code: 0, stdout: 'daemonset.apps/aws-node env updated\n', stderr: '' });

    const conflict = await k.run(['apply', '--server-side', '--field-manager=eks', '-f', v111]);
    expect(conflict.code).toBe(1);
    expect(conflict.stderr).toBe(CONFLICT_STDERR);
    expect(conflict.stdout).not.toContain('daemonset.apps/aws-node');

    const forced = await k.run(['apply', '--server-side', '--field-manager=eks', '--force-conflicts', '-f', v111]);
    expect(forced.stderr).toBe('');
    expect(forced.stdout).toContain('daemonset.apps/aws-node serverside-applied\n');
    expect(forced.code).toBe(0);

    const got = await k.run(['get', 'daemonset', 'aws-node', '-n', 'kube-system', '-o', 'yaml', '--show-managed-fields']);
    expect(got.code).toBe(0);
    const [ds] = readObjects(got.stdout);
    const list = entries(ds);
    expect(list).toContainEqual({ manager: 'eks', operation: 'Apply', apiVersion: 'apps/v1' });
    expect(list).toContainEqual({ manager: 'kubectl-set', operation: 'Update', apiVersion: 'apps/v1' });
    expect(got.stdout).toContain('image: 602401143452.dkr.ecr.eu-west-1.amazonaws.com/amazon-k8s-cni:v1.11.4-eksbuild.1');
    expect(got.stdout).toContain('value: "5"');

    const diff = await k.run(['diff', '--server-side', '--field-manager=eks', '--force-conflicts', '-f', v111]);
    expect(diff).toEqual({ code: 0, stdout: '', stderr: '' });

    // kubectl get prints the server's Table: the DaemonSet columns (no controller fills status here).
    const table = await k.run(['get', 'daemonsets', '-n', 'kube-system']);
    expect(table.stderr).toBe('');
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0].split(/\s{2,}/)).toEqual(['NAME', 'DESIRED', 'CURRENT', 'READY', 'UP-TO-DATE', 'AVAILABLE', 'NODE SELECTOR', 'AGE']);
    expect(lines[1].split(/\s{2,}/).slice(0, 7)).toEqual(['aws-node', '0', '0', '0', '0', '0', '<none>']);

    // A write made after the object was read makes a replace of what was read stale: kubectl's
    // optimistic-concurrency 409.
    expect((await k.run(['label', 'daemonset', 'aws-node', '-n', 'kube-system', 'touched=yes'])).code).toBe(0);
    const stale = k.file('stale.json', JSON.stringify({ ...(ds as object), metadata: { ...((ds as any).metadata as object), managedFields: undefined } }));
    const replaced = await k.run(['replace', '-f', stale]);
    expect(replaced.code).toBe(1);
    expect(replaced.stderr).toBe(
      `Error from server (Conflict): error when replacing "${stale}": Operation cannot be fulfilled on daemonsets.apps "aws-node": the object has been modified; please apply your changes to the latest version and try again\n`,
    );
  });
});

describe.skipIf(!available)('real kubectl against ssa-sim serve --state: a restart loses nothing', () => {
  it('the EKS story, then the same server restarted on the same state file', { timeout: 240_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-eks-state-'));
    const sessions: KubectlSession[] = [];
    /** `ssa-sim serve --state` with a kubeconfig kubectl uses. */
    const start = async () => {
      const kubeconfig = join(dir, `kubeconfig-${sessions.length}`);
      const s = await serving(['--state', join(dir, 'cluster.json'), '--kubeconfig', kubeconfig]);
      const k = new KubectlSession(readFileSync(kubeconfig, 'utf8'));
      sessions.push(k);
      return { s, k };
    };
    try {
      const first = await start();
      const v110 = first.k.file('v110.yaml', vpcCniManifest({ version: 'v1.10.1-eksbuild.1', region: 'eu-west-1' }));
      const v111 = first.k.file('v111.yaml', vpcCniManifest({ version: 'v1.11.4-eksbuild.1', region: 'eu-west-1' }));
      expect((await first.k.run(['apply', '-f', v110])).code).toBe(0);
      expect((await first.k.run(['set', 'env', 'daemonset/aws-node', '-n', 'kube-system', 'WARM_IP_TARGET=5'])).code).toBe(0);
      expect((await first.k.run(['apply', '--server-side', '--field-manager=eks', '--force-conflicts', '-f', v111])).code).toBe(0);
      const get = ['get', 'daemonset', 'aws-node', '-n', 'kube-system', '-o', 'yaml', '--show-managed-fields'];
      const before = await first.k.run(get);
      expect(before.code).toBe(0);
      expect(entries(readObjects(before.stdout)[0])).toContainEqual({ manager: 'eks', operation: 'Apply', apiVersion: 'apps/v1' });
      expect(await first.s.stop()).toBe(0);

      const second = await start();
      const after = await second.k.run(get);
      expect(after).toEqual(before);
      const diff = await second.k.run(['diff', '--server-side', '--field-manager=eks', '--force-conflicts', '-f', v111]);
      expect(diff).toEqual({ code: 0, stdout: '', stderr: '' });
      expect(await second.s.stop()).toBe(0);
    } finally {
      for (const k of sessions) k.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
