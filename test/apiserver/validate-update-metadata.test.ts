/**
 * An update's metadata as kube-apiserver 1.32 checks it (rest.BeforeUpdate, then
 * ValidateObjectMetaAccessorUpdate in the common checks and ValidateObjectMetaUpdate in the kind's
 * own): the uid, the deletion time and grace period are immutable, labels stay valid, no finalizer
 * is added to an object being deleted. The message lists a repeated error once, the causes as
 * often as it was found. And a ConfigMap or Secret marked immutable keeps its data.
 */
import { describe, expect, it } from 'vitest';
import { objectMetaUpdateErrors } from '../../src/apiserver/validate-object-meta-update.js';
import { cluster, fail, obj, ok, ref } from './helpers.js';

const NOW = '2024-02-24T15:24:00Z';
const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cfg', namespace: 'default' }, data: { a: '1' } };
const target = ref('v1', 'ConfigMap', 'cfg');
const real = () => cluster({ harness: false, now: NOW });

describe('metadata.uid', () => {
  const UID = 'metadata.uid: Invalid value: "6d9ef3b1-0000-4000-8000-000000000000": field is immutable';

  it('another uid through apply, merge, strategic and JSON patch: 422, the stored object unchanged', () => {
    for (const c of [real(), cluster({ now: NOW })]) {
      const created = ok(c.create(obj(cm), { fieldManager: 'creator' }));
      const other = { metadata: { uid: '6d9ef3b1-0000-4000-8000-000000000000' } };
      const applied = fail(c.apply(obj({ ...cm, metadata: { ...cm.metadata, ...other.metadata } }), { fieldManager: 'applier' }));
      expect([applied.code, applied.message]).toEqual([422, `ConfigMap "cfg" is invalid: ${UID}`]);
      // Once in the common checks, once in ValidateConfigMapUpdate.
      const cause = { reason: 'FieldValueInvalid', message: 'Invalid value: "6d9ef3b1-0000-4000-8000-000000000000": field is immutable', field: 'metadata.uid' };
      expect(applied.causes).toEqual([cause, cause]);
      expect(fail(c.patch(target, 'merge', other, { fieldManager: 'p' })).message).toBe(`ConfigMap "cfg" is invalid: ${UID}`);
      expect(fail(c.patch(target, 'strategic', other, { fieldManager: 'p' })).message).toBe(`ConfigMap "cfg" is invalid: ${UID}`);
      expect(fail(c.patch(target, 'json', [{ op: 'replace', path: '/metadata/uid', value: other.metadata.uid }], { fieldManager: 'p' })).message).toBe(
        `ConfigMap "cfg" is invalid: ${UID}`,
      );
      expect((c.object(target)!.metadata as { uid: string }).uid).toBe((created.metadata as { uid: string }).uid);
    }
  });

  it('a PUT names another uid: the precondition fails first (409); no uid keeps the stored one', () => {
    const c = real();
    const created = ok(c.create(obj(cm), { fieldManager: 'creator' }));
    expect(fail(c.update(obj({ ...cm, metadata: { ...cm.metadata, uid: 'x' } }), { fieldManager: 'u' })).code).toBe(409);
    const put = ok(c.update(obj({ ...cm, data: { a: '2' } }), { fieldManager: 'u' }));
    expect((put.metadata as { uid: string }).uid).toBe((created.metadata as { uid: string }).uid);
  });

  it('the same uid, or none, is accepted; the creation time cannot be changed, it is put back', () => {
    const c = real();
    const created = ok(c.create(obj(cm), { fieldManager: 'creator' }));
    const uid = (created.metadata as { uid: string }).uid;
    ok(c.patch(target, 'merge', { metadata: { uid, creationTimestamp: '2020-01-01T00:00:00Z' }, data: { a: '3' } }, { fieldManager: 'p' }));
    expect((c.object(target)!.metadata as { creationTimestamp: string }).creationTimestamp).toBe(NOW);
  });
});

describe('deletion and labels', () => {
  it('a client cannot set a deletion time or grace period', () => {
    const c = real();
    ok(c.create(obj(cm), { fieldManager: 'creator' }));
    const r = fail(c.patch(target, 'merge', { metadata: { deletionTimestamp: '2024-03-01T10:00:00Z', deletionGracePeriodSeconds: 30 } }, { fieldManager: 'p' }));
    expect(r.message).toBe(
      'ConfigMap "cfg" is invalid: [metadata.deletionTimestamp: Invalid value: 2024-03-01 10:00:00 +0000 UTC: field is immutable, metadata.deletionGracePeriodSeconds: Invalid value: 30: field is immutable]',
    );
  });

  it('no new finalizer on an object being deleted (a DELETE removes objects at once here, so the check itself)', () => {
    const old = obj({ ...cm, metadata: { ...cm.metadata, uid: 'u', deletionTimestamp: NOW, finalizers: ['example.com/keep'] } });
    const next = obj({ ...cm, metadata: { ...cm.metadata, uid: 'u', deletionTimestamp: NOW, finalizers: ['example.com/keep', 'b.example.com/x', 'a.example.com/y'] } });
    expect(objectMetaUpdateErrors(next, old)).toEqual([
      {
        type: 'FieldValueForbidden',
        field: 'metadata.finalizers',
        detail: 'no new finalizers can be added if the object is being deleted, found new finalizers []string{"a.example.com/y", "b.example.com/x"}',
      },
    ]);
    expect(objectMetaUpdateErrors(obj({ ...cm, metadata: { ...cm.metadata, uid: 'u', deletionTimestamp: NOW } }), old)).toEqual([]);
  });

  it('an invalid label on update: once in the message, once per check among the causes', () => {
    const c = real();
    ok(c.create(obj(cm), { fieldManager: 'creator' }));
    const r = fail(c.patch(target, 'merge', { metadata: { labels: { tier: 'a b' } } }, { fieldManager: 'p' }));
    const body =
      "Invalid value: \"a b\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
    expect(r.message).toBe(`ConfigMap "cfg" is invalid: metadata.labels: ${body}`);
    // The generic check and the update check of BeforeUpdate; ValidateConfigMapUpdate's update check and its ValidateConfigMap.
    expect(r.causes?.length).toBe(4);
  });
});

describe('ConfigMap and Secret marked immutable', () => {
  const WHEN = 'Forbidden: field is immutable when `immutable` is set';

  it('a ConfigMap: data and binaryData cannot change, the mark cannot be removed; labels can change', () => {
    const c = real();
    ok(c.create(obj({ ...cm, immutable: true }), { fieldManager: 'creator' }));
    expect(fail(c.patch(target, 'merge', { data: { a: '2' } }, { fieldManager: 'p' })).message).toBe(`ConfigMap "cfg" is invalid: data: ${WHEN}`);
    expect(fail(c.patch(target, 'merge', { binaryData: { b: 'AA==' } }, { fieldManager: 'p' })).message).toBe(`ConfigMap "cfg" is invalid: binaryData: ${WHEN}`);
    expect(fail(c.apply(obj({ ...cm, immutable: false, data: { a: '9' } }), { fieldManager: 'creator', force: true })).message).toBe(
      `ConfigMap "cfg" is invalid: [immutable: ${WHEN}, data: ${WHEN}]`,
    );
    ok(c.patch(target, 'merge', { metadata: { labels: { a: 'b' } } }, { fieldManager: 'p' }));
  });

  it('a ConfigMap not marked can be changed and then marked', () => {
    const c = real();
    ok(c.create(obj(cm), { fieldManager: 'creator' }));
    ok(c.patch(target, 'merge', { data: { a: '2' }, immutable: true }, { fieldManager: 'p' }));
  });

  it('a Secret: stringData is a change of data; its type never changes', () => {
    const c = real();
    const sref = ref('v1', 'Secret', 's');
    ok(c.create(obj({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'default' }, stringData: { k: 'v' }, immutable: true }), { fieldManager: 'creator' }));
    expect(fail(c.patch(sref, 'merge', { stringData: { k: 'w' } }, { fieldManager: 'p' })).message).toBe(`Secret "s" is invalid: data: ${WHEN}`);
    const typed = real();
    ok(typed.create(obj({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'default' }, data: { k: 'dg==' } }), { fieldManager: 'creator' }));
    expect(fail(typed.patch(sref, 'merge', { type: 'example.com/custom' }, { fieldManager: 'p' })).message).toBe(
      'Secret "s" is invalid: type: Invalid value: "example.com/custom": field is immutable',
    );
  });
});

describe('owner references and finalizers (every object, on create and update)', () => {
  it('an owner reference without a version or a name; a finalizer that is not a qualified name; orphan and foregroundDeletion together', () => {
    const c = real();
    const bad = {
      ...cm,
      metadata: {
        ...cm.metadata,
        ownerReferences: [{ apiVersion: 'apps/', kind: 'Deployment', name: '', uid: 'u1' }],
        finalizers: ['example.com/a/b', 'orphan', 'foregroundDeletion'],
      },
    };
    const r = fail(c.create(obj(bad), { fieldManager: 'm' }));
    expect(r.message).toBe(
      'ConfigMap "cfg" is invalid: [metadata.ownerReferences.apiVersion: Invalid value: "apps/": version must not be empty, ' +
        'metadata.ownerReferences.name: Invalid value: "": name must not be empty, ' +
        "metadata.finalizers: Invalid value: \"example.com/a/b\": a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName'), " +
        'metadata.finalizers: Invalid value: []string{"example.com/a/b", "orphan", "foregroundDeletion"}: finalizer orphan and foregroundDeletion cannot be both set]',
    );
    ok(c.create(obj(cm), { fieldManager: 'm' }));
    const u = fail(c.patch(target, 'merge', { metadata: { ownerReferences: [{ apiVersion: 'v1', kind: '', name: 'x', uid: 'u2' }] } }, { fieldManager: 'p' }));
    expect(u.message).toBe('ConfigMap "cfg" is invalid: metadata.ownerReferences.kind: Invalid value: "": kind must not be empty');
    ok(c.patch(target, 'merge', { metadata: { ownerReferences: [{ apiVersion: 'v1', kind: 'Service', name: 'x', uid: 'u2' }], finalizers: ['example.com/keep'] } }, { fieldManager: 'p' }));
  });
});

