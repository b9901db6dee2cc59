/**
 * Deleting a Namespace or a CustomResourceDefinition, as kube-apiserver 1.32 and its controllers do
 * it: the DELETE answers the object marked for deletion, then the namespace controller (or the CRD
 * finalizer) deletes what it holds, then the object itself. A namespace's `kubernetes` finalizer is
 * added on create and kept by main writes; `default`, `kube-system` and `kube-public` may not be
 * deleted.
 */
import { describe, expect, it } from 'vitest';
import { serve } from '../../src/apiserver/server.js';
import type { ApiRequest, ClusterState, KubeObject } from '../../src/apiserver/types.js';
import { newClusterState } from '../../src/server/initial-state.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { openWidgetCrd } from '../server/open-widget-crd.js';

const T0 = '2024-01-01T00:00:00Z';
const T1 = '2024-01-01T00:00:01Z';

function run(state: ClusterState, request: ApiRequest): ClusterState {
  const r = serve(state, request);
  if (!r.response.ok) throw new Error(r.response.status.message);
  return r.state;
}

const ns = (name: string, spec?: object) => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name }, ...(spec ? { spec } : {}) }) as unknown as KubeObject;
const cm = (name: string, namespace: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace }, data: { a: 'b' } }) as unknown as KubeObject;
const nsRef = (name: string) => ({ apiVersion: 'v1', kind: 'Namespace', name });
const crdRef = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name: 'widgets.example.com' };
const CRD = openWidgetCrd() as unknown as KubeObject;
const widget = (name: string, namespace: string) => ({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name, namespace }, spec: { size: 1 } }) as unknown as KubeObject;

function cluster(): ClusterState {
  let s = newClusterState(builtinCatalog(), T0);
  s = run(s, { verb: 'create', body: ns('demo'), options: { fieldManager: 'kubectl-create' } });
  s = run(s, { verb: 'create', body: ns('other') });
  s = run(s, { verb: 'create', body: cm('one', 'demo') });
  s = run(s, { verb: 'create', body: cm('two', 'demo') });
  s = run(s, { verb: 'create', body: cm('one', 'other') });
  return s;
}

const keys = (s: ClusterState) => [...s.objects.keys()].sort();

describe("a namespace's finalizer", () => {
  it('is added on create after the field manager ran, so nobody owns it', () => {
    const s = cluster();
    const demo = s.objects.get('/namespaces//demo') as any;
    expect(demo.spec).toEqual({ finalizers: ['kubernetes'] });
    expect(demo.status).toEqual({ phase: 'Active' });
    expect(demo.metadata.managedFields.map((e: any) => [e.manager, e.fieldsV1])).toEqual([
      ['kubectl-create', { 'f:metadata': { 'f:labels': { '.': {}, 'f:kubernetes.io/metadata.name': {} } } }],
    ]);
  });

  it('is appended to finalizers the request gave', () => {
    const s = run(newClusterState(builtinCatalog(), T0), { verb: 'create', body: ns('x', { finalizers: ['example.com/keep'] }) });
    expect((s.objects.get('/namespaces//x') as any).spec.finalizers).toEqual(['example.com/keep', 'kubernetes']);
  });

  it('stays when a main write changes spec.finalizers (only /finalize may)', () => {
    let s = cluster();
    s = run(s, { verb: 'apply', body: { ...ns('demo', { finalizers: [] }) } as KubeObject, options: { fieldManager: 'admin', force: true } });
    expect((s.objects.get('/namespaces//demo') as any).spec.finalizers).toEqual(['kubernetes']);
  });
});

describe('deleting a namespace', () => {
  it('answers the namespace marked Terminating, then its contents and itself are gone; other namespaces keep theirs', () => {
    const before = cluster();
    const r = serve({ ...before, now: T1 }, { verb: 'delete', target: nsRef('demo') });
    expect(r.response.ok).toBe(true);
    if (!r.response.ok) return;
    expect(r.response.code).toBe(200);
    const answered = r.response.object as any;
    expect(answered.kind).toBe('Namespace');
    expect(answered.metadata.deletionTimestamp).toBe(T1);
    expect(answered.status).toEqual({ phase: 'Terminating' });
    expect(answered.metadata.resourceVersion).toBe(String(before.resourceVersion + 1));
    expect(keys(r.state)).toEqual(keys(before).filter((k) => k !== '/namespaces//demo' && !k.startsWith('/configmaps/demo/')));
    expect(keys(r.state)).toContain('/configmaps/other/one');
    // Each write is a step of its own, each with its own resourceVersion: the mark, two deletions, the namespace.
    expect(r.steps?.length).toBe(4);
    expect(r.steps?.map((s) => s.resourceVersion)).toEqual([1, 2, 3, 4].map((n) => before.resourceVersion + n));
    expect((r.steps?.[0].objects.get('/namespaces//demo') as any).status.phase).toBe('Terminating');
    expect(r.steps?.[0].objects.has('/configmaps/demo/one')).toBe(true);
  });

  it('a dry run answers the mark and changes nothing', () => {
    const before = cluster();
    const r = serve(before, { verb: 'delete', target: nsRef('demo'), options: { dryRun: true } });
    expect(r.state).toBe(before);
    expect(r.response.ok && (r.response.object as any).status.phase).toBe('Terminating');
  });

  it.each(['default', 'kube-system', 'kube-public'])('%s may not be deleted (403, NamespaceLifecycle)', (name) => {
    const before = cluster();
    const r = serve(before, { verb: 'delete', target: nsRef(name) });
    expect(r.state).toBe(before);
    expect(r.response.ok ? undefined : r.response.status).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: `namespaces "${name}" is forbidden: this namespace may not be deleted`,
      reason: 'Forbidden',
      details: { name, kind: 'namespaces' },
      code: 403,
    });
  });

  it('kube-node-lease may be deleted', () => {
    const r = serve(cluster(), { verb: 'delete', target: nsRef('kube-node-lease') });
    expect(r.response.ok).toBe(true);
    expect(r.state.objects.has('/namespaces//kube-node-lease')).toBe(false);
  });
});

describe('deleting a CustomResourceDefinition', () => {
  it('answers it with the cleanup finalizer and the Terminating condition, then its custom resources, in every namespace, go with it', () => {
    let s = cluster();
    s = run(s, { verb: 'create', body: CRD });
    s = run(s, { verb: 'create', body: widget('w1', 'demo') });
    s = run(s, { verb: 'create', body: widget('w2', 'other') });
    const r = serve({ ...s, now: T1 }, { verb: 'delete', target: crdRef });
    if (!r.response.ok) throw new Error(r.response.status.message);
    const answered = r.response.object as any;
    expect(answered.metadata.deletionTimestamp).toBe(T1);
    expect(answered.metadata.finalizers).toEqual(['customresourcecleanup.apiextensions.k8s.io']);
    expect(answered.status.conditions.find((c: any) => c.type === 'Terminating')).toEqual({
      type: 'Terminating',
      status: 'True',
      lastTransitionTime: T1,
      reason: 'InstanceDeletionPending',
      message: 'CustomResourceDefinition marked for deletion; CustomResource deletion will begin soon',
    });
    expect(keys(r.state).filter((k) => k.startsWith('example.com/') || k.startsWith('apiextensions.k8s.io/'))).toEqual([]);
    // Not served any more; created again, it serves no old object.
    const get = serve(r.state, { verb: 'get', target: { apiVersion: 'example.com/v1', kind: 'Widget', namespace: 'demo', name: 'w1' } });
    expect(get.response.ok ? undefined : get.response.status.code).toBe(404);
    const again = run(r.state, { verb: 'create', body: CRD });
    const list = serve(again, { verb: 'list', apiVersion: 'example.com/v1', resource: 'widgets' });
    expect(list.response.ok && (list.response.object as any).items).toEqual([]);
  });

  it("a namespace's custom resources go with the namespace", () => {
    let s = cluster();
    s = run(s, { verb: 'create', body: CRD });
    s = run(s, { verb: 'create', body: widget('w1', 'demo') });
    s = run(s, { verb: 'delete', target: nsRef('demo') });
    expect(keys(s).filter((k) => k.startsWith('example.com/'))).toEqual([]);
    expect(s.objects.has('apiextensions.k8s.io/customresourcedefinitions//widgets.example.com')).toBe(true);
  });
});
