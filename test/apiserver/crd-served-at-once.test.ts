/**
 * The API server serves a CustomResourceDefinition's kinds as soon as the CRD is stored, and
 * stops when it is deleted, as kube-apiserver does (apiextensions-apiserver watches CRDs): the
 * pure `serve(state, request)` sees it the same way the HTTP server does, and so do scenarios.
 */
import { describe, expect, it } from 'vitest';
import { createCluster, serve, withExistingObject } from '../../src/apiserver/server.js';
import type { ApiRequest, ClusterState, KubeObject } from '../../src/apiserver/types.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { modeRunner, parseScenario, runScenario } from '../../src/scenarios/index.js';
import { widgetCrdObject } from '../support/widget-crd.js';

const CRD = widgetCrdObject({
  type: 'object',
  properties: {
    spec: { type: 'object', properties: { ports: { type: 'array', 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['name'], items: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, port: { type: 'integer' } } } } } },
  },
}) as unknown as KubeObject;

const widget = (port: number) => ({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w', namespace: 'default' }, spec: { ports: [{ name: 'http', port }] } }) as unknown as KubeObject;

function run(state: ClusterState, request: ApiRequest): ClusterState {
  const r = serve(state, request);
  if (!r.response.ok) throw new Error(r.response.status.message);
  return r.state;
}

describe('a CRD written through serve(state, request)', () => {
  it('serves its kind at once, with the merge semantics of its schema', () => {
    let s = createCluster({ catalog: builtinCatalog() });
    s = run(s, { verb: 'create', body: CRD, options: { fieldManager: 'admin' } });
    s = run(s, { verb: 'apply', body: widget(80), options: { fieldManager: 'alice' } });
    const conflict = serve(s, { verb: 'apply', body: widget(8080), options: { fieldManager: 'bob' } });
    expect(conflict.response.ok ? undefined : conflict.response.status.message).toBe('Apply failed with 1 conflict: conflict with "alice": .spec.ports[name="http"].port');
  });

  it('stops serving its kind when the CRD is deleted, and its objects go with it (the CRD finalizer)', () => {
    let s = createCluster({ catalog: builtinCatalog() });
    s = run(s, { verb: 'create', body: CRD });
    s = run(s, { verb: 'create', body: widget(80) });
    s = run(s, { verb: 'delete', target: { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name: 'widgets.example.com' } });
    const get = serve(s, { verb: 'get', target: { apiVersion: 'example.com/v1', kind: 'Widget', namespace: 'default', name: 'w' } });
    expect(get.response.ok ? undefined : get.response.status.code).toBe(404);
    expect(s.objects.size).toBe(0);
  });

  it('is not served after a dry run', () => {
    const s = run(createCluster({ catalog: builtinCatalog() }), { verb: 'create', body: CRD, options: { dryRun: true } });
    const r = serve(s, { verb: 'create', body: widget(80) });
    expect(r.response.ok ? undefined : r.response.status.code).toBe(404);
  });

  it('stored as a captured object (withExistingObject) serves its kind too', () => {
    const seeded = withExistingObject(createCluster({ catalog: builtinCatalog() }), CRD);
    if ('problem' in seeded) throw new Error(seeded.problem);
    expect('state' in withExistingObject(seeded.state, widget(80))).toBe(true);
  });
});

describe('a CRD created by a scenario step', () => {
  it('serves its kind to the next step, so a recorded session that creates a CRD and then a custom resource replays', () => {
    const text = [
      'name: crd then widget',
      'steps:',
      `  - request: {verb: create, body: ${JSON.stringify(CRD)}, options: {fieldManager: admin}}`,
      `  - request: {verb: apply, body: ${JSON.stringify(widget(80))}, options: {fieldManager: alice}}`,
      '    expect:',
      '      target: {apiVersion: example.com/v1, kind: Widget, namespace: default, name: w}',
      '      owners:',
      '        .spec.ports[name="http"].port: [alice]',
      '',
    ].join('\n');
    const scenario = parseScenario(text, 'x.yaml');
    const run = runScenario(scenario, modeRunner(scenario, { readFile: () => '' }));
    expect(run.steps.map((s) => s.expectations.map((e) => [e.passed, e.description, e.detail]))).toEqual([[], [[true, expect.any(String), undefined]]]);
    expect(run.passed).toBe(true);
  });
});
