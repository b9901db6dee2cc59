/**
 * Go's zero fields in the API server (src/apiserver/go-zero-fields.ts): a built-in object is
 * stored as a real server writes it back from its Go struct, with the fields Go always writes at
 * their zero, and those fields are nobody's when the kind's zero value has them already (the
 * create's baseline), while the zero fields of a new list item belong to the writer that adds the
 * item (a status condition's times, as a kubelet's pod status entries show them).
 */
import { describe, expect, it } from 'vitest';
import { getPath } from '../../src/apiserver/object-paths.js';
import { cluster, entries, obj, ok, ref } from './helpers.js';

const real = () => cluster({ harness: false, now: '2024-02-24T15:24:00Z' });

describe("Go's zero fields in stored objects", () => {
  it('a Role created without rules reads back rules: null, in nobody\'s set', () => {
    const c = real();
    const role = ok(c.create(obj({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: 'r', namespace: 'default', labels: { a: 'b' } } }), { fieldManager: 'kubectl-create' }));
    expect(getPath(role, ['rules'])).toBeNull();
    expect(getPath(role, ['metadata', 'creationTimestamp'])).toBe('2024-02-24T15:24:00Z');
    expect(entries(role)).toEqual(['kubectl-create | Update | rbac.authorization.k8s.io/v1 |  | 2024-02-24T15:24:00Z | {"f:metadata":{"f:labels":{".":{},"f:a":{}}}}']);
  });

  it('an applied Role without rules reads back rules: null, and the applier does not own it', () => {
    const c = real();
    const role = ok(c.apply(obj({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: 'r', namespace: 'default', labels: { a: 'b' } } }), { fieldManager: 'me' }));
    expect(getPath(role, ['rules'])).toBeNull();
    expect(entries(role)).toEqual(['me | Apply | rbac.authorization.k8s.io/v1 |  | 2024-02-24T15:24:00Z | {"f:metadata":{"f:labels":{"f:a":{}}}}']);
  });

  it("a ClusterRoleBinding's roleRef strings are always written, its omitempty subjects are not", () => {
    const c = real();
    // (the API server validates a roleRef; ssa-sim does not, so the zero struct shows; its apiGroup is defaulted)
    const crb = ok(c.create(obj({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRoleBinding', metadata: { name: 'b' } }), { fieldManager: 'm' }));
    expect(getPath(crb, ['roleRef'])).toEqual({ apiGroup: 'rbac.authorization.k8s.io', kind: '', name: '' });
    expect(getPath(crb, ['subjects'])).toBeUndefined();
  });

  it("an Event's times, source and reporting fields are written at their zero, owned by nobody", () => {
    const c = real();
    const ev = ok(c.create(obj({ apiVersion: 'v1', kind: 'Event', metadata: { name: 'e', namespace: 'default' }, reason: 'R' }), { fieldManager: 'm' }));
    for (const k of ['firstTimestamp', 'lastTimestamp', 'eventTime']) expect(getPath(ev, [k]), k).toBeNull();
    expect(getPath(ev, ['reportingComponent'])).toBe('');
    expect(getPath(ev, ['source'])).toEqual({});
    expect(entries(ev)).toEqual(['m | Update | v1 |  | 2024-02-24T15:24:00Z | {"f:reason":{}}']);
  });

  it("a new list item's zero fields belong to the writer that adds it (a pod condition's times)", () => {
    const c = real();
    ok(c.apply(obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'i' }] } }), { fieldManager: 'me' }));
    const p = ok(
      c.patch(ref('v1', 'Pod', 'p'), 'merge', { status: { conditions: [{ type: 'Ready', status: 'True' }] } }, { fieldManager: 'kubelet', subresource: 'status' }),
    );
    expect(getPath(p, ['status', 'conditions'])).toEqual([{ type: 'Ready', status: 'True', lastProbeTime: null, lastTransitionTime: null }]);
    expect(entries(p)[1]).toBe(
      'kubelet | Update | v1 | status | 2024-02-24T15:24:00Z | {"f:status":{"f:conditions":{".":{},"k:{\\"type\\":\\"Ready\\"}":{".":{},"f:lastProbeTime":{},"f:lastTransitionTime":{},"f:status":{},"f:type":{}}}}}',
    );
  });

  it('harness mode writes no zero fields', () => {
    const c = cluster();
    const role = ok(c.create(obj({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: 'r', namespace: 'default' } }), { fieldManager: 'm' }));
    expect(getPath(role, ['rules'])).toBeUndefined();
  });
});
