/**
 * The built-in resources: every served kind has the reset fields its upstream strategy declares
 * (src/apiserver/builtin-strategies.ts), and discovery lists what is served.
 */
import { describe, expect, it } from 'vitest';
import { BUILTIN_STRATEGIES, createCluster, servedKinds } from '../../src/apiserver/index.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { cluster, entries, obj, ok, ref } from './helpers.js';

const NOW = '2024-02-24T15:24:00Z';

function labelsOf(o: unknown): unknown {
  return (o as { metadata: { labels?: unknown } }).metadata.labels;
}

describe('reset fields per kind, as each registry strategy declares them', () => {
  it('has strategy facts for exactly the served built-in kinds', () => {
    const served = createCluster({ catalog: builtinCatalog() })
      .config.resources.filter((r) => !r.custom)
      .map((r) => `${r.group}/${r.kind}`)
      .sort();
    expect(Object.keys(BUILTIN_STRATEGIES).sort()).toEqual(served);
  });

  // Only Deployment's status strategy resets metadata.labels; DaemonSet, StatefulSet and
  // ReplicaSet reset only spec, so their /status writes change labels and own them.
  for (const [kind, resetsLabels] of [
    ['Deployment', true],
    ['DaemonSet', false],
    ['StatefulSet', false],
    ['ReplicaSet', false],
  ] as const) {
    it(`a ${kind} /status write ${resetsLabels ? 'keeps' : 'changes and owns'} the labels`, () => {
      const c = cluster({ harness: false, now: NOW });
      const body = {
        apiVersion: 'apps/v1',
        kind,
        metadata: { name: 'w', namespace: 'default', labels: { app: 'w' } },
        spec: { selector: { matchLabels: { app: 'w' } }, template: { metadata: { labels: { app: 'w' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } },
      };
      ok(c.create(obj(body), { fieldManager: 'creator' }));
      const live = c.object(ref('apps/v1', kind, 'w'))!;
      const sent = obj({ ...live, metadata: { ...(live.metadata as object), labels: { app: 'w', tier: 'status' } }, status: { observedGeneration: 1 } });
      const after = ok(c.update(sent, { fieldManager: 'controller', subresource: 'status' }));
      const statusEntry = entries(after).find((e) => e.startsWith('controller |'))!;
      if (resetsLabels) {
        expect(labelsOf(after)).toEqual({ app: 'w' });
        expect(statusEntry).toBe(`controller | Update | apps/v1 | status | ${NOW} | {"f:status":{"f:observedGeneration":{}}}`);
      } else {
        expect(labelsOf(after)).toEqual({ app: 'w', tier: 'status' });
        expect(statusEntry).toBe(`controller | Update | apps/v1 | status | ${NOW} | {"f:metadata":{"f:labels":{"f:tier":{}}},"f:status":{"f:observedGeneration":{}}}`);
      }
    });
  }

  it("a CertificateSigningRequest keeps the spec it was created with, owned by nobody (the strategy resets spec on every main write)", () => {
    const c = cluster({ harness: false, now: NOW });
    const csr = {
      apiVersion: 'certificates.k8s.io/v1',
      kind: 'CertificateSigningRequest',
      metadata: { name: 'csr', labels: { a: 'b' } },
      spec: { request: 'Y3Ny', signerName: 'example.com/s', usages: ['digital signature'] },
      status: { conditions: [{ type: 'Approved', status: 'True' }] },
    };
    const created = ok(c.create(obj(csr), { fieldManager: 'creator' }));
    expect((created as { spec: { signerName: string } }).spec.signerName).toBe('example.com/s');
    expect((created as { status?: unknown }).status ?? {}).toEqual({});
    expect(entries(created)).toEqual([`creator | Update | certificates.k8s.io/v1 |  | ${NOW} | {"f:metadata":{"f:labels":{".":{},"f:a":{}}}}`]);
    const changed = obj({ ...created, spec: { ...(created.spec as object), signerName: 'example.com/other' } });
    const updated = ok(c.update(changed, { fieldManager: 'editor' }));
    expect((updated as { spec: { signerName: string } }).spec.signerName).toBe('example.com/s');
  });

  it('serves the kinds the old built-in list left out, with their subresources', () => {
    const c = cluster({ harness: false, now: NOW });
    const pv = { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'pv1' }, spec: { capacity: { storage: '1Gi' }, hostPath: { path: '/x' } } };
    ok(c.apply(obj(pv), { fieldManager: 'admin' }));
    const target = { apiVersion: 'v1', kind: 'PersistentVolume', name: 'pv1' };
    const live = c.object(target)!;
    const after = ok(c.update(obj({ ...live, status: { phase: 'Available' } }), { fieldManager: 'pv-controller', subresource: 'status' }));
    expect((after as { status: unknown }).status).toEqual({ phase: 'Available' });
    // (Whether the entry also owns the status map itself depends on the kind's zero value, which is not ours to test here.)
    const statusEntry = entries(after).find((e) => e.startsWith('pv-controller | Update | v1 | status |'));
    expect(statusEntry).toMatch(/"f:status":\{(".":\{\},)?"f:phase":\{\}\}\}$/);
    const rc = { apiVersion: 'v1', kind: 'ReplicationController', metadata: { name: 'rc', namespace: 'default' }, spec: { replicas: 1, selector: { app: 'x' }, template: { metadata: { labels: { app: 'x' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } } };
    ok(c.apply(obj(rc), { fieldManager: 'admin' }));
    const scale = ok(c.get(ref('v1', 'ReplicationController', 'rc'), 'scale'));
    expect((scale as { spec: unknown }).spec).toEqual({ replicas: 1 });
  });
});

describe('discovery', () => {
  it('lists every served kind with its resource, scope, subresources, verbs, short names and categories', () => {
    const kinds = servedKinds(createCluster({ catalog: builtinCatalog() }));
    const find = (group: string, kind: string) => kinds.find((k) => k.group === group && k.kind === kind);
    expect(find('', 'PersistentVolume')).toEqual({
      group: '',
      version: 'v1',
      kind: 'PersistentVolume',
      resource: 'persistentvolumes',
      singular: 'persistentvolume',
      namespaced: false,
      shortNames: ['pv'],
      categories: [],
      subresources: ['status'],
      // kube-apiserver's verbs for a resource with the standard storage (the HTTP server answers
      // watch and deletecollection over the cluster's list and delete).
      verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'],
      preferred: true,
      custom: false,
    });
    expect(find('apps', 'Deployment')).toMatchObject({ resource: 'deployments', namespaced: true, shortNames: ['deploy'], categories: ['all'], subresources: ['status', 'scale'] });
    expect(find('autoscaling', 'Scale')).toBeUndefined();
    expect(find('apiextensions.k8s.io', 'CustomResourceDefinition')).toMatchObject({ shortNames: ['crd', 'crds'], categories: ['api-extensions'], subresources: ['status'] });
    // HorizontalPodAutoscaler at autoscaling/v2 (preferred, the storage version) and autoscaling/v1.
    const hpa = kinds.filter((k) => k.group === 'autoscaling' && k.kind === 'HorizontalPodAutoscaler');
    expect(hpa.map((k) => [k.version, k.preferred])).toEqual([
      ['v2', true],
      ['v1', false],
    ]);
    expect(kinds).toHaveLength(63);
  });
});
