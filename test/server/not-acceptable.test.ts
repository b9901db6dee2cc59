/**
 * An Accept header that names no media type the endpoint writes is kube-apiserver's 406
 * (`negotiation.NewNotAcceptableError`), before anything is written. Custom resources are written
 * as JSON and YAML only (the request scope's StandardSerializers), but the 406 names every type
 * of their serializer, protobuf included (apiextensions-apiserver's crdHandler lists it for
 * Tables and metadata), so its text is the same as for built-in kinds.
 */
import { describe, expect, it } from 'vitest';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { objectFromProtobuf } from '../../src/apiserver/protobuf-envelope.js';
import { call, JSON_HEADERS, start } from './http-client.js';
import { openWidgetCrd } from './open-widget-crd.js';

const PROTOBUF = 'application/vnd.kubernetes.protobuf';
const CRD = openWidgetCrd();
const WIDGET = JSON.stringify({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' } });

describe('Accept negotiation', () => {
  it('a custom resource asked for in protobuf only is a 406, and nothing is written', async () => {
    const s = await start();
    await call(s, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', JSON.stringify(CRD), JSON_HEADERS);
    const refused = await fetch(s.url + '/apis/example.com/v1/namespaces/default/widgets', { method: 'POST', body: WIDGET, headers: { 'Content-Type': 'application/json', Accept: PROTOBUF } });
    expect(refused.status).toBe(406);
    // The failure itself is negotiated with no restriction on types (ErrorNegotiated): protobuf.
    expect(refused.headers.get('content-type')).toBe(PROTOBUF);
    expect(objectFromProtobuf(builtinCatalog(), new Uint8Array(await refused.arrayBuffer()))).toMatchObject({ kind: 'Status', status: 'Failure', code: 406, reason: 'NotAcceptable', message: 'only the following media types are accepted: application/json, application/yaml, application/vnd.kubernetes.protobuf' });
    expect((await call(s, 'GET', '/apis/example.com/v1/namespaces/default/widgets/w')).status).toBe(404);
    // With JSON as a second choice (what client-go sends), JSON it is.
    const created = await call(s, 'POST', '/apis/example.com/v1/namespaces/default/widgets', WIDGET, { 'Content-Type': 'application/json', Accept: `${PROTOBUF}, application/json` });
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toBe('application/json');
    expect((await call(s, 'GET', '/apis/example.com/v1/namespaces/default/widgets/w', undefined, { Accept: PROTOBUF })).status).toBe(406);
  });

  it('a built-in kind takes protobuf; a type no endpoint writes is a 406 naming the three', async () => {
    const s = await start();
    expect((await call(s, 'GET', '/api/v1/namespaces/default', undefined, { Accept: PROTOBUF })).status).toBe(200);
    const refused = await call(s, 'GET', '/api/v1/namespaces/default', undefined, { Accept: 'text/plain' });
    expect(refused.json).toMatchObject({ code: 406, reason: 'NotAcceptable', message: 'only the following media types are accepted: application/json, application/yaml, application/vnd.kubernetes.protobuf' });
    for (const accept of ['*/*', 'application/*', 'text/html, */*;q=0.8', 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json', '']) {
      expect((await call(s, 'GET', '/api/v1/namespaces/default', undefined, accept ? { Accept: accept } : {})).status, accept).toBe(200);
    }
  });
});
