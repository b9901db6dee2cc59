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
import { openWidgetCrd } from './open-widget-crd.js';

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

  it('the status and scale subresources answer Tables: the kind\'s own columns, and the Scale printer\'s', async () => {
    const s = await start();
    const deployment = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } } };
    await call(s, 'POST', '/apis/apps/v1/namespaces/default/deployments', JSON.stringify(deployment), JSON_HEADERS);
    await call(s, 'PATCH', '/apis/apps/v1/namespaces/default/deployments/web/status', JSON.stringify({ status: { replicas: 2, readyReplicas: 1, availableReplicas: 1, updatedReplicas: 2 } }), { 'Content-Type': 'application/merge-patch+json' });
    const status = (await call(s, 'GET', '/apis/apps/v1/namespaces/default/deployments/web/status', undefined, { Accept: TABLE })).json;
    expect(status.kind).toBe('Table');
    expect(status.columnDefinitions.map((c: any) => c.name)).toEqual(['Name', 'Ready', 'Up-to-date', 'Available', 'Age', 'Containers', 'Images', 'Selector']);
    expect(status.rows[0].cells.slice(0, 4)).toEqual(['web', '1/2', 2, 1]);
    const scale = (await call(s, 'GET', '/apis/apps/v1/namespaces/default/deployments/web/scale', undefined, { Accept: TABLE })).json;
    // printScale: Name (no name format), Desired and Available from the Scale, Age.
    expect(scale.columnDefinitions.map((c: any) => [c.name, c.type, c.format])).toEqual([
      ['Name', 'string', ''],
      ['Desired', 'integer', ''],
      ['Available', 'integer', ''],
      ['Age', 'string', ''],
    ]);
    expect(scale.rows[0].cells).toEqual(['web', 2, 2, '0s']);
    expect(scale.rows[0].object).toMatchObject({ kind: 'PartialObjectMetadata', metadata: { name: 'web', namespace: 'default' } });
  });

  it('a custom resource\'s scale Table has the columns apiextensions-apiserver makes from its scale paths', async () => {
    const s = await start();
    const crd = openWidgetCrd({ subresources: { status: {}, scale: { specReplicasPath: '.spec.size', statusReplicasPath: '.status.size' } } });
    expect((await call(s, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', JSON.stringify(crd), JSON_HEADERS)).status).toBe(201);
    await call(s, 'POST', '/apis/example.com/v1/namespaces/default/widgets', JSON.stringify({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' }, spec: { size: 3 } }), JSON_HEADERS);
    const scale = (await call(s, 'GET', '/apis/example.com/v1/namespaces/default/widgets/w/scale', undefined, { Accept: TABLE })).json;
    expect(scale.columnDefinitions.map((c: any) => [c.name, c.type, c.format])).toEqual([
      ['Name', 'string', 'name'],
      ['Desired', 'integer', ''],
      ['Available', 'integer', ''],
      ['Age', 'date', ''],
    ]);
    expect(scale.rows[0].cells).toEqual(['w', 3, 0, '0s']);
    const status = (await call(s, 'GET', '/apis/example.com/v1/namespaces/default/widgets/w/status', undefined, { Accept: TABLE })).json;
    expect(status.kind).toBe('Table');
    expect(status.rows[0].cells[0]).toBe('w');
  });

  it.runIf(kubectlAvailable())('kubectl get --subresource=status and --subresource=scale print the server\'s columns', async () => {
    const s = await start();
    const deployment = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } } };
    await call(s, 'POST', '/apis/apps/v1/namespaces/default/deployments', JSON.stringify(deployment), JSON_HEADERS);
    const k = new KubectlSession(s.kubeconfig);
    const scale = await k.run(['get', 'deploy', 'web', '--subresource=scale']);
    expect(scale.stderr).toBe('');
    expect(scale.stdout).toBe('NAME   DESIRED   AVAILABLE   AGE\nweb    2         0           0s\n');
    const status = await k.run(['get', 'deploy', 'web', '--subresource=status']);
    expect(status.stdout).toBe('NAME   READY   UP-TO-DATE   AVAILABLE   AGE\nweb    0/2     0            0           0s\n');
    k.dispose();
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

  it("built-in columns carry kube-apiserver's printer descriptions and types (a printer literal, or the Go doc of the field shown)", async () => {
    const s = await start();
    const NAME = 'Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names';
    const AGE = 'CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.\n\nPopulated by the system. Read-only. Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata';
    const defs = async (path: string) => (await call(s, 'GET', path, undefined, { Accept: TABLE })).json.columnDefinitions.map((c: any) => [c.name, c.type, c.format, c.description, c.priority]);
    expect(await defs('/apis/apps/v1/namespaces/default/deployments')).toEqual([
      ['Name', 'string', 'name', NAME, 0],
      ['Ready', 'string', '', 'Number of the pod with ready state', 0],
      ['Up-to-date', 'string', '', 'Total number of non-terminated pods targeted by this deployment that have the desired template spec.', 0],
      ['Available', 'string', '', 'Total number of available pods (ready for at least minReadySeconds) targeted by this deployment.', 0],
      ['Age', 'string', '', AGE, 0],
      ['Containers', 'string', '', 'Names of each container in the template.', 1],
      ['Images', 'string', '', 'Images referenced by each container in the template.', 1],
      ['Selector', 'string', '', 'Label selector for pods. Existing ReplicaSets whose pods are selected by this will be the ones affected by this deployment.', 1],
    ]);
    expect((await defs('/api/v1/namespaces/default/configmaps'))[1]).toEqual([
      'Data',
      'string',
      '',
      "Data contains the configuration data. Each key must consist of alphanumeric characters, '-', '_' or '.'. Values with non-UTF-8 byte sequences must use the BinaryData field. The keys stored in Data must not overlap with the keys in the BinaryData field, this is enforced during validation process.",
      0,
    ]);
    expect((await defs('/api/v1/namespaces/default/pods')).map((d: any[]) => d[3])).toContain('podIP address allocated to the pod. Routable at least within the cluster. Empty if not yet allocated.');
    // Every built-in column has one.
    for (const path of ['/api/v1/namespaces', '/api/v1/nodes', '/api/v1/namespaces/default/services', '/apis/apps/v1/namespaces/default/daemonsets', '/api/v1/namespaces/default/secrets']) {
      for (const d of await defs(path)) expect(d[3], `${path} ${d[0]}`).not.toBe('');
    }
  });
});
