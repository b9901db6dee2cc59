/**
 * Field selectors name the fields kube-apiserver's strategies make selectable: `metadata.name`
 * everywhere, `metadata.namespace` for namespaced kinds only, and the pod's (`spec.nodeName`,
 * `status.phase`, `status.podIP` from `status.podIPs`, `spec.hostNetwork` as true/false...), the
 * node's `spec.unschedulable`, the namespace's `status.phase`, the secret's `type`. A delete of
 * a collection deletes only what its selectors match.
 */
import { describe, expect, it } from 'vitest';
import { call, JSON_HEADERS, start } from './http-client.js';

const pod = (name: string, spec: object = {}) => JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name, labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'i' }], ...spec } });
const names = (answer: any) => answer.json.items.map((i: any) => i.metadata.name);

describe('field selectors', () => {
  it('pods: spec and status fields', async () => {
    const s = await start();
    await call(s, 'POST', '/api/v1/namespaces/default/pods', pod('a', { nodeName: 'n1', hostNetwork: true }), JSON_HEADERS);
    await call(s, 'POST', '/api/v1/namespaces/default/pods', pod('b'), JSON_HEADERS);
    await call(s, 'PATCH', '/api/v1/namespaces/default/pods/a/status', JSON.stringify({ status: { phase: 'Running', podIPs: [{ ip: '10.0.0.1' }] } }), { 'Content-Type': 'application/merge-patch+json' });
    const list = (selector: string) => call(s, 'GET', `/api/v1/namespaces/default/pods?fieldSelector=${encodeURIComponent(selector)}`);
    expect(names(await list('status.phase=Running'))).toEqual(['a']);
    expect(names(await list('status.phase!=Running'))).toEqual(['b']);
    expect(names(await list('spec.nodeName=n1'))).toEqual(['a']);
    expect(names(await list('spec.nodeName='))).toEqual(['b']);
    expect(names(await list('spec.hostNetwork=false'))).toEqual(['b']);
    expect(names(await list('status.podIP=10.0.0.1,metadata.namespace=default'))).toEqual(['a']);
    const bad = await list('spec.containers=x');
    expect([bad.status, bad.json.message]).toEqual([400, 'field label not supported: spec.containers']);
  });

  it('cluster-scoped kinds have no metadata.namespace; nodes and namespaces have their own fields', async () => {
    const s = await start();
    await call(s, 'POST', '/api/v1/nodes', JSON.stringify({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' }, spec: { unschedulable: true } }), JSON_HEADERS);
    await call(s, 'POST', '/api/v1/nodes', JSON.stringify({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n2' } }), JSON_HEADERS);
    expect(names(await call(s, 'GET', '/api/v1/nodes?fieldSelector=spec.unschedulable%3Dtrue'))).toEqual(['n1']);
    const bad = await call(s, 'GET', '/api/v1/nodes?fieldSelector=metadata.namespace%3Dx');
    expect([bad.status, bad.json.message]).toEqual([400, 'field label not supported: metadata.namespace']);
    expect(names(await call(s, 'GET', '/api/v1/namespaces?fieldSelector=name%3Ddefault'))).toEqual(['default']);
  });

  it('a delete of a collection deletes only what its selectors match', async () => {
    const s = await start();
    for (const n of ['a', 'b', 'c']) await call(s, 'POST', '/api/v1/namespaces/default/pods', pod(n), JSON_HEADERS);
    const deleted = await call(s, 'DELETE', '/api/v1/namespaces/default/pods?labelSelector=app%20in%20(a,b)');
    expect(deleted.status).toBe(200);
    expect(names(deleted)).toEqual(['a', 'b']);
    expect(names(await call(s, 'GET', '/api/v1/namespaces/default/pods'))).toEqual(['c']);
    expect(names(await call(s, 'DELETE', '/api/v1/namespaces/default/pods?fieldSelector=metadata.name%3Dnone'))).toEqual([]);
    expect(names(await call(s, 'GET', '/api/v1/namespaces/default/pods'))).toEqual(['c']);
    expect((await call(s, 'DELETE', '/api/v1/namespaces/default/pods?fieldSelector=nope%3D1')).status).toBe(400);
  });
});
