/**
 * `Accept: application/yaml`: kube-apiserver's serializers are JSON, YAML and protobuf, in that
 * order, and it picks by goautoneg's order of the Accept clauses (q first, then specific before
 * wildcard, then as written). YAML is the JSON turned into yaml.v2's text (sigs.k8s.io/yaml's
 * JSONToYAML): keys sorted, two-space block style. Errors are negotiated too (a YAML Status);
 * a watch has no YAML stream serializer (406 naming the `;stream=watch` types); Tables may be
 * YAML; an Accept naming nothing the server writes gets the 406 as indented JSON (WriteRawJSON).
 */
import { describe, expect, it } from 'vitest';
import { call, JSON_HEADERS, start, TEST_NOW } from './http-client.js';

const YAML = 'application/yaml';
const CM = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', labels: { app: 'web' } }, data: { a: '1', b: 'x<y' } });

function configMapYaml(uid: string, rv: string): string {
  return `apiVersion: v1
data:
  a: "1"
  b: x<y
kind: ConfigMap
metadata:
  creationTimestamp: "${TEST_NOW}"
  labels:
    app: web
  managedFields:
  - apiVersion: v1
    fieldsType: FieldsV1
    fieldsV1:
      f:data:
        .: {}
        f:a: {}
        f:b: {}
      f:metadata:
        f:labels:
          .: {}
          f:app: {}
    manager: yaml-test
    operation: Update
    time: "${TEST_NOW}"
  name: c
  namespace: default
  resourceVersion: "${rv}"
  uid: ${uid}
`;
}

describe('YAML answers', () => {
  it('get, list and write answers are YAML when the Accept header prefers it', async () => {
    const s = await start();
    const created = await call(s, 'POST', '/api/v1/namespaces/default/configmaps?fieldManager=yaml-test', CM, { ...JSON_HEADERS, Accept: YAML });
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toBe(YAML);
    const json = (await call(s, 'GET', '/api/v1/namespaces/default/configmaps/c')).json;
    const expected = configMapYaml(json.metadata.uid, json.metadata.resourceVersion);
    expect(created.body).toBe(expected);
    for (const accept of [YAML, `${YAML}, application/json`, 'application/json;q=0.5, application/yaml', 'text/html, application/yaml']) {
      const got = await call(s, 'GET', '/api/v1/namespaces/default/configmaps/c', undefined, { Accept: accept });
      expect(got.headers.get('content-type'), accept).toBe(YAML);
      expect(got.body, accept).toBe(expected);
    }
    for (const accept of ['application/json, application/yaml', '*/*', 'application/*', 'application/yaml;q=0.9, */*']) {
      const got = await call(s, 'GET', '/api/v1/namespaces/default/configmaps/c', undefined, { Accept: accept });
      expect(got.headers.get('content-type'), accept).toBe('application/json');
    }
    const list = await call(s, 'GET', '/api/v1/namespaces/default/configmaps', undefined, { Accept: YAML });
    // A built-in List's items carry no apiVersion and kind (json-order.test.ts).
    expect(list.body.startsWith('apiVersion: v1\nitems:\n- data:\n    a: "1"\n')).toBe(true);
    expect(list.body.endsWith(`kind: ConfigMapList\nmetadata:\n  resourceVersion: "${json.metadata.resourceVersion}"\n`)).toBe(true);
  });

  it('a failure is a YAML Status for a YAML client', async () => {
    const s = await start();
    const missing = await call(s, 'GET', '/api/v1/namespaces/default/configmaps/nope', undefined, { Accept: YAML });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toBe(YAML);
    expect(missing.body).toBe(`apiVersion: v1
code: 404
details:
  kind: configmaps
  name: nope
kind: Status
message: configmaps "nope" not found
metadata: {}
reason: NotFound
status: Failure
`);
    const unknown = await call(s, 'GET', '/apis/nothing.example/v1/things', undefined, { Accept: YAML });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toBe('apiVersion: v1\ncode: 404\ndetails: {}\nkind: Status\nmessage: the server could not find the requested resource\nmetadata: {}\nreason: NotFound\nstatus: Failure\n');
  });

  it('a Table may be YAML; a watch may not (406, in YAML)', async () => {
    const s = await start();
    const table = await call(s, 'GET', '/api/v1/namespaces', undefined, { Accept: 'application/yaml;as=Table;v=v1;g=meta.k8s.io' });
    expect(table.status).toBe(200);
    expect(table.headers.get('content-type')).toBe(YAML);
    // The Name column's description is ObjectMeta's doc of name: single-quoted (it holds ': ') and
    // folded past column 80, as yaml.v2 writes it.
    expect(table.body.startsWith(`apiVersion: meta.k8s.io/v1
columnDefinitions:
- description: 'Name must be unique within a namespace. Is required when creating
    resources, although some resources may allow a client to request the generation
    of an appropriate name automatically. Name is primarily intended for creation
    idempotence and configuration definition. Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names'
  format: name
  name: Name
  priority: 0
  type: string
- description: The status of the namespace
`)).toBe(true);
    const watch = await call(s, 'GET', '/api/v1/namespaces?watch=1', undefined, { Accept: YAML });
    expect(watch.status).toBe(406);
    expect(watch.headers.get('content-type')).toBe(YAML);
    expect(watch.body).toBe(`apiVersion: v1
code: 406
kind: Status
message: 'only the following media types are accepted: application/json;stream=watch,
  application/vnd.kubernetes.protobuf;stream=watch'
metadata: {}
reason: NotAcceptable
status: Failure
`);
  });

  it('an Accept header naming nothing the server writes is the 406 as indented JSON', async () => {
    const s = await start();
    const refused = await call(s, 'GET', '/api/v1/namespaces/default', undefined, { Accept: 'text/plain' });
    expect(refused.status).toBe(406);
    expect(refused.headers.get('content-type')).toBe('application/json');
    expect(refused.body).toBe(`{
  "kind": "Status",
  "apiVersion": "v1",
  "metadata": {},
  "status": "Failure",
  "message": "only the following media types are accepted: application/json, application/yaml, application/vnd.kubernetes.protobuf",
  "reason": "NotAcceptable",
  "code": 406
}`);
  });
});
