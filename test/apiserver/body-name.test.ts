/**
 * The name of the object a PUT or PATCH writes, checked against the URL's (k8s.io/apiserver
 * v0.32 pkg/endpoints/handlers: checkName in rest.go, ContextBasedNaming.ObjectName and
 * errEmptyName in namer.go). The patch handler checks the patched object (patch.go applyPatch:
 * after the patch or apply, for every patch type); the update handler checks the decoded body
 * before the store is read (update.go: after the namespace, before r.Update, so before the uid
 * precondition and before a missing object is a 404). An object without a name is not given the
 * URL's: it is a 400, `the name of the object (<url name> based on URL) was undeterminable: name
 * must be provided`. So an apply that would create an object must name it (a generateName alone
 * does not do), while an apply to an existing object may leave the name out: the merge keeps it.
 */
import { describe, expect, it } from 'vitest';
import { cluster, fail, obj, ok, ref } from './helpers.js';

const undeterminable = (name: string) => ({ code: 400, reason: 'BadRequest', message: `the name of the object (${name} based on URL) was undeterminable: name must be provided` });
const CM = ref('v1', 'ConfigMap', 'nn');

describe('the object written must have the URL’s name', () => {
  it('an apply that creates an object without metadata.name is a 400, and stores nothing', () => {
    const c = cluster({ harness: false });
    expect(fail(c.apply('{"apiVersion": "v1", "kind": "ConfigMap", "data": {"x": "1"}}', { fieldManager: 'm', target: CM }))).toMatchObject(undeterminable('nn'));
    expect(fail(c.apply('{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"generateName": "nn-"}, "data": {"x": "1"}}', { fieldManager: 'm', target: CM }))).toMatchObject(
      undeterminable('nn'),
    );
    expect(c.object(CM)).toBeUndefined();
    expect(c.state.resourceVersion).toBe(0);
  });

  it('an apply to an existing object may leave the name out: the merged object keeps it', () => {
    const c = cluster({ harness: false });
    ok(c.apply('{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "nn"}, "data": {"x": "1"}}', { fieldManager: 'm', target: CM }));
    const applied = ok(c.apply('{"apiVersion": "v1", "kind": "ConfigMap", "data": {"x": "2"}}', { fieldManager: 'm', target: CM }));
    expect(applied.metadata).toMatchObject({ name: 'nn' });
    expect(applied.data).toEqual({ x: '2' });
  });

  it('a merge patch that removes the name is a 400', () => {
    const c = cluster({ harness: false });
    ok(c.create(obj({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'nn', namespace: 'default' }, data: { x: '1' } }), { fieldManager: 'm' }));
    expect(fail(c.patch(CM, 'merge', '{"metadata": {"name": null}}', { fieldManager: 'm' }))).toMatchObject(undeterminable('nn'));
  });

  it('a PUT without a name is a 400, for an existing object and a missing one alike', () => {
    const c = cluster({ harness: false });
    const body = obj({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace: 'default' }, data: { x: '1' } });
    expect(fail(c.update(body, { fieldManager: 'm', target: CM }))).toMatchObject(undeterminable('nn'));
    ok(c.create(obj({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'nn', namespace: 'default' }, data: { x: '1' } }), { fieldManager: 'm' }));
    expect(fail(c.update(body, { fieldManager: 'm', target: CM }))).toMatchObject(undeterminable('nn'));
  });

  it('a PUT naming another object is refused by the handler, before the store: not a 404, not the uid precondition', () => {
    const c = cluster({ harness: false });
    const pod = ref('v1', 'Pod', 'a');
    const body = (uid?: string) => obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'b', ...(uid ? { uid } : {}) }, spec: { containers: [{ name: 'c', image: 'i' }] } });
    const mismatch = { code: 400, reason: 'BadRequest', message: 'the name of the object (b) does not match the name on the URL (a)' };
    // Pods are not created by PUT: without the handler's check this would be a 404.
    expect(fail(c.update(body(), { fieldManager: 'm', target: pod }))).toMatchObject(mismatch);
    expect(fail(c.update(body('00000000-0000-0000-0000-000000000000'), { fieldManager: 'm', target: pod }))).toMatchObject(mismatch);
  });
});
