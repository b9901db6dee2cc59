/**
 * What the store refuses of an object to be created, and when (k8s.io/apiserver v0.32
 * pkg/registry/generic/registry/store.go and pkg/storage/etcd3/store.go). A POST is stored by
 * Create after admission and validation (rest.BeforeCreate): etcd3's Create refuses an object
 * that carries a resourceVersion (a 500 without a reason), then a key that exists (409
 * AlreadyExists); a dry run's storage (DryRunnableStorage) looks for the key but only copies the
 * object, so it answers with the resourceVersion sent. An object created by an apply or by a PUT
 * that may create is stored through GuaranteedUpdate, which clears the resourceVersion
 * (APIObjectVersioner.PrepareObjectForStorage) instead of refusing it.
 */
import { describe, expect, it } from 'vitest';
import { cluster, fail, obj, ok, ref } from './helpers.js';

const configMap = (metadata: object) => obj({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', namespace: 'default', ...metadata }, data: { x: '1' } });
const RV_ON_CREATE = { code: 500, message: 'resourceVersion should not be set on objects to be created' };

describe('a resourceVersion on an object to be created', () => {
  it('is refused on a POST', () => {
    const c = cluster({ harness: false });
    expect(fail(c.create(configMap({ resourceVersion: '5' }), { fieldManager: 'm' }))).toMatchObject(RV_ON_CREATE);
    expect(c.object(ref('v1', 'ConfigMap', 'a'))).toBeUndefined();
  });

  it('is answered back by a dry-run POST', () => {
    const c = cluster({ harness: false });
    const r = ok(c.create(configMap({ resourceVersion: '5' }), { fieldManager: 'm', dryRun: true }));
    expect((r.metadata as { resourceVersion?: string }).resourceVersion).toBe('5');
    expect(c.state.resourceVersion).toBe(0);
  });

  it('is dropped when an apply creates the object', () => {
    const c = cluster({ harness: false });
    const r = c.apply('{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "a", "resourceVersion": "5"}, "data": {"x": "1"}}', {
      fieldManager: 'm',
      target: ref('v1', 'ConfigMap', 'a'),
    });
    expect(r.code).toBe(201);
    expect((ok(r).metadata as { resourceVersion: string }).resourceVersion).toBe('1');
  });

  it('is dropped when a PUT creates the object', () => {
    const c = cluster({ harness: false });
    const r = c.update(obj({ apiVersion: 'v1', kind: 'Endpoints', metadata: { name: 'e', namespace: 'default', resourceVersion: '5' } }), { fieldManager: 'm' });
    expect(r.code).toBe(201);
    expect((ok(r).metadata as { resourceVersion: string }).resourceVersion).toBe('1');
  });
});

describe('a POST of a name that exists', () => {
  it('is validated first: an invalid object is the 422, not AlreadyExists', () => {
    const c = cluster({ harness: false });
    ok(c.create(configMap({}), { fieldManager: 'm' }));
    expect(fail(c.create(configMap({ labels: { 'bad key!': 'v' } }), { fieldManager: 'm' }))).toMatchObject({ code: 422, reason: 'Invalid' });
  });

  it('with a resourceVersion is the 500; otherwise 409 AlreadyExists, in a dry run too', () => {
    const c = cluster({ harness: false });
    ok(c.create(configMap({}), { fieldManager: 'm' }));
    expect(fail(c.create(configMap({ resourceVersion: '1' }), { fieldManager: 'm' }))).toMatchObject(RV_ON_CREATE);
    const exists = { code: 409, reason: 'AlreadyExists', message: 'configmaps "a" already exists' };
    expect(fail(c.create(configMap({}), { fieldManager: 'm' }))).toMatchObject(exists);
    expect(fail(c.create(configMap({ resourceVersion: '1' }), { fieldManager: 'm', dryRun: true }))).toMatchObject(exists);
  });
});
