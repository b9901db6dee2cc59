/**
 * Real kubectl 1.32's typed commands send protobuf bodies (`kubectl create namespace`, `create
 * deployment`, `create configmap`). Against `startServer` they succeed, and the server stores
 * exactly what it stores when the same objects come as JSON (`kubectl create -f` of the
 * command's own `--dry-run=client -o json`): manager `kubectl-create`, operation Update.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/index.js';
import { KubectlSession, kubectlAvailable } from './kubectl-harness.js';

const available = kubectlAvailable();
const PROTOBUF = 'application/vnd.kubernetes.protobuf';
const NOW = '2024-05-01T10:00:00Z';

/** The stored object without what differs between two servers (uid, resourceVersion). */
function comparable(o: any): any {
  const { uid: _u, resourceVersion: _r, ...metadata } = o.metadata;
  return { ...o, metadata };
}

describe.skipIf(!available)('real kubectl typed commands send protobuf', () => {
  let viaProtobuf: RunningServer;
  let viaJson: RunningServer;
  let k: KubectlSession;
  let j: KubectlSession;
  const bodies: { path: string; contentType: string | undefined }[] = [];

  beforeAll(async () => {
    viaProtobuf = await startServer({ now: () => NOW, onRequest: (e) => e.method === 'POST' && bodies.push({ path: e.path, contentType: e.contentType }) });
    viaJson = await startServer({ now: () => NOW });
    k = new KubectlSession(viaProtobuf.kubeconfig);
    j = new KubectlSession(viaJson.kubeconfig);
  });
  afterAll(async () => {
    await viaProtobuf?.close();
    await viaJson?.close();
    k?.dispose();
    j?.dispose();
  });

  const commands = [
    { args: ['create', 'namespace', 'demo'], printed: 'namespace/demo created\n', path: '/api/v1/namespaces/demo' },
    { args: ['create', 'deployment', 'web', '--image=nginx', '-n', 'demo'], printed: 'deployment.apps/web created\n', path: '/apis/apps/v1/namespaces/demo/deployments/web' },
    { args: ['create', 'configmap', 'settings', '--from-literal=a=1', '-n', 'demo'], printed: 'configmap/settings created\n', path: '/api/v1/namespaces/demo/configmaps/settings' },
  ];

  it('kubectl create namespace / deployment / configmap succeed, and store what their JSON stores', { timeout: 240_000 }, async () => {
    for (const c of commands) {
      const r = await k.run(c.args);
      expect(r, c.args.join(' ')).toEqual({ code: 0, stdout: c.printed, stderr: '' });
      // The same object as JSON, through `kubectl create -f`.
      const dry = await j.run([...c.args, '--dry-run=client', '-o', 'json']);
      expect(dry.code).toBe(0);
      const viaFile = await j.run(['create', '-f', j.file(`${c.args[1]}.json`, dry.stdout)]);
      expect(viaFile.code, viaFile.stderr).toBe(0);
    }
    expect(bodies.map((b) => b.contentType)).toEqual([PROTOBUF, PROTOBUF, PROTOBUF]);
    for (const c of commands) {
      const stored = await (await fetch(viaProtobuf.url + c.path, { signal: AbortSignal.timeout(10_000) })).json();
      const fromJson = await (await fetch(viaJson.url + c.path, { signal: AbortSignal.timeout(10_000) })).json();
      expect(stored.metadata.managedFields.map((m: any) => [m.manager, m.operation])).toEqual([['kubectl-create', 'Update']]);
      expect(comparable(stored), c.path).toEqual(comparable(fromJson));
    }
    const deployment = await (await fetch(viaProtobuf.url + commands[1].path, { signal: AbortSignal.timeout(10_000) })).json();
    expect(deployment.spec).toMatchObject({ replicas: 1, selector: { matchLabels: { app: 'web' } }, strategy: { type: 'RollingUpdate' } });
    expect(deployment.spec.template.spec.containers).toEqual([
      { name: 'nginx', image: 'nginx', resources: {}, imagePullPolicy: 'Always', terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File' },
    ]);
    expect(Object.keys(deployment.metadata.managedFields[0].fieldsV1['f:spec']['f:template']['f:spec']['f:containers'])).toEqual(['k:{"name":"nginx"}']);
  });

  it('kubectl reads protobuf answers: get and delete', { timeout: 120_000 }, async () => {
    const got = await k.run(['get', 'configmap', 'settings', '-n', 'demo', '-o', 'jsonpath={.data.a}']);
    expect(got).toEqual({ code: 0, stdout: '1', stderr: '' });
    const deleted = await k.run(['delete', 'configmap', 'settings', '-n', 'demo']);
    expect(deleted).toEqual({ code: 0, stdout: 'configmap "settings" deleted\n', stderr: '' });
  });
});
