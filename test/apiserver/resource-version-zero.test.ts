/**
 * A resourceVersion of "0" in an update is no precondition: kube-apiserver's store reads the
 * body's resourceVersion as a number (apiserver v0.32.13 pkg/storage APIObjectVersioner
 * ObjectResourceVersion, strconv.ParseUint) and updates unconditionally when it is 0 and the
 * strategy allows it (pkg/registry/generic/registry/store.go Update: doUnconditionalUpdate).
 * kubernetes/kubernetes test/cmd/core.sh (run_pod_tests, "replace of a cluster scoped resource
 * can succeed") replaces a Node with `"resourceVersion": "0"`.
 */
import { describe, expect, it } from 'vitest';
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
});
