/**
 * `--live cluster`: preview, blame and explain read the live objects with the real kubectl, from
 * `ssa-sim serve` as the cluster. What they say must be what they say about the same objects
 * captured with `kubectl get -o yaml --show-managed-fields`, and preview's conflict must be the
 * one the server itself answers (`kubectl apply --server-side --dry-run=server`). Objects kubectl
 * does not find are created; kubectl's own failures (a wrong context) come back with its message.
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/index.js';
import { runCli } from '../cli/run-io.js';
import { KubectlSession, kubectlAvailable } from './kubectl-harness.js';

const available = kubectlAvailable();

const NOW = '2030-01-01T00:00:00Z';
const configMap = (name: string, namespace: string | undefined, data: Record<string, string>): string =>
  `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n${namespace ? `  namespace: ${namespace}\n` : ''}data:\n${Object.entries(data)
    .map(([k, v]) => `  ${k}: "${v}"\n`)
    .join('')}`;

describe.skipIf(!available)('--live cluster: the live objects read with real kubectl from ssa-sim serve', () => {
  let server: RunningServer;
  let k: KubectlSession;
  let env: Record<string, string | undefined>;
  let manifest: string;

  beforeAll(async () => {
    server = await startServer();
    k = new KubectlSession(server.kubeconfig);
    // kubectl's cache goes below HOME: the test's own folder. No KUBECONFIG: --kubeconfig says which.
    env = { PATH: process.env.PATH, HOME: k.dir };
    const applied = await k.run(['apply', '--server-side', '--field-manager', 'helm', '-f', k.file('helm.yaml', `${configMap('settings', 'default', { a: '1', b: '1' })}---\n${configMap('sys', 'kube-system', { x: '1' })}`)]);
    expect(applied.stderr).toBe('');
    manifest = k.file('manifest.yaml', `${configMap('settings', 'default', { a: '2' })}---\n${configMap('fresh', 'default', { c: '1' })}`);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    k?.dispose();
  });

  async function captured(name: string, namespace: string): Promise<string> {
    const r = await k.run(['get', 'configmap', name, '-n', namespace, '-o', 'yaml', '--show-managed-fields']);
    expect(r.code).toBe(0);
    return k.file(`${name}.live.yaml`, r.stdout);
  }

  it('preview: the conflict the server answers, as for the captured file; exit 1', { timeout: 120_000 }, async () => {
    const fromCluster = await runCli(['preview', '-f', manifest, '--live', 'cluster', '--kubeconfig', k.kubeconfig, '--field-manager', 'eks', '--now', NOW], { env });
    const liveFile = await captured('settings', 'default');
    const fromFile = await runCli(['preview', '-f', manifest, '--live', liveFile, '--field-manager', 'eks', '--now', NOW], { env });
    expect(fromCluster.code).toBe(1);
    expect(fromCluster.stdout).toBe(fromFile.stdout);
    // The same, but for where the live objects came from (the warning about configmap/fresh names it).
    expect(fromCluster.stderr).toBe(fromFile.stderr.replace(`live object in ${liveFile}`, 'live object in the cluster'));
    expect(fromCluster.stderr).toContain('would be created: configmap/fresh -n default');
    const server409 = await k.run(['apply', '--server-side', '--field-manager', 'eks', '--dry-run=server', '-f', manifest]);
    expect(server409.code).toBe(1);
    expect(fromCluster.stderr).toContain('conflict with "helm"');
    expect(server409.stderr).toContain(fromCluster.stderr.trimEnd().split('\n')[0]);
  });

  it('diff: what it prints for the captured file, the missing object as new; and kubectl diff agrees', { timeout: 120_000 }, async () => {
    // Temp folders and diff's header times differ from run to run.
    const mask = (t: string) => t.replace(/(LIVE|MERGED)-\d+/g, '$1-N').replace(/^(\+\+\+|---) (\S+).*$/gm, '$1 $2');
    const fromCluster = await runCli(['diff', '-f', manifest, '--live', 'cluster', '--kubeconfig', k.kubeconfig, '--server-side', '--field-manager', 'eks', '--force-conflicts', '--now', NOW], { env });
    const fromFile = await runCli(['diff', '-f', manifest, '--live', await captured('settings', 'default'), '--server-side', '--field-manager', 'eks', '--force-conflicts', '--now', NOW], { env });
    expect(fromCluster.code).toBe(1);
    expect(mask(fromCluster.stdout)).toBe(mask(fromFile.stdout));
    expect(fromCluster.stdout).toContain('+  a: "2"');
    expect(fromCluster.stdout).toMatch(/MERGED-\d+\/v1\.ConfigMap\.default\.fresh/);
    const real = await k.run(['diff', '--server-side', '--field-manager', 'eks', '--force-conflicts', '-f', manifest]);
    expect(real.code).toBe(1);
    const changed = (t: string) => mask(t).split('\n').filter((l) => /^[+-] /.test(l) && !/(uid|creationTimestamp|resourceVersion|time):/.test(l));
    expect(changed(fromCluster.stdout)).toEqual(changed(real.stdout));
  });

  it('preview: an object kubectl does not find is created; the found one is applied', { timeout: 120_000 }, async () => {
    const r = await runCli(['preview', '-f', manifest, '--live', 'cluster', '--kubeconfig', k.kubeconfig, '--field-manager', 'eks', '--force-conflicts', '--now', NOW], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('configmap/fresh created\n');
    expect(r.stdout).toContain('eks took .data.a from helm');
    expect(r.stderr).toBe('warning: 1 of 2 objects in ' + manifest + ' matches no live object in the cluster and would be created: configmap/fresh -n default (give -n NAMESPACE to aim at another namespace)\n');
  });

  it('a wrong context: kubectl\'s own message, exit 2', { timeout: 120_000 }, async () => {
    for (const command of [
      ['preview', '-f', manifest, '--live', 'cluster'],
      ['blame', '--live', 'cluster', '-f', manifest],
      ['explain', '.data.a', '--live', 'cluster', '-f', manifest],
    ]) {
      const r = await runCli([...command, '--kubeconfig', k.kubeconfig, '--context', 'no-such-context'], { env });
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^ssa-sim \w+: cannot read the live objects from the cluster: kubectl --kubeconfig \S+ --context no-such-context .* exited with 1:\n/);
      expect(r.stderr).toContain('\nerror: context "no-such-context" does not exist\n');
    }
  });

  it('blame and explain: what they say of the captured file, and the missing object', { timeout: 120_000 }, async () => {
    const file = await captured('settings', 'default');
    const blame = await runCli(['blame', '--live', 'cluster', '-f', manifest, '--kubeconfig', k.kubeconfig, '--time', 'none'], { env });
    const blameFile = await runCli(['blame', file, '--time', 'none'], { env });
    expect(blame.code).toBe(0);
    expect(blame.stdout).toBe(`${blameFile.stdout}---\nconfigmap/fresh -n default: not found in the cluster (an apply would create it)\n`);
    const explain = await runCli(['explain', '.data.b', '--live', 'cluster', '-f', manifest, '--field-manager', 'eks', '--kubeconfig', k.kubeconfig, '--now', NOW], { env });
    const explainFile = await runCli(['explain', file, '.data.b', '-f', manifest, '--field-manager', 'eks', '--now', NOW], { env });
    expect(explain.code).toBe(0);
    expect(explain.stdout).toBe(`${explainFile.stdout}configmap/fresh -n default: not found in the cluster (an apply would create it)\n`);
    expect(explain.stdout).toContain('owned by helm (Apply');
  });

  it('objects without a namespace go to -n, else to the context\'s namespace', { timeout: 120_000 }, async () => {
    const noNamespace = k.file('sys.yaml', configMap('sys', undefined, { x: '2' }));
    const inKubeSystem = join(k.dir, 'kube-system.kubeconfig');
    copyFileSync(k.kubeconfig, inKubeSystem);
    expect((await k.run(['--kubeconfig', inKubeSystem, 'config', 'set-context', '--current', '--namespace', 'kube-system'])).code).toBe(0);
    const viaContext = await runCli(['preview', '-f', noNamespace, '--live', 'cluster', '--kubeconfig', inKubeSystem, '--field-manager', 'eks', '--now', NOW], { env });
    const viaFlag = await runCli(['preview', '-f', noNamespace, '-n', 'kube-system', '--live', 'cluster', '--kubeconfig', k.kubeconfig, '--field-manager', 'eks', '--now', NOW], { env });
    const inDefault = await runCli(['preview', '-f', noNamespace, '--live', 'cluster', '--kubeconfig', k.kubeconfig, '--field-manager', 'eks', '--now', NOW], { env });
    for (const r of [viaContext, viaFlag]) {
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('conflict with "helm"');
    }
    expect(inDefault.code).toBe(0);
    expect(inDefault.stdout).toContain('configmap/sys created\n');
  });

  it('--live - reads what kubectl get pipes in', { timeout: 120_000 }, async () => {
    const got = await k.run(['get', 'configmap', 'settings', '-n', 'default', '-o', 'yaml', '--show-managed-fields']);
    const piped = await runCli(['preview', '-f', manifest, '--live', '-', '--field-manager', 'eks', '--now', NOW], { env, stdin: got.stdout });
    const fromCluster = await runCli(['preview', '-f', manifest, '--live', 'cluster', '--kubeconfig', k.kubeconfig, '--field-manager', 'eks', '--now', NOW], { env });
    expect(piped.code).toBe(1);
    expect(piped.stdout).toBe(fromCluster.stdout);
    const blame = await runCli(['blame', '--live', '-', '--time', 'none'], { env, stdin: got.stdout });
    expect(blame.stdout).toContain('helm (Apply) |   a: "1"\n');
  });
});
