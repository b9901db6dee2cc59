/**
 * DeleteOptions in a DELETE's body: kubectl sends `{"propagationPolicy":"Background","dryRun":["All"]}`
 * there, not in the query, and kube-apiserver's delete handlers read the body when there is one
 * (the query only when the body is empty). A server that read only the query deleted for real on
 * `kubectl delete --dry-run=server`.
 */
import { describe, expect, it } from 'vitest';
import { newClusterState } from '../../src/server/initial-state.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';
import { call, JSON_HEADERS, start } from './http-client.js';
import { wrapEnvelope } from '../../src/apiserver/protobuf-envelope.js';
import { WireWriter } from '../../src/apiserver/protobuf-wire.js';

const available = kubectlAvailable();

describe.skipIf(!available)('real kubectl: delete --dry-run=server', () => {
  const s = serverWithKubectl({ state: newClusterState(builtinCatalog(), '2024-01-01T00:00:00Z') });

  it('answers as a delete and keeps the object', { timeout: 120_000 }, async () => {
    expect((await s.k.run(['create', 'configmap', 'keep', '--from-literal=a=b'])).code).toBe(0);
    expect(await s.k.run(['delete', 'configmap', 'keep', '--dry-run=server'])).toEqual({ code: 0, stdout: 'configmap "keep" deleted (server dry run)\n', stderr: '' });
    expect(await s.k.run(['get', 'configmap', 'keep', '-o', 'name'])).toEqual({ code: 0, stdout: 'configmap/keep\n', stderr: '' });
  });

  it('a namespace is not marked for deletion, nor is what it holds deleted', { timeout: 120_000 }, async () => {
    expect((await s.k.run(['create', 'namespace', 'stay'])).code).toBe(0);
    expect((await s.k.run(['create', 'configmap', 'inside', '-n', 'stay', '--from-literal=a=b'])).code).toBe(0);
    expect((await s.k.run(['delete', 'namespace', 'stay', '--dry-run=server'])).stdout).toBe('namespace "stay" deleted (server dry run)\n');
    expect((await s.k.run(['get', 'namespace', 'stay', '-o', 'jsonpath={.status.phase}'])).stdout).toBe('Active');
    expect((await s.k.run(['get', 'configmap', 'inside', '-n', 'stay', '-o', 'name'])).stdout).toBe('configmap/inside\n');
  });
});

describe('DeleteOptions in the body of a DELETE', () => {
  const create = async (server: Awaited<ReturnType<typeof start>>, name: string) =>
    expect((await call(server, 'POST', '/api/v1/namespaces/default/configmaps', JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name } }), JSON_HEADERS)).status).toBe(201);

  it('the body is read instead of the query: dryRun there deletes nothing', async () => {
    const server = await start();
    await create(server, 'c');
    const dry = await call(server, 'DELETE', '/api/v1/namespaces/default/configmaps/c', '{"kind":"DeleteOptions","apiVersion":"v1","dryRun":["All"]}', JSON_HEADERS);
    expect(dry.status).toBe(200);
    expect((await call(server, 'GET', '/api/v1/namespaces/default/configmaps/c')).status).toBe(200);
    // With a body, `?dryRun=All` in the query is not read, as kube-apiserver does.
    const real = await call(server, 'DELETE', '/api/v1/namespaces/default/configmaps/c?dryRun=All', '{"propagationPolicy":"Background"}', JSON_HEADERS);
    expect(real.status).toBe(200);
    expect((await call(server, 'GET', '/api/v1/namespaces/default/configmaps/c')).status).toBe(404);
  });

  it('YAML bodies too, and a delete of a collection', async () => {
    const server = await start();
    await create(server, 'a');
    await create(server, 'b');
    const yaml = await call(server, 'DELETE', '/api/v1/namespaces/default/configmaps/a', 'dryRun: [All]\n', { 'Content-Type': 'application/yaml' });
    expect(yaml.status).toBe(200);
    const all = await call(server, 'DELETE', '/api/v1/namespaces/default/configmaps', '{"dryRun":["All"]}', JSON_HEADERS);
    expect(all.status).toBe(200);
    expect(all.json.items.map((i: any) => i.metadata.name)).toEqual(['a', 'b']);
    const left = await call(server, 'GET', '/api/v1/namespaces/default/configmaps');
    expect(left.json.items.map((i: any) => i.metadata.name)).toEqual(['a', 'b']);
  });

  it('a dryRun other than All is the 422 of ValidateDeleteOptions, from the body or the query', async () => {
    const server = await start();
    await create(server, 'c');
    const text = 'DeleteOptions.meta.k8s.io "" is invalid: dryRun: Unsupported value: []string{"Nope"}: supported values: "All"';
    const fromBody = await call(server, 'DELETE', '/api/v1/namespaces/default/configmaps/c', '{"dryRun":["Nope"]}', JSON_HEADERS);
    expect([fromBody.status, fromBody.json.message, fromBody.json.details]).toEqual([
      422,
      text,
      { group: 'meta.k8s.io', kind: 'DeleteOptions', causes: [{ reason: 'FieldValueNotSupported', message: 'Unsupported value: []string{"Nope"}: supported values: "All"', field: 'dryRun' }] },
    ]);
    const fromQuery = await call(server, 'DELETE', '/api/v1/namespaces/default/configmaps/c?dryRun=Nope');
    expect([fromQuery.status, fromQuery.json.message]).toEqual([422, text]);
    const ofCollection = await call(server, 'DELETE', '/api/v1/namespaces/default/configmaps', '{"dryRun":["Nope"]}', JSON_HEADERS);
    expect([ofCollection.status, ofCollection.json.message]).toEqual([422, text]);
    expect((await call(server, 'GET', '/api/v1/namespaces/default/configmaps/c')).status).toBe(200);
  });

  it('a protobuf DeleteOptions body (client-go protobuf clients) is read too', async () => {
    const server = await start();
    await create(server, 'c');
    const options = new WireWriter();
    options.string(4, 'Background'); // propagationPolicy
    options.string(5, 'All'); // dryRun
    const body = new Blob([new Uint8Array(wrapEnvelope('v1', 'DeleteOptions', options.finish()))]);
    const dry = await call(server, 'DELETE', '/api/v1/namespaces/default/configmaps/c', body, { 'Content-Type': 'application/vnd.kubernetes.protobuf' });
    expect(dry.status).toBe(200);
    expect((await call(server, 'GET', '/api/v1/namespaces/default/configmaps/c')).status).toBe(200);
  });

  it('preconditions: the uid and resourceVersion of the object, checked as the store checks them', async () => {
    const server = await start();
    await create(server, 'c');
    const cm = (await call(server, 'GET', '/api/v1/namespaces/default/configmaps/c')).json;
    const del = (path: string, preconditions: object) => call(server, 'DELETE', path, JSON.stringify({ preconditions }), JSON_HEADERS);
    const uid = await del('/api/v1/namespaces/default/configmaps/c', { uid: 'other' });
    expect([uid.status, uid.json.message, uid.json.details]).toEqual([
      409,
      `Operation cannot be fulfilled on ConfigMap "c": the UID in the precondition (other) does not match the UID in record (${cm.metadata.uid}). The object might have been deleted and then recreated`,
      { name: 'c', kind: 'ConfigMap' },
    ]);
    const rv = await del('/api/v1/namespaces/default/configmaps/c', { uid: cm.metadata.uid, resourceVersion: '1' });
    expect([rv.status, rv.json.message]).toEqual([
      409,
      `Operation cannot be fulfilled on ConfigMap "c": the ResourceVersion in the precondition (1) does not match the ResourceVersion in record (${cm.metadata.resourceVersion}). The object might have been modified`,
    ]);
    expect((await call(server, 'GET', '/api/v1/namespaces/default/configmaps/c')).status).toBe(200);
    expect((await del('/api/v1/namespaces/default/configmaps/c', { uid: cm.metadata.uid, resourceVersion: cm.metadata.resourceVersion })).status).toBe(200);
    expect((await call(server, 'GET', '/api/v1/namespaces/default/configmaps/c')).status).toBe(404);

    // The kinds with a Delete of their own word it their way: namespaces, CRDs.
    expect((await call(server, 'POST', '/api/v1/namespaces', JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team' } }), JSON_HEADERS)).status).toBe(201);
    const ns = (await call(server, 'GET', '/api/v1/namespaces/team')).json;
    const nsUid = await del('/api/v1/namespaces/team', { uid: 'other' });
    expect([nsUid.status, nsUid.json.message]).toEqual([409, `Operation cannot be fulfilled on namespaces "team": Precondition failed: UID in precondition: other, UID in object meta: ${ns.metadata.uid}`]);
    const nsRv = await del('/api/v1/namespaces/team', { resourceVersion: '1' });
    expect(nsRv.json.message).toBe(`Operation cannot be fulfilled on namespaces "team": Precondition failed: ResourceVersion in precondition: 1, ResourceVersion in object meta: ${ns.metadata.resourceVersion}`);
    // A Deployment is named by its kind and group.
    const dep = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'x' }] } } } };
    const d = (await call(server, 'POST', '/apis/apps/v1/namespaces/default/deployments', JSON.stringify(dep), JSON_HEADERS)).json;
    const depUid = await del('/apis/apps/v1/namespaces/default/deployments/web', { uid: 'x' });
    expect(depUid.json.message).toBe(`Operation cannot be fulfilled on Deployment.apps "web": the UID in the precondition (x) does not match the UID in record (${d.metadata.uid}). The object might have been deleted and then recreated`);
  });

  it('a body that is not DeleteOptions is a 400', async () => {
    const server = await start();
    await create(server, 'c');
    const bad = await call(server, 'DELETE', '/api/v1/namespaces/default/configmaps/c', '{"dryRun":"All"}', JSON_HEADERS);
    expect(bad.status).toBe(400);
    expect((await call(server, 'GET', '/api/v1/namespaces/default/configmaps/c')).status).toBe(200);
  });
});
