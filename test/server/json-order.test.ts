/**
 * The key order of JSON answers, as kube-apiserver writes them: built-in kinds in their Go
 * structs' field order (TypeMeta's kind before apiVersion, then metadata in ObjectMeta's order, maps
 * sorted), custom resources (unstructured maps) with every key sorted. The stored objects keep
 * the order they came in.
 */
import { describe, expect, it } from 'vitest';
import { call, JSON_HEADERS, start } from './http-client.js';
import { openWidgetCrd } from './open-widget-crd.js';

const APPLY = { 'Content-Type': 'application/apply-patch+yaml' };

/** Every object's keys, depth first: what the order of a JSON text is made of. */
function keyOrders(v: unknown, path = '', out: Record<string, string[]> = {}): Record<string, string[]> {
  if (Array.isArray(v)) v.forEach((x, i) => keyOrders(x, `${path}[${i}]`, out));
  else if (v !== null && typeof v === 'object') {
    out[path || '.'] = Object.keys(v);
    for (const [k, x] of Object.entries(v)) keyOrders(x, `${path}.${k}`, out);
  }
  return out;
}

describe('JSON key order of answers', () => {
  it('writes a built-in object in its Go struct order, byte for byte, whatever order it came in', async () => {
    const s = await start();
    const body = '{"data":{"b":"2","a":"1"},"metadata":{"labels":{"z":"1","a":"2"},"namespace":"default","name":"c"},"apiVersion":"v1","kind":"ConfigMap"}';
    const created = await call(s, 'POST', '/api/v1/namespaces/default/configmaps?fieldManager=m', body, JSON_HEADERS);
    expect(created.status).toBe(201);
    const { uid, resourceVersion } = created.json.metadata;
    const expected =
      `{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"c","namespace":"default","uid":"${uid}","resourceVersion":"${resourceVersion}",` +
      `"creationTimestamp":"2024-05-01T10:00:00Z","labels":{"a":"2","z":"1"},"managedFields":[{"manager":"m","operation":"Update","apiVersion":"v1",` +
      `"time":"2024-05-01T10:00:00Z","fieldsType":"FieldsV1","fieldsV1":{"f:data":{".":{},"f:a":{},"f:b":{}},"f:metadata":{"f:labels":{".":{},"f:a":{},"f:z":{}}}}}]},` +
      `"data":{"a":"1","b":"2"}}\n`;
    expect(created.body).toBe(expected);
    expect((await call(s, 'GET', '/api/v1/namespaces/default/configmaps/c')).body).toBe(expected);
    // The store keeps the order the object came in.
    const stored = [...s.state().objects.values()].find((o: any) => o.metadata.name === 'c') as any;
    expect(Object.keys(stored).slice(0, 2)).toEqual(['data', 'metadata']);
    expect(Object.keys(stored.data)).toEqual(['b', 'a']);
  });

  it('orders nested structs (PodSpec, Container), inlined structs and Lists as Go declares them', async () => {
    const s = await start();
    const deployment = `{"spec":{"template":{"spec":{"containers":[{"ports":[{"protocol":"TCP","containerPort":80}],"image":"nginx","name":"web"}],
      "volumes":[{"configMap":{"name":"c"},"name":"v"}],"restartPolicy":"Always"},"metadata":{"labels":{"app":"web"}}},"selector":{"matchLabels":{"app":"web"}},"replicas":2},
      "metadata":{"name":"web","namespace":"default"},"kind":"Deployment","apiVersion":"apps/v1"}`;
    const applied = await call(s, 'PATCH', '/apis/apps/v1/namespaces/default/deployments/web?fieldManager=m', deployment, APPLY);
    expect(applied.status).toBe(201);
    const orders = keyOrders(applied.json);
    expect(orders['.']).toEqual(['kind', 'apiVersion', 'metadata', 'spec', 'status']);
    expect(orders['.spec'].slice(0, 3)).toEqual(['replicas', 'selector', 'template']);
    expect(orders['.spec.template']).toEqual(['metadata', 'spec']);
    const podSpec = orders['.spec.template.spec'];
    expect(podSpec.indexOf('volumes')).toBe(0);
    expect(podSpec.indexOf('containers')).toBeLessThan(podSpec.indexOf('restartPolicy'));
    expect(orders['.spec.template.spec.containers[0]'].slice(0, 3)).toEqual(['name', 'image', 'ports']);
    expect(orders['.spec.template.spec.containers[0].ports[0]']).toEqual(['containerPort', 'protocol']);
    // Volume inlines VolumeSource: name, then the source's fields.
    expect(orders['.spec.template.spec.volumes[0]'][0]).toBe('name');
    const list = await call(s, 'GET', '/apis/apps/v1/namespaces/default/deployments');
    expect(Object.keys(list.json)).toEqual(['kind', 'apiVersion', 'metadata', 'items']);
    expect(Object.keys(list.json.items[0].spec).slice(0, 3)).toEqual(['replicas', 'selector', 'template']);
    // Failures are Status in its own order.
    const missing = await call(s, 'GET', '/apis/apps/v1/namespaces/default/deployments/nope');
    expect(Object.keys(missing.json)).toEqual(['kind', 'apiVersion', 'metadata', 'status', 'message', 'reason', 'details', 'code']);
  });

  it("writes a CRD's schemas in JSONSchemaProps' order, its maps sorted, its JSON values as they came", async () => {
    const s = await start();
    const crd = `{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"name":"widgets.example.com"},
      "spec":{"versions":[{"schema":{"openAPIV3Schema":{"properties":{"spec":{"x-kubernetes-preserve-unknown-fields":true,"default":{"z":1,"a":2},"type":"object"},"alpha":{"type":"string"}},"type":"object"}},"storage":true,"served":true,"name":"v1"}],
      "scope":"Namespaced","names":{"plural":"widgets","kind":"Widget"},"group":"example.com"}}`;
    const created = await call(s, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', crd, JSON_HEADERS);
    expect(created.status).toBe(201);
    const orders = keyOrders(created.json);
    // With what decoding defaults (names' singular and listKind, conversion) in their declared places.
    expect(orders['.spec']).toEqual(['group', 'names', 'scope', 'versions', 'conversion']);
    expect(orders['.spec.names']).toEqual(['plural', 'singular', 'kind', 'listKind']);
    // The status the strategy leaves on create: conditions and acceptedNames at Go's zero, storedVersions set.
    expect(created.json.status).toEqual({ conditions: null, acceptedNames: { plural: '', kind: '' }, storedVersions: ['v1'] });
    expect(orders['.spec.versions[0]']).toEqual(['name', 'served', 'storage', 'schema']);
    expect(orders['.spec.versions[0].schema.openAPIV3Schema']).toEqual(['type', 'properties']);
    expect(orders['.spec.versions[0].schema.openAPIV3Schema.properties']).toEqual(['alpha', 'spec']);
    expect(orders['.spec.versions[0].schema.openAPIV3Schema.properties.spec']).toEqual(['type', 'default', 'x-kubernetes-preserve-unknown-fields']);
    // JSON (default, example, enum) is raw bytes in Go: written as it came.
    expect(orders['.spec.versions[0].schema.openAPIV3Schema.properties.spec.default']).toEqual(['z', 'a']);
  });

  it('writes custom resources, their Lists and watch events with every key sorted, managedFields too', async () => {
    const s = await start();
    expect((await call(s, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', JSON.stringify(openWidgetCrd()), JSON_HEADERS)).status).toBe(201);
    const widget = '{"spec":{"zeta":1,"alpha":{"y":1,"b":[{"z":1,"a":2}]}},"metadata":{"namespace":"default","name":"w","labels":{"b":"1","a":"2"}},"kind":"Widget","apiVersion":"example.com/v1"}';
    const created = await call(s, 'POST', '/apis/example.com/v1/namespaces/default/widgets?fieldManager=m', widget, JSON_HEADERS);
    expect(created.status).toBe(201);
    const { uid, resourceVersion } = created.json.metadata;
    const expected =
      `{"apiVersion":"example.com/v1","kind":"Widget","metadata":{"creationTimestamp":"2024-05-01T10:00:00Z","generation":1,"labels":{"a":"2","b":"1"},` +
      `"managedFields":[{"apiVersion":"example.com/v1","fieldsType":"FieldsV1","fieldsV1":{"f:metadata":{"f:labels":{".":{},"f:a":{},"f:b":{}}},"f:spec":{".":{},"f:alpha":{".":{},"f:b":{},"f:y":{}},"f:zeta":{}}},` +
      `"manager":"m","operation":"Update","time":"2024-05-01T10:00:00Z"}],"name":"w","namespace":"default","resourceVersion":"${resourceVersion}","uid":"${uid}"},` +
      `"spec":{"alpha":{"b":[{"a":2,"z":1}],"y":1},"zeta":1}}\n`;
    expect(created.body).toBe(expected);
    expect((await call(s, 'GET', '/apis/example.com/v1/namespaces/default/widgets/w')).body).toBe(expected);
    const list = await call(s, 'GET', '/apis/example.com/v1/namespaces/default/widgets');
    expect(Object.keys(list.json)).toEqual(['apiVersion', 'items', 'kind', 'metadata']);
    expect(JSON.stringify(list.json.items[0]) + '\n').toBe(expected);
    const watch = await fetch(`${s.url}/apis/example.com/v1/namespaces/default/widgets?watch=1&timeoutSeconds=1`, { signal: AbortSignal.timeout(10_000) });
    const line = (await watch.text()).split('\n')[0];
    expect(line).toBe(`{"type":"ADDED","object":${expected.trimEnd()}}`);
  });

  it('orders watch events of built-in kinds as their objects', async () => {
    const s = await start();
    const body = '{"data":{"b":"2","a":"1"},"metadata":{"namespace":"default","name":"c"},"apiVersion":"v1","kind":"ConfigMap"}';
    const created = await call(s, 'POST', '/api/v1/namespaces/default/configmaps?fieldManager=m', body, JSON_HEADERS);
    const watch = await fetch(`${s.url}/api/v1/namespaces/default/configmaps?watch=1&timeoutSeconds=1`, { signal: AbortSignal.timeout(10_000) });
    const line = (await watch.text()).split('\n')[0];
    expect(line.startsWith('{"type":"ADDED","object":{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"c","namespace":"default",')).toBe(true);
    expect(line).toBe(`{"type":"ADDED","object":${created.body.trimEnd()}}`);
  });
  it("writes a built-in List's items without kind and apiVersion, as kube-apiserver does (its typed items' TypeMeta is empty)", async () => {
    const s = await start();
    await call(s, 'POST', '/api/v1/namespaces/default/configmaps', '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"}}', JSON_HEADERS);
    const list = await call(s, 'GET', '/api/v1/namespaces/default/configmaps');
    expect(Object.keys(list.json.items[0])).toEqual(['metadata']);
    // Custom resources' items are unstructured maps: they keep theirs. Table rows' objects are converted whole.
    const table = await call(s, 'GET', '/api/v1/namespaces/default/configmaps?includeObject=Object', undefined, { Accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' });
    expect(Object.keys(table.json.rows[0].object).slice(0, 2)).toEqual(['kind', 'apiVersion']);
    // A get keeps them.
    expect(Object.keys((await call(s, 'GET', '/api/v1/namespaces/default/configmaps/c')).json).slice(0, 2)).toEqual(['kind', 'apiVersion']);
  });
});
