/**
 * Which answer a patch gets when several things are wrong with it: the order of kube-apiserver
 * 1.32's patch handler (k8s.io/apiserver v0.32 pkg/endpoints/handlers/patch.go). The handler reads
 * no body before the store: the store looks the object up first, and a subresource (`status`,
 * `scale`) never creates, so there a missing object is a 404 whatever the body holds
 * (StatusREST/ScaleREST.Update pass forceAllowCreate false). Then the patcher decodes the body and
 * runs the field manager (versionCheck's 400, `metadata.managedFields must be nil`, conflicts),
 * and only on the object it made does applyPatch check a uid on create (409), the namespace and
 * the name (400s). Upstream's TestCreateOnApplyFailsWithUID (test/integration/apiserver/apply)
 * sends a valid body with a uid; these send a body with a second fault.
 */
import { describe, expect, it } from 'vitest';
import { cluster, fail, obj, ok, ref } from './helpers.js';

const UID = '88e00824-7f0e-11e8-94a1-c8d3ffb15800';
const POD = ref('v1', 'Pod', 'p');
const pod = (metadata: object, apiVersion = 'v1') =>
  JSON.stringify({ apiVersion, kind: 'Pod', metadata: { name: 'p', ...metadata }, spec: { containers: [{ name: 'c', image: 'i' }] } });

describe('an apply that would create an object', () => {
  it('answers versionCheck before the uid on create', () => {
    const c = cluster({ harness: false });
    expect(fail(c.apply(pod({ uid: UID }, 'apps/v1'), { fieldManager: 'm', target: POD }))).toMatchObject({
      code: 400,
      reason: 'BadRequest',
      message: 'invalid object type: apps/v1, Kind=Pod',
    });
  });

  it('answers managedFields in the body before the uid on create', () => {
    const c = cluster({ harness: false });
    const managedFields = [{ manager: 'x', operation: 'Apply', fieldsType: 'FieldsV1', fieldsV1: {} }];
    expect(fail(c.apply(pod({ uid: UID, managedFields }), { fieldManager: 'm', target: POD }))).toMatchObject({
      code: 400,
      message: 'metadata.managedFields must be nil',
    });
  });

  it('answers the uid before the namespace and the name', () => {
    const c = cluster({ harness: false });
    expect(fail(c.apply(pod({ uid: UID, namespace: 'other', name: 'q' }), { fieldManager: 'm', target: POD }))).toMatchObject({
      code: 409,
      message: `Operation cannot be fulfilled on pods "p": uid mismatch: the provided object specified uid ${UID}, and no existing object was found`,
    });
  });
});

describe('a patch of a subresource of a missing object is a 404, whatever its body', () => {
  const NOT_YAML = '{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"';
  it.each([
    ['apply', 'status', 'a body that is not YAML', POD, NOT_YAML, 'pods "p" not found'],
    ['apply', 'status', 'a body of another version with a uid', POD, pod({ uid: UID }, 'apps/v1'), 'pods "p" not found'],
    ['apply', 'scale', 'a body that is not YAML', ref('apps/v1', 'Deployment', 'd'), NOT_YAML, 'deployments.apps "d" not found'],
    ['merge', 'scale', 'a body that is not JSON', ref('apps/v1', 'Deployment', 'd'), '{"spec": ', 'deployments.apps "d" not found'],
    ['strategic', 'status', 'a body that is not JSON', POD, '{"status": ', 'pods "p" not found'],
  ] as const)('%s of /%s, %s', (patchType, subresource, _what, target, body, message) => {
    const c = cluster({ harness: false });
    const r = patchType === 'apply' ? c.apply(body, { fieldManager: 'm', target, subresource }) : c.patch(target, patchType, body, { fieldManager: 'm', subresource });
    expect(fail(r)).toMatchObject({ code: 404, reason: 'NotFound', message });
  });

  it('while on an existing object the same bodies are read (and refused)', () => {
    const c = cluster({ harness: false });
    ok(c.create(obj(JSON.parse(pod({}))), { fieldManager: 'm' }));
    expect(fail(c.apply(pod({}, 'apps/v1'), { fieldManager: 'm', target: POD, subresource: 'status' }))).toMatchObject({
      code: 400,
      message: 'invalid object type: apps/v1, Kind=Pod',
    });
  });
});
