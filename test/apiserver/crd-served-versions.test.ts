/**
 * A custom resource served at two versions (v1beta1 and v1). Conversion is not modelled (a CRD's
 * `None` strategy: only apiVersion differs), but a write through one version sees the stored
 * object at that version: a merge patch of /status through v1beta1 of an object created through
 * v1 works (Kubernetes' TestUpdateStatusWithOldVersion, reset_fields_test.go), and a PUT that
 * changes nothing through another version stores nothing, as the real store compares objects at
 * their storage version (the resourceVersion stays).
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

const at = (version: string) => ({ apiVersion: `example.com/${version}`, kind: 'Widget', namespace: 'default', name: 'w' });
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

describe('a custom resource through another served version', () => {
  it('reads, merge-patches /status and PUTs it through v1beta1 after a create through v1', () => {
    let s = run(setup(), { verb: 'apply', body: widget('v1', { a: 'x' }), options: { fieldManager: 'apply_test' } }).state;
    const read = run(s, { verb: 'get', target: at('v1beta1') });
    expect(read.object.apiVersion).toBe('example.com/v1beta1');
    const patched = run(s, {
      verb: 'patch',
      target: at('v1beta1'),
      patchType: 'merge',
      patch: { spec: { a: 'changed' }, status: { a: 'status-a' } },
      options: { fieldManager: 'subresource_test', subresource: 'status' },
    });
    expect(patched.object.spec.a).toBe('x');
    expect(patched.object.status).toEqual({ a: 'status-a' });
    expect(fieldsOf(patched.object as KubeObject, 'subresource_test')).toBe('{"f:status":{".":{},"f:a":{}}}');
    s = patched.state;
    const rv = patched.object.metadata.resourceVersion;
    const body = JSON.parse(JSON.stringify(run(s, { verb: 'get', target: at('v1beta1') }).object));
    delete body.metadata.managedFields;
    const put = run(s, { verb: 'update', target: at('v1beta1'), body, options: { fieldManager: 'apply_test' } });
    expect(put.object.metadata.resourceVersion).toBe(rv);
    expect(put.state.resourceVersion).toBe(s.resourceVersion);
  });
});
