/**
 * A custom resource served at two versions (v1beta1 and v1). Conversion is not modelled (a CRD's
 * `None` strategy: only apiVersion differs), but a write through one version sees the stored
 * object at that version: a merge patch of /status through v1beta1 of an object created through
 * v1 works (Kubernetes' TestUpdateStatusWithOldVersion, reset_fields_test.go), and a PUT that
 * changes nothing through another version stores nothing, as the real store compares objects at
 * their storage version (the resourceVersion stays).
 */
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../src/apiserver/types.js';
import { at, fieldsOf, run, setup, widget } from './widget-crd.js';

describe('a custom resource through another served version', () => {
  it('reads, merge-patches /status and PUTs it through v1beta1 after a create through v1', () => {
    let s = run(setup(), { verb: 'apply', body: widget('v1', { a: 'x' }), options: { fieldManager: 'apply_test' } }).state;
    const read = run(s, { verb: 'get', target: at('v1beta1') });
    expect(read.object.apiVersion).toBe('example.com/v1beta1');
    const patched = run(s, {
      verb: 'patch',
      target: at('v1beta1'),
      patchType: 'merge',
      patch: { spec: { a: 'changed' }, status: { a: 'status-a' } },
      options: { fieldManager: 'subresource_test', subresource: 'status' },
    });
    expect(patched.object.spec.a).toBe('x');
    expect(patched.object.status).toEqual({ a: 'status-a' });
    expect(fieldsOf(patched.object as KubeObject, 'subresource_test')).toBe('{"f:status":{".":{},"f:a":{}}}');
    s = patched.state;
    const rv = patched.object.metadata.resourceVersion;
    const body = JSON.parse(JSON.stringify(run(s, { verb: 'get', target: at('v1beta1') }).object));
    delete body.metadata.managedFields;
    const put = run(s, { verb: 'update', target: at('v1beta1'), body, options: { fieldManager: 'apply_test' } });
    expect(put.object.metadata.resourceVersion).toBe(rv);
    expect(put.state.resourceVersion).toBe(s.resourceVersion);
  });
});
