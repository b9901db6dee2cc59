/**
 * A live custom resource whose value no longer fits its CRD's schema (the schema changed a type
 * after the object was stored): a server-side apply fails where structured-merge-diff types the
 * live object (apimachinery's structuredMergeManager: `failed to create typed live object (...)`,
 * a plain 500). The live object was read from storage by the unstructured JSON decoder, which
 * keeps integers as int64, so its value prints as an int (`1000000`), where an apply body's
 * numbers are float64s (`1e+06`). Over an object nobody tracks, the `before-first-apply` update
 * types it first, as its new object (`failed to create manager for existing fields: failed to
 * convert new object (...) to smd typed: ...`).
 */
import { describe, expect, it } from 'vitest';
import { createCluster, serve, withExistingObject } from '../../src/apiserver/server.js';
import type { ClusterState, KubeObject } from '../../src/apiserver/types.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';

const crd = (type: string) =>
  ({
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'gadgets.example.com' },
    spec: {
      group: 'example.com',
      names: { kind: 'Gadget', plural: 'gadgets' },
      scope: 'Namespaced',
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { a: { type } } } } } } }],
    },
  }) as unknown as KubeObject;
const gadget = (a: unknown) => ({ apiVersion: 'example.com/v1', kind: 'Gadget', metadata: { name: 'g', namespace: 'default' }, spec: { a } }) as unknown as KubeObject;

function step(state: ClusterState, request: Parameters<typeof serve>[1]): ClusterState {
  const r = serve(state, request);
  if (!r.response.ok) throw new Error(r.response.status.message);
  return r.state;
}

/** A cluster whose Gadget g holds a = 1000000 while the CRD now says a string; `created` makes g. */
function changedSchema(created: (state: ClusterState) => ClusterState): ClusterState {
  let state = createCluster({ catalog: builtinCatalog(), now: '2024-03-01T09:00:00Z' });
  state = step(state, { verb: 'create', body: crd('integer'), options: { fieldManager: 'admin' } });
  state = created(state);
  const current = serve(state, { verb: 'get', target: { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name: 'gadgets.example.com' } });
  if (!current.response.ok) throw new Error(current.response.status.message);
  const changed = { ...(current.response.object as Record<string, unknown>), spec: (crd('string') as Record<string, unknown>).spec } as unknown as KubeObject;
  return step(state, { verb: 'update', body: changed, options: { fieldManager: 'admin' } });
}

describe('a live custom resource of a type its CRD no longer has', () => {
  it('server-side apply over one nobody tracks: the before-first-apply update types it as its new object', () => {
    // Stored as captured without managedFields: the first apply records what is there first.
    const state = changedSchema((s) => {
      const seeded = withExistingObject(s, gadget(1000000));
      if ('problem' in seeded) throw new Error(seeded.problem);
      return seeded.state;
    });
    const r = serve(state, { verb: 'patch', patchType: 'apply', target: { apiVersion: 'example.com/v1', kind: 'Gadget', namespace: 'default', name: 'g' }, patch: gadget('x'), options: { fieldManager: 'm' } });
    expect(r.response.ok ? 'ok' : [r.response.code, r.response.status.message]).toEqual([
      500,
      'failed to create manager for existing fields: failed to convert new object (default/g; example.com/v1, Kind=Gadget) to smd typed: .spec.a: expected string, got &value.valueUnstructured{Value:1000000}',
    ]);
  });


  it('server-side apply: the typed live object names the stored int as an int64', () => {
    let state = createCluster({ catalog: builtinCatalog(), now: '2024-03-01T09:00:00Z' });
    state = step(state, { verb: 'create', body: crd('integer'), options: { fieldManager: 'admin' } });
    state = step(state, { verb: 'patch', patchType: 'apply', target: { apiVersion: 'example.com/v1', kind: 'Gadget', namespace: 'default', name: 'g' }, patch: gadget(1000000), options: { fieldManager: 'm' } });
    const current = serve(state, { verb: 'get', target: { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name: 'gadgets.example.com' } });
    if (!current.response.ok) throw new Error(current.response.status.message);
    const changed = { ...(current.response.object as Record<string, unknown>), spec: (crd('string') as Record<string, unknown>).spec } as unknown as KubeObject;
    state = step(state, { verb: 'update', body: changed, options: { fieldManager: 'admin' } });
    const r = serve(state, { verb: 'patch', patchType: 'apply', target: { apiVersion: 'example.com/v1', kind: 'Gadget', namespace: 'default', name: 'g' }, patch: gadget('x'), options: { fieldManager: 'm' } });
    expect(r.response.ok).toBe(false);
    if (r.response.ok) return;
    expect([r.response.code, r.response.status.reason, r.response.status.message]).toEqual([
      500,
      undefined,
      'failed to create typed live object (default/g; example.com/v1, Kind=Gadget): .spec.a: expected string, got &value.valueUnstructured{Value:1000000}',
    ]);
  });
});
