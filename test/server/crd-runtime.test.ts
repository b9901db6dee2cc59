/** CRDs created through the API are served at once: discovery, OpenAPI, REST, apply with conflicts. */
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../src/apiserver/types.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { newClusterState, withObjects } from '../../src/server/initial-state.js';
import { call, JSON_HEADERS, start } from './http-client.js';

const CRD = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.example.com' },
  spec: {
    group: 'example.com',
    names: { kind: 'Widget', plural: 'widgets', singular: 'widget', shortNames: ['wd'], listKind: 'WidgetList' },
    scope: 'Namespaced',
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        subresources: { status: {} },
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              spec: { type: 'object', properties: { size: { type: 'integer' }, ports: { type: 'array', 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['name'], items: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, port: { type: 'integer' } } } } } },
              status: { type: 'object', properties: { ready: { type: 'boolean' } } },
            },
          },
        },
      },
    ],
  },
};

const widget = (size: number, port: number) => JSON.stringify({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' }, spec: { size, ports: [{ name: 'http', port }] } });

describe('CRDs created at run time', () => {
  it('are served at once: discovery, OpenAPI, create, apply with a conflict on a list-map item', async () => {
    const s = await start();
    expect((await call(s, 'GET', '/apis/example.com/v1')).status).toBe(404);
    expect((await call(s, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', JSON.stringify(CRD), JSON_HEADERS)).status).toBe(201);
    const discovery = (await call(s, 'GET', '/apis/example.com/v1')).json;
    expect(discovery.resources).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'widgets', singularName: 'widget', namespaced: true, kind: 'Widget', shortNames: ['wd'] }),
        expect.objectContaining({ name: 'widgets/status', kind: 'Widget' }),
      ]),
    );
    expect((await call(s, 'GET', '/openapi/v3')).json.paths['apis/example.com/v1']).toBeDefined();
    const created = await call(s, 'PATCH', '/apis/example.com/v1/namespaces/default/widgets/w?fieldManager=alice', widget(1, 80), { 'Content-Type': 'application/apply-patch+yaml' });
    expect(created.status).toBe(201);
    const conflict = await call(s, 'PATCH', '/apis/example.com/v1/namespaces/default/widgets/w?fieldManager=bob', widget(1, 8080), { 'Content-Type': 'application/apply-patch+yaml' });
    expect(conflict.json).toMatchObject({ code: 409, message: 'Apply failed with 1 conflict: conflict with "alice": .spec.ports[name="http"].port' });
    const smp = await call(s, 'PATCH', '/apis/example.com/v1/namespaces/default/widgets/w', '{"spec":{"size":2}}', { 'Content-Type': 'application/strategic-merge-patch+json' });
    expect(smp.json).toMatchObject({ code: 415, reason: 'UnsupportedMediaType' });
  });

  it('stop being served when the CRD is deleted', async () => {
    const s = await start();
    await call(s, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', JSON.stringify(CRD), JSON_HEADERS);
    expect((await call(s, 'GET', '/apis/example.com/v1/widgets')).status).toBe(200);
    await call(s, 'DELETE', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions/widgets.example.com');
    expect((await call(s, 'GET', '/apis/example.com/v1/widgets')).status).toBe(404);
  });

  it('stop being served when deleted, also when the server started with them stored (serve --objects)', async () => {
    const catalog = builtinCatalog();
    const seeded = withObjects(newClusterState(catalog, '2030-01-01T00:00:00Z'), [CRD as unknown as KubeObject]);
    if (!('state' in seeded)) throw new Error(seeded.problem);
    const s = await start({ state: seeded.state });
    expect((await call(s, 'GET', '/apis/example.com/v1/widgets')).status).toBe(200);
    await call(s, 'DELETE', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions/widgets.example.com');
    expect((await call(s, 'GET', '/apis/example.com/v1/widgets')).status).toBe(404);
  });
});
