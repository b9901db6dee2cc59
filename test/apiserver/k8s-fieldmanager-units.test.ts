/**
 * Kubernetes' own unit tests of the field manager, against our API-server layer (the upstream
 * harness is the field manager alone: its first Update is our create, later ones our PUT).
 *
 * Sources (Kubernetes 1.32): k8s.io/apimachinery v0.32.13 pkg/util/managedfields/*_test.go and
 * internal/*_test.go; k8s.io/apiserver v0.32.13 pkg/endpoints/handlers/*_test.go and
 * handlers/fieldmanager/*_test.go. Inputs and expected results are upstream's; where upstream only
 * asserts a property (a conflict, a count), the exact entries and texts asserted here are what the
 * upstream code computes for those inputs.
 *
 * Every upstream test function, and where it is covered:
 *
 * apimachinery pkg/util/managedfields/fieldmanager_test.go
 *   TestUpdateApplyConflict ........................ acceptance.test.ts AT-1
 *   TestApplyStripsFields .......................... acceptance.test.ts AT-14 (a create refuses the uid and resourceVersion upstream's harness takes)
 *   TestVersionCheck ............................... here
 *   TestVersionCheckDoesNotPanic ................... apply-new-object.test.ts
 *   TestApplyDoesNotStripLabels .................... apply-new-object.test.ts
 *   TestApplyNewObject (3 cases) ................... apply-new-object.test.ts
 *   TestApplyFailsWithManagedFields ................ here (acceptance.test.ts AT-5 has [] and [{}])
 *   TestApplySuccessWithNoManagedFields ............ apply-new-object.test.ts
 *   TestNoOpChanges ................................ acceptance.test.ts AT-6
 *   TestResetManagedFieldsEmptyList / EmptyItem .... acceptance.test.ts AT-5
 *   TestServerSideApplyWithInvalidLastApplied ...... acceptance.test.ts AT-4
 *   TestInteropForClientSideApplyAndServerSideApply  here
 *   TestNoTrackManagedFieldsForClientSideApply ..... here
 *   TestUpdateViaSubresources ...................... acceptance.test.ts AT-11 (through /status: a Pod serves no /scale)
 *   TestApplyDoesNotChangeManagedFields ............ here
 *   TestUpdateDoesNotChangeManagedFields ........... here
 *   TestLiveObjectManagedFieldsNotRemoved .......... here
 * apimachinery pkg/util/managedfields/scalehandler_test.go
 *   TestTransformManagedFieldsToSubresource (3), TestTransformingManagedFieldsToParent (12),
 *   TestTransformingManagedFieldsToParentMultiVersion (2)  here (scale.ts; through a cluster:
 *     crd-version-subresources.test.ts)
 * apimachinery pkg/util/managedfields/extract_test.go
 *   TestExtractInto ................................ not the API server (client-go's apply configurations)
 * apimachinery pkg/util/managedfields/internal/
 *   atmostevery_test.go TestAtMostEvery ............ not modelled (a rate limit on the server's logging)
 *   capmanagers_test.go (both) ..................... cap-managers-table.test.ts
 *   conflict_test.go TestNewConflictError (3) ...... here (and managed-fields.test.ts AT-9)
 *   fields_test.go TestFieldsRoundTrip, TestFieldsToSetError  test/fieldpath/fieldsv1-decode.test.ts;
 *     TestSetToFieldsError: not reachable (a path element that is none of the four kinds cannot be built here)
 *   lastappliedmanager_test.go (4) ................. last-applied-forgiveness.test.ts
 *   lastappliedupdater_test.go TestLastAppliedUpdater, TestLargeLastApplied (2)  here (and acceptance.test.ts AT-13)
 *   managedfields_test.go TestHasFieldsType, TestHasAPIVersion, TestHasOperation  managed-fields.test.ts;
 *     TestRoundTripManagedFields (7), TestBuildManagerIdentifier (3), TestSortEncodedManagedFields (11; nil and empty are one list here): here
 *   managedfieldsupdater_test.go (9) ............... here
 *   pathelement_test.go ............................ test/fieldpath/smd-serialize-pe.test.ts, fieldsv1-decode.test.ts (TestNewPathElementError)
 *   skipnonapplied_test.go TestNoUpdateBeforeFirstApply  here; TestUpdateBeforeFirstApply: acceptance.test.ts AT-2
 *   typeconverter_test.go, versionconverter_test.go  not the API-server layer (schema loading; one schema serves every version)
 * apiserver pkg/endpoints/handlers/
 *   create_test.go TestManagerOrUserAgent .......... here
 *   fieldmanager/admission_test.go TestAdmission ... admission-managed-fields.test.ts
 *   fieldmanager/equality_test.go .................. server-behaviour.test.ts (the store's revert of timestamp-only changes)
 *   rest_test.go TestDedupOwnerReferences (6 cases)  here
 *   rest_test.go TestParseYAMLWarnings (3 cases) ... here, through apply (the strict second reading of its body)
 *   rest_test.go, others: not about managed fields (Go struct plumbing, body limits, options conversion)
 */
import { describe, expect, it } from 'vitest';
import { cluster, entries, fail, obj, ok, ref, T } from './helpers.js';
import { customResource, LAST_APPLIED, managerName, printManager } from '../../src/apiserver/index.js';
import { conflictStatus } from '../../src/apiserver/conflict-status.js';
import { buildIdentifier, decodeManagedFields, encodeManagedFields, entriesToValue, sortEntries } from '../../src/apiserver/managed-fields.js';
import type { Value } from '../../src/value/value.js';
import type { ManagedFieldsEntry } from '../../src/apiserver/index.js';
import { toParent, toSubresource } from '../../src/apiserver/scale.js';
import { fieldElement } from '../../src/fieldpath/path-element.js';
import { getPath } from '../../src/apiserver/object-paths.js';
import { run, setup } from './widget-crd.js';

// ------------------------------------------------------------------------------------------------
// apiserver rest_test.go TestDedupOwnerReferences: the handlers drop owner references equal to an
// earlier one in every field (rest.go dedupOwnerReferencesAndAddWarning) and warn.

const DUPLICATES =
  '.metadata.ownerReferences contains duplicate entries; API server dedups owner references in 1.20+, and may reject such requests as early as 1.24; please fix your requests; duplicate UID(s) observed: ';
const DUPLICATES_AFTER_ADMISSION =
  '.metadata.ownerReferences contains duplicate entries after mutating admission happens; API server dedups owner references in 1.20+, and may reject such requests as early as 1.24; please fix your requests; duplicate UID(s) observed: ';

describe('TestDedupOwnerReferences (through create)', () => {
  const owner = (uid: string, extra: object = {}) => ({ apiVersion: 'customresourceVersion', kind: 'customresourceKind', name: 'name', uid, ...extra });
  const f = { controller: false, blockOwnerDeletion: false };
  it.each([
    ['simple multiple duplicates', [owner('1'), owner('2'), owner('1'), owner('1'), owner('2')], [owner('1'), owner('2')], '1, 1, 2'],
    ["don't dedup same uid different name entries", [owner('1', { name: 'name1' }), owner('1', { name: 'name2' })], [owner('1', { name: 'name1' }), owner('1', { name: 'name2' })], undefined],
    [
      "don't dedup same uid different API version entries",
      [owner('1', { apiVersion: 'customresourceVersion1' }), owner('1', { apiVersion: 'customresourceVersion2' })],
      [owner('1', { apiVersion: 'customresourceVersion1' }), owner('1', { apiVersion: 'customresourceVersion2' })],
      undefined,
    ],
    ['dedup memory-equal entries', [owner('1', f), owner('1', f)], [owner('1', f)], '1'],
    ['dedup semantic-equal entries', [owner('1', f), owner('1', { ...f })], [owner('1', f)], '1'],
    ["don't dedup semantic-different entries", [owner('1', f), owner('1')], [owner('1', f), owner('1')], undefined],
  ])('%s', (_name, refs, expected, duplicates) => {
    const c = cluster({ now: T(1) });
    const r = c.create(obj({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: 'default', ownerReferences: refs } }), { fieldManager: 'm' });
    const out = ok(r);
    expect((out.metadata as { ownerReferences: unknown }).ownerReferences).toEqual(obj({ x: expected }).x);
    expect(r.ok && r.warnings).toEqual(duplicates === undefined ? [] : [DUPLICATES + duplicates]);
  });

  it('create and update dedup before the field manager, so it owns each reference once', () => {
    const c = cluster({ now: T(1) });
    const cm = ref('v1', 'ConfigMap', 'cm');
    const o = (uid: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid });
    ok(c.create(obj({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: 'default', ownerReferences: [o('1'), o('1')] } }), { fieldManager: 'creator' }));
    expect(entries(c.object(cm))).toEqual([`creator | Update | v1 |  | ${T(1)} | {"f:metadata":{"f:ownerReferences":{".":{},"k:{\\"uid\\":\\"1\\"}":{}}}}`]);
    c.setTime(T(2));
    const live = c.object(cm)!;
    const r = c.update(obj({ ...live, metadata: { ...(live.metadata as object), ownerReferences: [o('1'), o('2'), o('2')] } }), { fieldManager: 'updater' });
    expect(ok(r).metadata).toMatchObject({ ownerReferences: [o('1'), o('2')] });
    expect(r.warnings).toEqual([DUPLICATES + '2']);
    expect(entries(c.object(cm))).toEqual([
      `creator | Update | v1 |  | ${T(1)} | {"f:metadata":{"f:ownerReferences":{".":{},"k:{\\"uid\\":\\"1\\"}":{}}}}`,
      `updater | Update | v1 |  | ${T(2)} | {"f:metadata":{"f:ownerReferences":{"k:{\\"uid\\":\\"2\\"}":{}}}}`,
    ]);
  });

  it('a patch dedups only after admission: the warning says so', () => {
    const c = cluster({ now: T(1) });
    const cm = ref('v1', 'ConfigMap', 'cm');
    const o = (uid: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid });
    ok(c.create(obj({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: 'default', ownerReferences: [o('1')] } }), { fieldManager: 'creator' }));
    const r = c.patch(cm, 'json', [{ op: 'add', path: '/metadata/ownerReferences/-', value: o('1') }], { fieldManager: 'patcher' });
    expect(ok(r).metadata).toMatchObject({ ownerReferences: [o('1')] });
    expect(r.warnings).toEqual([DUPLICATES_AFTER_ADMISSION + '1']);
  });

  it("a custom resource's references are written back as Go writes an OwnerReference", () => {
    // Unstructured.SetOwnerReferences: the six fields only, the booleans only when set (a null
    // one, which a custom resource keeps, is gone).
    const state = setup();
    const refs = [
      { apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: '1' },
      { apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: '1' },
      { uid: '2', apiVersion: 'v1', name: 'o2', kind: 'ConfigMap', controller: true, blockOwnerDeletion: null },
    ];
    const body = obj({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w', namespace: 'default', ownerReferences: refs }, spec: {} });
    const r = run(state, { verb: 'create', body, options: { fieldManager: 'm' } });
    expect(JSON.stringify(r.object.metadata.ownerReferences)).toEqual(JSON.stringify([
      { apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: '1' },
      { apiVersion: 'v1', kind: 'ConfigMap', name: 'o2', uid: '2', controller: true },
    ]));
    expect(r.response.ok && r.response.warnings).toEqual([DUPLICATES + '1']);
    // Without duplicates the list is kept as sent.
    const kept = run(state, { verb: 'create', body: obj({ ...(body as object), metadata: { name: 'w2', namespace: 'default', ownerReferences: [refs[2]] } }), options: { fieldManager: 'm' } });
    expect(JSON.stringify(kept.object.metadata.ownerReferences)).toEqual(JSON.stringify([refs[2]]));
  });
});

// ------------------------------------------------------------------------------------------------
// apimachinery fieldmanager_test.go

const DEPLOYMENT_NGINX = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'deployment', labels: { app: 'nginx' } },
  spec: {
    selector: { matchLabels: { app: 'nginx' } },
    template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:latest' }] } },
  },
};
const REPLICAS_101 = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'deployment' }, spec: { replicas: 101 } };
const NGINX_FIELDS =
  '{"f:metadata":{"f:labels":{"f:app":{}}},"f:spec":{"f:selector":{},"f:template":{"f:metadata":{"f:labels":{"f:app":{}}},"f:spec":{"f:containers":{"k:{\\"name\\":\\"nginx\\"}":{".":{},"f:image":{},"f:name":{}}}}}}}';

describe('fieldmanager_test.go', () => {
  const deployment = ref('apps/v1', 'Deployment', 'deployment');

  it('TestVersionCheck: an apply at another version than the endpoint is a 400', () => {
    const c = cluster({ now: T(1) });
    const d = ref('apps/v1', 'Deployment', 'd');
    ok(c.apply(obj({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' } }), { fieldManager: 'fieldmanager_test', target: d }));
    const r = fail(c.apply(obj({ apiVersion: 'apps/v1beta1', kind: 'Deployment', metadata: { name: 'd' } }), { fieldManager: 'fieldmanager_test', target: d }));
    expect(r).toMatchObject({ code: 400, reason: 'BadRequest', message: 'invalid object type: apps/v1beta1, Kind=Deployment' });
  });

  it('TestApplyFailsWithManagedFields: an apply body with an entry is a 400', () => {
    const c = cluster({ now: T(1) });
    const r = fail(c.apply(obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', managedFields: [{ manager: 'test' }] } }), { fieldManager: 'fieldmanager_test' }));
    expect(r).toMatchObject({ code: 400, reason: 'BadRequest', message: 'metadata.managedFields must be nil' });
    expect(c.object(ref('v1', 'Pod', 'p'))).toBeUndefined();
  });

  it('TestInteropForClientSideApplyAndServerSideApply: kubectl takes over client-side-applied fields without conflict', () => {
    const c = cluster({ now: T(1) });
    const v1 = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'my-deployment', labels: { app: 'my-app' } },
      spec: {
        replicas: 100,
        selector: { matchLabels: { app: 'my-app' } },
        template: { metadata: { labels: { app: 'my-app' } }, spec: { containers: [{ name: 'my-c', image: 'my-image-v1' }] } },
      },
    };
    const lastApplied = JSON.stringify(v1);
    ok(c.create(obj({ ...v1, metadata: { ...v1.metadata, annotations: { [LAST_APPLIED]: lastApplied } } }), { fieldManager: 'kubectl-client-side-apply-test' }));
    const d = ref('apps/v1', 'Deployment', 'my-deployment');
    expect(getPath(c.object(d)!, ['metadata', 'annotations', LAST_APPLIED])).toBe(lastApplied);
    c.setTime(T(2));
    const v2 = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'my-deployment', labels: { app: 'my-app-v2' } },
      spec: {
        replicas: 8,
        selector: { matchLabels: { app: 'my-app-v2' } },
        template: { metadata: { labels: { app: 'my-app-v2' } }, spec: { containers: [{ name: 'my-c', image: 'my-image-v2' }] } },
      },
    };
    const r = c.apply(obj(v2), { fieldManager: 'kubectl', force: false });
    ok(r);
    expect(r.forgivenConflicts?.map((x) => x.field)).toEqual([
      '.metadata.labels.app',
      '.spec.replicas',
      '.spec.selector',
      '.spec.template.metadata.labels.app',
      '.spec.template.spec.containers[name="my-c"].image',
    ]);
    // Rebuilt from the applied object (Go's JSON: keys sorted, a newline after).
    expect(getPath(c.object(d)!, ['metadata', 'annotations', LAST_APPLIED])).toBe(
      '{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"labels":{"app":"my-app-v2"},"name":"my-deployment"},"spec":{"replicas":8,"selector":{"matchLabels":{"app":"my-app-v2"}},"template":{"metadata":{"labels":{"app":"my-app-v2"}},"spec":{"containers":[{"image":"my-image-v2","name":"my-c"}]}}}}\n',
    );
    expect(entries(c.object(d))).toEqual([
      `kubectl | Apply | apps/v1 |  | ${T(2)} | {"f:metadata":{"f:labels":{"f:app":{}}},"f:spec":{"f:replicas":{},"f:selector":{},"f:template":{"f:metadata":{"f:labels":{"f:app":{}}},"f:spec":{"f:containers":{"k:{\\"name\\":\\"my-c\\"}":{".":{},"f:image":{},"f:name":{}}}}}}}`,
      `kubectl-client-side-apply-test | Update | apps/v1 |  | ${T(1)} | {"f:metadata":{"f:annotations":{".":{},"f:kubectl.kubernetes.io/last-applied-configuration":{}},"f:labels":{}},"f:spec":{".":{},"f:template":{".":{},"f:metadata":{".":{},"f:labels":{}},"f:spec":{".":{},"f:containers":{".":{},"k:{\\"name\\":\\"my-c\\"}":{".":{},"f:name":{}}}}}}}`,
    ]);
  });

  it('TestNoTrackManagedFieldsForClientSideApply: untracked until the first apply, which kubectl then takes over', () => {
    const c = cluster({ now: T(1) });
    const d = ref('apps/v1', 'Deployment', 'my-deployment');
    const base = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'my-deployment', labels: { app: 'my-app' } }, spec: { replicas: 100 } };
    const put = (metadata: object, manager: string) => ok(c.update(obj({ ...base, metadata: { ...(c.object(d)!.metadata as object), ...metadata } }), { fieldManager: manager }));
    ok(c.create(obj(base), { fieldManager: 'test_kubectl_create' }));
    expect(entries(c.object(d))).toEqual([`test_kubectl_create | Update | apps/v1 |  | ${T(1)} | {"f:metadata":{"f:labels":{".":{},"f:app":{}}},"f:spec":{".":{},"f:replicas":{}}}`]);
    put({ managedFields: [] }, 'test_kubectl_replace');
    expect(entries(c.object(d))).toEqual([]);
    const lastApplied = JSON.stringify(base);
    put({ annotations: { [LAST_APPLIED]: lastApplied } }, 'test_k_client_side_apply');
    expect(entries(c.object(d))).toEqual([]);
    expect(getPath(c.object(d)!, ['metadata', 'annotations', LAST_APPLIED])).toBe(lastApplied);
    c.setTime(T(2));
    ok(c.apply(obj(base), { fieldManager: 'test_server_side_apply_without_upgrade', force: false }));
    expect(entries(c.object(d))).toEqual([
      'test_server_side_apply_without_upgrade | Apply | apps/v1 |  |  | {"f:metadata":{"f:labels":{"f:app":{}}},"f:spec":{"f:replicas":{}}}',
      `before-first-apply | Update | apps/v1 |  | ${T(2)} | {"f:metadata":{"f:annotations":{".":{},"f:kubectl.kubernetes.io/last-applied-configuration":{}},"f:labels":{".":{},"f:app":{}}},"f:spec":{".":{},"f:replicas":{}}}`,
    ]);
    c.setTime(T(3));
    const v2 = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'my-deployment', labels: { app: 'my-app-v2' } }, spec: { replicas: 8 } };
    const r = c.apply(obj(v2), { fieldManager: 'kubectl', force: false });
    ok(r);
    expect(r.forgivenConflicts).toEqual([
      { reason: 'FieldManagerConflict', message: 'conflict with "before-first-apply" using apps/v1', field: '.metadata.labels.app' },
      { reason: 'FieldManagerConflict', message: 'conflict with "before-first-apply" using apps/v1', field: '.spec.replicas' },
      { reason: 'FieldManagerConflict', message: 'conflict with "test_server_side_apply_without_upgrade"', field: '.metadata.labels.app' },
      { reason: 'FieldManagerConflict', message: 'conflict with "test_server_side_apply_without_upgrade"', field: '.spec.replicas' },
    ]);
    expect(entries(c.object(d))).toEqual([
      `kubectl | Apply | apps/v1 |  | ${T(3)} | {"f:metadata":{"f:labels":{"f:app":{}}},"f:spec":{"f:replicas":{}}}`,
      `before-first-apply | Update | apps/v1 |  | ${T(2)} | {"f:metadata":{"f:annotations":{".":{},"f:kubectl.kubernetes.io/last-applied-configuration":{}},"f:labels":{}},"f:spec":{}}`,
    ]);
    expect(getPath(c.object(d)!, ['metadata', 'annotations', LAST_APPLIED])).toBe(
      '{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"labels":{"app":"my-app-v2"},"name":"my-deployment"},"spec":{"replicas":8}}\n',
    );
  });

  it('TestApplyDoesNotChangeManagedFields: a no-op re-apply changes no entry, time included', () => {
    const c = cluster({ now: T(1) });
    ok(c.apply(obj(DEPLOYMENT_NGINX), { fieldManager: 'fieldmanager_z', force: false }));
    c.setTime(T(2));
    ok(c.apply(obj(REPLICAS_101), { fieldManager: 'fieldmanager_b', force: false }));
    const before = c.object(deployment)!;
    expect(entries(before)).toEqual([`fieldmanager_z | Apply | apps/v1 |  | ${T(1)} | ${NGINX_FIELDS}`, `fieldmanager_b | Apply | apps/v1 |  | ${T(2)} | {"f:spec":{"f:replicas":{}}}`]);
    c.setTime(T(4));
    ok(c.apply(obj(DEPLOYMENT_NGINX), { fieldManager: 'fieldmanager_z', force: false }));
    expect(c.object(deployment)).toEqual(before);
  });

  it('TestUpdateDoesNotChangeManagedFields: a no-op update changes no entry, time included', () => {
    const c = cluster({ now: T(1) });
    ok(c.create(obj(DEPLOYMENT_NGINX), { fieldManager: 'fieldmanager_z' }));
    const before = c.object(deployment)!;
    c.setTime(T(3));
    ok(c.update(obj({ ...DEPLOYMENT_NGINX, metadata: before.metadata }), { fieldManager: 'fieldmanager_z' }));
    expect(c.object(deployment)).toEqual(before);
  });

  it('TestLiveObjectManagedFieldsNotRemoved: the stored entries stay through another apply', () => {
    const c = cluster({ now: T(1) });
    ok(c.apply(obj(DEPLOYMENT_NGINX), { fieldManager: 'fieldmanager_z', force: false }));
    const first = c.object(deployment)!;
    expect(entries(first)).toEqual([`fieldmanager_z | Apply | apps/v1 |  | ${T(1)} | ${NGINX_FIELDS}`]);
    c.setTime(T(2));
    // The same manager applies only replicas: it keeps replicas and gives up the rest, whose values
    // go with it (nobody else owns them); the object read before is unchanged.
    ok(c.apply(obj(REPLICAS_101), { fieldManager: 'fieldmanager_z', force: false }));
    expect(entries(first)).toEqual([`fieldmanager_z | Apply | apps/v1 |  | ${T(1)} | ${NGINX_FIELDS}`]);
    expect(entries(c.object(deployment))).toEqual([`fieldmanager_z | Apply | apps/v1 |  | ${T(2)} | {"f:spec":{"f:replicas":{}}}`]);
  });
});

// ------------------------------------------------------------------------------------------------
// apimachinery internal/managedfieldsupdater_test.go: when an entry's time changes. Upstream's
// applies are forced; its first update is our create.

describe('managedfieldsupdater_test.go', () => {
  const cmRef = ref('v1', 'ConfigMap', 'configmap');
  const configMap = (data: Record<string, string>) => obj({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'configmap' }, data });
  const write = (c: ReturnType<typeof cluster>, how: 'update' | 'apply', manager: string, data: Record<string, string>) => {
    if (how === 'apply') return ok(c.apply(configMap(data), { fieldManager: manager, force: true }));
    const live = c.object(cmRef);
    if (!live) return ok(c.create(configMap(data), { fieldManager: manager }));
    return ok(c.update(obj({ apiVersion: 'v1', kind: 'ConfigMap', metadata: live.metadata, data }), { fieldManager: manager }));
  };
  const op = { update: 'Update | v1', apply: 'Apply | v1' } as const;

  it.each(['update', 'apply'] as const)('TestManagedFields%sDoesModifyTime: a change moves the time', (how) => {
    const c = cluster({ now: T(1) });
    write(c, how, 'fieldmanager_test', { key: 'value' });
    c.setTime(T(2));
    write(c, how, 'fieldmanager_test', { key: 'new-value' });
    expect(entries(c.object(cmRef))).toEqual([`fieldmanager_test | ${op[how]} |  | ${T(2)} | {"f:data":{${how === 'update' ? '".":{},' : ''}"f:key":{}}}`]);
  });

  it.each(['update', 'apply'] as const)('TestManagedFields%sWithoutChangesDoesNotModifyTime', (how) => {
    const c = cluster({ now: T(1) });
    write(c, how, 'fieldmanager_test', { key: 'value' });
    const before = c.object(cmRef)!;
    c.setTime(T(2));
    write(c, how, 'fieldmanager_test', { key: 'value' });
    expect(c.object(cmRef)).toEqual(before);
    expect(entries(before)).toEqual([`fieldmanager_test | ${op[how]} |  | ${T(1)} | {"f:data":{${how === 'update' ? '".":{},' : ''}"f:key":{}}}`]);
  });

  it('TestNonManagedFieldsUpdateDoesNotModifyTime: the manager whose only field was taken has no entry left', () => {
    const c = cluster({ now: T(1) });
    write(c, 'update', 'fieldmanager_a_test', { key_a: 'value' });
    write(c, 'update', 'fieldmanager_b_test', { key_b: 'value' });
    expect(entries(c.object(cmRef))).toEqual([
      `fieldmanager_a_test | Update | v1 |  | ${T(1)} | {"f:data":{}}`,
      `fieldmanager_b_test | Update | v1 |  | ${T(1)} | {"f:data":{"f:key_b":{}}}`,
    ]);
    c.setTime(T(2));
    write(c, 'update', 'fieldmanager_a_test', { key_a: 'value', key_b: 'new-value' });
    expect(entries(c.object(cmRef))).toEqual([`fieldmanager_a_test | Update | v1 |  | ${T(2)} | {"f:data":{".":{},"f:key_a":{},"f:key_b":{}}}`]);
  });

  it('TestNonManagedFieldsApplyDoesNotModifyTime: an applier whose fields are untouched keeps its time', () => {
    const c = cluster({ now: T(1) });
    write(c, 'apply', 'fieldmanager_a_test', { key_a: 'value' });
    c.setTime(T(2));
    write(c, 'apply', 'fieldmanager_b_test', { key_b: 'value' });
    c.setTime(T(3));
    write(c, 'apply', 'fieldmanager_a_test', { key_a: 'new-value' });
    expect(entries(c.object(cmRef))).toEqual([
      `fieldmanager_b_test | Apply | v1 |  | ${T(2)} | {"f:data":{"f:key_b":{}}}`,
      `fieldmanager_a_test | Apply | v1 |  | ${T(3)} | {"f:data":{"f:key_a":{}}}`,
    ]);
  });

  it.each(['update', 'apply'] as const)('TestTakingOverManagedFieldsDuring%sDoesNotModifyPreviousManagerTime', (how) => {
    const c = cluster({ now: T(1) });
    // Upstream's YAML `"key_b": value"` is the string `value"`.
    write(c, how, 'fieldmanager_a_test', { key_a: 'value', key_b: 'value"' });
    c.setTime(T(2));
    write(c, how, 'fieldmanager_b_test', { key_b: 'new-value' });
    expect(entries(c.object(cmRef))).toEqual(
      how === 'update'
        ? [`fieldmanager_a_test | Update | v1 |  | ${T(1)} | {"f:data":{}}`, `fieldmanager_b_test | Update | v1 |  | ${T(2)} | {"f:data":{"f:key_b":{}}}`]
        : [`fieldmanager_a_test | Apply | v1 |  | ${T(1)} | {"f:data":{"f:key_a":{}}}`, `fieldmanager_b_test | Apply | v1 |  | ${T(2)} | {"f:data":{"f:key_b":{}}}`],
    );
  });

  it('TestNilNewObjectReplacedWithDeepCopyExcludingManagedFields: a no-op apply answers the live object, entries unchanged', () => {
    const c = cluster({ now: T(1) });
    const pod = obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'pod', labels: { app: 'nginx' } } });
    const live = ok(c.apply(pod, { fieldManager: 'fieldmanager_test' }));
    c.setTime(T(2));
    const r = c.apply(pod, { fieldManager: 'fieldmanager_test' });
    expect(ok(r)).toEqual(live);
    expect(entries(live)).toEqual([`fieldmanager_test | Apply | v1 |  | ${T(1)} | {"f:metadata":{"f:labels":{"f:app":{}}}}`]);
  });
});

// ------------------------------------------------------------------------------------------------
// apimachinery internal/lastappliedupdater_test.go and skipnonapplied_test.go

describe('lastappliedupdater_test.go TestLastAppliedUpdater', () => {
  it('only an apply by `kubectl` rewrites the annotation, even when the apply changes nothing else', () => {
    const c = cluster({ now: T(1) });
    const d = ref('apps/v1', 'Deployment', 'my-deployment');
    const body = obj({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'my-deployment', annotations: { [LAST_APPLIED]: 'nonempty' }, labels: { app: 'my-app' } },
      spec: {
        replicas: 20,
        selector: { matchLabels: { app: 'my-app' } },
        template: { metadata: { labels: { app: 'my-app' } }, spec: { containers: [{ name: 'my-c', image: 'my-image' }] } },
      },
    });
    ok(c.apply(body, { fieldManager: 'NOT-KUBECTL', force: false }));
    expect(getPath(c.object(d)!, ['metadata', 'annotations', LAST_APPLIED])).toBe('nonempty');
    c.setTime(T(2));
    ok(c.apply(body, { fieldManager: 'kubectl', force: false }));
    // The merge is a no-op, so kubectl's new entry has no time (the updater only sets one when
    // the merged object changed); the annotation is rewritten afterwards all the same, from the
    // applied object without the annotation itself (its emptied map stays).
    expect(getPath(c.object(d)!, ['metadata', 'annotations', LAST_APPLIED])).toBe(
      '{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{},"labels":{"app":"my-app"},"name":"my-deployment"},"spec":{"replicas":20,"selector":{"matchLabels":{"app":"my-app"}},"template":{"metadata":{"labels":{"app":"my-app"}},"spec":{"containers":[{"image":"my-image","name":"my-c"}]}}}}\n',
    );
    const fields =
      '{"f:metadata":{"f:annotations":{"f:kubectl.kubernetes.io/last-applied-configuration":{}},"f:labels":{"f:app":{}}},"f:spec":{"f:replicas":{},"f:selector":{},"f:template":{"f:metadata":{"f:labels":{"f:app":{}}},"f:spec":{"f:containers":{"k:{\\"name\\":\\"my-c\\"}":{".":{},"f:image":{},"f:name":{}}}}}}}';
    expect(entries(c.object(d))).toEqual([`kubectl | Apply | apps/v1 |  |  | ${fields}`, `NOT-KUBECTL | Apply | apps/v1 |  | ${T(1)} | ${fields}`]);
  });
});

describe('skipnonapplied_test.go TestNoUpdateBeforeFirstApply', () => {
  it('an apply that creates the object records only the applier', () => {
    const c = cluster({ now: T(1) });
    const out = ok(
      c.apply(obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'pod', labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:latest' }] } }), {
        fieldManager: 'fieldmanager_test_apply',
        force: false,
      }),
    );
    expect(entries(out)).toEqual([
      `fieldmanager_test_apply | Apply | v1 |  | ${T(1)} | {"f:metadata":{"f:labels":{"f:app":{}}},"f:spec":{"f:containers":{"k:{\\"name\\":\\"nginx\\"}":{".":{},"f:image":{},"f:name":{}}}}}`,
    ]);
  });
});

// ------------------------------------------------------------------------------------------------
// apimachinery internal/managedfields_test.go TestRoundTripManagedFields: entries decoded and
// encoded again are the entries sent (order, apiVersion of Apply entries, times, subresource).

describe('managedfields_test.go TestRoundTripManagedFields', () => {
  const e = (apiVersion: string, fieldsV1: object, operation: 'Apply' | 'Update', extra: object = {}) => ({ apiVersion, fieldsType: 'FieldsV1', fieldsV1, manager: 'foo', operation, ...extra });
  it.each([
    ['null', null],
    [
      'values and indices',
      [
        e('v1', { 'v:3': { 'f:alsoPi': {} }, 'v:3.1415': { 'f:pi': {} }, 'v:false': { 'f:notTrue': {} } }, 'Update', { time: '2001-02-03T04:05:06Z' }),
        e('v1beta1', { 'i:5': { 'f:i': {} } }, 'Update', { time: '2011-12-13T14:15:16Z' }),
      ],
    ],
    ['keys', [e('v1', { 'f:spec': { 'f:containers': { 'k:{"name":"c"}': { 'f:image': {}, 'f:name': {} } } } }, 'Apply')]],
    [
      'a deployment',
      [
        e(
          'v1',
          {
            'f:apiVersion': {},
            'f:kind': {},
            'f:metadata': { 'f:labels': { 'f:app': {} }, 'f:name': {} },
            'f:spec': {
              'f:replicas': {},
              'f:selector': { 'f:matchLabels': { 'f:app': {} } },
              'f:template': {
                'f:medatada': { 'f:labels': { 'f:app': {} } },
                'f:spec': { 'f:containers': { 'k:{"name":"nginx"}': { '.': {}, 'f:image': {}, 'f:name': {}, 'f:ports': { 'i:0': { 'f:containerPort': {} } } } } },
              },
            },
          },
          'Update',
        ),
      ],
    ],
    [
      'a storage class',
      [
        e(
          'v1',
          {
            'f:allowVolumeExpansion': {},
            'f:apiVersion': {},
            'f:kind': {},
            'f:metadata': { 'f:name': {}, 'f:parameters': { 'f:resturl': {}, 'f:restuser': {}, 'f:secretName': {}, 'f:secretNamespace': {} } },
            'f:provisioner': {},
          },
          'Apply',
        ),
      ],
    ],
    [
      'a custom resource definition',
      [
        e(
          'v1',
          {
            'f:apiVersion': {},
            'f:kind': {},
            'f:metadata': { 'f:name': {} },
            'f:spec': {
              'f:group': {},
              'f:names': { 'f:kind': {}, 'f:plural': {}, 'f:shortNames': { 'i:0': {} }, 'f:singular': {} },
              'f:scope': {},
              'f:versions': { 'k:{"name":"v1"}': { 'f:name': {}, 'f:served': {}, 'f:storage': {} } },
            },
          },
          'Update',
        ),
      ],
    ],
    ['a subresource', [e('v1', { 'f:spec': { 'f:replicas': {} } }, 'Update', { subresource: 'scale' })]],
  ])('%s', (_name, list) => {
    const decoded = decodeManagedFields(list === null ? null : (obj({ l: list }) as { l: Value }).l);
    expect(decoded.ok).toBe(true);
    const encoded = decoded.ok ? encodeManagedFields(decoded.managed) : undefined;
    expect(encoded === undefined ? null : JSON.parse(JSON.stringify(entriesToValue(encoded)))).toEqual(list);
  });
});

// ------------------------------------------------------------------------------------------------
// apiserver handlers/create_test.go TestManagerOrUserAgent

describe('create_test.go TestManagerOrUserAgent', () => {
  it.each([
    ['', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/72.0.3626.121 Safari/537.36', 'Mozilla'],
    ['', `${'f'.repeat(129)}/Something`, 'f'.repeat(128)],
    ['', '🍔'.repeat(60), '🍔'.repeat(32)],
    ['manager', 'userAgent', 'manager'],
  ])('%j, %j → %j', (manager, userAgent, expected) => {
    expect(managerName(manager === '' ? undefined : manager, userAgent)).toBe(expected);
    // And as the entry of a create says it.
    const out = ok(cluster({ now: T(1) }).create(obj({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm' }, data: { a: 'b' } }), { userAgent, ...(manager ? { fieldManager: manager } : {}) }));
    expect(entries(out)).toEqual([`${expected} | Update | v1 |  | ${T(1)} | {"f:data":{".":{},"f:a":{}}}`]);
  });
});

// ------------------------------------------------------------------------------------------------
// apimachinery scalehandler_test.go: the ScaleHandler's translation of entries (scale.ts), every
// case of its three tables.

describe('scalehandler_test.go', () => {
  type E = { m: string; op: 'Apply' | 'Update'; v: string; f: string; sub?: string; time?: string };
  const list = (es: readonly E[]) =>
    obj({ l: es.map((e) => ({ manager: e.m, operation: e.op, apiVersion: e.v, fieldsType: 'FieldsV1', fieldsV1: JSON.parse(e.f), ...(e.sub ? { subresource: e.sub } : {}), ...(e.time ? { time: e.time } : {}) })) }).l;
  const decoded = (es: readonly E[]) => {
    const r = decodeManagedFields(list(es));
    if (!r.ok) throw new Error(r.error);
    return r.managed;
  };
  const show = (es: readonly ManagedFieldsEntry[]) => es.map((e) => `${e.manager} | ${e.operation} | ${e.apiVersion} | ${e.subresource ?? ''} | ${e.time ?? ''} | ${JSON.stringify(e.fieldsV1)}`);
  const showE = (es: readonly E[]) => es.map((e) => `${e.m} | ${e.op} | ${e.v} | ${e.sub ?? ''} | ${e.time ?? ''} | ${e.f}`);
  const path = (...names: string[]) => names.map(fieldElement);
  const appsV1 = new Map([['apps/v1', path('spec', 'replicas')]]);
  const R = '{"f:spec":{"f:replicas":{}}}';
  const RS = '{"f:spec":{"f:replicas":{},"f:selector":{}}}';
  const S = '{"f:spec":{"f:selector":{}}}';

  it.each<[string, E[], E[]]>([
    [
      'filter one entry and transform it into a subresource entry',
      [{ m: 'manager-1', op: 'Apply', v: 'apps/v1', f: '{"f:spec":{"f:another-field":{}}}' }, { m: 'manager-2', op: 'Apply', v: 'apps/v1', f: R, time: T(1) }],
      [{ m: 'manager-2', op: 'Apply', v: 'autoscaling/v1', f: R, time: T(1) }],
    ],
    [
      'transform all entries',
      [{ m: 'manager-1', op: 'Apply', v: 'apps/v1', f: R }, { m: 'manager-2', op: 'Apply', v: 'apps/v1', f: R }, { m: 'manager-3', op: 'Apply', v: 'apps/v1', f: R, sub: 'scale' }],
      [{ m: 'manager-1', op: 'Apply', v: 'autoscaling/v1', f: R }, { m: 'manager-2', op: 'Apply', v: 'autoscaling/v1', f: R }, { m: 'manager-3', op: 'Apply', v: 'autoscaling/v1', f: R, sub: 'scale' }],
    ],
    ['drops fields if the api version is unknown', [{ m: 'manager-1', op: 'Apply', v: 'apps/v10', f: R }], []],
  ])('TestTransformManagedFieldsToSubresource: %s', (_name, parent, expected) => {
    expect(show(toSubresource(decoded(parent), appsV1))).toEqual(showE(expected));
  });

  const test = (op: 'Apply' | 'Update', f = RS): E => ({ m: 'test', op, v: 'apps/v1', f });
  const scale = (m: string, op: 'Apply' | 'Update', f = R, sub = 'scale'): E => ({ m, op, v: 'autoscaling/v1', f, ...(sub ? { sub } : {}) });
  const back = (m: string, op: 'Apply' | 'Update', f = R, sub = 'scale'): E => ({ m, op, v: 'apps/v1', f, ...(sub ? { sub } : {}) });
  it.each<[string, E[], E[], E[]]>([
    ['different-managers: apply -> update', [test('Apply')], [scale('scale', 'Update')], [test('Apply', S), back('scale', 'Update')]],
    ['different-managers: apply -> apply', [test('Apply')], [scale('scale', 'Apply')], [back('scale', 'Apply'), test('Apply', S)]],
    ['different-managers: update -> update', [test('Update')], [scale('scale', 'Update')], [back('scale', 'Update'), test('Update', S)]],
    ['different-managers: update -> apply', [test('Update')], [scale('scale', 'Apply')], [back('scale', 'Apply'), test('Update', S)]],
    ['same manager: apply -> apply', [test('Apply')], [scale('test', 'Apply')], [test('Apply', S), back('test', 'Apply')]],
    ['same manager: update -> update', [test('Update')], [scale('test', 'Update')], [test('Update', S), back('test', 'Update')]],
    ['same manager: update -> apply', [test('Update')], [scale('test', 'Apply')], [back('test', 'Apply'), test('Update', S)]],
    ['same manager: apply -> update', [test('Apply')], [scale('test', 'Update')], [test('Apply', S), back('test', 'Update')]],
    ["subresource doesn't own the path anymore", [test('Apply', S)], [scale('scale', 'Update', '{"f:status":{"f:replicas":{}}}')], [test('Apply', S)]],
    ['Subresource steals all the fields of the parent resource', [test('Apply', R)], [scale('scale', 'Update')], [back('scale', 'Update')]],
    ['apply without stealing', [test('Apply')], [scale('test', 'Apply', R, ''), scale('test', 'Apply')], [test('Apply'), back('test', 'Apply')]],
    [
      'drops the entry if the api version is unknown',
      [test('Apply', R), { m: 'another-manager', op: 'Apply', v: 'apps/v10', f: S }],
      [scale('scale', 'Update', R, '')],
      [back('scale', 'Update', R, '')],
    ],
  ])('TestTransformingManagedFieldsToParent: %s', (_name, parent, sub, expected) => {
    expect(show(toParent(decoded(parent), decoded(sub), appsV1, 'apps/v1'))).toEqual(showE(expected));
  });

  it('TestTransformingManagedFieldsToParentMultiVersion: Custom resource without scale subresource, scaling a version with `scale`', () => {
    // A version without /scale maps to no path: its entries are kept whole.
    const mappings = new Map([
      ['mygroup/v1', path('spec', 'the-replicas')],
      ['mygroup/v2', null],
    ]);
    const parent: E[] = [
      { m: 'test', op: 'Apply', v: 'mygroup/v1', f: '{"f:spec":{"f:selector":{},"f:the-replicas":{}}}' },
      { m: 'test-other', op: 'Apply', v: 'mygroup/v2', f: '{"f:spec":{"f:test-other":{}}}' },
    ];
    expect(show(toParent(decoded(parent), decoded([scale('scale', 'Update')]), mappings, 'mygroup/v1'))).toEqual(
      showE([
        { m: 'test', op: 'Apply', v: 'mygroup/v1', f: S },
        { m: 'test-other', op: 'Apply', v: 'mygroup/v2', f: '{"f:spec":{"f:test-other":{}}}' },
        { m: 'scale', op: 'Update', v: 'mygroup/v1', f: '{"f:spec":{"f:the-replicas":{}}}', sub: 'scale' },
      ]),
    );
    expect(show(toSubresource(decoded(parent), mappings))).toEqual(showE([{ m: 'test', op: 'Apply', v: 'autoscaling/v1', f: R }]));
  });

  it('TestTransformingManagedFieldsToParentMultiVersion: multi-version', () => {
    const mappings = new Map([
      ['apps/v1', path('spec', 'the-replicas')],
      ['apps/v2', path('spec', 'not-the-replicas')],
    ]);
    const parent: E[] = [
      { m: 'test', op: 'Apply', v: 'apps/v1', f: '{"f:spec":{"f:selector":{},"f:the-replicas":{}}}' },
      { m: 'test-other', op: 'Apply', v: 'apps/v2', f: '{"f:spec":{"f:not-the-replicas":{},"f:selector":{}}}' },
    ];
    expect(show(toParent(decoded(parent), decoded([scale('scale', 'Update')]), mappings, 'apps/v1'))).toEqual(
      showE([
        { m: 'test', op: 'Apply', v: 'apps/v1', f: S },
        { m: 'test-other', op: 'Apply', v: 'apps/v2', f: S },
        { m: 'scale', op: 'Update', v: 'apps/v1', f: '{"f:spec":{"f:the-replicas":{}}}', sub: 'scale' },
      ]),
    );
  });
});

// ------------------------------------------------------------------------------------------------
// apiserver rest_test.go TestParseYAMLWarnings, through an apply: after the merge the body is read
// again strictly (patch.go applyPatchToCurrentObject); a repeated key is a warning per line (Warn,
// the default), the 400 (Strict), or nothing (Ignore). The upstream bodies, at a kind we serve.

describe('TestParseYAMLWarnings (through apply)', () => {
  const body = (spec: string) => `---\napiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: no-errors\nspec:\n${spec}`;
  const noErrs = body('  field1: val1\n  field2: val2\n  nested:\n  - name: nestedName\n    nestedField1: val1');
  const oneErr = body('  field1: val1\n  field2: val2\n  field2: val3\n  nested:\n  - name: nestedName\n    nestedField1: val1');
  const manyErrs = body('  field1: val1\n  field2: val2\n  field2: val3\n  nested:\n  - name: nestedName\n    nestedField1: val1\n    nestedField2: val2\n    nestedField2: val3');
  const widgets = () => cluster({ now: T(1), resources: [customResource({ group: 'example.com', kind: 'Widget', versions: ['v1'] })] });
  const PREFIX = 'error strict decoding YAML: error converting YAML to JSON: yaml: unmarshal errors:\n  ';

  it.each([
    ['no errors', noErrs, []],
    ['one error', oneErr, ['line 9: key "field2" already set in map']],
    ['many errors', manyErrs, ['line 9: key "field2" already set in map', 'line 14: key "nestedField2" already set in map']],
  ])('%s', (_name, text, expected) => {
    const warned = widgets().apply(text, { fieldManager: 'm' });
    // The object is the ordinary reading's: the last value of a repeated key.
    expect(ok(warned).spec).toMatchObject({ field2: text.includes('val3') ? 'val3' : 'val2' });
    expect(warned.ok && warned.warnings).toEqual(expected);
    const c = widgets();
    const strict = c.apply(text, { fieldManager: 'm', fieldValidation: 'Strict' });
    if (expected.length === 0) ok(strict);
    else {
      expect(fail(strict)).toMatchObject({ code: 400, reason: 'BadRequest', message: PREFIX + expected.join('\n  ') });
      expect(c.object(ref('example.com/v1', 'Widget', 'no-errors'))).toBeUndefined();
    }
    const ignored = widgets().apply(text, { fieldManager: 'm', fieldValidation: 'Ignore' });
    expect(ok(ignored) && ignored.ok && ignored.warnings).toEqual([]);
  });

  it("a value's own repeats come before its key's; the line is where the repeated value starts; JSON is YAML", () => {
    const text = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\n  labels:\n    a: x\n    a: y\n  labels:\n    b: x\ndata:\n  k: v\n';
    const r = cluster({ now: T(1) }).apply(text, { fieldManager: 'm' });
    expect(ok(r).metadata).toMatchObject({ labels: { b: 'x' } });
    expect(r.warnings).toEqual(['line 7: key "a" already set in map', 'line 9: key "labels" already set in map']);
    const json = '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cm"},"data":{"k":"v","k":"w"}}';
    expect(fail(cluster().apply(json, { fieldManager: 'm', fieldValidation: 'Strict' })).message).toBe(PREFIX + 'line 1: key "k" already set in map');
  });

  it('the strict reading comes after the merge: a conflict is answered first', () => {
    const c = cluster({ now: T(1) });
    ok(c.apply(obj({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm' }, data: { k: 'v' } }), { fieldManager: 'a' }));
    const text = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\ndata:\n  k: w\n  k: x\n';
    expect(fail(c.apply(text, { fieldManager: 'b', fieldValidation: 'Strict' })).code).toBe(409);
    expect(fail(c.apply(text, { fieldManager: 'b', fieldValidation: 'Strict', force: true })).message).toBe(PREFIX + 'line 7: key "k" already set in map');
  });

  it('an apply to /scale is read again strictly too', () => {
    const c = cluster({ now: T(1), harness: false });
    const d = ref('apps/v1', 'Deployment', 'web');
    ok(
      c.apply(
        obj({
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'web', namespace: 'default' },
          spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx' }] } } },
        }),
        { fieldManager: 'm' },
      ),
    );
    const text = 'apiVersion: autoscaling/v1\nkind: Scale\nmetadata:\n  name: web\n  namespace: default\nspec:\n  replicas: 2\n  replicas: 3\n';
    const r = c.apply(text, { fieldManager: 'scaler', target: d, subresource: 'scale', force: true });
    expect(ok(r).spec).toEqual({ replicas: 3 });
    expect(r.warnings).toEqual(['line 8: key "replicas" already set in map']);
    expect(fail(c.apply(text, { fieldManager: 'scaler', target: d, subresource: 'scale', force: true, fieldValidation: 'Strict' })).code).toBe(400);
  });
});

// ------------------------------------------------------------------------------------------------
// apimachinery internal/lastappliedupdater_test.go TestLargeLastApplied: when the rebuilt
// annotation would take the annotations past 256 KiB, it is dropped (SetLastApplied).

describe('lastappliedupdater_test.go TestLargeLastApplied', () => {
  const key = (i: number) => `this-key-is-very-long-so-as-to-create-a-very-large-serialized-fieldset-${i}`;
  // Upstream's harness validates nothing; a server refuses its annotation keys, longer than a
  // qualified name's 63 characters, so the annotations here have keys of 60.
  const annotationKey = (i: number) => `annotation-${i}-`.padEnd(60, 'x');
  const cm = (n: number, withAnnotations: boolean) => {
    const data: Record<string, string> = { k: 'v' };
    const annotations: Record<string, string> = { [LAST_APPLIED]: 'nonempty' };
    for (let i = 0; i < n; i++) {
      data[key(i)] = 'A';
      if (withAnnotations) annotations[annotationKey(i)] = 'A';
    }
    return obj({ metadata: { name: 'large-update-test-cm', namespace: 'default', annotations }, apiVersion: 'v1', kind: 'ConfigMap', data });
  };
  it.each([
    ['old object + new object last-applied annotation is too big', cm(0, false), cm(9999, false)],
    ['old object + new object annotations + new object last-applied annotation is too big', cm(0, false), cm(2000, true)],
  ])('%s', (_name, oldObject, newObject) => {
    const c = cluster({ now: T(1) });
    const first = ok(c.apply(oldObject, { fieldManager: 'kubectl', force: false }));
    expect(getPath(first, ['metadata', 'annotations', LAST_APPLIED])).toBe(
      '{"apiVersion":"v1","data":{"k":"v"},"kind":"ConfigMap","metadata":{"annotations":{},"name":"large-update-test-cm","namespace":"default"}}\n',
    );
    c.setTime(T(2));
    const second = ok(c.apply(newObject, { fieldManager: 'kubectl', force: false }));
    expect(getPath(second, ['metadata', 'annotations', LAST_APPLIED])).toBeUndefined();
    // The other annotations stay (none in the first case: a ConfigMap's emptied map is not written).
    const others = Object.keys(getPath(newObject, ['metadata', 'annotations']) as object).filter((k) => k !== LAST_APPLIED);
    expect(Object.keys((getPath(second, ['metadata', 'annotations']) as object | undefined) ?? {})).toEqual(others);
  });
});

// ------------------------------------------------------------------------------------------------
// apimachinery internal/conflict_test.go TestNewConflictError: the 409 built from the engine's
// conflicts. Its keys carry times, which the server's own keys never do; printManager prints them.

describe('conflict_test.go TestNewConflictError', () => {
  const spec = [fieldElement('spec'), fieldElement('replicas')];
  const label = [fieldElement('metadata'), fieldElement('labels'), fieldElement('app')];
  const cause = (message: string, field: string) => ({ reason: 'FieldManagerConflict', message, field });
  it.each([
    [
      [{ manager: '{"manager":"foo","operation":"Update","apiVersion":"v1","time":"2001-02-03T04:05:06Z"}', path: spec }],
      'Apply failed with 1 conflict: conflict with "foo" using v1 at 2001-02-03T04:05:06Z: .spec.replicas',
      [cause('conflict with "foo" using v1 at 2001-02-03T04:05:06Z', '.spec.replicas')],
    ],
    [
      [
        { manager: '{"manager":"foo","operation":"Update","apiVersion":"v1","time":"2001-02-03T04:05:06Z"}', path: spec },
        { manager: '{"manager":"bar","operation":"Apply"}', path: label },
      ],
      'Apply failed with 2 conflicts: conflicts with "bar":\n- .metadata.labels.app\nconflicts with "foo" using v1 at 2001-02-03T04:05:06Z:\n- .spec.replicas',
      // Upstream lists the causes in the engine's order, which walks a Go map (random); here they
      // follow the message.
      [cause('conflict with "bar"', '.metadata.labels.app'), cause('conflict with "foo" using v1 at 2001-02-03T04:05:06Z', '.spec.replicas')],
    ],
    [
      [{ manager: '{"manager":"foo","operation":"Update","subresource":"scale","apiVersion":"v1","time":"2001-02-03T04:05:06Z"}', path: spec }],
      'Apply failed with 1 conflict: conflict with "foo" with subresource "scale" using v1 at 2001-02-03T04:05:06Z: .spec.replicas',
      [cause('conflict with "foo" with subresource "scale" using v1 at 2001-02-03T04:05:06Z', '.spec.replicas')],
    ],
  ])('%#', (conflicts, message, causes) => {
    const status = conflictStatus(conflicts);
    expect(status).toMatchObject({ code: 409, reason: 'Conflict', status: 'Failure', message });
    expect(status.details?.causes).toEqual(causes);
  });

  it('a time in another zone prints in UTC; a key Go cannot read prints whole', () => {
    expect(printManager('{"manager":"m","operation":"Update","apiVersion":"v1","time":"2001-02-03T05:05:06+01:00"}')).toBe('"m" using v1 at 2001-02-03T04:05:06Z');
    expect(printManager('{"manager":"m","operation":"Update","apiVersion":"v1","time":"yesterday"}')).toBe(
      '"{\\"manager\\":\\"m\\",\\"operation\\":\\"Update\\",\\"apiVersion\\":\\"v1\\",\\"time\\":\\"yesterday\\"}"',
    );
    expect(printManager('{"manager":5,"operation":"Apply"}')).toBe('"{\\"manager\\":5,\\"operation\\":\\"Apply\\"}"');
  });
});

// ------------------------------------------------------------------------------------------------
// apimachinery internal/managedfields_test.go TestBuildManagerIdentifier and
// TestSortEncodedManagedFields, every case.

describe('managedfields_test.go', () => {
  it.each([
    [{ apiVersion: 'v1', manager: 'foo', operation: 'Update' as const }, '{"manager":"foo","operation":"Update","apiVersion":"v1"}'],
    [{ apiVersion: 'v1', manager: 'foo', operation: 'Apply' as const }, '{"manager":"foo","operation":"Apply"}'],
    [{ apiVersion: 'v1', manager: 'foo', operation: 'Apply' as const, subresource: 'scale' }, '{"manager":"foo","operation":"Apply","subresource":"scale"}'],
  ])('TestBuildManagerIdentifier %#', (entry, expected) => {
    // The entries' time (2001-02-03T04:05:06Z) and fields are not part of the identifier.
    expect(buildIdentifier(entry)).toBe(expected);
    const decoded = decodeManagedFields([obj({ ...entry, time: '2001-02-03T04:05:06Z', fieldsType: 'FieldsV1', fieldsV1: { 'f:apiVersion': {} } })]);
    expect(decoded.ok && [...decoded.managed.fields.keys()]).toEqual([expected]);
  });

  type S = [manager: string, operation: 'Apply' | 'Update', time?: string, subresource?: string];
  const entry = ([manager, operation, time, subresource]: S): ManagedFieldsEntry => ({
    manager,
    operation,
    apiVersion: '',
    ...(time ? { time } : {}),
    fieldsType: 'FieldsV1',
    fieldsV1: {},
    ...(subresource ? { subresource } : {}),
  });
  const t1 = '2001-01-01T01:00:00Z';
  const t2 = '2002-01-01T01:00:00Z';
  const t3 = '2003-01-01T01:00:00Z';
  it.each<[string, S[], S[]]>([
    ['empty', [], []],
    ['remains untouched', [['a', 'Apply'], ['a', 'Update', t1]], [['a', 'Apply'], ['a', 'Update', t1]]],
    ['manager without time first', [['a', 'Apply'], ['a', 'Apply', t1]], [['a', 'Apply'], ['a', 'Apply', t1]]],
    ['manager without time first name last', [['a', 'Apply', t1], ['b', 'Apply'], ['a', 'Apply']], [['a', 'Apply'], ['b', 'Apply'], ['a', 'Apply', t1]]],
    ['apply first', [['a', 'Update', t1], ['a', 'Apply']], [['a', 'Apply'], ['a', 'Update', t1]]],
    ['newest last', [['c', 'Update', t1], ['a', 'Apply'], ['c', 'Update', t2], ['b', 'Apply']], [['a', 'Apply'], ['b', 'Apply'], ['c', 'Update', t1], ['c', 'Update', t2]]],
    ['manager last', [['c', 'Update', t1], ['a', 'Apply'], ['d', 'Update', t1], ['b', 'Apply']], [['a', 'Apply'], ['b', 'Apply'], ['c', 'Update', t1], ['d', 'Update', t1]]],
    [
      'manager sorted',
      [['c', 'Update', t1], ['a', 'Apply'], ['g', 'Apply'], ['f', 'Update', t2], ['i', 'Apply'], ['d', 'Update', t2], ['h', 'Apply'], ['e', 'Update', t3], ['b', 'Apply']],
      [['a', 'Apply'], ['b', 'Apply'], ['g', 'Apply'], ['h', 'Apply'], ['i', 'Apply'], ['c', 'Update', t1], ['d', 'Update', t2], ['f', 'Update', t2], ['e', 'Update', t3]],
    ],
    [
      // time.Date(2000, time.January, 0, ...) is 1999-12-31; nanoseconds 3, 2, 1.
      'sort drops nanoseconds',
      [['c', 'Update', '1999-12-31T00:00:00.000000001Z'], ['a', 'Update', '1999-12-31T00:00:00.000000002Z'], ['b', 'Update', '1999-12-31T00:00:00.000000003Z']],
      [['a', 'Update', '1999-12-31T00:00:00.000000002Z'], ['b', 'Update', '1999-12-31T00:00:00.000000003Z'], ['c', 'Update', '1999-12-31T00:00:00.000000001Z']],
    ],
    ['entries with subresource field', [['a', 'Apply', undefined, 'status'], ['a', 'Apply', undefined, 'scale'], ['a', 'Apply']], [['a', 'Apply'], ['a', 'Apply', undefined, 'scale'], ['a', 'Apply', undefined, 'status']]],
  ])('TestSortEncodedManagedFields: %s', (_name, input, expected) => {
    expect(sortEntries(input.map(entry))).toEqual(expected.map(entry));
  });
});
