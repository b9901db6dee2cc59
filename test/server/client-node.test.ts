/**
 * A real client library from npm against the package's own export: `@kubernetes/client-node`
 * (the official JavaScript client) creates, applies server-side with a conflict (the exact 409)
 * and with force, lists, and watches through an informer (ADDED, then MODIFIED), against the
 * server `import { startServer } from 'ssa-sim'` gives (resolved through package.json `exports`).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADD, ApiException, CoreV1Api, KubeConfig, makeInformer, PatchStrategy, setHeaderOptions, UPDATE, type V1ConfigMap } from '@kubernetes/client-node';
import { afterEach, describe, expect, it } from 'vitest';
import type * as SsaSim from '../../src/server/index.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));

/** `import 'ssa-sim'`: the module package.json exports (its source, so tests need no build). */
async function ssaSim(): Promise<typeof SsaSim> {
  const entry: string = pkg.exports['.'].import;
  return import(join(repo, entry.replace(/^\.\/dist\//, '').replace(/\.js$/, '.ts')));
}

const running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function client() {
  const { startServer } = await ssaSim();
  const server = await startServer({ now: () => '2024-05-01T10:00:00Z' });
  running.push(server);
  const kc = new KubeConfig();
  kc.loadFromString(server.kubeconfig);
  // client-node refuses plain http unless the cluster skips TLS verification (docs/serve.md).
  kc.loadFromOptions({ ...kc, clusters: kc.clusters.map((c) => ({ ...c, skipTLSVerify: true })) });
  return { server, kc, core: kc.makeApiClient(CoreV1Api) };
}

const apply = setHeaderOptions('Content-Type', PatchStrategy.ServerSideApply);

function configMap(data: Record<string, string>): V1ConfigMap {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings', namespace: 'default' }, data };
}

describe('@kubernetes/client-node against ssa-sim serve', () => {
  it('creates, applies server-side with a conflict and with force, and lists', { timeout: 60_000 }, async () => {
    const { core } = await client();
    const created = await core.createNamespacedConfigMap({ namespace: 'default', body: configMap({ a: '1', b: '1' }), fieldManager: 'alice' });
    expect(created.metadata?.managedFields?.map((m) => [m.manager, m.operation])).toEqual([['alice', 'Update']]);

    const conflict = await core.patchNamespacedConfigMap({ name: 'settings', namespace: 'default', body: configMap({ a: '2' }), fieldManager: 'bob' }, apply).catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(ApiException);
    const e = conflict as ApiException<string>;
    expect(e.code).toBe(409);
    expect(JSON.parse(e.body)).toMatchObject({ kind: 'Status', reason: 'Conflict', code: 409, message: 'Apply failed with 1 conflict: conflict with "alice" using v1: .data.a' });

    const forced = await core.patchNamespacedConfigMap({ name: 'settings', namespace: 'default', body: configMap({ a: '2' }), fieldManager: 'bob', force: true }, apply);
    expect(forced.data).toEqual({ a: '2', b: '1' });
    expect(forced.metadata?.managedFields?.map((m) => [m.manager, m.operation, m.fieldsV1])).toEqual([
      ['bob', 'Apply', { 'f:data': { 'f:a': {} } }],
      ['alice', 'Update', { 'f:data': { '.': {}, 'f:b': {} } }],
    ]);

    const list = await core.listNamespacedConfigMap({ namespace: 'default' });
    expect(list.items.map((c) => [c.metadata?.name, c.data])).toEqual([['settings', { a: '2', b: '1' }]]);
  });

  it('an informer sees the object ADDED, then MODIFIED by a server-side apply', { timeout: 60_000 }, async () => {
    const { kc, core } = await client();
    const seen: string[] = [];
    let resolveModified!: () => void;
    const modified = new Promise<void>((r) => (resolveModified = r));
    let resolveAdded!: () => void;
    const added = new Promise<void>((r) => (resolveAdded = r));
    const informer = makeInformer(kc, '/api/v1/namespaces/default/configmaps', () => core.listNamespacedConfigMap({ namespace: 'default' }));
    informer.on(ADD, (o) => {
      seen.push(`ADDED ${o.metadata?.name} ${JSON.stringify((o as V1ConfigMap).data)}`);
      resolveAdded();
    });
    informer.on(UPDATE, (o) => {
      seen.push(`MODIFIED ${o.metadata?.name} ${JSON.stringify((o as V1ConfigMap).data)}`);
      resolveModified();
    });
    await informer.start();
    try {
      await core.createNamespacedConfigMap({ namespace: 'default', body: configMap({ a: '1' }), fieldManager: 'alice' });
      await added;
      await core.patchNamespacedConfigMap({ name: 'settings', namespace: 'default', body: configMap({ a: '1', c: '3' }), fieldManager: 'bob' }, apply);
      await modified;
      expect(seen).toEqual(['ADDED settings {"a":"1"}', 'MODIFIED settings {"a":"1","c":"3"}']);
      expect(informer.list('default').map((c) => (c as V1ConfigMap).data)).toEqual([{ a: '1', c: '3' }]);
    } finally {
      await informer.stop();
    }
  });

  it('over TLS with a token, the kubeconfig as given: its CA verifies the server, its token is sent', { timeout: 60_000 }, async () => {
    const { startServer } = await ssaSim();
    const server = await startServer({ now: () => '2024-05-01T10:00:00Z', tls: true, token: 'sekret' });
    running.push(server);
    const kc = new KubeConfig();
    kc.loadFromString(server.kubeconfig);
    expect(kc.getCurrentCluster()).toMatchObject({ server: server.url, skipTLSVerify: false });
    const core = kc.makeApiClient(CoreV1Api);
    expect((await core.readNamespace({ name: 'kube-system' })).metadata?.name).toBe('kube-system');
    const wrong = new KubeConfig();
    wrong.loadFromString(server.kubeconfig.replace('token: "sekret"', 'token: "wrong"'));
    const refused = await wrong.makeApiClient(CoreV1Api).readNamespace({ name: 'kube-system' }).catch((e: unknown) => e);
    expect((refused as ApiException<string>).code).toBe(401);
  });
});
