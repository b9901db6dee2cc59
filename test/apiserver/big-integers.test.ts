/**
 * Integers beyond 2^53 through the API server's request bodies and patches: JSON and YAML bodies
 * keep every digit of an int64 (int64 when the text is an integer that fits, as apimachinery's
 * decoders do), JSON patch (including copy and move), merge patch and strategic merge patch carry them, and the stored object and its
 * managedFields hold them exactly.
 */
import { describe, expect, it } from 'vitest';
import { entries, cluster, ok, ref } from './helpers.js';

const POD = '{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p","namespace":"default"},"spec":{"activeDeadlineSeconds":9007199254740993,"containers":[{"name":"a","image":"i"}]}}';
const target = ref('v1', 'Pod', 'p');

function spec(c: ReturnType<typeof cluster>): Record<string, unknown> {
  return (c.object(target) as { spec: Record<string, unknown> }).spec;
}

describe('big integers in request bodies', () => {
  it('an apply body in JSON keeps every digit', () => {
    const c = cluster();
    ok(c.apply(POD, { fieldManager: 'm' }));
    expect(spec(c).activeDeadlineSeconds).toBe(9007199254740993n);
  });

  it('an apply body in YAML keeps every digit', () => {
    const c = cluster();
    ok(c.apply('apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: default}\nspec:\n  activeDeadlineSeconds: -9007199254740993\n  containers: [{name: a, image: i}]\n', { fieldManager: 'm' }));
    expect(spec(c).activeDeadlineSeconds).toBe(-9007199254740993n);
  });

  it('JSON patch adds, tests, copies and moves them exactly', () => {
    const c = cluster();
    ok(c.apply(POD, { fieldManager: 'm' }));
    const patch = JSON.stringify([
      { op: 'test', path: '/spec/activeDeadlineSeconds', value: 0 },
    ]).replace('"value":0', '"value":9007199254740993');
    ok(c.patch(target, 'json', patch, { fieldManager: 'p' }));
    const failing = patch.replace('9007199254740993', '9007199254740995');
    expect(c.patch(target, 'json', failing, { fieldManager: 'p' }).ok).toBe(false);
    ok(
      c.patch(
        target,
        'json',
        '[{"op":"add","path":"/metadata/annotations","value":{}},{"op":"copy","from":"/spec/activeDeadlineSeconds","path":"/spec/terminationGracePeriodSeconds"},{"op":"replace","path":"/spec/activeDeadlineSeconds","value":-9223372036854775808}]',
        { fieldManager: 'p' },
      ),
    );
    expect(spec(c).terminationGracePeriodSeconds).toBe(9007199254740993n);
    expect(spec(c).activeDeadlineSeconds).toBe(-9223372036854775808n);
    ok(c.patch(target, 'json', '[{"op":"move","from":"/spec/terminationGracePeriodSeconds","path":"/spec/activeDeadlineSeconds"}]', { fieldManager: 'p' }));
    expect(spec(c).activeDeadlineSeconds).toBe(9007199254740993n);
  });

  it('merge and strategic merge patches carry them', () => {
    const c = cluster();
    ok(c.apply(POD, { fieldManager: 'm' }));
    ok(c.patch(target, 'merge', '{"spec":{"activeDeadlineSeconds":9223372036854775807}}', { fieldManager: 'p' }));
    expect(spec(c).activeDeadlineSeconds).toBe(9223372036854775807n);
    ok(c.patch(target, 'strategic', '{"spec":{"activeDeadlineSeconds":-9007199254740993}}', { fieldManager: 's' }));
    expect(spec(c).activeDeadlineSeconds).toBe(-9007199254740993n);
    // Each change is a new value for the field, so the last updater took it from the one before.
    expect(entries(c.object(target)).map((e) => e.split(' | ')[0])).toEqual(['m', 's']);
  });
});
