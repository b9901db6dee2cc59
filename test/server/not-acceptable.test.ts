/**
 * An Accept header that names no media type the endpoint writes is kube-apiserver's 406
 * (`negotiation.NewNotAcceptableError`): custom resources are written as JSON and YAML only, so a
 * client that accepts only protobuf gets `only the following media types are accepted:
 * application/json, application/yaml`, before anything is written; built-in kinds add protobuf.
 */
import { describe, expect, it } from 'vitest';
import { call, JSON_HEADERS, start } from './http-client.js';

const PROTOBUF = 'application/vnd.kubernetes.protobuf';
const CRD = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.example.com' },
  spec: { group: 'example.com', names: { kind: 'Widget', plural: 'widgets' }, scope: 'Namespaced', versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }] },
};
const WIDGET = JSON.stringify({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' } });

describe('Accept negotiation', () => {
  it('a custom resource asked for in protobuf only is a 406, and nothing is written', async () => {
    const s = await start();
    await call(s, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', JSON.stringify(CRD), JSON_HEADERS);
    const refused = await call(s, 'POST', '/apis/example.com/v1/namespaces/default/widgets', WIDGET, { 'Content-Type': 'application/json', Accept: PROTOBUF });
    expect(refused.status).toBe(406);
    expect(refused.json).toMatchObject({ kind: 'Status', status: 'Failure', code: 406, reason: 'NotAcceptable', message: 'only the following media types are accepted: application/json, application/yaml' });
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
