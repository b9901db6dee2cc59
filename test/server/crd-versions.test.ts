/**
 * A CRD's versions in discovery come in kube-apiserver's order, the preferred version first:
 * apiextensions-apiserver sorts a group's versions by Kubernetes' version priority (GA, then
 * beta, then alpha; higher numbers first), whatever the CRD's storage version or list order.
 */
import { describe, expect, it } from 'vitest';
import { byVersionPriority } from '../../src/apiserver/version-priority.js';
import { catalogFromCrd, combineCatalogs } from '../../src/schema/catalog.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { newClusterState } from '../../src/server/initial-state.js';
import { call, JSON_HEADERS, start } from './http-client.js';

const version = (name: string, storage: boolean) => ({ name, served: true, storage, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } });
const CRD = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'gadgets.example.com' },
  spec: {
    group: 'example.com',
    names: { kind: 'Gadget', plural: 'gadgets' },
    scope: 'Namespaced',
    versions: [version('v1alpha1', false), version('v1beta1', true), version('v2beta1', false), version('v1', false)],
  },
};
const EXPECTED = ['v1', 'v2beta1', 'v1beta1', 'v1alpha1'];

describe('a CRD group in discovery', () => {
  it('orders versions by Kubernetes version priority', () => {
    expect(byVersionPriority(['v1alpha1', 'v1beta1', 'v2beta1', 'v1', 'v2', 'v1beta2', 'foo', 'bar', 'v10'])).toEqual(['v10', 'v2', 'v1', 'v2beta1', 'v1beta2', 'v1beta1', 'v1alpha1', 'bar', 'foo']);
  });

  it('created at run time: preferred version first, not the storage version', async () => {
    const s = await start();
    expect((await call(s, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', JSON.stringify(CRD), JSON_HEADERS)).status).toBe(201);
    const group = (await call(s, 'GET', '/apis/example.com')).json;
    expect(group.versions.map((v: { version: string }) => v.version)).toEqual(EXPECTED);
    expect(group.preferredVersion).toEqual({ groupVersion: 'example.com/v1', version: 'v1' });
  });

  it('given with --crd: the same order', async () => {
    const catalog = combineCatalogs(builtinCatalog(), catalogFromCrd(CRD as never, 'gadgets.yaml'));
    const s = await start({ state: newClusterState(catalog, '2030-01-01T00:00:00Z') });
    const group = (await call(s, 'GET', '/apis/example.com')).json;
    expect(group.versions.map((v: { version: string }) => v.version)).toEqual(EXPECTED);
  });
});
