/**
 * Table answers (`kubectl get`): a page of a list carries its list's `continue` and
 * `remainingItemCount` (kube-apiserver's table convertor copies the list metadata), so kubectl's
 * chunked gets (`--chunk-size`, 500 by default) follow every page; pods have the wide columns of
 * kube-apiserver's printer: IP (the first of `status.podIPs`), NODE, NOMINATED NODE and
 * READINESS GATES (true gates of all, `<none>` without gates).
 */
import { describe, expect, it } from 'vitest';
import { call, JSON_HEADERS, start } from './http-client.js';
import { KubectlSession, kubectlAvailable } from './kubectl-harness.js';

const TABLE = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json';
const cm = (name: string) => JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { k: name } });

describe('Tables', () => {
  it('a page of a list carries continue and remainingItemCount', async () => {
    const s = await start();
    for (const n of ['a', 'b', 'c']) await call(s, 'POST', '/api/v1/namespaces/default/configmaps', cm(n), JSON_HEADERS);
    const first = (await call(s, 'GET', '/api/v1/namespaces/default/configmaps?limit=2', undefined, { Accept: TABLE })).json;
    expect(first.kind).toBe('Table');
    expect(first.rows.map((r: any) => r.cells[0])).toEqual(['a', 'b']);
    expect(first.metadata.remainingItemCount).toBe(1);
    expect(typeof first.metadata.continue).toBe('string');
    const next = (await call(s, 'GET', `/api/v1/namespaces/default/configmaps?limit=2&continue=${encodeURIComponent(first.metadata.continue)}`, undefined, { Accept: TABLE })).json;
    expect(next.rows.map((r: any) => r.cells[0])).toEqual(['c']);
    expect(next.metadata.continue).toBeUndefined();
    expect(next.metadata.resourceVersion).toBe(first.metadata.resourceVersion);
  });

  it('pods have the printer wide columns', async () => {
    const s = await start();
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p' },
      spec: { containers: [{ name: 'c', image: 'i' }], nodeName: 'n1', readinessGates: [{ conditionType: 'example.com/a' }, { conditionType: 'example.com/b' }] },
    };
    await call(s, 'POST', '/api/v1/namespaces/default/pods', JSON.stringify(pod), JSON_HEADERS);
    await call(s, 'PATCH', '/api/v1/namespaces/default/pods/p/status', JSON.stringify({ status: { podIPs: [{ ip: '10.0.0.7' }], nominatedNodeName: 'n2', conditions: [{ type: 'example.com/a', status: 'True' }, { type: 'example.com/b', status: 'False' }] } }), {
      'Content-Type': 'application/merge-patch+json',
    });
    const t = (await call(s, 'GET', '/api/v1/namespaces/default/pods', undefined, { Accept: TABLE })).json;
    expect(t.columnDefinitions.map((c: any) => [c.name, c.priority])).toEqual([
      ['Name', 0],
      ['Ready', 0],
      ['Status', 0],
      ['Restarts', 0],
      ['Age', 0],
      ['IP', 1],
      ['Node', 1],
      ['Nominated Node', 1],
      ['Readiness Gates', 1],
    ]);
    expect(t.rows[0].cells.slice(5)).toEqual(['10.0.0.7', 'n1', 'n2', '1/2']);
  });

  it.runIf(kubectlAvailable())('kubectl get --chunk-size=1 lists every object', async () => {
    const s = await start();
    for (const n of ['a', 'b', 'c']) await call(s, 'POST', '/api/v1/namespaces/default/configmaps', cm(n), JSON_HEADERS);
    const k = new KubectlSession(s.kubeconfig);
    const out = await k.run(['get', 'configmaps', '--chunk-size=1', '-o', 'name']);
    expect(out.stdout).toBe('configmap/a\nconfigmap/b\nconfigmap/c\n');
    const table = await k.run(['get', 'configmaps', '--chunk-size=1', '--no-headers']);
    expect(table.stdout.split('\n').filter((l) => l !== '').map((l) => l.split(/\s+/)[0])).toEqual(['a', 'b', 'c']);
    k.dispose();
  });
});
