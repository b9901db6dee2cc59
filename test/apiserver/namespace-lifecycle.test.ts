/**
 * The NamespaceLifecycle admission plugin in the API server itself (k8s.io/apiserver v0.32.9
 * pkg/admission/plugin/namespace/lifecycle/admission.go): the first plugin of the mutating chain,
 * so every client of the API server — scenarios, the runner, `serve` — gets the same answer. A
 * namespaced create or update needs its namespace (404 `namespaces "x" not found`); nothing is
 * created in a Terminating namespace (403 with the NamespaceTerminating cause); deletes, Namespaces
 * and cluster-scoped kinds are not checked. It comes after the handler's own checks (decoding, the
 * field manager, an object that is not there for an update) and before the other admission
 * plugins and validation.
 */
import { describe, expect, it } from 'vitest';
import { createCluster, serve, withExistingObject } from '../../src/apiserver/server.js';
import type { ApiRequest, ApiResponse, ClusterState, KubeObject } from '../../src/apiserver/types.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';

const catalog = builtinCatalog();

/** A cluster with the plugin on, holding `objects` as given. */
function cluster(...objects: object[]): ClusterState {
  let s = createCluster({ catalog, namespaceLifecycle: true, serviceAccountAdmission: true });
  for (const o of objects) {
    const r = withExistingObject(s, o as KubeObject);
    if ('problem' in r) throw new Error(r.problem);
    s = r.state;
  }
  return s;
}

const ns = (name: string, phase = 'Active') => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name }, spec: { finalizers: ['kubernetes'] }, status: { phase } });
const cm = (name: string, namespace: string, meta: object = {}) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace, ...meta }, data: { a: '1' } });
const sa = (namespace: string) => ({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'default', namespace } });

function answer(state: ClusterState, request: ApiRequest): ApiResponse {
  return serve(state, request).response;
}
function statusOf(r: ApiResponse): object {
  if (r.ok) throw new Error(`expected a failure, got ${r.code}`);
  return r.status;
}

const NOT_FOUND = (name: string) => ({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `namespaces "${name}" not found`, reason: 'NotFound', details: { name, kind: 'namespaces' }, code: 404 });
const TERMINATING = (resource: string, name: string, namespace: string) => ({
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  message: `${resource} "${name}" is forbidden: unable to create new content in namespace ${namespace} because it is being terminated`,
  reason: 'Forbidden',
  details: { name, kind: resource, causes: [{ reason: 'NamespaceTerminating', message: `namespace ${namespace} is being terminated`, field: 'metadata.namespace' }] },
  code: 403,
});

describe('a namespaced write needs its namespace', () => {
  it('create, apply and a dry run into a missing namespace are the 404 for the namespace; nothing is stored', () => {
    const s = cluster();
    const created = serve(s, { verb: 'create', body: cm('c', 'nowhere') });
    expect(statusOf(created.response)).toEqual(NOT_FOUND('nowhere'));
    expect(created.state).toBe(s);
    expect(statusOf(answer(s, { verb: 'apply', body: cm('c', 'nowhere'), options: { fieldManager: 'm' } }))).toEqual(NOT_FOUND('nowhere'));
    expect(statusOf(answer(s, { verb: 'create', body: cm('c', 'nowhere'), options: { dryRun: ['All'] } }))).toEqual(NOT_FOUND('nowhere'));
  });

  it('once the namespace exists the same write is stored', () => {
    const s = cluster(ns('demo'));
    expect(answer(s, { verb: 'create', body: cm('c', 'demo') })).toMatchObject({ ok: true, code: 201 });
  });

  it('an update of an object whose namespace is gone is the 404 for the namespace, a patch too', () => {
    const s = cluster(cm('c', 'gone'));
    const target = { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'gone', name: 'c' };
    expect(statusOf(answer(s, { verb: 'update', target, body: { ...cm('c', 'gone'), data: { a: '2' } } }))).toEqual(NOT_FOUND('gone'));
    expect(statusOf(answer(s, { verb: 'patch', target, patchType: 'merge', patch: { data: { a: '2' } } }))).toEqual(NOT_FOUND('gone'));
  });

  it('the store looks for the object before admission: a PUT of an object that is not there is its own 404', () => {
    const s = cluster();
    const target = { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'nowhere', name: 'c' };
    expect(statusOf(answer(s, { verb: 'update', target, body: cm('c', 'nowhere') }))).toMatchObject({ code: 404, message: 'configmaps "c" not found' });
  });

  it('it is the first admission plugin and comes before validation: not the ServiceAccount 403, not the invalid name 422', () => {
    const s = cluster();
    const pod = (name: string, account?: string) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'nowhere' }, spec: { ...(account ? { serviceAccountName: account } : {}), containers: [{ name: 'c', image: 'nginx' }] } });
    expect(statusOf(answer(s, { verb: 'create', body: pod('web', 'robot') }))).toEqual(NOT_FOUND('nowhere'));
    expect(statusOf(answer(s, { verb: 'create', body: pod('Bad_Name') }))).toEqual(NOT_FOUND('nowhere'));
    // With the namespace there, the same writes are refused by the plugins and validation after it.
    const there = cluster(ns('nowhere'), sa('nowhere'));
    expect(statusOf(answer(there, { verb: 'create', body: pod('web', 'robot') }))).toMatchObject({ code: 403 });
    expect(statusOf(answer(there, { verb: 'create', body: pod('Bad_Name') }))).toMatchObject({ code: 422 });
  });

  it('deletes, Namespaces and cluster-scoped kinds are not checked', () => {
    const s = cluster(cm('c', 'gone'));
    expect(answer(s, { verb: 'delete', target: { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'gone', name: 'c' } })).toMatchObject({ ok: true });
    expect(answer(s, { verb: 'create', body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'gone' } } })).toMatchObject({ ok: true, code: 201 });
    const role = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'r' }, rules: [] };
    expect(answer(s, { verb: 'create', body: role })).toMatchObject({ ok: true, code: 201 });
  });

  it('a cluster made without it (createCluster default) does not check namespaces', () => {
    const bare = createCluster({ catalog });
    expect(answer(bare, { verb: 'create', body: cm('c', 'nowhere') })).toMatchObject({ ok: true, code: 201 });
  });
});

describe('nothing new in a Terminating namespace', () => {
  it('a create or an apply that creates is the 403 with the NamespaceTerminating cause', () => {
    const s = cluster(ns('old', 'Terminating'));
    expect(statusOf(answer(s, { verb: 'create', body: cm('c', 'old') }))).toEqual(TERMINATING('configmaps', 'c', 'old'));
    expect(statusOf(answer(s, { verb: 'apply', body: cm('c', 'old'), options: { fieldManager: 'm' } }))).toEqual(TERMINATING('configmaps', 'c', 'old'));
  });

  it('the group is in the resource and the details', () => {
    const s = cluster(ns('old', 'Terminating'));
    const deploy = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'old' }, spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } } };
    const t = TERMINATING('deployments.apps', 'web', 'old');
    expect(statusOf(answer(s, { verb: 'create', body: deploy }))).toEqual({ ...t, details: { ...t.details, group: 'apps', kind: 'deployments' } });
  });

  it('a generated name is made after admission: the refusal names the generateName', () => {
    const s = cluster(ns('old', 'Terminating'));
    expect(statusOf(answer(s, { verb: 'create', body: cm('', 'old', { generateName: 'web-' }) }))).toEqual(TERMINATING('configmaps', 'web-', 'old'));
  });

  it('updates of what is there go on (the namespace controller needs them)', () => {
    const s = cluster(ns('old', 'Terminating'), cm('c', 'old'));
    const target = { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'old', name: 'c' };
    expect(answer(s, { verb: 'apply', body: { ...cm('c', 'old'), data: { a: '2' } }, options: { fieldManager: 'm', force: true } })).toMatchObject({ ok: true, code: 200 });
    expect(answer(s, { verb: 'update', target, body: { ...cm('c', 'old'), data: { a: '3' } } })).toMatchObject({ ok: true, code: 200 });
  });
});
