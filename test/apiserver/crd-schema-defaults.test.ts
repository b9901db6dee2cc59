/**
 * The defaults of a custom resource's structural schema (`default:` in openAPIV3Schema), filled in
 * at decode time and after an apply's merge (apiextensions-apiserver's structural defaulting),
 * into absent fields and, where the field is not nullable, into nulls: an updater whose write
 * lacks a defaulted field owns the default, an applier does not (the merge runs first), and
 * re-applying an atomic map whose default the server filled in is a no-op
 * (Kubernetes' TestNoOpApplyWithDefaultsSameResourceVersionCRD, apply_crd_test.go).
 */
import { describe, expect, it } from 'vitest';
import { toValue } from '../../src/apiserver/object-paths.js';
import type { KubeObject } from '../../src/apiserver/types.js';
import { fieldsOf, run, setup, widget } from './widget-crd.js';

describe('structural schema defaults', () => {
  it('fills absent fields and non-nullable nulls, inside list items and atomic maps, and leaves nullable nulls', () => {
    const created = run(setup(), {
      verb: 'create',
      body: widget('v1', { a: 'x', b: null, n: null, ref: { name: 'r' }, items: [{ k: 'one' }, { k: 'two', v: 'set' }] }),
      options: { fieldManager: 'creator' },
    });
    expect(created.object.spec).toEqual({ a: 'x', b: 'b-default', n: null, ref: { name: 'r', namespace: 'default-namespace' }, items: [{ k: 'one', v: 'v-default' }, { k: 'two', v: 'set' }] });
    // Decoded before the field manager: the creator owns what was defaulted.
    expect(fieldsOf(created.object as KubeObject, 'creator')).toContain('"f:b":{}');
  });

  it('an apply owns only what it sent; re-applying an atomic map whose default the server filled is a no-op', () => {
    const first = run(setup(), { verb: 'apply', body: widget('v1', { ref: { name: 'r' } }), options: { fieldManager: 'apply_test' } });
    expect(first.object.spec).toEqual({ b: 'b-default', n: 'n-default', ref: { name: 'r', namespace: 'default-namespace' } });
    expect(fieldsOf(first.object as KubeObject, 'apply_test')).toBe('{"f:spec":{"f:ref":{}}}');
    const again = run(first.state, { verb: 'apply', body: widget('v1', { ref: { name: 'r' } }), options: { fieldManager: 'apply_test', now: '2024-03-01T09:05:00Z' } });
    expect(again.state.resourceVersion).toBe(first.state.resourceVersion);
    expect(again.object).toEqual(first.object);
  });
});

describe('structural schema defaults on read', () => {
  it('a default the CRD gained after the object was written is filled in when the object is read, owned by nobody', () => {
    const created = run(setup(), { verb: 'apply', body: widget('v1', { a: 'x' }), options: { fieldManager: 'applier' } });
    const stored = run(created.state, { verb: 'get', target: { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name: 'widgets.example.com' } }).object;
    const crd = JSON.parse(JSON.stringify(stored));
    for (const v of crd.spec.versions) v.schema.openAPIV3Schema.properties.spec.properties.c = { type: 'string', default: 'c-default' };
    const updated = run(created.state, { verb: 'update', body: toValue(crd) as KubeObject, options: { fieldManager: 'admin' } });
    const read = run(updated.state, { verb: 'get', target: { apiVersion: 'example.com/v1', kind: 'Widget', namespace: 'default', name: 'w' } }).object;
    expect(read.spec.c).toBe('c-default');
    expect(fieldsOf(read as KubeObject, 'applier')).toBe('{"f:spec":{"f:a":{}}}');
    const listed = run(updated.state, { verb: 'list', apiVersion: 'example.com/v1', kind: 'Widget', namespace: 'default' }).object;
    expect(listed.items[0].spec.c).toBe('c-default');
  });

  it('an update or patch reads the stored object defaulted too: the default it did not send is not its own', () => {
    const created = run(setup(), { verb: 'apply', body: widget('v1', { a: 'x' }), options: { fieldManager: 'applier' } });
    const stored = run(created.state, { verb: 'get', target: { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name: 'widgets.example.com' } }).object;
    const crd = JSON.parse(JSON.stringify(stored));
    for (const v of crd.spec.versions) v.schema.openAPIV3Schema.properties.spec.properties.c = { type: 'string', default: 'c-default' };
    const updated = run(created.state, { verb: 'update', body: toValue(crd) as KubeObject, options: { fieldManager: 'admin' } });
    const live = run(updated.state, { verb: 'get', target: { apiVersion: 'example.com/v1', kind: 'Widget', namespace: 'default', name: 'w' } }).object;
    const put = JSON.parse(JSON.stringify(live));
    delete put.spec.c;
    put.spec.a = 'y';
    const afterPut = run(updated.state, { verb: 'update', body: toValue(put) as KubeObject, options: { fieldManager: 'putter' } });
    expect(afterPut.object.spec.c).toBe('c-default');
    expect(fieldsOf(afterPut.object as KubeObject, 'putter')).toBe('{"f:spec":{"f:a":{}}}');
    const afterPatch = run(updated.state, { verb: 'patch', target: { apiVersion: 'example.com/v1', kind: 'Widget', namespace: 'default', name: 'w' }, patchType: 'merge', patch: '{"spec":{"a":"z"}}', options: { fieldManager: 'patcher' } });
    expect(fieldsOf(afterPatch.object as KubeObject, 'patcher')).toBe('{"f:spec":{"f:a":{}}}');
  });
});
