/**
 * The parts of Kubernetes' apply integration tests (kubernetes/kubernetes
 * test/integration/apiserver/apply/apply_test.go) whose answer is about the bytes on the wire,
 * told over HTTP against `ssa-sim serve`: TestApplyManagedFields compares the object it reads
 * back with a JSON text byte for byte (Go's struct field order, the entry's field order, one
 * grouped Update entry), and TestApplyRequiresFieldManager, TestCreateOnApplyFailsWithUID and
 * TestApplyFailsWithVersionMismatch are answered with a Status. The rest of these tests, and the
 * table of where each upstream test is covered, are in test/apiserver/k8s-apply-integration.test.ts.
 * A Status body ends with a newline, as Go's JSON encoder writes it.
 */
import { describe, expect, it } from 'vitest';
import { call, start } from './http-client.js';

const APPLY = { 'Content-Type': 'application/apply-patch+yaml' };
const MERGE = { 'Content-Type': 'application/merge-patch+json' };

describe('apply_test.go over HTTP', () => {
  it('TestApplyManagedFields: the object read back is upstream’s expected JSON, byte for byte', async () => {
    let now = '2024-05-01T10:00:00Z';
    const s = await start({ now: () => now });
    const cm = '/api/v1/namespaces/default/configmaps/test-cm';
    const created = await call(
      s,
      'PATCH',
      `${cm}?fieldManager=apply_test`,
      `{
			"apiVersion": "v1",
			"kind": "ConfigMap",
			"metadata": {
				"name": "test-cm",
				"namespace": "default",
				"labels": {
					"test-label": "test"
				}
			},
			"data": {
				"key": "value"
			}
		}`,
      APPLY,
    );
    expect(created.status).toBe(201);
    expect((await call(s, 'PATCH', `${cm}?fieldManager=updater`, '{"data":{"new-key": "value"}}', MERGE)).status).toBe(200);
    now = '2024-05-01T10:00:01Z';
    expect((await call(s, 'PATCH', `${cm}?fieldManager=updater`, '{"data":{"key": "new value"}}', MERGE)).status).toBe(200);

    const read = await call(s, 'GET', cm);
    // Upstream decodes into a typed ConfigMap, which drops kind and apiVersion, and prints it with
    // json.MarshalIndent(object, "\t", "\t"); JSON.parse keeps the order of the keys.
    const { kind, apiVersion, ...object } = read.json;
    expect([kind, apiVersion]).toEqual(['ConfigMap', 'v1']);
    const { uid, resourceVersion, creationTimestamp } = object.metadata;
    const printed = JSON.stringify(object, null, '\t').replaceAll('\n', '\n\t');
    expect(printed).toBe(`{
		"metadata": {
			"name": "test-cm",
			"namespace": "default",
			"uid": "${uid}",
			"resourceVersion": "${resourceVersion}",
			"creationTimestamp": "${creationTimestamp}",
			"labels": {
				"test-label": "test"
			},
			"managedFields": [
				{
					"manager": "apply_test",
					"operation": "Apply",
					"apiVersion": "v1",
					"time": "2024-05-01T10:00:00Z",
					"fieldsType": "FieldsV1",
					"fieldsV1": {
						"f:metadata": {
							"f:labels": {
								"f:test-label": {}
							}
						}
					}
				},
				{
					"manager": "updater",
					"operation": "Update",
					"apiVersion": "v1",
					"time": "2024-05-01T10:00:01Z",
					"fieldsType": "FieldsV1",
					"fieldsV1": {
						"f:data": {
							"f:key": {},
							"f:new-key": {}
						}
					}
				}
			]
		},
		"data": {
			"key": "new value",
			"new-key": "value"
		}
	}`);
  });

  it('TestApplyRequiresFieldManager: 422 without fieldManager, 201 with it', async () => {
    const s = await start();
    const body = `{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "test-cm", "namespace": "default"}}`;
    const refused = await call(s, 'PATCH', '/api/v1/namespaces/default/configmaps/test-cm', body, APPLY);
    expect(refused.status).toBe(422);
    expect(refused.body).toBe(
      '{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"PatchOptions.meta.k8s.io \\"\\" is invalid: fieldManager: Required value: is required for apply patch","reason":"Invalid","details":{"group":"meta.k8s.io","kind":"PatchOptions","causes":[{"reason":"FieldValueRequired","message":"Required value: is required for apply patch","field":"fieldManager"}]},"code":422}\n',
    );
    expect((await call(s, 'PATCH', '/api/v1/namespaces/default/configmaps/test-cm?fieldManager=apply_test', body, APPLY)).status).toBe(201);
  });

  it('TestCreateOnApplyFailsWithUID: 409 Conflict, and nothing is created', async () => {
    const s = await start();
    const path = '/api/v1/namespaces/default/pods/test-pod-uid';
    const refused = await call(
      s,
      'PATCH',
      `${path}?fieldManager=apply_test`,
      `{
			"apiVersion": "v1",
			"kind": "Pod",
			"metadata": {
				"name": "test-pod-uid",
				"uid":  "88e00824-7f0e-11e8-94a1-c8d3ffb15800"
			},
			"spec": {
				"containers": [{
					"name":  "test-container",
					"image": "test-image"
				}]
			}
		}`,
      APPLY,
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toBe(
      '{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Operation cannot be fulfilled on pods \\"test-pod-uid\\": uid mismatch: the provided object specified uid 88e00824-7f0e-11e8-94a1-c8d3ffb15800, and no existing object was found","reason":"Conflict","details":{"name":"test-pod-uid","kind":"pods"},"code":409}\n',
    );
    expect((await call(s, 'GET', path)).status).toBe(404);
  });

  it('TestApplyFailsWithVersionMismatch: 400 when the body names another version than the URL', async () => {
    const s = await start();
    const path = '/apis/apps/v1/namespaces/default/deployments/deployment?fieldManager=apply_test';
    const deployment = (apiVersion: string, replicas: number) =>
      JSON.stringify({
        apiVersion,
        kind: 'Deployment',
        metadata: { name: 'deployment', labels: { app: 'nginx' } },
        spec: {
          replicas,
          selector: { matchLabels: { app: 'nginx' } },
          template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:latest' }] } },
        },
      });
    expect((await call(s, 'PATCH', path, deployment('apps/v1', 3), APPLY)).status).toBe(201);
    const refused = await call(s, 'PATCH', path, deployment('extensions/v1beta', 100), APPLY);
    expect(refused.status).toBe(400);
    expect(refused.body).toBe(
      '{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"invalid object type: extensions/v1beta, Kind=Deployment","reason":"BadRequest","code":400}\n',
    );
  });
});
