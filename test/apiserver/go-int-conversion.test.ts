/**
 * A server-side apply's merged object, and a strategic merge patch's result, are converted into
 * the kind's Go type by apimachinery's unstructured converter (v0.32.13 runtime/converter.go,
 * fromUnstructured): an integral number goes into an int32 or int64 field through reflect's
 * Convert, which keeps the low bits, as Go's integer conversions do, and never fails. So an
 * apply of `replicas: 4294967297` stores 1, and one of `replicas: 2147483648` stores
 * -2147483648, which the Deployment's validation refuses. (A create or update body is read by
 * Go's JSON decoder instead, which refuses the overflow: go-decode-error.ts.) A float64 beyond
 * int64 goes through Go's float-to-int64 conversion, whose result Go leaves to the platform: on
 * amd64 (the platform the kubectl model names) it is -2^63, so 1e23 into an int32 keeps 0.
 */
import { describe, expect, it } from 'vitest';
import { getPath } from '../../src/apiserver/object-paths.js';
import { cluster, fail, obj, ok, ref } from './helpers.js';

const deployment = (replicas: unknown) =>
  obj({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'd', namespace: 'default' },
    spec: { replicas, selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } },
  });
const d = ref('apps/v1', 'Deployment', 'd');

describe('integers into Go int fields, as the unstructured converter puts them', () => {
  it('an apply beyond int32 keeps the low 32 bits', () => {
    const c = cluster();
    const stored = ok(c.apply(deployment(4294967297), { fieldManager: 'm' }));
    expect(getPath(stored, ['spec', 'replicas'])).toBe(1);
    expect(getPath(ok(c.get(d)), ['spec', 'replicas'])).toBe(1);
  });

  it('2^31 becomes -2^31, which validation refuses', () => {
    const c = cluster({ harness: false });
    // The same text as for -1 itself.
    expect(fail(c.apply(deployment(-1), { fieldManager: 'm' })).message).toBe('Deployment.apps "d" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0');
    const f = fail(c.apply(deployment(2147483648), { fieldManager: 'm' }));
    expect([f.code, f.message]).toEqual([422, 'Deployment.apps "d" is invalid: spec.replicas: Invalid value: -2147483648: must be greater than or equal to 0']);
  });

  it('a strategic merge patch is converted the same way', () => {
    const c = cluster();
    ok(c.apply(deployment(3), { fieldManager: 'm' }));
    const patched = ok(c.patch(d, 'strategic', obj({ spec: { replicas: 4294967298 } }), { fieldManager: 'p' }));
    expect(getPath(patched, ['spec', 'replicas'])).toBe(2);
  });

  it('a float64 beyond int64 (1e23) converts as on amd64: 0 in an int32', () => {
    const c = cluster();
    const stored = ok(c.apply(deployment(1e23), { fieldManager: 'm' }));
    expect(getPath(stored, ['spec', 'replicas'])).toBe(0);
  });

  it('an int64 field keeps numbers in its range, every digit', () => {
    const c = cluster();
    const pod = obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'i' }], activeDeadlineSeconds: 9007199254740993n } });
    const stored = ok(c.apply(pod, { fieldManager: 'm' }));
    expect(getPath(stored, ['spec', 'activeDeadlineSeconds'])).toBe(9007199254740993n);
  });
});
