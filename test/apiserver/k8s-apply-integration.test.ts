/**
 * Kubernetes' integration tests of server-side apply (kubernetes/kubernetes
 * test/integration/apiserver/apply/, the files of the 1.32 line: apply_test.go, apply_crd_test.go,
 * managedfields_parsing_test.go, apply_wipe_test.go, reset_fields_test.go, status_test.go,
 * scale_test.go), told against our API server in real-server mode with a fixed clock. Each `it`
 * is named for the upstream test and follows its story; where upstream only checks that a request
 * succeeds or fails, we also pin the status code and text, the managedFields entries (FieldsV1
 * byte for byte) and the resourceVersion. Request bodies are upstream's.
 *
 * Every Test function of those files, and where we cover it:
 *
 * | upstream test (file)                                         | our test                                               |
 * | ------------------------------------------------------------ | ------------------------------------------------------ |
 * | TestApplyAlsoCreates (apply_test.go)                          | here                                                   |
 * | TestNoOpUpdateSameResourceVersion                             | here                                                   |
 * | TestNoOpApplyWithEmptyMap                                     | here                                                   |
 * | TestApplyEmptyMarkerStructDifferentFromNil                    | here                                                   |
 * | TestNoopChangeCreationTime                                    | here                                                   |
 * | TestNoSemanticUpdateApplySameResourceVersion                  | here                                                   |
 * | TestNoSemanticUpdatePutSameResourceVersion                    | here                                                   |
 * | TestCreateOnApplyFailsWithUID                                 | here; over HTTP in test/server/k8s-apply-integration-http.test.ts |
 * | TestApplyUpdateApplyConflictForced                            | here                                                   |
 * | TestApplyGroupsManySeparateUpdates                            | here (and cap-managers-table.test.ts)                  |
 * | TestCreateVeryLargeObject, TestUpdateVeryLargeObject,         | etcd-request-size.test.ts,                             |
 * |   TestPatchVeryLargeObject                                    |   test/server/kubectl-very-large-object.test.ts        |
 * | TestApplyManagedFields                                        | here; its JSON byte layout over HTTP (…-http.test.ts)  |
 * | TestApplyRemovesEmptyManagedFields                            | here                                                   |
 * | TestApplyRequiresFieldManager                                 | here; over HTTP (…-http.test.ts)                       |
 * | TestApplyRemoveContainerPort                                  | here                                                   |
 * | TestApplyFailsWithVersionMismatch                             | here; over HTTP (…-http.test.ts)                       |
 * | TestApplyConvertsManagedFieldsVersion                         | here                                                   |
 * | TestClearManagedFieldsWithMergePatch, …WithStrategicMergePatch, | here                                                 |
 * |   …WithJSONPatch, …WithUpdate, …WithUpdateEmptyList           |                                                        |
 * | TestErrorsDontFail, TestErrorsDontFailUpdate, TestErrorsDontFailPatch | here                                           |
 * | TestApplyDoesNotChangeManagedFieldsViaSubresources            | here                                                   |
 * | TestApplyUnsetExclusivelyOwnedFields, TestApplyUnsetSharedFields | here                                                |
 * | TestApplyCanTransferFieldOwnershipToController                | here                                                   |
 * | TestApplyCanRemoveMapItemsContributedToByControllers          | here                                                   |
 * | TestDefaultMissingKeys                                        | here                                                   |
 * | TestUpgradeClientSideToServerSideApply                        | here                                                   |
 * | TestRenamingAppliedFieldManagers, TestRenamingUpdatedFieldManagers, | renamed-entries.test.ts                          |
 * |   TestDroppingSubresourceField, TestDroppingSubresourceFromSpecField |                                                  |
 * | TestSubresourceField                                          | here                                                   |
 * | TestApplyFormerlyAtomicFields                                 | here                                                   |
 * | TestDuplicatesInAssociativeLists                              | here                                                   |
 * | TestApplyMatchesFakeClientsetApply                            | not ported: it compares with client-go's fake clientset, no part of a server |
 * | TestCreateOnApplyFailsWithForbidden                           | not ported: RBAC authorization is not modelled         |
 * | TestApplyCRDStructuralSchema (apply_crd_test.go)              | here                                                   |
 * | TestApplyCRDUnhandledSchema                                   | not ported: it writes a v1beta1 CRD straight into etcd, past validation; a CRD whose schema cannot be read is not served here |
 * | TestDefaultMissingKeyCRD                                      | here                                                   |
 * | TestNoOpApplyWithDefaultsSameResourceVersionCRD               | crd-schema-defaults.test.ts                            |
 * | TestManagedFieldsTrailingData (managedfields_parsing_test.go) | test/server/managed-fields-trailing-data.test.ts       |
 * | TestWipeManagedFieldsForPod (apply_wipe_test.go)              | here                                                   |
 * | TestApplyWipeManagedFields (apply_wipe_test.go)               | apply-reset-fields-all-kinds.test.ts (its step 2: the unforced /status apply) |
 * | TestApplyResetFields (reset_fields_test.go)                   | apply-reset-fields-all-kinds.test.ts                   |
 * | TestApplyStatus (status_test.go)                              | apply-status-all-kinds.test.ts                         |
 * | TestScaleAllResources (scale_test.go)                         | scale-all-kinds.test.ts                                |
 * | TestScaleUpdateOnlyStatus                                     | here                                                   |
 * | TestAllKnownVersionsAreInMappings                             | not ported: it checks Go registry tables (every served version of the scalable kinds has a replicas path); we serve one version of each |
 *
 * Times: upstream sleeps a second between writes that must differ in time; we move the clock.
 * The rest client of an integration test sends the user agent of the test binary (`apply.test/…`),
 * so a write without `fieldManager` is recorded under `apply.test`.
 */
import { describe, expect, it } from 'vitest';
import type { ApiResponse, KubeObject } from '../../src/apiserver/index.js';
import { readObjects, toJson } from '../../src/manifest/index.js';
import { cluster, entries, fail, obj, ok, ref } from './helpers.js';

const T0 = '2024-03-01T09:00:00Z';
const at = (s: number) => `2024-03-01T09:00:${String(s).padStart(2, '0')}Z`;
/** The user agent of upstream's rest client in this test package. */
const UA = { userAgent: 'apply.test/v0.0.0 (linux/amd64) kubernetes/$Format' };

const server = () => cluster({ harness: false, now: T0 });
const rv = (o: KubeObject | undefined) => (o as { metadata: { resourceVersion: string } }).metadata.resourceVersion;
const plain = (o: KubeObject | undefined): any => JSON.parse(toJson(o!));
const fieldsOf = (o: KubeObject | undefined, manager: string) =>
  entries(o)
    .filter((e) => e.startsWith(`${manager} |`))
    .map((e) => e.slice(e.lastIndexOf(' | ') + 3));

const POD = ref('v1', 'Pod', 'test-pod');
const DEPLOYMENT = ref('apps/v1', 'Deployment', 'deployment');
const CM = ref('v1', 'ConfigMap', 'test-cm');

/** Upstream's nginx Deployment, in the variants its tests apply. */
function deployment(o: { name?: string; replicas?: number; hostname?: string; containers?: string; apiVersion?: string } = {}): string {
  const replicas = o.replicas === undefined ? '' : `"replicas": ${o.replicas},`;
  const hostname = o.hostname === undefined ? '' : `"hostname": "${o.hostname}",`;
  const containers = o.containers ?? `[{"name": "nginx", "image": "nginx:latest"}]`;
  return `{
    "apiVersion": "${o.apiVersion ?? 'apps/v1'}",
    "kind": "Deployment",
    "metadata": {"name": "${o.name ?? 'deployment'}", "labels": {"app": "nginx"}},
    "spec": {
      ${replicas}
      "selector": {"matchLabels": {"app": "nginx"}},
      "template": {
        "metadata": {"labels": {"app": "nginx"}},
        "spec": {${hostname} "containers": ${containers}}
      }
    }
  }`;
}

/** The applier's entry for `deployment()` with no replicas, hostname or ports. */
const DEPLOYMENT_FIELDS = (spec = '') =>
  `{"f:metadata":{"f:labels":{"f:app":{}}},"f:spec":{${spec}"f:selector":{},"f:template":{"f:metadata":{"f:labels":{"f:app":{}}},"f:spec":{"f:containers":{"k:{\\"name\\":\\"nginx\\"}":{".":{},"f:image":{},"f:name":{}}}}}}}`;

const CONFIGMAP = `{
  "apiVersion": "v1",
  "kind": "ConfigMap",
  "metadata": {"name": "test-cm", "namespace": "default", "labels": {"test-label": "test"}},
  "data": {"key": "value"}
}`;

describe('apply_test.go', () => {
  it.each([
    {
      name: 'test-pod',
      target: POD,
      body: `{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "test-pod"}, "spec": {"containers": [{"name": "test-container", "image": "test-image"}]}}`,
      fields: '{"f:spec":{"f:containers":{"k:{\\"name\\":\\"test-container\\"}":{".":{},"f:image":{},"f:name":{}}}}}',
    },
    {
      name: 'test-svc',
      target: ref('v1', 'Service', 'test-svc'),
      body: `{"apiVersion": "v1", "kind": "Service", "metadata": {"name": "test-svc"}, "spec": {"ports": [{"port": 8080, "protocol": "UDP"}]}}`,
      fields: '{"f:spec":{"f:ports":{"k:{\\"port\\":8080,\\"protocol\\":\\"UDP\\"}":{".":{},"f:port":{},"f:protocol":{}}}}}',
    },
  ])('TestApplyAlsoCreates: $name', ({ target, body, fields }) => {
    const c = server();
    const created = c.apply(body, { fieldManager: 'apply_test', target });
    expect(created.code).toBe(201);
    expect(entries(ok(c.get(target)))).toEqual([`apply_test | Apply | v1 |  | ${T0} | ${fields}`]);
    // A second applier of the same configuration shares every field: no conflict. Its apply
    // changes no value, so its entry gets no time (apiserver-semantics §1.6).
    c.setTime(at(1));
    const again = c.apply(body, { fieldManager: 'apply_test_2', target });
    expect(again.code).toBe(200);
    expect(entries(ok(again))).toEqual([`apply_test_2 | Apply | v1 |  |  | ${fields}`, `apply_test | Apply | v1 |  | ${T0} | ${fields}`]);
  });

  it('TestNoOpUpdateSameResourceVersion: a PUT of the object as read changes nothing and keeps the resourceVersion', () => {
    const c = server();
    const body = `{
      "apiVersion": "v1", "kind": "Pod",
      "metadata": {"name": "no-op", "labels": {"a": "one", "c": "two", "b": "three"}},
      "spec": {"containers": [
        {"name": "test-container-a", "image": "test-image-one"},
        {"name": "test-container-c", "image": "test-image-two"},
        {"name": "test-container-b", "image": "test-image-three"}]}}`;
    const target = ref('v1', 'Pod', 'no-op');
    ok(c.apply(body, { fieldManager: 'apply_test', target }));
    c.setTime(at(1));
    const created = ok(c.get(target));
    const updated = ok(c.update(created, UA));
    expect(rv(updated)).toBe(rv(created));
    expect(plain(ok(c.get(target)))).toEqual(plain(created));
  });

  it('TestNoOpApplyWithEmptyMap: re-applying a template with `annotations: {}` keeps the resourceVersion', () => {
    const c = server();
    const body = `{
      "apiVersion": "apps/v1", "kind": "Deployment",
      "metadata": {"name": "no-op", "labels": {"app": "nginx"}},
      "spec": {"replicas": 1, "selector": {"matchLabels": {"app": "nginx"}},
        "template": {"metadata": {"annotations": {}, "labels": {"app": "nginx"}},
          "spec": {"containers": [{"name": "nginx", "image": "nginx:1.14.2", "ports": [{"containerPort": 80}]}]}}}}`;
    const target = ref('apps/v1', 'Deployment', 'no-op');
    const created = ok(c.apply(body, { fieldManager: 'apply_test', target }));
    // The applier owns the empty map it sent; the port's key gets its defaulted protocol.
    expect(fieldsOf(created, 'apply_test')).toEqual([
      '{"f:metadata":{"f:labels":{"f:app":{}}},"f:spec":{"f:replicas":{},"f:selector":{},"f:template":{"f:metadata":{"f:annotations":{},"f:labels":{"f:app":{}}},"f:spec":{"f:containers":{"k:{\\"name\\":\\"nginx\\"}":{".":{},"f:image":{},"f:name":{},"f:ports":{"k:{\\"containerPort\\":80,\\"protocol\\":\\"TCP\\"}":{".":{},"f:containerPort":{}}}}}}}}}',
    ]);
    c.setTime(at(1));
    const again = ok(c.apply(body, { fieldManager: 'apply_test', target }));
    expect(rv(again)).toBe(rv(created));
    expect(plain(again)).toEqual(plain(created));
  });

  it('TestApplyEmptyMarkerStructDifferentFromNil: leaving out `emptyDir: {}` is a change (the applier stops owning it)', () => {
    const c = server();
    const target = ref('v1', 'Pod', 'pod-with-empty-dir');
    const pod = (volume: string) => `{
      "apiVersion": "v1", "kind": "Pod", "metadata": {"name": "pod-with-empty-dir"},
      "spec": {
        "containers": [{"name": "test-container-a", "image": "test-image-one",
          "volumeMounts": [{"mountPath": "/cache", "name": "cache-volume"}],}],
        "volumes": [${volume}]}}`;
    const created = ok(c.apply(pod(`{"name": "cache-volume", "emptyDir": {}}`), { fieldManager: 'apply_test', target }));
    const volumes = (emptyDir: string) =>
      `{"f:spec":{"f:containers":{"k:{\\"name\\":\\"test-container-a\\"}":{".":{},"f:image":{},"f:name":{},"f:volumeMounts":{"k:{\\"mountPath\\":\\"/cache\\"}":{".":{},"f:mountPath":{},"f:name":{}}}}},"f:volumes":{"k:{\\"name\\":\\"cache-volume\\"}":{".":{},${emptyDir}"f:name":{}}}}}`;
    expect(fieldsOf(created, 'apply_test')).toEqual([volumes('"f:emptyDir":{},')]);
    c.setTime(at(1));
    const updated = ok(c.apply(pod(`{"name": "cache-volume"}`), { fieldManager: 'apply_test', target }));
    expect(rv(updated)).not.toBe(rv(created));
    expect(fieldsOf(updated, 'apply_test')).toEqual([volumes('')]);
    // A volume without a source is defaulted to an empty dir again, owned by nobody.
    expect(plain(updated).spec.volumes).toEqual([{ name: 'cache-volume', emptyDir: {} }]);
  });

  it('TestNoopChangeCreationTime: re-applying `creationTimestamp: null` and `resourceVersion: null` answers the same object', () => {
    const c = server();
    const body = `{
      "apiVersion": "v1", "kind": "ConfigMap",
      "metadata": {"name": "myconfig", "creationTimestamp": null, "resourceVersion": null},
      "data": {"key": "value"}}`;
    const target = ref('v1', 'ConfigMap', 'myconfig');
    const first = ok(c.apply(body, { fieldManager: 'apply_test', target }));
    c.setTime(at(2));
    const second = ok(c.apply(body, { fieldManager: 'apply_test', target }));
    expect(toJson(second)).toBe(toJson(first));
    expect(plain(second).metadata.creationTimestamp).toBe(T0);
  });

  const STATEFULSET = `{
    "apiVersion": "apps/v1", "kind": "StatefulSet",
    "metadata": {"name": "nginx", "labels": {"app": "nginx"}},
    "spec": {
      "serviceName": "nginx",
      "selector": { "matchLabels": {"app": "nginx"}},
      "template": {"metadata": {"labels": {"app": "nginx"}},
        "spec": {"containers": [{"name": "nginx", "image": "nginx", "resources": {"limits": {"memory": "2048Mi"}}}]}},
      "volumeClaimTemplates": [{"metadata": {"name": "nginx"},
        "spec": {"accessModes": ["ReadWriteOnce"], "resources": {"requests": {"storage": "1Gi"}}}}]}}`;
  const SS = ref('apps/v1', 'StatefulSet', 'nginx');

  it('TestNoSemanticUpdateApplySameResourceVersion: a quantity the server normalizes (2048Mi → 2Gi) is no change on re-apply', () => {
    const c = server();
    const created = ok(c.apply(STATEFULSET, { fieldManager: 'apply_test', target: SS }));
    expect(plain(created).spec.template.spec.containers[0].resources.limits.memory).toBe('2Gi');
    c.setTime(at(2));
    expect(rv(ok(c.apply(STATEFULSET, { fieldManager: 'apply_test', target: SS })))).toBe(rv(created));
  });

  it('TestNoSemanticUpdatePutSameResourceVersion: so is a PUT of the manifest as created', () => {
    const c = server();
    const created = ok(c.create(obj(JSON.parse(STATEFULSET)), { fieldManager: 'apply_test' }));
    c.setTime(at(2));
    const put = ok(c.update(obj(JSON.parse(STATEFULSET)), { fieldManager: 'apply_test' }));
    expect(rv(put)).toBe(rv(created));
    expect(entries(put)).toEqual(entries(created));
  });

  it('TestCreateOnApplyFailsWithUID: an apply that would create an object but names a uid is a 409', () => {
    const c = server();
    const target = ref('v1', 'Pod', 'test-pod-uid');
    const refused = fail(
      c.apply(
        `{"apiVersion": "v1", "kind": "Pod",
          "metadata": {"name": "test-pod-uid", "uid": "88e00824-7f0e-11e8-94a1-c8d3ffb15800"},
          "spec": {"containers": [{"name": "test-container", "image": "test-image"}]}}`,
        { fieldManager: 'apply_test', target },
      ),
    );
    expect(refused).toMatchObject({
      code: 409,
      reason: 'Conflict',
      message:
        'Operation cannot be fulfilled on pods "test-pod-uid": uid mismatch: the provided object specified uid 88e00824-7f0e-11e8-94a1-c8d3ffb15800, and no existing object was found',
    });
    expect(c.object(target)).toBeUndefined();
  });

  it('TestApplyUpdateApplyConflictForced: a merge patch takes replicas; re-applying conflicts, with force it takes them back', () => {
    const c = server();
    ok(c.apply(deployment({ replicas: 3 }), { fieldManager: 'apply_test', target: DEPLOYMENT }));
    const patched = ok(c.patch(DEPLOYMENT, 'merge', '{"spec":{"replicas": 5}}', UA));
    expect(entries(patched)).toEqual([
      `apply_test | Apply | apps/v1 |  | ${T0} | ${DEPLOYMENT_FIELDS()}`,
      `apply.test | Update | apps/v1 |  | ${T0} | {"f:spec":{"f:replicas":{}}}`,
    ]);
    const conflict = fail(c.apply(deployment({ replicas: 3 }), { fieldManager: 'apply_test', target: DEPLOYMENT }));
    expect(conflict).toMatchObject({
      code: 409,
      reason: 'Conflict',
      message: 'Apply failed with 1 conflict: conflict with "apply.test" using apps/v1: .spec.replicas',
      causes: [{ reason: 'FieldManagerConflict', message: 'conflict with "apply.test" using apps/v1', field: '.spec.replicas' }],
    });
    const forced = ok(c.apply(deployment({ replicas: 3 }), { fieldManager: 'apply_test', target: DEPLOYMENT, force: true }));
    expect(plain(forced).spec.replicas).toBe(3);
    expect(entries(forced)).toEqual([`apply_test | Apply | apps/v1 |  | ${T0} | ${DEPLOYMENT_FIELDS('"f:replicas":{},')}`]);
  });

  it('TestApplyGroupsManySeparateUpdates: 20 updaters leave the applier, `ancient-changes` and the 9 newest', () => {
    const c = server();
    const target = ref('admissionregistration.k8s.io/v1', 'ValidatingWebhookConfiguration', 'webhook');
    // Upstream's body has trailing commas: an apply body is read as YAML.
    ok(
      c.apply(
        `{
		"apiVersion": "admissionregistration.k8s.io/v1",
		"kind": "ValidatingWebhookConfiguration",
		"metadata": {
			"name": "webhook",
			"labels": {"applier":"true"},
		},
	}`,
        { fieldManager: 'apply_test', target },
      ),
    );
    let last: ApiResponse | undefined;
    for (let i = 0; i < 20; i++) {
      c.setTime(at(i + 1));
      last = c.patch(target, 'merge', `{"metadata":{"labels":{"updater${i}":"new"}}}`, { fieldManager: `updater${i}` });
    }
    const managers = entries(ok(last!)).map((e) => e.split(' | ')[0]);
    expect(managers).toEqual(['apply_test', 'ancient-changes', ...Array.from({ length: 9 }, (_, i) => `updater${i + 11}`)]);
    const ancient = entries(ok(last!))[1];
    const grouped = Array.from({ length: 11 }, (_, i) => `updater${i}`).sort().map((m) => `"f:${m}":{}`);
    expect(ancient).toBe(`ancient-changes | Update | admissionregistration.k8s.io/v1 |  | ${at(11)} | {"f:metadata":{"f:labels":{${grouped.join(',')}}}}`);
  });

  it('TestApplyManagedFields: an apply entry and one grouped update entry with the latest time', () => {
    const c = server();
    ok(c.apply(CONFIGMAP, { fieldManager: 'apply_test', target: CM }));
    ok(c.patch(CM, 'merge', '{"data":{"new-key": "value"}}', { fieldManager: 'updater' }));
    c.setTime(at(1));
    ok(c.patch(CM, 'merge', '{"data":{"key": "new value"}}', { fieldManager: 'updater' }));
    const object = plain(ok(c.get(CM)));
    expect(object.data).toEqual({ key: 'new value', 'new-key': 'value' });
    expect(object.metadata.labels).toEqual({ 'test-label': 'test' });
    expect(object.metadata.managedFields).toEqual([
      { manager: 'apply_test', operation: 'Apply', apiVersion: 'v1', time: T0, fieldsType: 'FieldsV1', fieldsV1: { 'f:metadata': { 'f:labels': { 'f:test-label': {} } } } },
      { manager: 'updater', operation: 'Update', apiVersion: 'v1', time: at(1), fieldsType: 'FieldsV1', fieldsV1: { 'f:data': { 'f:key': {}, 'f:new-key': {} } } },
    ]);
  });

  it('TestApplyRemovesEmptyManagedFields: an apply of name and namespace only owns nothing, and leaves no entry', () => {
    const c = server();
    const body = `{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "test-cm", "namespace": "default"}}`;
    expect(c.apply(body, { fieldManager: 'apply_test', target: CM }).code).toBe(201);
    expect(c.apply(body, { fieldManager: 'apply_test', target: CM }).code).toBe(200);
    expect(plain(ok(c.get(CM))).metadata.managedFields).toBeUndefined();
  });

  it('TestApplyRequiresFieldManager: an apply without fieldManager is a 422; with one it creates', () => {
    const c = server();
    const body = `{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "test-cm", "namespace": "default"}}`;
    expect(fail(c.apply(body, { target: CM, ...UA }))).toEqual({
      code: 422,
      reason: 'Invalid',
      message: 'PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch',
      causes: [{ reason: 'FieldValueRequired', message: 'Required value: is required for apply patch', field: 'fieldManager' }],
    });
    expect(c.object(CM)).toBeUndefined();
    expect(c.apply(body, { fieldManager: 'apply_test', target: CM }).code).toBe(201);
  });

  it('TestApplyRemoveContainerPort: a port the applier alone owned goes when it leaves it out', () => {
    const c = server();
    const withPort = `[{"name": "nginx", "image": "nginx:latest", "ports": [{"containerPort": 80, "protocol": "TCP"}]}]`;
    ok(c.apply(deployment({ replicas: 3, containers: withPort }), { fieldManager: 'apply_test', target: DEPLOYMENT }));
    const removed = ok(c.apply(deployment({ replicas: 3 }), { fieldManager: 'apply_test', target: DEPLOYMENT }));
    expect(plain(removed).spec.template.spec.containers[0].ports).toBeUndefined();
    expect(fieldsOf(removed, 'apply_test')).toEqual([DEPLOYMENT_FIELDS('"f:replicas":{},')]);
  });

  it('TestApplyFailsWithVersionMismatch: a body of another apiVersion than the endpoint is a 400', () => {
    const c = server();
    ok(c.apply(deployment({ replicas: 3 }), { fieldManager: 'apply_test', target: DEPLOYMENT }));
    const before = ok(c.get(DEPLOYMENT));
    expect(fail(c.apply(deployment({ replicas: 100, apiVersion: 'extensions/v1beta' }), { fieldManager: 'apply_test', target: DEPLOYMENT }))).toMatchObject({
      code: 400,
      reason: 'BadRequest',
      message: 'invalid object type: extensions/v1beta, Kind=Deployment',
    });
    expect(ok(c.get(DEPLOYMENT))).toEqual(before);
  });

  it('TestApplyConvertsManagedFieldsVersion: the applier has one entry, at the version it applied', () => {
    const c = server();
    // The sent entry has no fieldsType (and a key with a space, `f: spec`): the list does not
    // decode, so the create records its own entry instead.
    const created = ok(
      c.create(
        obj(
          JSON.parse(`{
      "apiVersion": "apps/v1", "kind": "Deployment",
      "metadata": {"name": "deployment", "labels": {"app": "nginx"},
        "managedFields": [{"manager": "sidecar_controller", "operation": "Apply", "apiVersion": "extensions/v1beta1",
          "fieldsV1": {"f:metadata": {"f:labels": {"f:sidecar_version": {}}},
            "f:spec": {"f:template": {"f: spec": {"f:containers": {"k:{\\"name\\":\\"sidecar\\"}": {".": {}, "f:image": {}}}}}}}}]},
      "spec": {"selector": {"matchLabels": {"app": "nginx"}},
        "template": {"metadata": {"labels": {"app": "nginx"}}, "spec": {"containers": [{"name": "nginx", "image": "nginx:latest"}]}}}}`),
        ),
        UA,
      ),
    );
    expect(entries(created).map((e) => e.split(' | ').slice(0, 3).join(' | '))).toEqual(['apply.test | Update | apps/v1']);
    const applied = ok(
      c.apply(
        `{"apiVersion": "apps/v1", "kind": "Deployment",
          "metadata": {"name": "deployment", "labels": {"sidecar_version": "release"}},
          "spec": {"template": {"spec": {"containers": [{"name": "sidecar", "image": "sidecar:latest"}]}}}}`,
        { fieldManager: 'sidecar_controller', target: DEPLOYMENT },
      ),
    );
    const managed = entries(applied);
    expect(managed).toHaveLength(2);
    expect(managed[0]).toBe(
      `sidecar_controller | Apply | apps/v1 |  | ${T0} | {"f:metadata":{"f:labels":{"f:sidecar_version":{}}},"f:spec":{"f:template":{"f:spec":{"f:containers":{"k:{\\"name\\":\\"sidecar\\"}":{".":{},"f:image":{},"f:name":{}}}}}}}`,
    );
  });

  describe('clearing managedFields', () => {
    const cleared = (write: (c: ReturnType<typeof server>) => ApiResponse) => {
      const c = server();
      ok(c.apply(CONFIGMAP, { fieldManager: 'apply_test', target: CM }));
      c.setTime(at(1));
      ok(write(c));
      return c;
    };
    it.each([
      ['TestClearManagedFieldsWithMergePatch', (c: ReturnType<typeof server>) => c.patch(CM, 'merge', '{"metadata":{"managedFields": [{}]}}', UA)],
      ['TestClearManagedFieldsWithStrategicMergePatch', (c: ReturnType<typeof server>) => c.patch(CM, 'strategic', '{"metadata":{"managedFields": [{}]}}', UA)],
      ['TestClearManagedFieldsWithJSONPatch', (c: ReturnType<typeof server>) => c.patch(CM, 'json', '[{"op": "replace", "path": "/metadata/managedFields", "value": [{}]}]', UA)],
      [
        'TestClearManagedFieldsWithUpdate',
        (c: ReturnType<typeof server>) =>
          c.update(obj({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'test-cm', namespace: 'default', managedFields: [{}], labels: { 'test-label': 'test' } }, data: { key: 'value' } }), UA),
      ],
    ])('%s: `[{}]` empties the list and leaves the rest alone', (_name, write) => {
      const object = plain(ok(cleared(write).get(CM)));
      expect(object.metadata.managedFields).toBeUndefined();
      expect(object.metadata.labels).toEqual({ 'test-label': 'test' });
      expect(object.data).toEqual({ key: 'value' });
    });

    it('TestClearManagedFieldsWithUpdateEmptyList: after `[]`, a later update is not tracked either', () => {
      const c = cleared((c) =>
        c.update(obj({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'test-cm', namespace: 'default', managedFields: [], labels: { 'test-label': 'test' } }, data: { key: 'value' } }), UA),
      );
      const patched = ok(c.patch(CM, 'merge', '{"metadata":{"labels": { "test-label": "v1" }}}', UA));
      expect(plain(patched).metadata.managedFields).toBeUndefined();
      expect(plain(patched).metadata.labels).toEqual({ 'test-label': 'v1' });
    });
  });

  describe('a managedFields entry that does not decode (empty fieldsType) is ignored, never an error', () => {
    const BAD = [{ manager: 'apply_test', operation: 'Apply', apiVersion: 'v1', time: '2019-07-08T09:31:18Z', fieldsType: '', fieldsV1: {} }];
    const CREATOR = `apply_test | Update | v1 |  | ${T0} | {"f:data":{".":{},"f:key":{}},"f:metadata":{"f:labels":{".":{},"f:test-label":{}}}}`;
    const withBad = () => obj({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'test-cm', namespace: 'default', managedFields: BAD, labels: { 'test-label': 'test' } }, data: { key: 'value' } });

    it('TestErrorsDontFail: on create, the server records the creator instead', () => {
      const c = server();
      expect(entries(ok(c.create(withBad(), { fieldManager: 'apply_test' })))).toEqual([CREATOR]);
    });
    it('TestErrorsDontFailUpdate: on update, the live entries stay', () => {
      const c = server();
      ok(c.create(obj(JSON.parse(CONFIGMAP)), { fieldManager: 'apply_test' }));
      c.setTime(at(1));
      expect(entries(ok(c.update(withBad(), { fieldManager: 'apply_test' })))).toEqual([CREATOR]);
    });
    it('TestErrorsDontFailPatch: likewise through a JSON patch', () => {
      const c = server();
      ok(c.create(obj(JSON.parse(CONFIGMAP)), { fieldManager: 'apply_test' }));
      c.setTime(at(1));
      const patch = JSON.stringify([{ op: 'replace', path: '/metadata/managedFields', value: BAD }]);
      expect(entries(ok(c.patch(CM, 'json', patch, { fieldManager: 'apply_test' })))).toEqual([CREATOR]);
    });
  });

  it('TestApplyDoesNotChangeManagedFieldsViaSubresources: managedFields sent to /status are ignored', () => {
    const c = server();
    const target = ref('v1', 'Pod', 'just-a-pod');
    const live = ok(
      c.apply(`{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "just-a-pod"}, "spec": {"containers": [{"name": "test-container-a", "image": "test-image-one"}]}}`, {
        fieldManager: 'apply_test',
        target,
      }),
    );
    c.setTime(at(1));
    const updated = ok(
      c.patch(
        target,
        'merge',
        `{"metadata": {"managedFields": [{"manager":"testing","operation":"Update","apiVersion":"v1","fieldsType":"FieldsV1",
            "fieldsV1":{"f:spec":{"f:containers":{"k:{\\"name\\":\\"testing\\"}":{".":{},"f:image":{},"f:name":{}}}}}}]},
          "status": {"conditions": [{"type": "MyStatus", "status":"true"}]}}`,
        { fieldManager: 'update_managedfields_test', subresource: 'status' },
      ),
    );
    expect(entries(live)).toHaveLength(1);
    expect(entries(updated)).toEqual([
      entries(live)[0],
      // A condition's two times are Go structs that encode as null: set, so owned.
      `update_managedfields_test | Update | v1 | status | ${at(1)} | {"f:status":{"f:conditions":{".":{},"k:{\\"type\\":\\"MyStatus\\"}":{".":{},"f:lastProbeTime":{},"f:lastTransitionTime":{},"f:status":{},"f:type":{}}}}}`,
    ]);
  });

  it.each([
    { test: 'TestApplyUnsetExclusivelyOwnedFields', name: 'deployment-exclusive-unset', appliers: ['apply_test'], replicas: 1, hostname: undefined },
    { test: 'TestApplyUnsetSharedFields', name: 'deployment-shared-unset', appliers: ['shared_owner_1', 'shared_owner_2'], replicas: 3, hostname: 'test-hostname' },
  ])('$test: fields left out are removed only when no one else owns them', ({ name, appliers, replicas, hostname }) => {
    const c = server();
    const target = ref('apps/v1', 'Deployment', name);
    for (const m of appliers) ok(c.apply(deployment({ name, replicas: 3, hostname: 'test-hostname' }), { fieldManager: m, target }));
    const patched = plain(ok(c.apply(deployment({ name }), { fieldManager: appliers[0]!, target })));
    // Without an owner, spec.replicas is removed and defaulted to 1 again.
    expect(patched.spec.replicas).toBe(replicas);
    expect(patched.spec.template.spec.hostname).toBe(hostname);
    expect(fieldsOf(c.object(target), appliers[0]!)).toEqual([DEPLOYMENT_FIELDS()]);
  });

  const SHARED = ref('apps/v1', 'Deployment', 'deployment-shared-map-item-removal');
  const shared = (o: Parameters<typeof deployment>[0] = {}) => deployment({ name: SHARED.name, containers: `[{"name": "nginx", "image": "nginx:latest",}]`, ...o });

  it('TestApplyCanTransferFieldOwnershipToController: a value an updater took stays when the applier leaves it out', () => {
    const c = server();
    const applied = plain(ok(c.apply(shared({ replicas: 3 }), { fieldManager: 'test_applier', target: SHARED })));
    applied.spec.replicas = 4;
    c.setTime(at(1));
    const updated = ok(c.update(obj(applied), { fieldManager: 'test_updater' }));
    expect(fieldsOf(updated, 'test_updater')).toEqual(['{"f:spec":{"f:replicas":{}}}']);
    expect(fieldsOf(updated, 'test_applier')).toEqual([DEPLOYMENT_FIELDS()]);
    c.setTime(at(2));
    const patched = ok(c.apply(shared(), { fieldManager: 'test_applier', target: SHARED }));
    expect(plain(patched).spec.replicas).toBe(4);
    expect(rv(patched)).toBe(rv(updated));
  });

  it('TestApplyCanRemoveMapItemsContributedToByControllers: a list item goes although an updater owns a field in it', () => {
    const c = server();
    const applied = plain(ok(c.apply(shared(), { fieldManager: 'test_applier', target: SHARED })));
    applied.spec.template.spec.containers[0].workingDir = '/home/replacement';
    c.setTime(at(1));
    const updated = ok(c.update(obj(applied), { fieldManager: 'test_updater' }));
    expect(fieldsOf(updated, 'test_updater')).toEqual(['{"f:spec":{"f:template":{"f:spec":{"f:containers":{"k:{\\"name\\":\\"nginx\\"}":{"f:workingDir":{}}}}}}}']);
    c.setTime(at(2));
    const patched = ok(
      c.apply(shared({ replicas: 3, hostname: 'test-hostname', containers: `[{"name": "other-container", "image": "nginx:latest",}]` }), {
        fieldManager: 'test_applier',
        target: SHARED,
      }),
    );
    expect(plain(patched).spec.template.spec.containers.map((x: { name: string }) => x.name)).toEqual(['other-container']);
    // The updater's entry is left without fields, and goes.
    expect(entries(patched).map((e) => e.split(' | ')[0])).toEqual(['test_applier']);
  });

  it('TestDefaultMissingKeys: a port applied without protocol is keyed with the default TCP, so another applier conflicts on it', () => {
    const c = server();
    const port = (p: string) => `[{"name": "nginx", "image": "nginx:latest", "ports": [${p}]}]`;
    const created = ok(c.apply(shared({ containers: port(`{"name": "foo", "containerPort": 80}`) }), { fieldManager: 'test_applier', target: SHARED }));
    expect(fieldsOf(created, 'test_applier')[0]).toContain('"f:ports":{"k:{\\"containerPort\\":80,\\"protocol\\":\\"TCP\\"}":{".":{},"f:containerPort":{},"f:name":{}}}');
    const conflict = fail(c.apply(shared({ containers: port(`{"name": "bar", "containerPort": 80, "protocol": "TCP"}`) }), { fieldManager: 'test_applier_conflict', target: SHARED }));
    expect(conflict.code).toBe(409);
    expect(conflict.message).toBe('Apply failed with 1 conflict: conflict with "test_applier": .spec.template.spec.containers[name="nginx"].ports[containerPort=80,protocol="TCP"].name');
    expect(conflict.causes).toHaveLength(1);
  });

  it('TestUpgradeClientSideToServerSideApply: `kubectl` may take what still equals its last-applied configuration, not what changed since', () => {
    const c = server();
    const [created] = readObjects(`
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  annotations:
    "kubectl.kubernetes.io/last-applied-configuration": |
      {"kind":"Deployment","apiVersion":"apps/v1","metadata":{"name":"my-deployment","labels":{"app":"my-app"}},"spec":{"replicas": 3,"template":{"metadata":{"labels":{"app":"my-app"}},"spec":{"containers":[{"name":"my-c","image":"my-image"}]}}}}
  labels:
    app: my-app
spec:
  replicas: 100000
  selector:
    matchLabels:
      app: my-app
  template:
    metadata:
      labels:
        app: my-app
    spec:
      containers:
      - name: my-c
        image: my-image
`);
    ok(c.create(created!, UA));
    const target = ref('apps/v1', 'Deployment', 'my-deployment');
    const apply = (replicas: string, image: string) => `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-new-label
spec:${replicas}
  template:
    metadata:
      labels:
        app: my-app
    spec:
      containers:
      - name: my-c
        image: ${image}
`;
    // replicas differ from the last-applied 3: a real conflict (the others are forgiven).
    expect(fail(c.apply(apply('\n  replicas: 3 # expect conflict', 'my-image'), { fieldManager: 'kubectl', target }))).toMatchObject({
      code: 409,
      message: 'Apply failed with 1 conflict: conflict with "apply.test" using apps/v1: .spec.replicas',
    });
    const applied = plain(ok(c.apply(apply('', 'my-image-new'), { fieldManager: 'kubectl', target })));
    expect(applied.spec.replicas).toBe(100000);
    expect(applied.spec.template.spec.containers[0].image).toBe('my-image-new');
    expect(applied.metadata.labels).toEqual({ app: 'my-new-label' });
    expect(applied.metadata.managedFields.map((e: { manager: string }) => e.manager)).toEqual(['kubectl', 'apply.test']);
  });

  it('TestSubresourceField: a /scale merge patch is an Update entry of subresource scale', () => {
    const c = server();
    ok(c.apply(deployment({ replicas: 3 }), { fieldManager: 'manager', target: DEPLOYMENT }));
    ok(c.patch(DEPLOYMENT, 'merge', '{"spec":{"replicas":32}}', { fieldManager: 'manager', subresource: 'scale' }));
    expect(entries(ok(c.get(DEPLOYMENT)))).toEqual([
      `manager | Apply | apps/v1 |  | ${T0} | ${DEPLOYMENT_FIELDS()}`,
      // Written through the scale handler: no time (apiserver-semantics §3.5).
      `manager | Update | apps/v1 | scale |  | {"f:spec":{"f:replicas":{}}}`,
    ]);
  });

  it('TestApplyFormerlyAtomicFields: a claimRef once owned whole by the controller is granular now; the applier adds name and namespace', () => {
    const c = server();
    const PV = ref('v1', 'PersistentVolume', 'pv-storage');
    const original = plain(
      ok(
        c.create(
          obj(
            JSON.parse(`{
      "apiVersion": "v1", "kind": "PersistentVolume",
      "metadata": {"creationTimestamp": "2022-06-08T23:46:32Z", "finalizers": ["kubernetes.io/pv-protection"],
        "labels": {"type": "local"}, "name": "pv-storage", "uid": "112b18f7-fde6-4e48-aa61-f5168bd576b8"},
      "spec": {"accessModes": ["ReadWriteOnce"], "capacity": {"storage": "16Mi"},
        "claimRef": {"apiVersion": "v1", "kind": "PersistentVolumeClaim", "name": "pvc-storage", "namespace": "default",
          "resourceVersion": "15499", "uid": "2018e302-7b12-406c-9fa2-e52535d29e48"},
        "hostPath": {"path": "“/tmp/mydata", "type": ""}, "persistentVolumeReclaimPolicy": "Retain", "volumeMode": "Filesystem"},
      "status": {"phase": "Bound"}}`),
          ),
          { fieldManager: 'apply_test' },
        ),
      ),
    );
    // The entries of a cluster from before the fix, set directly.
    ok(
      c.patch(
        PV,
        'strategic',
        `{"apiVersion": "v1", "kind": "PersistentVolume", "metadata": {"name": "pv-storage", "managedFields": [
          {"apiVersion": "v1", "fieldsType": "FieldsV1", "fieldsV1": {"f:metadata": {"f:labels": {"f:type": {}}},
            "f:spec": {"f:accessModes": {}, "f:capacity": {"f:storage": {}}, "f:hostPath": {"f:path": {}}, "f:storageClassName": {}}},
           "manager": "apply_test", "operation": "Apply", "time": "2022-06-08T23:46:32Z"},
          {"apiVersion": "v1", "fieldsType": "FieldsV1", "fieldsV1": {"f:status": {"f:phase": {}}},
           "manager": "kube-controller-manager", "operation": "Update", "subresource": "status", "time": "2022-06-08T23:46:32Z"},
          {"apiVersion": "v1", "fieldsType": "FieldsV1", "fieldsV1": {"f:spec": {"f:claimRef": {}}},
           "manager": "kube-controller-manager", "operation": "Update", "time": "2022-06-08T23:46:37Z"}]}}`,
        { fieldManager: 'apply_test' },
      ),
    );
    c.setTime(at(1));
    const applied = ok(
      c.apply(
        `{"kind": "PersistentVolume", "apiVersion": "v1",
          "metadata": {"labels": {"type": "local"}, "name": "pv-storage",},
          "spec": {"storageClassName": "", "capacity": {"storage": "16Mi"}, "accessModes": ["ReadWriteOnce"],
            "hostPath": {"path": "“/tmp/mydata"}, "claimRef": {"name": "pvc-storage", "namespace": "default"}}}`,
        { fieldManager: 'apply_test', target: PV },
      ),
    );
    expect(plain(applied).spec.claimRef).toEqual(original.spec.claimRef);
    expect(entries(applied)).toEqual([
      `apply_test | Apply | v1 |  | ${at(1)} | {"f:metadata":{"f:labels":{"f:type":{}}},"f:spec":{"f:accessModes":{},"f:capacity":{"f:storage":{}},"f:claimRef":{"f:name":{},"f:namespace":{}},"f:hostPath":{"f:path":{}},"f:storageClassName":{}}}`,
      'kube-controller-manager | Update | v1 | status | 2022-06-08T23:46:32Z | {"f:status":{"f:phase":{}}}',
      'kube-controller-manager | Update | v1 |  | 2022-06-08T23:46:37Z | {"f:spec":{"f:claimRef":{}}}',
    ]);
  });

  it('TestDuplicatesInAssociativeLists: duplicate keys in a created list are owned as a whole; applies and updates keep them apart', () => {
    const c = server();
    const DS = ref('apps/v1', 'DaemonSet', 'example-daemonset');
    const container = (ports: string, env: string) =>
      `{"apiVersion": "apps/v1", "kind": "DaemonSet", "metadata": {"name": "example-daemonset", "labels": {"app": "example"}},
        "spec": {"selector": {"matchLabels": {"app": "example"}}, "template": {"metadata": {"labels": {"app": "example"}},
          "spec": {"containers": [{"name": "nginx", "image": "nginx", "ports": [${ports}], "env": [${env}]}]}}}}`;
    const applied = (ports: string, env: string) => `
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: example-daemonset
  labels:
    app: example
spec:
  selector:
    matchLabels:
      app: example
  template:
    spec:
      containers:
        - name: nginx
          image: nginx
          ports:
            - ${ports}
          env:
            - ${env}
`;
    const counts = (r: ApiResponse) => {
      const x = plain(ok(r)).spec.template.spec.containers[0];
      return [x.env.length, x.ports.length];
    };
    const createFields = (annotations: string, env: string, ports: string) =>
      `{"f:metadata":{"f:annotations":${annotations},"f:labels":{".":{},"f:app":{}}},"f:spec":{"f:revisionHistoryLimit":{},"f:selector":{},"f:template":{"f:metadata":{"f:labels":{".":{},"f:app":{}}},"f:spec":{"f:containers":{"k:{\\"name\\":\\"nginx\\"}":{".":{},"f:env":{".":{},"k:{\\"name\\":\\"ENV0\\"}":{".":{},"f:name":{},"f:value":{}}${env}},"f:image":{},"f:imagePullPolicy":{},"f:name":{},"f:ports":{".":{},"k:{\\"containerPort\\":1,\\"protocol\\":\\"TCP\\"}":{".":{},"f:containerPort":{},"f:name":{},"f:protocol":{}}${ports}},"f:resources":{},"f:terminationMessagePath":{},"f:terminationMessagePolicy":{}}},"f:dnsPolicy":{},"f:restartPolicy":{},"f:schedulerName":{},"f:securityContext":{},"f:terminationGracePeriodSeconds":{}}},"f:updateStrategy":{"f:rollingUpdate":{".":{},"f:maxSurge":{},"f:maxUnavailable":{}},"f:type":{}}}}`;
    const applyFields = (env: string, port: number) =>
      `{"f:metadata":{"f:labels":{"f:app":{}}},"f:spec":{"f:selector":{},"f:template":{"f:spec":{"f:containers":{"k:{\\"name\\":\\"nginx\\"}":{".":{},"f:env":{"k:{\\"name\\":\\"${env}\\"}":{".":{},"f:name":{},"f:value":{}}},"f:image":{},"f:name":{},"f:ports":{"k:{\\"containerPort\\":${port},\\"protocol\\":\\"TCP\\"}":{".":{},"f:containerPort":{},"f:name":{}}}}}}}}}`;
    const TEMPLATE_GENERATION = '{".":{},"f:deprecated.daemonset.template.generation":{}}';
    const DUP_PATH = ',"k:{\\"name\\":\\"PATH\\"}":{}';
    const DUP_80 = ',"k:{\\"containerPort\\":80,\\"protocol\\":\\"TCP\\"}":{}';
    /** Entries without subresource (none here) and time (upstream blanks the times). */
    const strip = (r: ApiResponse) =>
      entries(ok(r)).map((e) => {
        const [manager, operation, apiVersion, , , fields] = e.split(' | ');
        return [manager, operation, apiVersion, fields].join(' | ');
      });

    const created = c.create(
      obj(
        JSON.parse(
          container(
            `{"name": "port0", "containerPort": 1}, {"name": "port1", "containerPort": 80}, {"name": "port2", "containerPort": 80}`,
            `{"name": "ENV0", "value": "/env0value"}, {"name": "PATH", "value": "/bin"}, {"name": "PATH", "value": "$PATH:/usr/bin"}`,
          ),
        ),
      ),
      { fieldManager: 'create' },
    );
    expect(counts(created)).toEqual([3, 3]);
    expect(strip(created)).toEqual([`create | Update | apps/v1 | ${createFields(TEMPLATE_GENERATION, DUP_PATH, DUP_80)}`]);

    // Applying unrelated items is strictly additive.
    const first = c.apply(applied('name: port3\n              containerPort: 443', 'name: HOME\n              value: "/usr/home"'), { fieldManager: 'apply', target: DS });
    expect(counts(first)).toEqual([4, 4]);
    expect(strip(first)).toEqual([`apply | Apply | apps/v1 | ${applyFields('HOME', 443)}`, `create | Update | apps/v1 | ${createFields(TEMPLATE_GENERATION, DUP_PATH, DUP_80)}`]);

    // An update that renames the duplicated ports and changes a duplicated variable takes both lists' duplicates.
    const updated = c.update(
      obj(
        JSON.parse(
          container(
            `{"name": "port0", "containerPort": 1}, {"name": "port3", "containerPort": 443}, {"name": "port4", "containerPort": 80}, {"name": "port5", "containerPort": 80}`,
            `{"name": "ENV0", "value": "/env0value"}, {"name": "PATH", "value": "/bin"}, {"name": "PATH", "value": "$PATH:/usr/bin:/usr/local/bin"}, {"name": "HOME", "value": "/usr/home"}`,
          ),
        ),
      ),
      { fieldManager: 'update', target: DS },
    );
    expect(counts(updated)).toEqual([4, 4]);
    expect(strip(updated)).toEqual([
      `apply | Apply | apps/v1 | ${applyFields('HOME', 443)}`,
      `create | Update | apps/v1 | ${createFields('{}', '', '')}`,
      `update | Update | apps/v1 | {"f:metadata":{"f:annotations":{"f:deprecated.daemonset.template.generation":{}}},"f:spec":{"f:template":{"f:spec":{"f:containers":{"k:{\\"name\\":\\"nginx\\"}":{"f:env":{"k:{\\"name\\":\\"PATH\\"}":{}},"f:ports":{"k:{\\"containerPort\\":80,\\"protocol\\":\\"TCP\\"}":{}}}}}}}}`,
    ]);

    // A forced apply replaces the duplicates by one item each, and HOME and port 443 go.
    const replaced = c.apply(applied('name: port80\n              containerPort: 80', 'name: PATH\n              value: "/bin:/usr/bin:/usr/local/bin"'), { fieldManager: 'apply', target: DS, force: true });
    expect(counts(replaced)).toEqual([2, 2]);
    expect(strip(replaced)).toEqual([
      `apply | Apply | apps/v1 | ${applyFields('PATH', 80)}`,
      `create | Update | apps/v1 | ${createFields('{}', '', '')}`,
      `update | Update | apps/v1 | {"f:metadata":{"f:annotations":{"f:deprecated.daemonset.template.generation":{}}}}`,
    ]);
  });
});

describe('apply_crd_test.go', () => {
  const ports = (protocolDefault: boolean, required: string[]) => ({
    type: 'array',
    'x-kubernetes-list-map-keys': ['containerPort', 'protocol'],
    'x-kubernetes-list-type': 'map',
    items: {
      properties: {
        containerPort: { format: 'int32', type: 'integer' },
        hostIP: { type: 'string' },
        hostPort: { format: 'int32', type: 'integer' },
        name: { type: 'string' },
        protocol: protocolDefault ? { default: 'TCP', type: 'string' } : { type: 'string' },
      },
      required,
      type: 'object',
    },
  });
  const schema = (protocolDefault: boolean, required: string[]) => ({
    openAPIV3Schema: {
      type: 'object',
      properties: {
        spec: {
          type: 'object',
          'x-kubernetes-preserve-unknown-fields': true,
          properties: { cronSpec: { type: 'string', pattern: '^(\\d+|\\*)(/\\d+)?(\\s+(\\d+|\\*)(/\\d+)?){4}$' }, ports: ports(protocolDefault, required) },
        },
      },
    },
  });
  /** apiextensions' test fixture: the cluster-scoped noxu CRD (NewMultipleVersionNoxuCRD / NewNoxuV1CustomResourceDefinition). */
  const noxu = (versions: string[], s: object) =>
    obj({
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'noxus.mygroup.example.com' },
      spec: {
        group: 'mygroup.example.com',
        names: { plural: 'noxus', singular: 'nonenglishnoxu', kind: 'WishIHadChosenNoxu', shortNames: ['foo', 'bar', 'abc', 'def'], listKind: 'NoxuItemList', categories: ['all'] },
        scope: 'Cluster',
        versions: versions.map((name, i) => ({ name, served: true, storage: i === 0, schema: s })),
      },
    });
  const NOXU = { apiVersion: 'mygroup.example.com/v1beta1', kind: 'WishIHadChosenNoxu', name: 'mytest' };
  const cr = (spec: string, finalizers = '') => `
apiVersion: mygroup.example.com/v1beta1
kind: WishIHadChosenNoxu
metadata:
  name: mytest${finalizers}
spec:${spec}`;
  const FIRST = cr(
    `
  cronSpec: "* * * * */5"
  replicas: 1
  ports:
  - name: x
    containerPort: 80
    protocol: TCP`,
    `
  finalizers:
  - test-finalizer`,
  );
  const EDIT_ITEM = cr(`
  ports:
  - name: "y"
    containerPort: 80
    protocol: TCP`);

  it('TestApplyCRDStructuralSchema: finalizers are a set, ports a map keyed by containerPort and protocol', () => {
    const c = server();
    ok(c.create(noxu(['v1beta1', 'v1beta2', 'v0'], schema(false, ['containerPort', 'protocol'])), UA));
    const created = plain(ok(c.apply(FIRST, { fieldManager: 'apply_test', target: NOXU })));
    expect(created.metadata.finalizers).toEqual(['test-finalizer']);
    expect(created.spec).toEqual({ cronSpec: '* * * * */5', replicas: 1, ports: [{ name: 'x', containerPort: 80, protocol: 'TCP' }] });
    expect(created.metadata.managedFields[0].fieldsV1).toEqual({
      'f:metadata': { 'f:finalizers': { 'v:"test-finalizer"': {} } },
      'f:spec': { 'f:cronSpec': {}, 'f:ports': { 'k:{"containerPort":80,"protocol":"TCP"}': { '.': {}, 'f:containerPort': {}, 'f:name': {}, 'f:protocol': {} } }, 'f:replicas': {} },
    });

    const added = plain(ok(c.patch(NOXU, 'merge', '{"metadata":{"finalizers":["test-finalizer","another-one"]}}', UA)));
    expect(added.metadata.finalizers).toEqual(['test-finalizer', 'another-one']);
    // Re-applying keeps the finalizer another manager added: no change at all.
    const reapplied = plain(ok(c.apply(FIRST, { fieldManager: 'apply_test', target: NOXU })));
    expect(reapplied.metadata.finalizers).toEqual(['test-finalizer', 'another-one']);
    expect(reapplied.metadata.resourceVersion).toBe(added.metadata.resourceVersion);

    expect(plain(ok(c.patch(NOXU, 'merge', '{"spec":{"replicas": 5}}', UA))).spec.replicas).toBe(5);
    expect(fail(c.apply(FIRST, { fieldManager: 'apply_test', target: NOXU }))).toMatchObject({
      code: 409,
      message: 'Apply failed with 1 conflict: conflict with "apply.test" using mygroup.example.com/v1beta1: .spec.replicas',
      causes: [{ field: '.spec.replicas' }],
    });
    expect(plain(ok(c.apply(FIRST, { fieldManager: 'apply_test', target: NOXU, force: true }))).spec.replicas).toBe(1);

    // A new applier may not change an existing item, but may add one.
    expect(fail(c.apply(EDIT_ITEM, { fieldManager: 'apply_test_2', target: NOXU }))).toMatchObject({
      code: 409,
      message: 'Apply failed with 1 conflict: conflict with "apply_test": .spec.ports[containerPort=80,protocol="TCP"].name',
      causes: [{ field: '.spec.ports[containerPort=80,protocol="TCP"].name' }],
    });
    const second = plain(
      ok(
        c.apply(
          cr(`
  ports:
  - name: "y"
    containerPort: 8080
    protocol: TCP`),
          { fieldManager: 'apply_test_2', target: NOXU },
        ),
      ),
    );
    expect(second.spec.ports).toEqual([
      { name: 'x', containerPort: 80, protocol: 'TCP' },
      { name: 'y', containerPort: 8080, protocol: 'TCP' },
    ]);

    // A custom resource may not be created by PUT.
    const missing = fail(
      c.update(
        obj(
          JSON.parse(`{"apiVersion": "mygroup.example.com/v1beta1", "kind": "WishIHadChosenNoxu",
            "metadata": {"name": "should-not-exist", "finalizers": ["test-finalizer"]},
            "spec": {"cronSpec": "* * * * */5", "replicas": 1, "ports": [{"name": "x", "containerPort": 80}]}, "protocol": "TCP"}`),
        ),
        { fieldManager: 'apply_test' },
      ),
    );
    expect(missing).toMatchObject({ code: 404, reason: 'NotFound', message: 'noxus.mygroup.example.com "should-not-exist" not found' });
  });

  it('TestDefaultMissingKeyCRD: a key field the schema defaults keys the applied item as if it were sent', () => {
    const c = server();
    ok(c.create(noxu(['v1beta1'], schema(true, ['containerPort'])), UA));
    const created = plain(
      ok(
        c.apply(
          cr(
            `
  cronSpec: "* * * * */5"
  replicas: 1
  ports:
  - name: x
    containerPort: 80`,
            `
  finalizers:
  - test-finalizer`,
          ),
          { fieldManager: 'apply_test', target: NOXU },
        ),
      ),
    );
    expect(created.spec.ports).toEqual([{ name: 'x', containerPort: 80, protocol: 'TCP' }]);
    expect(created.metadata.managedFields[0].fieldsV1['f:spec']['f:ports']).toEqual({ 'k:{"containerPort":80,"protocol":"TCP"}': { '.': {}, 'f:containerPort': {}, 'f:name': {} } });
    expect(fail(c.apply(EDIT_ITEM, { fieldManager: 'apply_test_2', target: NOXU }))).toMatchObject({
      code: 409,
      message: 'Apply failed with 1 conflict: conflict with "apply_test": .spec.ports[containerPort=80,protocol="TCP"].name',
    });
  });
});

describe('apply_wipe_test.go', () => {
  it('TestWipeManagedFieldsForPod: status applied to the main resource is reset, and not owned', () => {
    const c = server();
    const target = ref('v1', 'Pod', 'test-pod-with-status');
    const created = ok(
      c.apply(
        `{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "test-pod-with-status"},
          "spec": {"containers": [{"name": "test-container", "image": "test-image"}]}, "status": {"phase": "testing"}}`,
        { fieldManager: 'apply_test', target },
      ),
    );
    expect(plain(created).status.phase).toBe('Pending');
    expect(fieldsOf(created, 'apply_test')).toEqual(['{"f:spec":{"f:containers":{"k:{\\"name\\":\\"test-container\\"}":{".":{},"f:image":{},"f:name":{}}}}}']);
  });
});

describe('scale_test.go', () => {
  it('TestScaleUpdateOnlyStatus: a /scale patch of status.replicas changes nothing', () => {
    const c = server();
    const target = ref('apps/v1', 'Deployment', 'test');
    const created = ok(
      c.apply(
        `{"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "test"},
          "spec": {"replicas": 1, "selector": {"matchLabels": {"app": "nginx"}},
            "template": {"metadata": {"labels": {"app": "nginx"}}, "spec": {"containers": [{"name": "nginx", "image": "nginx:latest"}]}}}}`,
        { fieldManager: 'apply_test', target },
      ),
    );
    c.setTime(at(1));
    ok(c.patch(target, 'merge', '{"status":{"replicas": 42}}', { fieldManager: 'scale_test', subresource: 'scale' }));
    const after = ok(c.get(target));
    expect(plain(after).spec.replicas).toBe(1);
    expect(rv(after)).toBe(rv(created));
    expect(entries(after)).toEqual(entries(created));
  });
});
