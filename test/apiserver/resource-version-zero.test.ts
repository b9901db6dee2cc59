/**
 * A resourceVersion of "0" in an update is no precondition: kube-apiserver's store reads the
 * body's resourceVersion as a number (apiserver v0.32.13 pkg/storage APIObjectVersioner
 * ObjectResourceVersion, strconv.ParseUint) and updates unconditionally when it is 0 and the
 * strategy allows it (pkg/registry/generic/registry/store.go Update: doUnconditionalUpdate).
 * kubernetes/kubernetes test/cmd/core.sh (run_pod_tests, "replace of a cluster scoped resource
 * can succeed") replaces a Node with `"resourceVersion": "0"`. The strategies of custom resources
 * and CRDs do not allow it (apiextensions-apiserver v0.32.13 pkg/registry/customresource and
 * customresourcedefinition strategy.go: AllowUnconditionalUpdate false): the store's 422 names
 * the resource as the kind and the uint64 0 as %#v prints it (the text clients report, e.g.
 * fabric8io/kubernetes-client#3023: `kamelets.camel.apache.org "..." is invalid:
 * metadata.resourceVersion: Invalid value: 0x0: must be specified for an update`).
 */
import { describe, expect, it } from 'vitest';
import { openWidgetCrd } from '../server/open-widget-crd.js';
import { cluster, fail, obj, ok } from './helpers.js';

describe('an update whose resourceVersion is "0"', () => {
  it('is unconditional; another stale version is still a conflict', () => {
    const c = cluster();
    ok(c.create(obj({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' } }), { fieldManager: 'm' }));
    ok(c.update(obj({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1', annotations: { a: 'b' } } }), { fieldManager: 'm' }));
    const updated = ok(c.update(obj({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1', annotations: { a: 'c' }, resourceVersion: '0' } }), { fieldManager: 'm' }));
    expect((updated.metadata as { annotations: Record<string, string> }).annotations.a).toBe('c');
    expect(fail(c.update(obj({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1', annotations: { a: 'd' }, resourceVersion: '1' } }), { fieldManager: 'm' }))).toMatchObject({
      code: 409,
      message: 'Operation cannot be fulfilled on nodes "n1": the object has been modified; please apply your changes to the latest version and try again',
    });
  });

  it('custom resources and CRDs: 422 without a resourceVersion or with "0"; the stored one updates', () => {
    const c = cluster();
    ok(c.create(obj(openWidgetCrd()), { fieldManager: 'm' }));
    ok(c.create(obj({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w1', namespace: 'default' }, spec: { size: 1 } }), { fieldManager: 'm' }));
    const text = 'metadata.resourceVersion: Invalid value: 0x0: must be specified for an update';
    for (const rv of [undefined, '0']) {
      const f = fail(c.update(obj({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w1', namespace: 'default', ...(rv ? { resourceVersion: rv } : {}) }, spec: { size: 2 } }), { fieldManager: 'm' }));
      expect(f).toEqual({
        code: 422,
        reason: 'Invalid',
        message: `widgets.example.com "w1" is invalid: ${text}`,
        causes: [{ reason: 'FieldValueInvalid', message: 'Invalid value: 0x0: must be specified for an update', field: 'metadata.resourceVersion' }],
      });
    }
    const live = ok(c.get({ apiVersion: 'example.com/v1', kind: 'Widget', name: 'w1', namespace: 'default' }));
    const rv = (live.metadata as { resourceVersion: string }).resourceVersion;
    ok(c.update(obj({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w1', namespace: 'default', resourceVersion: rv }, spec: { size: 2 } }), { fieldManager: 'm' }));
    // A patch keeps the stored resourceVersion: no precondition, no refusal.
    ok(c.patch({ apiVersion: 'example.com/v1', kind: 'Widget', name: 'w1', namespace: 'default' }, 'merge', obj({ spec: { size: 3 } }), { fieldManager: 'm' }));
    const crd = fail(c.update(obj(openWidgetCrd()), { fieldManager: 'm' }));
    expect(crd.message).toBe(`customresourcedefinitions.apiextensions.k8s.io "widgets.example.com" is invalid: ${text}`);
  });
});
