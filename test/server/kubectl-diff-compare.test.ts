/**
 * `ssa-sim diff` prints what real `kubectl diff` (v1.32) prints: the EKS story's objects are set
 * up in `ssa-sim serve` by real kubectl, captured with `kubectl get -o yaml --show-managed-fields`,
 * and each diff is run twice: by kubectl against the server, and by ssa-sim against the capture.
 * Compared byte for byte, after masking what differs from run to run in kubectl's own output: the
 * temporary directory names (LIVE-<digits>) and the file times diff prints in its headers.
 */
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vpcCniManifest } from '../../src/actors/eks/addons/vpc-cni.js';
import { startServer, type RunningServer } from '../../src/server/index.js';
import { runCli } from '../cli/run-io.js';
import { KubectlSession, kubectlAvailable } from './kubectl-harness.js';

const available = kubectlAvailable();

/** What differs between two runs of the same kubectl diff. */
const mask = (text: string) =>
  text
    .replace(/\/(LIVE|MERGED)-\d+/g, '/$1-N')
    .replace(/^((?:---|\+\+\+) \S+)\t.*$/gm, '$1\tTIME');

describe.skipIf(!available)('ssa-sim diff against real kubectl diff', () => {
  let server: RunningServer;
  let k: KubectlSession;
  let v110: string;
  let v111: string;
  let live: string;

  beforeAll(async () => {
    server = await startServer();
    k = new KubectlSession(server.kubeconfig);
    v110 = k.file('aws-k8s-cni-1.10.yaml', vpcCniManifest({ version: 'v1.10.1-eksbuild.1', region: 'eu-west-1' }));
    v111 = k.file('aws-k8s-cni-1.11.yaml', vpcCniManifest({ version: 'v1.11.4-eksbuild.1', region: 'eu-west-1' }));
    expect((await k.run(['apply', '-f', v110])).code).toBe(0);
    expect((await k.run(['set', 'env', 'daemonset/aws-node', '-n', 'kube-system', 'WARM_IP_TARGET=5'])).code).toBe(0);
    const extra = k.file(
      'extra.yaml',
      'apiVersion: v1\nkind: Secret\nmetadata:\n  name: creds\n  namespace: default\ndata:\n  user: YWRtaW4=\n  pass: b2xk\n---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: team-a\n  labels:\n    owner: ops\n',
    );
    expect((await k.run(['apply', '--server-side', '-f', extra])).code).toBe(0);
    const got = await k.run(['get', '-f', v110, '-f', extra, '-o', 'yaml', '--show-managed-fields']);
    expect(got.code).toBe(0);
    live = k.file('live.yaml', got.stdout);
  }, 240_000);
  afterAll(async () => {
    await server?.close();
    k?.dispose();
  });

  const both = async (flags: string[], env: Record<string, string> = {}) => {
    const theirs = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const saved = { ...process.env };
      Object.assign(process.env, env);
      k.run(['diff', ...flags]).then((r) => {
        process.env = saved;
        resolve(r);
      });
    });
    const ours = await runCli(['diff', ...flags, '--live', live], { env: { ...process.env, ...env } });
    const klog = (s: string) => s.replace(/^W\d{4} \d\d:\d\d:\d\d\.\d{6} +\d+ /gm, 'W<time> <pid> ');
    return { theirs: { ...theirs, stdout: mask(theirs.stdout), stderr: klog(theirs.stderr) }, ours: { ...ours, stdout: mask(ours.stdout), stderr: klog(ours.stderr) } };
  };

  it('the add-on update as EKS sends it, forced: image changes, the user\'s env stays', { timeout: 120_000 }, async () => {
    const { theirs, ours } = await both(['--server-side', '--field-manager=eks', '--force-conflicts', '-f', v111]);
    expect(theirs.code).toBe(1);
    expect(theirs.stdout).toContain('-        image: 602401143452.dkr.ecr.eu-west-1.amazonaws.com/amazon-k8s-cni:v1.10.1-eksbuild.1');
    expect(theirs.stdout).toContain('+        image: 602401143452.dkr.ecr.eu-west-1.amazonaws.com/amazon-k8s-cni:v1.11.4-eksbuild.1');
    expect(ours).toEqual(theirs);
  });

  it('without force: kubectl\'s conflict error, exit status 2, no diff', { timeout: 120_000 }, async () => {
    const { theirs, ours } = await both(['--server-side', '--field-manager=eks', '-f', v111]);
    expect(theirs.code).toBe(2);
    // kubectl tries 4 times while the answer is a 409 Conflict, then logs that it gave up the lock.
    expect(theirs.stderr).toMatch(/^W<time> <pid> diff.go:723\] Object \(apps\/v1, Kind=DaemonSet: aws-node\) keeps changing, diffing without lock\nError from server \(Conflict\): Apply failed with 2 conflicts/);
    expect(ours).toEqual(theirs);
  });

  it('the default, client-side (kubectl apply\'s three-way patch)', { timeout: 120_000 }, async () => {
    const { theirs, ours } = await both(['-f', v111]);
    expect(theirs.code).toBe(1);
    expect(ours).toEqual(theirs);
  });

  it('--show-managed-fields: the entries are compared too', { timeout: 120_000 }, async () => {
    const { theirs, ours } = await both(['--server-side', '--field-manager=eks', '--force-conflicts', '--show-managed-fields', '-f', v111]);
    const times = (s: string) => s.replace(/time: "[^"]*"/g, 'time: T');
    expect(theirs.stdout).toContain('manager: eks');
    expect(times(ours.stdout)).toBe(times(theirs.stdout));
    expect(ours.code).toBe(theirs.code);
  });

  it('nothing to change: no output, exit status 0', { timeout: 120_000 }, async () => {
    const { theirs, ours } = await both(['-f', v110]);
    expect(theirs).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(ours).toEqual(theirs);
  });

  it('a Secret\'s data is masked; a cluster-scoped object\'s file name has an empty namespace', { timeout: 120_000 }, async () => {
    const changed = k.file(
      'extra-2.yaml',
      'apiVersion: v1\nkind: Secret\nmetadata:\n  name: creds\n  namespace: default\ndata:\n  user: YWRtaW4=\n  pass: bmV3\n  token: dA==\n---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: team-a\n  labels:\n    owner: platform\n',
    );
    const { theirs, ours } = await both(['--server-side', '-f', changed]);
    expect(theirs.stdout).toContain('v1.Namespace..team-a');
    expect(theirs.stdout).toContain('*** (after)');
    expect(ours).toEqual(theirs);
  });

  it.each([[[]], [['--server-side']]])('%j: an object that does not exist yet is diffed against an empty file', { timeout: 120_000 }, async (flags) => {
    const created = k.file('new.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: fresh\ndata:\n  a: "1"\n');
    const { theirs, ours } = await both([...flags, '-n', 'kube-system', '-f', created]);
    // The dry-run create gives a new uid and the server's time: they differ from run to run.
    const fresh = (s: string) => s.replace(/^\+(\s+)(uid|creationTimestamp|time): .*$/gm, '+$1$2: X');
    expect(theirs.stdout).toContain('@@ -0,0 +1,');
    expect({ ...ours, stdout: fresh(ours.stdout) }).toEqual({ ...theirs, stdout: fresh(theirs.stdout) });
  });

  it.each([[[]], [['--server-side']]])('%j: an object without metadata.name (with or without generateName): client-go refuses it, exit status 2', { timeout: 120_000 }, async (flags) => {
    const nameless = k.file('nameless.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  generateName: x-\ndata:\n  a: "1"\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  labels:\n    a: b\n');
    const { theirs, ours } = await both([...flags, '-f', nameless]);
    expect(theirs).toEqual({ code: 2, stdout: '', stderr: 'error: resource name may not be empty\n' });
    expect(ours).toEqual(theirs);
  });

  it('KUBECTL_EXTERNAL_DIFF: the program gets the two directories, then its allowed words', { timeout: 120_000 }, async () => {
    const script = join(k.dir, 'show-args.sh');
    writeFileSync(script, '#!/bin/sh\nfor a in "$@"; do echo "arg: $a"; done\nls "$1" "$2"\nexit 3\n');
    chmodSync(script, 0o755);
    const { theirs, ours } = await both(['--server-side', '--field-manager=eks', '--force-conflicts', '-f', v111], { KUBECTL_EXTERNAL_DIFF: `${script} -N --x=1 $(rm) a;b` });
    expect(theirs.stdout).toContain('arg: -N\narg: --x=1\n');
    expect(theirs.code).toBe(2);
    expect(ours).toEqual(theirs);
  });
});
