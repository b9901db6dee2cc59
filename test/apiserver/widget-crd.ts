/**
 * The custom resource the CRD tests share: widgets.example.com served at v1beta1 and v1 with a
 * status subresource; spec.b defaults, spec.n defaults but is nullable, spec.ref is an atomic map
 * whose namespace defaults, spec.items' items default v. `setup()` is a cluster that stores the
 * CRD (so it serves widgets), `run()` one request that must succeed.
 */
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
/** Widgets served at v1beta1 and v1, with /status, and defaults of every kind in spec. */
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

export const at = (version: string) => ({ apiVersion: `example.com/${version}`, kind: 'Widget', namespace: 'default', name: 'w' });
export const widget = (version: string, spec: Record<string, unknown>) =>
  ({ apiVersion: `example.com/${version}`, kind: 'Widget', metadata: { name: 'w', namespace: 'default' }, spec }) as unknown as KubeObject;

export function setup(): ClusterState {
  const r = serve(createCluster({ catalog: builtinCatalog(), now: '2024-03-01T09:00:00Z' }), { verb: 'create', body: CRD, options: { fieldManager: 'admin' } });
  if (!r.response.ok) throw new Error(r.response.status.message);
  return r.state;
}
export function run(state: ClusterState, request: ApiRequest): { state: ClusterState; response: ApiResponse; object: Record<string, any> } {
  const r = serve(state, request);
  if (!r.response.ok) throw new Error(`${r.response.code}: ${r.response.status.message}`);
  return { state: r.state, response: r.response, object: r.response.object as Record<string, any> };
}
export const fieldsOf = (o: KubeObject, manager: string) => JSON.stringify(readEntries(o).find((e) => e.manager === manager)?.fieldsV1);

