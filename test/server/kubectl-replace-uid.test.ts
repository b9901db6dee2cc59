/**
 * A PUT whose body carries a uid makes that uid a precondition of the store's update
 * (rest.defaultUpdatedObjectInfo.Preconditions): `kubectl replace -f` of a manifest saved before
 * the object was deleted and created again is etcd3's precondition failure, checked before the
 * resourceVersion, as a 409 naming the etcd key.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { newClusterState } from '../../src/server/initial-state.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';
import { call, JSON_HEADERS, start } from './http-client.js';
import { openWidgetCrd } from './open-widget-crd.js';

const available = kubectlAvailable();

describe.skipIf(!available)('real kubectl: replace of an object deleted and created again', () => {
  const s = serverWithKubectl({ state: newClusterState(builtinCatalog(), '2024-01-01T00:00:00Z') });

  it('is the 409 of the uid precondition, with the etcd key', { timeout: 120_000 }, async () => {
    expect((await s.k.run(['create', 'configmap', 'r1', '--from-literal=a=b'])).code).toBe(0);
    const saved = await s.k.run(['get', 'configmap', 'r1', '-o', 'yaml']);
    const file = s.k.file('r1.yaml', saved.stdout);
    const oldUid = (await s.k.run(['get', 'configmap', 'r1', '-o', 'jsonpath={.metadata.uid}'])).stdout;
    expect((await s.k.run(['delete', 'configmap', 'r1'])).code).toBe(0);
    expect((await s.k.run(['create', 'configmap', 'r1', '--from-literal=a=c'])).code).toBe(0);
    const newUid = (await s.k.run(['get', 'configmap', 'r1', '-o', 'jsonpath={.metadata.uid}'])).stdout;
    expect(newUid).not.toBe(oldUid);
    expect(await s.k.run(['replace', '-f', file])).toEqual({
      code: 1,
      stdout: '',
      stderr:
        `Error from server (Conflict): error when replacing "${file}": Operation cannot be fulfilled on configmaps "r1": StorageError: invalid object, Code: 4, ` +
        `Key: /registry/configmaps/default/r1, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: UID in precondition: ${oldUid}, UID in object meta: ${newUid}\n`,
    });
    expect((await s.k.run(['get', 'configmap', 'r1', '-o', 'jsonpath={.data.a}'])).stdout).toBe('c');
    expect(readFileSync(file, 'utf8')).toContain(oldUid);
  });
});

describe('the uid of a PUT body is a precondition', () => {
  const put = (server: Awaited<ReturnType<typeof start>>, path: string, body: object) => call(server, 'PUT', path, JSON.stringify(body), JSON_HEADERS);

  it('the etcd key is kube-apiserver\'s: special prefixes, cluster-scoped objects, status, custom resources', async () => {
    const server = await start();
    const svc = await call(server, 'GET', '/api/v1/namespaces/default/services/kubernetes');
    const body = { ...svc.json, metadata: { ...svc.json.metadata, uid: 'other' } };
    const why = (key: string, uid: string) => `StorageError: invalid object, Code: 4, Key: ${key}, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: UID in precondition: other, UID in object meta: ${uid}`;
    const a = await put(server, '/api/v1/namespaces/default/services/kubernetes', body);
    expect([a.status, a.json.reason, a.json.message]).toEqual([409, 'Conflict', `Operation cannot be fulfilled on services "kubernetes": ${why('/registry/services/specs/default/kubernetes', svc.json.metadata.uid)}`]);
    const st = await put(server, '/api/v1/namespaces/default/services/kubernetes/status', body);
    expect(st.json.message).toBe(`Operation cannot be fulfilled on services "kubernetes": ${why('/registry/services/specs/default/kubernetes', svc.json.metadata.uid)}`);
    const ns = await call(server, 'GET', '/api/v1/namespaces/kube-public');
    const n = await put(server, '/api/v1/namespaces/kube-public', { ...ns.json, metadata: { ...ns.json.metadata, uid: 'other' } });
    expect(n.json.message).toBe(`Operation cannot be fulfilled on namespaces "kube-public": ${why('/registry/namespaces/kube-public', ns.json.metadata.uid)}`);
    // An object that is not there: the precondition fails before the 404 (the store reads a zero object).
    const gone = await put(server, '/apis/apps/v1/namespaces/default/deployments/none', { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'none', uid: 'other' } });
    expect([gone.status, gone.json.message]).toEqual([409, `Operation cannot be fulfilled on deployments.apps "none": ${why('/registry/deployments/default/none', '')}`]);

    expect((await call(server, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', JSON.stringify(openWidgetCrd()), JSON_HEADERS)).status).toBe(201);
    const crd = await call(server, 'GET', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions/widgets.example.com');
    const c = await put(server, '/apis/apiextensions.k8s.io/v1/customresourcedefinitions/widgets.example.com', { ...crd.json, metadata: { ...crd.json.metadata, uid: 'other' } });
    expect(c.json.message).toBe(
      `Operation cannot be fulfilled on customresourcedefinitions.apiextensions.k8s.io "widgets.example.com": ${why('/registry/apiextensions.k8s.io/customresourcedefinitions/widgets.example.com', crd.json.metadata.uid)}`,
    );
    const w = await call(server, 'POST', '/apis/example.com/v1/namespaces/default/widgets', JSON.stringify({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' } }), JSON_HEADERS);
    expect(w.status).toBe(201);
    const wr = await put(server, '/apis/example.com/v1/namespaces/default/widgets/w', { ...w.json, metadata: { ...w.json.metadata, uid: 'other' } });
    expect(wr.json.message).toBe(`Operation cannot be fulfilled on widgets.example.com "w": ${why('/registry/example.com/widgets/default/w', w.json.metadata.uid)}`);
  });

  it('a Scale: a PUT\'s uid is the storage precondition; a patched uid is the scale subresource\'s own check, which custom resources do not make', async () => {
    const server = await start();
    const dep = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { replicas: 1, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } } };
    const created = await call(server, 'POST', '/apis/apps/v1/namespaces/default/deployments', JSON.stringify(dep), JSON_HEADERS);
    const uid = created.json.metadata.uid;
    const scalePath = '/apis/apps/v1/namespaces/default/deployments/web/scale';
    const putScale = await put(server, scalePath, { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'web', namespace: 'default', uid: 'other' }, spec: { replicas: 2 } });
    expect([putScale.status, putScale.json.message]).toEqual([
      409,
      `Operation cannot be fulfilled on deployments.apps "web": StorageError: invalid object, Code: 4, Key: /registry/deployments/default/web, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: UID in precondition: other, UID in object meta: ${uid}`,
    ]);
    const patched = await call(server, 'PATCH', scalePath, '{"metadata":{"uid":"other"},"spec":{"replicas":3}}', { 'Content-Type': 'application/merge-patch+json' });
    expect([patched.status, patched.json.message, patched.json.details]).toEqual([
      409,
      `Operation cannot be fulfilled on deployments/scale.apps "web": Precondition failed: UID in precondition: other, UID in object meta: ${uid}`,
      { name: 'web', group: 'apps', kind: 'deployments/scale' },
    ]);
    expect((await call(server, 'GET', '/apis/apps/v1/namespaces/default/deployments/web')).json.spec.replicas).toBe(1);

    const scaled = openWidgetCrd({ subresources: { scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas' } } });
    expect((await call(server, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', JSON.stringify(scaled), JSON_HEADERS)).status).toBe(201);
    expect((await call(server, 'POST', '/apis/example.com/v1/namespaces/default/widgets', JSON.stringify({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' }, spec: { replicas: 1 } }), JSON_HEADERS)).status).toBe(201);
    const crScale = await call(server, 'PATCH', '/apis/example.com/v1/namespaces/default/widgets/w/scale', '{"metadata":{"uid":"other"},"spec":{"replicas":3}}', { 'Content-Type': 'application/merge-patch+json' });
    expect([crScale.status, crScale.json.spec?.replicas]).toEqual([200, 3]);
  });

  it('the same uid, or none, is no precondition failure', async () => {
    const server = await start();
    const svc = await call(server, 'GET', '/api/v1/namespaces/default/services/kubernetes');
    expect((await put(server, '/api/v1/namespaces/default/services/kubernetes', svc.json)).status).toBe(200);
    // Endpoints are created by a PUT (their strategy allows create on update) when no uid is sent.
    const ep = { apiVersion: 'v1', kind: 'Endpoints', metadata: { name: 'e' } };
    expect((await put(server, '/api/v1/namespaces/default/endpoints/e', ep)).status).toBe(201);
  });
});
