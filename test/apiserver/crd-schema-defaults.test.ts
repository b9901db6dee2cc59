/**
 * The defaults of a custom resource's structural schema (`default:` in openAPIV3Schema), filled in
 * at decode time and after an apply's merge (apiextensions-apiserver's structural defaulting),
 * into absent fields and, where the field is not nullable, into nulls: an updater whose write
 * lacks a defaulted field owns the default, an applier does not (the merge runs first), and
 * re-applying an atomic map whose default the server filled in is a no-op
 * (Kubernetes' TestNoOpApplyWithDefaultsSameResourceVersionCRD, apply_crd_test.go).
 */
import { describe, expect, it } from 'vitest';
import { createCluster, serve } from '../../src/apiserver/server.js';
import type { ApiRequest, ApiResponse, ClusterState, KubeObject } from '../../src/apiserver/types.js';
import { readEntries } from '../../src/apiserver/index.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';

const schema = {
  openAPIV3Schema: {
    type: 'object',
    properties: {
      spec: {
        type: 'object',
        properties: {
          a: { type: 'string' },
          b: { type: 'string', default: 'b-default' },
          n: { type: 'string', nullable: true, default: 'n-default' },
          ref: { type: 'object', 'x-kubernetes-map-type': 'atomic', properties: { name: { type: 'string' }, namespace: { type: 'string', default: 'default-namespace' } } },
          items: { type: 'array', items: { type: 'object', properties: { k: { type: 'string' }, v: { type: 'string', default: 'v-default' } } } },
        },
      },
      status: { type: 'object', properties: { a: { type: 'string' } } },
    },
  },
};
const CRD = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.example.com' },
  spec: {
    group: 'example.com',
    names: { kind: 'Widget', plural: 'widgets' },
    scope: 'Namespaced',
    versions: [
      { name: 'v1beta1', served: true, storage: false, subresources: { status: {} }, schema },
      { name: 'v1', served: true, storage: true, subresources: { status: {} }, schema },
    ],
  },
} as unknown as KubeObject;

const widget = (version: string, spec: Record<string, unknown>) =>
  ({ apiVersion: `example.com/${version}`, kind: 'Widget', metadata: { name: 'w', namespace: 'default' }, spec }) as unknown as KubeObject;

function setup(): ClusterState {
  const r = serve(createCluster({ catalog: builtinCatalog(), now: '2024-03-01T09:00:00Z' }), { verb: 'create', body: CRD, options: { fieldManager: 'admin' } });
  if (!r.response.ok) throw new Error(r.response.status.message);
  return r.state;
}
function run(state: ClusterState, request: ApiRequest): { state: ClusterState; response: ApiResponse; object: Record<string, any> } {
  const r = serve(state, request);
  if (!r.response.ok) throw new Error(`${r.response.code}: ${r.response.status.message}`);
  return { state: r.state, response: r.response, object: r.response.object as Record<string, any> };
}
const fieldsOf = (o: KubeObject, manager: string) => JSON.stringify(readEntries(o).find((e) => e.manager === manager)?.fieldsV1);

describe('structural schema defaults', () => {
  it('fills absent fields and non-nullable nulls, inside list items and atomic maps, and leaves nullable nulls', () => {
    const created = run(setup(), {
      verb: 'create',
      body: widget('v1', { a: 'x', b: null, n: null, ref: { name: 'r' }, items: [{ k: 'one' }, { k: 'two', v: 'set' }] }),
      options: { fieldManager: 'creator' },
    });
    expect(created.object.spec).toEqual({ a: 'x', b: 'b-default', n: null, ref: { name: 'r', namespace: 'default-namespace' }, items: [{ k: 'one', v: 'v-default' }, { k: 'two', v: 'set' }] });
    // Decoded before the field manager: the creator owns what was defaulted.
    expect(fieldsOf(created.object as KubeObject, 'creator')).toContain('"f:b":{}');
  });

  it('an apply owns only what it sent; re-applying an atomic map whose default the server filled is a no-op', () => {
    const first = run(setup(), { verb: 'apply', body: widget('v1', { ref: { name: 'r' } }), options: { fieldManager: 'apply_test' } });
    expect(first.object.spec).toEqual({ b: 'b-default', n: 'n-default', ref: { name: 'r', namespace: 'default-namespace' } });
    expect(fieldsOf(first.object as KubeObject, 'apply_test')).toBe('{"f:spec":{"f:ref":{}}}');
    const again = run(first.state, { verb: 'apply', body: widget('v1', { ref: { name: 'r' } }), options: { fieldManager: 'apply_test', now: '2024-03-01T09:05:00Z' } });
    expect(again.state.resourceVersion).toBe(first.state.resourceVersion);
    expect(again.object).toEqual(first.object);
  });
});
