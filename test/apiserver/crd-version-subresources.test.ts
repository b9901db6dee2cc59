/**
 * A CustomResourceDefinition whose versions declare different subresources (apiextensions.k8s.io/v1
 * puts `subresources` on each version): apiextensions-apiserver serves each version with its own
 * /status and /scale, reset fields and status strategy, and builds the ScaleHandler's mappings
 * per version, a version without /scale mapping to no replicas path (customresource_handler.go).
 * Upstream's unit case for that mapping is apimachinery v0.32.13 scalehandler_test.go
 * TestTransformingManagedFieldsToParentMultiVersion ("Custom resource without scale subresource,
 * scaling a version with `scale`"), also in k8s-fieldmanager-units.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { createCluster, serve } from '../../src/apiserver/server.js';
import { servedKinds } from '../../src/apiserver/discovery.js';
import type { ClusterState, KubeObject } from '../../src/apiserver/types.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { entries, obj } from './helpers.js';

const schema = {
  openAPIV3Schema: {
    type: 'object',
    properties: {
      spec: { type: 'object', properties: { replicas: { type: 'integer' }, a: { type: 'string' } } },
      status: { type: 'object', properties: { replicas: { type: 'integer' } } },
    },
  },
};
const CRD = obj({
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.example.com' },
  spec: {
    group: 'example.com',
    names: { kind: 'Widget', plural: 'widgets' },
    scope: 'Namespaced',
    versions: [
      { name: 'v1', served: true, storage: true, schema },
      { name: 'v2', served: true, storage: false, schema, subresources: { status: {}, scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas' } } },
    ],
  },
});

const T = (s: number) => `2024-03-01T09:00:${String(s).padStart(2, '0')}Z`;
const at = (v: string) => ({ apiVersion: `example.com/${v}`, kind: 'Widget', namespace: 'default', name: 'w' });
const widget = (v: string, rest: object) => obj({ apiVersion: `example.com/${v}`, kind: 'Widget', metadata: { name: 'w', namespace: 'default' }, ...rest });

function setup(): ClusterState {
  const r = serve(createCluster({ catalog: builtinCatalog(), now: T(0) }), { verb: 'create', body: CRD, options: { fieldManager: 'admin' } });
  if (!r.response.ok) throw new Error(r.response.status.message);
  return r.state;
}
function must(state: ClusterState, req: Parameters<typeof serve>[1]): { state: ClusterState; object: KubeObject } {
  const r = serve(state, req);
  if (!r.response.ok) throw new Error(`${r.response.code}: ${r.response.status.message}`);
  return { state: r.state, object: r.response.object };
}

describe('a CRD whose versions declare different subresources', () => {
  it('serves /status and /scale only at the version that declares them', () => {
    let s = setup();
    s = must(s, { verb: 'create', body: widget('v1', { spec: { replicas: 1 } }), options: { fieldManager: 'm' } }).state;
    for (const sub of ['status', 'scale']) {
      const v1 = serve(s, { verb: 'get', target: at('v1'), subresource: sub }).response;
      expect(v1.ok ? 200 : [v1.code, v1.status.message]).toEqual([404, 'the server could not find the requested resource']);
      expect(serve(s, { verb: 'get', target: at('v2'), subresource: sub }).response.ok).toBe(true);
    }
    const subs = servedKinds(s)
      .filter((k) => k.kind === 'Widget')
      .map((k) => `${k.version}: ${k.subresources.join(',')}`);
    expect(subs.sort()).toEqual(['v1: ', 'v2: status,scale']);
  });

  it('a main write resets status only at the version with /status', () => {
    let s = setup();
    s = must(s, { verb: 'create', body: widget('v1', { spec: { replicas: 1 }, status: { replicas: 1 } }), options: { fieldManager: 'm', now: T(1) } }).state;
    // v1 has no /status: the create keeps the status it was given, and its writer owns it.
    let live = must(s, { verb: 'get', target: at('v1') }).object;
    expect(live.status).toEqual({ replicas: 1 });
    expect(entries(live)).toEqual([`m | Update | example.com/v1 |  | ${T(1)} | {"f:spec":{".":{},"f:replicas":{}},"f:status":{".":{},"f:replicas":{}}}`]);
    // v2 has /status: a main write there keeps the stored status.
    const v2 = must(s, { verb: 'get', target: at('v2') }).object;
    s = must(s, { verb: 'update', body: obj({ ...v2, status: { replicas: 5 } }), options: { fieldManager: 'm2', now: T(2) } }).state;
    live = must(s, { verb: 'get', target: at('v1') }).object;
    expect(live.status).toEqual({ replicas: 1 });
    // And at v1 it does not.
    s = must(s, { verb: 'update', body: obj({ ...live, status: { replicas: 7 } }), options: { fieldManager: 'm3', now: T(3) } }).state;
    expect(must(s, { verb: 'get', target: at('v1') }).object.status).toEqual({ replicas: 7 });
  });

  it('a /scale write at the version with /scale leaves entries at the version without it whole', () => {
    let s = setup();
    s = must(s, { verb: 'apply', body: widget('v1', { spec: { replicas: 1, a: 'x' } }), options: { fieldManager: 'test', now: T(1) } }).state;
    const scale = must(s, { verb: 'get', target: at('v2'), subresource: 'scale' }).object;
    // The Scale shows no owner of replicas: the only one is at a version whose path is nil.
    expect(entries(scale)).toEqual([]);
    s = must(s, { verb: 'update', target: at('v2'), body: obj({ ...scale, spec: { replicas: 3 } }), options: { fieldManager: 'scaler', subresource: 'scale', now: T(2) } }).state;
    const live = must(s, { verb: 'get', target: at('v2') }).object;
    expect((live.spec as { replicas: number }).replicas).toBe(3);
    expect(entries(live)).toEqual([`test | Apply | example.com/v1 |  | ${T(1)} | {"f:spec":{"f:a":{},"f:replicas":{}}}`]);
  });
});
