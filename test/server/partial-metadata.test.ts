/**
 * `Accept: application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1` (and
 * `as=PartialObjectMetadataList`, and `v1beta1`): the metadata-only views controllers and
 * client-go's metadata informers use, as kube-apiserver's handlers transform answers
 * (`asPartialObjectMetadata`, `asPartialObjectMetadataList`), in JSON, YAML or protobuf, for
 * built-in kinds and custom resources alike.
 */
import { describe, expect, it } from 'vitest';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { objectFromProtobuf } from '../../src/apiserver/protobuf-envelope.js';
import { call, JSON_HEADERS, start } from './http-client.js';
import { openWidgetCrd } from './open-widget-crd.js';

const PROTOBUF = 'application/vnd.kubernetes.protobuf';
const META = (as: string, v = 'v1', type = 'application/json') => `${type};as=${as};g=meta.k8s.io;v=${v}`;
const CM = '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c","namespace":"default","labels":{"a":"1"}},"data":{"k":"v"}}';
const CRD = openWidgetCrd();

describe('PartialObjectMetadata', () => {
  it('get answers the object metadata only, list a PartialObjectMetadataList whose items carry their kind', async () => {
    const s = await start();
    const created = await call(s, 'POST', '/api/v1/namespaces/default/configmaps?fieldManager=m', CM, JSON_HEADERS);
    const meta = created.json.metadata;
    const one = await call(s, 'GET', '/api/v1/namespaces/default/configmaps/c', undefined, { Accept: META('PartialObjectMetadata') });
    expect(one.status).toBe(200);
    expect(one.headers.get('content-type')).toBe('application/json');
    expect(one.body).toBe(`{"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/v1","metadata":${JSON.stringify(meta)}}\n`);
    const list = await call(s, 'GET', '/api/v1/namespaces/default/configmaps?limit=1', undefined, { Accept: `${META('PartialObjectMetadataList')},application/json` });
    expect(list.json).toEqual({
      kind: 'PartialObjectMetadataList',
      apiVersion: 'meta.k8s.io/v1',
      metadata: { resourceVersion: expect.any(String) },
      items: [{ kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: meta }],
    });
    expect(Object.keys(list.json)).toEqual(['kind', 'apiVersion', 'metadata', 'items']);
    // v1beta1 still answers, in its own version.
    const beta = await call(s, 'GET', '/api/v1/namespaces/default/configmaps', undefined, { Accept: META('PartialObjectMetadataList', 'v1beta1') });
    expect(beta.json).toMatchObject({ kind: 'PartialObjectMetadataList', apiVersion: 'meta.k8s.io/v1beta1', items: [{ kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1beta1', metadata: meta }] });
    // A write answers the written object's metadata too.
    const updated = await call(s, 'PATCH', '/api/v1/namespaces/default/configmaps/c', '{"data":{"k":"w"}}', { 'Content-Type': 'application/merge-patch+json', Accept: META('PartialObjectMetadata') });
    expect(updated.json).toMatchObject({ kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: { name: 'c' } });
    expect(updated.json.data).toBeUndefined();
  });

  it('a list asked for as one object, or an object as a list, is a 406 naming the Go type (after the write)', async () => {
    const s = await start();
    const refused = await call(s, 'POST', '/api/v1/namespaces/default/configmaps', CM, { ...JSON_HEADERS, Accept: META('PartialObjectMetadataList') });
    expect(refused.status).toBe(406);
    expect(refused.json).toMatchObject({ kind: 'Status', status: 'Failure', reason: 'NotAcceptable', code: 406, message: 'you requested PartialObjectMetadataList, but the requested object is not a list (*core.ConfigMap)' });
    // The create was done: kube-apiserver transforms the answer after the write.
    expect((await call(s, 'GET', '/api/v1/namespaces/default/configmaps/c')).status).toBe(200);
    const list = await call(s, 'GET', '/apis/apps/v1/namespaces/default/deployments', undefined, { Accept: META('PartialObjectMetadata') });
    expect(list.json).toMatchObject({ code: 406, message: 'you requested PartialObjectMetadata, but the requested object is a list (*apps.DeploymentList)' });
    const events = await call(s, 'GET', '/apis/events.k8s.io/v1/events', undefined, { Accept: META('PartialObjectMetadata') });
    expect(events.json.message).toBe('you requested PartialObjectMetadata, but the requested object is a list (*core.EventList)');
    // Another group or version is not a conversion the server has: the clause is passed over.
    expect((await call(s, 'GET', '/api/v1/namespaces/default/configmaps/c', undefined, { Accept: META('PartialObjectMetadata', 'v2') })).json).toMatchObject({
      code: 406,
      message: 'only the following media types are accepted: application/json, application/yaml, application/vnd.kubernetes.protobuf',
    });
  });

  it('custom resources too, in protobuf as well (client-go metadata informers ask for it first)', async () => {
    const s = await start();
    expect((await call(s, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', JSON.stringify(CRD), JSON_HEADERS)).status).toBe(201);
    const w = await call(s, 'POST', '/apis/example.com/v1/namespaces/default/widgets?fieldManager=m', '{"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"w"},"spec":{"x":1}}', JSON_HEADERS);
    expect(w.status).toBe(201);
    const accept = `${META('PartialObjectMetadataList', 'v1', PROTOBUF)},${META('PartialObjectMetadataList')},application/json`;
    const r = await fetch(`${s.url}/apis/example.com/v1/namespaces/default/widgets`, { headers: { Accept: accept }, signal: AbortSignal.timeout(10_000) });
    expect(r.headers.get('content-type')).toBe(PROTOBUF);
    const list = objectFromProtobuf(builtinCatalog(), new Uint8Array(await r.arrayBuffer())) as any;
    expect(list.kind).toBe('PartialObjectMetadataList');
    expect(list.apiVersion).toBe('meta.k8s.io/v1');
    expect(JSON.parse(JSON.stringify(list.items[0].metadata))).toEqual(w.json.metadata);
    // In JSON the metadata is ObjectMeta (a Go struct), not the sorted keys of the custom resource.
    const one = await call(s, 'GET', '/apis/example.com/v1/namespaces/default/widgets/w', undefined, { Accept: META('PartialObjectMetadata') });
    expect(Object.keys(one.json)).toEqual(['kind', 'apiVersion', 'metadata']);
    expect(Object.keys(one.json.metadata)).toEqual(['name', 'namespace', 'uid', 'resourceVersion', 'generation', 'creationTimestamp', 'managedFields']);
  });

  it('watches send each object as PartialObjectMetadata', async () => {
    const s = await start();
    await call(s, 'POST', '/api/v1/namespaces/default/configmaps?fieldManager=m', CM, JSON_HEADERS);
    const watch = await fetch(`${s.url}/api/v1/namespaces/default/configmaps?watch=1&timeoutSeconds=1`, { headers: { Accept: META('PartialObjectMetadata') }, signal: AbortSignal.timeout(10_000) });
    const event = JSON.parse((await watch.text()).split('\n')[0]);
    expect(event.type).toBe('ADDED');
    expect(Object.keys(event.object)).toEqual(['kind', 'apiVersion', 'metadata']);
    expect(event.object).toMatchObject({ kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: { name: 'c', labels: { a: '1' } } });
  });
});
