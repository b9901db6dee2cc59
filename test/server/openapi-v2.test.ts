/**
 * `/openapi/v2`: one Swagger 2.0 document with every served path and every reachable definition,
 * as kube-apiserver serves it. Read back with our own OpenAPI reader, it must merge every served
 * kind exactly as the catalog it was generated from.
 */
import { describe, expect, it } from 'vitest';
import { openApiToSchema } from '../../src/schema/openapi/openapi-to-schema.js';
import { Schema } from '../../src/schema/schema.js';
import { deducedSchemaDecl } from '../../src/schema/deduced.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { BUILTIN_KINDS } from '../../src/schema/builtin/kinds.js';
import { semanticDifferences } from '../schema/support/merge-semantics.js';
import { call, JSON_HEADERS, start } from './http-client.js';
import { openWidgetCrd } from './open-widget-crd.js';

describe('/openapi/v2', () => {
  it('is a Swagger 2.0 document with the REST paths of every served group/version', async () => {
    const s = await start();
    const r = await call(s, 'GET', '/openapi/v2', undefined, { Accept: 'application/json' });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json');
    const doc = r.json;
    expect(doc.swagger).toBe('2.0');
    expect(doc.info).toEqual({ title: 'Kubernetes', version: 'v1.32.0+ssa-sim' });
    const ds = doc.paths['/apis/apps/v1/namespaces/{namespace}/daemonsets/{name}'];
    expect(ds.patch).toMatchObject({
      operationId: 'patchAppsV1NamespacedDaemonSet',
      consumes: ['application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json', 'application/apply-patch+yaml'],
      responses: { '200': { description: 'OK', schema: { $ref: '#/definitions/io.k8s.api.apps.v1.DaemonSet' } } },
      tags: ['apps_v1'],
      'x-kubernetes-action': 'patch',
      'x-kubernetes-group-version-kind': { group: 'apps', kind: 'DaemonSet', version: 'v1' },
    });
    // Query parameters are typed in place (v2 has no `schema` on non-body parameters).
    expect(ds.patch.parameters).toContainEqual({ name: 'fieldValidation', in: 'query', type: 'string', uniqueItems: true });
    expect(ds.patch.parameters).toContainEqual({ name: 'force', in: 'query', type: 'boolean', uniqueItems: true });
    expect(ds.put.parameters).toContainEqual({ name: 'body', in: 'body', required: true, schema: { $ref: '#/definitions/io.k8s.api.apps.v1.DaemonSet' } });
    expect(ds.parameters).toContainEqual({ name: 'namespace', in: 'path', required: true, type: 'string', uniqueItems: true });
    expect(doc.paths['/apis/apps/v1/namespaces/{namespace}/daemonsets'].get.operationId).toBe('listAppsV1NamespacedDaemonSet');
    expect(doc.paths['/apis/apps/v1/daemonsets'].get.operationId).toBe('listAppsV1DaemonSetForAllNamespaces');
    expect(doc.paths['/apis/apps/v1/namespaces/{namespace}/daemonsets/{name}/status'].get.operationId).toBe('readAppsV1NamespacedDaemonSetStatus');
    expect(doc.paths['/api/v1/namespaces/{name}'].put.operationId).toBe('replaceCoreV1Namespace');
    expect(doc.paths['/apis/rbac.authorization.k8s.io/v1/clusterroles'].delete.operationId).toBe('deleteRbacAuthorizationV1CollectionClusterRole');
    expect(doc.paths['/apis/apps/v1/namespaces/{namespace}/deployments/{name}/scale'].get['x-kubernetes-group-version-kind']).toEqual({ group: 'autoscaling', kind: 'Scale', version: 'v1' });
  });

  it("a custom resource's operations take no strategic merge patch, and JSON or YAML bodies (apiextensions-apiserver's CRD builder)", async () => {
    const s = await start();
    expect((await call(s, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', JSON.stringify(openWidgetCrd()), JSON_HEADERS)).status).toBe(201);
    const widget = (await call(s, 'GET', '/openapi/v2')).json.paths['/apis/example.com/v1/namespaces/{namespace}/widgets/{name}'];
    expect(widget.patch.consumes).toEqual(['application/json-patch+json', 'application/merge-patch+json', 'application/apply-patch+yaml']);
    expect(widget.put.consumes).toEqual(['application/json', 'application/yaml']);
  });

  it('has the definitions with kinds, list types, map keys and patch strategies, referenced directly', async () => {
    const s = await start();
    const defs = (await call(s, 'GET', '/openapi/v2')).json.definitions;
    expect(defs['io.k8s.api.apps.v1.Deployment']['x-kubernetes-group-version-kind']).toEqual([{ group: 'apps', kind: 'Deployment', version: 'v1' }]);
    expect(defs['io.k8s.api.core.v1.PodSpec'].properties.containers).toEqual({
      type: 'array',
      items: { $ref: '#/definitions/io.k8s.api.core.v1.Container' },
      'x-kubernetes-list-type': 'map',
      'x-kubernetes-list-map-keys': ['name'],
      'x-kubernetes-patch-strategy': 'merge',
      'x-kubernetes-patch-merge-key': 'name',
    });
    expect(defs['io.k8s.api.apps.v1.DaemonSet'].properties.spec).toEqual({ $ref: '#/definitions/io.k8s.api.apps.v1.DaemonSetSpec', default: {} });
    expect(defs['io.k8s.apimachinery.pkg.util.intstr.IntOrString']).toEqual({ type: 'string', format: 'int-or-string' });
    expect(defs['io.k8s.apimachinery.pkg.apis.meta.v1.Time']).toEqual({ type: 'string', format: 'date-time' });
    expect(JSON.stringify(defs)).not.toContain('#/components/schemas/');
  });

  it('reads back, with our OpenAPI v2 reader, to the catalog it came from: every served kind merges the same', async () => {
    const s = await start();
    const doc = (await call(s, 'GET', '/openapi/v2')).json;
    const read = openApiToSchema(doc, { file: 'openapi-v2' });
    expect(read.openApiVersion).toBe(2);
    const readBack = new Schema({ types: [...read.types, ...deducedSchemaDecl().types] });
    const catalog = builtinCatalog();
    let compared = 0;
    for (const k of BUILTIN_KINDS) {
      const served = read.kinds.some((x) => x.kind === k.kind && x.apiVersion === k.apiVersion);
      expect(served, `${k.apiVersion} ${k.kind}`).toBe(true);
      // The values of a free-form map kept whole (RawExtension's `parameters`) are "anything" in
      // the document, which reads back as deduced rather than atomic: the map around them is
      // atomic on both sides, so nothing inside it merges on its own and the two merge the same.
      const diffs = semanticDifferences(catalog.schema, k.typeName, readBack, k.typeName).filter((d) => !(d.message === 'map atomic vs granular' && d.segments.at(-1) === '.*'));
      expect(diffs, k.typeName).toEqual([]);
      compared++;
    }
    expect(compared).toBe(BUILTIN_KINDS.length);
  });

  it('and the v3 documents read back the same way', async () => {
    const s = await start();
    const index = (await call(s, 'GET', '/openapi/v3')).json;
    const schemas: Record<string, unknown> = {};
    for (const { serverRelativeURL } of Object.values(index.paths) as { serverRelativeURL: string }[]) {
      Object.assign(schemas, (await call(s, 'GET', serverRelativeURL)).json.components.schemas);
    }
    const read = openApiToSchema({ openapi: '3.0.0', components: { schemas } } as never, { file: 'openapi-v3' });
    const readBack = new Schema({ types: [...read.types, ...deducedSchemaDecl().types] });
    const catalog = builtinCatalog();
    for (const k of BUILTIN_KINDS) {
      const diffs = semanticDifferences(catalog.schema, k.typeName, readBack, k.typeName).filter((d) => !(d.message === 'map atomic vs granular' && d.segments.at(-1) === '.*'));
      expect(diffs, k.typeName).toEqual([]);
    }
  });

  it('serves CRDs created at run time from the next request on', async () => {
    const s = await start();
    const crd = {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'widgets.example.com' },
      spec: {
        group: 'example.com',
        names: { kind: 'Widget', plural: 'widgets', singular: 'widget', listKind: 'WidgetList' },
        scope: 'Namespaced',
        versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { size: { type: 'string' } } } } } } }],
      },
    };
    expect((await call(s, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', JSON.stringify(crd), JSON_HEADERS)).status).toBe(201);
    const doc = (await call(s, 'GET', '/openapi/v2')).json;
    expect(doc.paths['/apis/example.com/v1/namespaces/{namespace}/widgets/{name}'].get.operationId).toBe('readExampleComV1NamespacedWidget');
    const widget = Object.values(doc.definitions).find((d: any) => d['x-kubernetes-group-version-kind']?.[0]?.kind === 'Widget') as any;
    expect(widget.properties.spec).toBeDefined();
  });

  // apiextensions-apiserver's builder.go buildKubeNative: for v2, a root that preserves unknown
  // fields is a bare object (no apiVersion, kind, metadata), or kubectl's v2 validation would
  // refuse every other field; v3 keeps the schema with them.
  it("publishes a CRD whose root preserves unknown fields as a bare object in v2, in full in v3", async () => {
    const s = await start();
    const crd = {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'foos.company.com' },
      spec: {
        group: 'company.com',
        names: { kind: 'Foo', plural: 'foos' },
        scope: 'Namespaced',
        versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
      },
    };
    expect((await call(s, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', JSON.stringify(crd), JSON_HEADERS)).status).toBe(201);
    const v2 = (await call(s, 'GET', '/openapi/v2')).json.definitions['com.company.v1.Foo'];
    expect(v2).toEqual({ type: 'object', 'x-kubernetes-group-version-kind': [{ group: 'company.com', kind: 'Foo', version: 'v1' }] });
    const v3 = (await call(s, 'GET', '/openapi/v3/apis/company.com/v1')).json.components.schemas['com.company.v1.Foo'];
    expect(v3['x-kubernetes-preserve-unknown-fields']).toBe(true);
    expect(Object.keys(v3.properties)).toEqual(['apiVersion', 'kind', 'metadata']);
  });

  it('answers only GET', async () => {
    const s = await start();
    expect((await call(s, 'POST', '/openapi/v2', '{}')).json).toMatchObject({ code: 405 });
  });
});
