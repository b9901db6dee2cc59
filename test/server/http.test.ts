/**
 * The HTTP layer over the API server: status JSON for every error, discovery and OpenAPI
 * documents, the request log hook, body limits and tokens. Every request has a timeout; every
 * server is closed.
 */
import { describe, expect, it } from 'vitest';
import { startServer, type RequestLogEntry } from '../../src/server/index.js';
import { call, start } from './http-client.js';
import { createCluster, servedKinds, SUBRESOURCE_VERBS } from '../../src/apiserver/index.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';

const CM = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { a: '1' } });

describe('ssa-sim serve over HTTP', () => {
  it('answers version and health checks', async () => {
    const s = await start();
    const v = await call(s, 'GET', '/version?timeout=5s');
    expect(v.status).toBe(200);
    expect(v.json).toMatchObject({ major: '1', minor: '32' });
    for (const p of ['/healthz', '/readyz', '/livez']) expect(await call(s, 'GET', p)).toMatchObject({ status: 200, body: 'ok' });
  });

  it('serves legacy discovery for the built-in kinds', async () => {
    const s = await start();
    expect((await call(s, 'GET', '/api')).json).toMatchObject({ kind: 'APIVersions', versions: ['v1'] });
    const groups = (await call(s, 'GET', '/apis')).json;
    expect(groups.groups.map((g: { name: string }) => g.name)).toContain('apps');
    const apps = (await call(s, 'GET', '/apis/apps/v1')).json;
    const ds = apps.resources.find((r: { name: string }) => r.name === 'daemonsets');
    expect(ds).toMatchObject({ name: 'daemonsets', singularName: 'daemonset', namespaced: true, kind: 'DaemonSet', shortNames: ['ds'] });
    expect(apps.resources.find((r: { name: string }) => r.name === 'deployments/scale')).toMatchObject({ group: 'autoscaling', version: 'v1', kind: 'Scale' });
    const core = (await call(s, 'GET', '/api/v1')).json;
    expect(core.resources.find((r: { name: string }) => r.name === 'namespaces')).toMatchObject({ namespaced: false, kind: 'Namespace' });
  });

  it("lists each resource with the verbs the API server layer says it serves", async () => {
    // One list of verbs: discovery over HTTP asks the API server layer (servedKinds), so a
    // scenario's view of a kind and kubectl's api-resources cannot disagree.
    const s = await start();
    const kinds = servedKinds(createCluster({ catalog: builtinCatalog() }));
    for (const k of kinds.filter((x) => x.preferred)) {
      const list = (await call(s, 'GET', k.group === '' ? `/api/${k.version}` : `/apis/${k.group}/${k.version}`)).json;
      const main = list.resources.find((r: { name: string }) => r.name === k.resource);
      expect(main.verbs, k.resource).toEqual(k.verbs);
      for (const sub of k.subresources) expect(list.resources.find((r: { name: string }) => r.name === `${k.resource}/${sub}`).verbs).toEqual([...SUBRESOURCE_VERBS]);
    }
    expect(kinds.find((k) => k.kind === 'Pod')?.verbs).toEqual(['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch']);
  });

  it('serves aggregated discovery when asked for it', async () => {
    const s = await start();
    const accept = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json';
    const apis = await call(s, 'GET', '/apis', undefined, { Accept: accept });
    expect(apis.headers.get('content-type')).toBe('application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList');
    expect(apis.json).toMatchObject({ kind: 'APIGroupDiscoveryList', apiVersion: 'apidiscovery.k8s.io/v2' });
    const apps = apis.json.items.find((g: any) => g.metadata.name === 'apps');
    const ds = apps.versions[0].resources.find((r: any) => r.resource === 'daemonsets');
    expect(ds).toMatchObject({ responseKind: { group: 'apps', version: 'v1', kind: 'DaemonSet' }, scope: 'Namespaced', singularResource: 'daemonset', shortNames: ['ds'] });
    expect(ds.subresources).toEqual([{ subresource: 'status', responseKind: { group: 'apps', version: 'v1', kind: 'DaemonSet' }, verbs: ['get', 'patch', 'update'] }]);
    const core = (await call(s, 'GET', '/api', undefined, { Accept: accept })).json;
    expect(core.items.map((g: any) => g.metadata.name)).toEqual(['']);
    expect(core.items[0].versions[0].resources.find((r: any) => r.resource === 'namespaces')).toMatchObject({ scope: 'Cluster', responseKind: { kind: 'Namespace' } });
    // Without the header, the legacy documents.
    expect((await call(s, 'GET', '/apis')).json.kind).toBe('APIGroupList');
  });

  it('serves an OpenAPI v3 index and per-group-version documents with kinds, patch operations and list types', async () => {
    const s = await start();
    const index = (await call(s, 'GET', '/openapi/v3')).json;
    const url: string = index.paths['apis/apps/v1'].serverRelativeURL;
    expect(url).toMatch(/^\/openapi\/v3\/apis\/apps\/v1\?hash=[0-9A-F]{64}$/);
    const doc = (await call(s, 'GET', url)).json;
    const patch = doc.paths['/apis/apps/v1/namespaces/{namespace}/daemonsets/{name}'].patch;
    expect(patch['x-kubernetes-group-version-kind']).toEqual({ group: 'apps', kind: 'DaemonSet', version: 'v1' });
    expect(patch.parameters.map((p: { name: string }) => p.name)).toContain('fieldValidation');
    const dsSchema = Object.values(doc.components.schemas).find((x: any) => x['x-kubernetes-group-version-kind']?.some((g: any) => g.kind === 'DaemonSet')) as any;
    expect(dsSchema.type).toBe('object');
    const podSpec = doc.components.schemas['io.k8s.api.core.v1.PodSpec'];
    expect(podSpec.properties.containers).toMatchObject({
      'x-kubernetes-list-type': 'map',
      'x-kubernetes-list-map-keys': ['name'],
      'x-kubernetes-patch-strategy': 'merge',
      'x-kubernetes-patch-merge-key': 'name',
    });
  });

  it('creates, gets, applies with a conflict and deletes through the REST paths', async () => {
    const s = await start();
    const created = await call(s, 'POST', '/api/v1/namespaces/default/configmaps?fieldManager=alice', CM, { 'Content-Type': 'application/json' });
    expect(created.status).toBe(201);
    expect(created.json.metadata.managedFields[0]).toMatchObject({ manager: 'alice', operation: 'Update' });
    const applied = await call(s, 'PATCH', '/api/v1/namespaces/default/configmaps/c?fieldManager=bob', JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { a: '2' } }), {
      'Content-Type': 'application/apply-patch+yaml',
    });
    expect(applied.status).toBe(409);
    expect(applied.json).toMatchObject({ kind: 'Status', reason: 'Conflict', code: 409, message: 'Apply failed with 1 conflict: conflict with "alice" using v1: .data.a' });
    const got = await call(s, 'GET', '/api/v1/namespaces/default/configmaps/c');
    expect(got.json.data).toEqual({ a: '1' });
    const deleted = await call(s, 'DELETE', '/api/v1/namespaces/default/configmaps/c');
    expect(deleted.json).toMatchObject({ kind: 'Status', status: 'Success' });
    expect((await call(s, 'GET', '/api/v1/namespaces/default/configmaps/c')).json).toMatchObject({ code: 404, message: 'configmaps "c" not found' });
  });

  it('answers every error with a Status', async () => {
    const s = await start();
    const unknownPath = await call(s, 'GET', '/apis/nope.example.com/v1/things');
    expect(unknownPath.json).toEqual({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'the server could not find the requested resource', reason: 'NotFound', details: {}, code: 404 });
    expect((await call(s, 'PUT', '/api/v1/namespaces/default/configmaps', CM)).json).toMatchObject({ code: 405, reason: 'MethodNotAllowed' });
    expect((await call(s, 'POST', '/api/v1/namespaces/default/configmaps', '{"kind":', { 'Content-Type': 'application/json' })).json).toMatchObject({ code: 400, reason: 'BadRequest' });
    const cbor = await call(s, 'POST', '/api/v1/namespaces/default/configmaps', new Blob([new Uint8Array([0xd9, 0xd9, 0xf7])]), { 'Content-Type': 'application/cbor' });
    expect(cbor.json).toMatchObject({ code: 415, reason: 'UnsupportedMediaType', message: 'the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf' });
    const patch = await call(s, 'PATCH', '/api/v1/namespaces/default/configmaps/c', '{}', { 'Content-Type': 'text/plain' });
    expect(patch.json).toMatchObject({ code: 415, reason: 'UnsupportedMediaType' });
  });

  it('refuses bodies over 3 MiB with 413', async () => {
    const s = await start();
    const big = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'big' }, data: { a: 'x'.repeat(3 * 1024 * 1024) } });
    const r = await call(s, 'POST', '/api/v1/namespaces/default/configmaps', big, { 'Content-Type': 'application/json' });
    expect(r.json).toMatchObject({ code: 413, reason: 'RequestEntityTooLarge', message: 'Request entity too large: limit is 3145728' });
    expect((await call(s, 'GET', '/api/v1/namespaces/default/configmaps/big')).status).toBe(404);
  });

  it('needs the token when one is set, and the kubeconfig carries it', async () => {
    const s = await start({ token: 'sekret' });
    expect(s.kubeconfig).toContain('token: "sekret"');
    expect((await call(s, 'GET', '/api/v1/namespaces')).json).toMatchObject({ code: 401, reason: 'Unauthorized', message: 'Unauthorized' });
    expect((await call(s, 'GET', '/api/v1/namespaces', undefined, { Authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await call(s, 'GET', '/api/v1/namespaces', undefined, { Authorization: 'Bearer sekret' })).status).toBe(200);
  });

  it('refuses to listen off loopback without a token', async () => {
    await expect(startServer({ address: '0.0.0.0' })).rejects.toThrow('needs a token');
  });

  it('tells the request log hook what each request carried', async () => {
    const log: RequestLogEntry[] = [];
    const s = await start({ onRequest: (e) => log.push(e) });
    await call(s, 'POST', '/api/v1/namespaces/default/configmaps?fieldManager=x&fieldValidation=Strict', CM + '\n', { 'Content-Type': 'application/json', 'User-Agent': 'kubectl/v1.32.4 (linux/amd64) kubernetes/4cb5f07' });
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/namespaces/default/configmaps',
      query: 'fieldManager=x&fieldValidation=Strict',
      contentType: 'application/json',
      userAgent: 'kubectl/v1.32.4 (linux/amd64) kubernetes/4cb5f07',
    });
    expect(Buffer.from(log[0].body).toString('utf8')).toBe(CM + '\n');
  });

  it('starts with the namespaces of a new cluster', async () => {
    const s = await start();
    const list = (await call(s, 'GET', '/api/v1/namespaces')).json;
    expect(list.items.map((n: any) => n.metadata.name)).toEqual(['default', 'kube-node-lease', 'kube-public', 'kube-system']);
    expect(list.items[0].metadata.labels).toEqual({ 'kubernetes.io/metadata.name': 'default' });
  });
});
