/**
 * Kubernetes' own unit tests of the field manager, against our API-server layer (the upstream
 * harness is the field manager alone: its first Update is our create, later ones our PUT).
 *
 * Sources (Kubernetes 1.32): k8s.io/apimachinery v0.32.13 pkg/util/managedfields/*_test.go and
 * internal/*_test.go; k8s.io/apiserver v0.32.13 pkg/endpoints/handlers/*_test.go and
 * handlers/fieldmanager/*_test.go. Inputs and expected results are upstream's; where upstream only
 * asserts a property (a conflict, a count), the exact entries and texts asserted to port are what the
 * upstream code computes for those inputs.
 *
 * Every upstream test function, and where it is covered:
 *
 * apimachinery pkg/util/managedfields/fieldmanager_test.go
 *   TestUpdateApplyConflict ........................ acceptance.test.ts AT-1
 *   TestApplyStripsFields .......................... acceptance.test.ts AT-14 (a create refuses the uid and resourceVersion upstream's harness takes)
 *   TestVersionCheck ............................... to port
 *   TestVersionCheckDoesNotPanic ................... apply-new-object.test.ts
 *   TestApplyDoesNotStripLabels .................... apply-new-object.test.ts
 *   TestApplyNewObject (3 cases) ................... apply-new-object.test.ts
 *   TestApplyFailsWithManagedFields ................ to port (acceptance.test.ts AT-5 has [] and [{}])
 *   TestApplySuccessWithNoManagedFields ............ apply-new-object.test.ts
 *   TestNoOpChanges ................................ acceptance.test.ts AT-6
 *   TestResetManagedFieldsEmptyList / EmptyItem .... acceptance.test.ts AT-5
 *   TestServerSideApplyWithInvalidLastApplied ...... acceptance.test.ts AT-4
 *   TestInteropForClientSideApplyAndServerSideApply  to port
 *   TestNoTrackManagedFieldsForClientSideApply ..... to port
 *   TestUpdateViaSubresources ...................... acceptance.test.ts AT-11 (through /status: a Pod serves no /scale)
 *   TestApplyDoesNotChangeManagedFields ............ to port
 *   TestUpdateDoesNotChangeManagedFields ........... to port
 *   TestLiveObjectManagedFieldsNotRemoved .......... to port
 * apimachinery pkg/util/managedfields/scalehandler_test.go
 *   TestTransformManagedFieldsToSubresource,
 *   TestTransformingManagedFieldsToParent(MultiVersion)  managed-fields.test.ts AT-12 (scale.ts)
 * apimachinery pkg/util/managedfields/extract_test.go
 *   TestExtractInto ................................ not the API server (client-go's apply configurations)
 * apimachinery pkg/util/managedfields/internal/
 *   atmostevery_test.go TestAtMostEvery ............ not modelled (a rate limit on the server's logging)
 *   capmanagers_test.go (both) ..................... cap-managers-table.test.ts
 *   conflict_test.go TestNewConflictError .......... managed-fields.test.ts AT-9, engine smd-conflict.test.ts
 *   fields_test.go (3) ............................. test/fieldpath (FieldsV1 encode/decode)
 *   lastappliedmanager_test.go (4) ................. last-applied-forgiveness.test.ts
 *   lastappliedupdater_test.go TestLastAppliedUpdater  to port; TestLargeLastApplied: acceptance.test.ts AT-13
 *   managedfields_test.go TestHasFieldsType, TestHasAPIVersion, TestHasOperation,
 *     TestBuildManagerIdentifier, TestSortEncodedManagedFields  managed-fields.test.ts; TestRoundTripManagedFields: to port
 *   managedfieldsupdater_test.go (9) ............... to port
 *   pathelement_test.go ............................ test/fieldpath/smd-serialize-pe.test.ts
 *   skipnonapplied_test.go TestNoUpdateBeforeFirstApply  to port; TestUpdateBeforeFirstApply: acceptance.test.ts AT-2
 *   typeconverter_test.go, versionconverter_test.go  not the API-server layer (schema loading; one schema serves every version)
 * apiserver pkg/endpoints/handlers/
 *   create_test.go TestManagerOrUserAgent .......... to port
 *   fieldmanager/admission_test.go TestAdmission ... admission-managed-fields.test.ts
 *   fieldmanager/equality_test.go .................. to port (the store's revert of timestamp-only changes)
 *   rest_test.go TestDedupOwnerReferences (6 cases)  here
 *   rest_test.go, others: not about managed fields (Go struct plumbing, body limits, options conversion)
 */
import { describe, expect, it } from 'vitest';
import { cluster, entries, obj, ok, ref, T } from './helpers.js';
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
