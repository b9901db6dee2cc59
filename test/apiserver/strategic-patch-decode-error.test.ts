/**
 * A strategic merge patch whose result does not fit the built-in kind's Go types: kube-apiserver's
 * 422 from handlers/patch.go (apiserver v0.32.13, applyPatchToObject: the patched map goes to the
 * Go object through runtime.DefaultUnstructuredConverter.FromUnstructuredWithValidation, and its
 * error is errors.NewInvalid(schema.GroupKind{}, "", field.Invalid(field.NewPath("patch"),
 * fmt.Sprintf("%+v", patchMap), err.Error()))). The texts are apimachinery's converter's
 * (pkg/runtime/converter.go v0.32.13: `cannot restore map from %v`, `cannot restore slice from %v`,
 * `cannot restore struct from: %v`, `cannot convert %s to %s`, `unrecognized type: %v`);
 * test/cmd/core.sh's `Patch fails with type restore error and exit code 1` expects `cannot
 * restore map from string` for labels given a string.
 */
import { describe, expect, it } from 'vitest';
import { goQuote } from '../../src/fieldpath/format-go-value.js';
import { cluster, fail, obj, ok, ref } from './helpers.js';

const invalid = (patch: string, text: string) => ` "" is invalid: patch: Invalid value: ${goQuote(patch)}: ${text}`;

function setup() {
  const c = cluster();
  ok(c.create(obj({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', labels: { a: 'b' } }, data: { x: 'y' } }), { fieldManager: 'm' }));
  ok(
    c.create(
      obj({
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'd' },
        spec: { replicas: 1, selector: { matchLabels: { app: 'd' } }, template: { metadata: { labels: { app: 'd' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
      }),
      { fieldManager: 'm' },
    ),
  );
  return c;
}

describe('a strategic merge patch whose result does not fit the Go type: 422 with the patch as Go prints the map', () => {
  it('labels given a string: cannot restore map from string (core.sh), with the cause kubectl prints', () => {
    const c = setup();
    const f = fail(c.patch(ref('v1', 'ConfigMap', 'cm'), 'strategic', obj({ metadata: { labels: 'invalid' } }), { fieldManager: 'p' }));
    const text = 'cannot restore map from string';
    expect(f).toEqual({
      code: 422,
      reason: 'Invalid',
      message: invalid('map[metadata:map[labels:invalid]]', text),
      causes: [{ reason: 'FieldValueInvalid', message: `Invalid value: ${goQuote('map[metadata:map[labels:invalid]]')}: ${text}`, field: 'patch' }],
    });
  });
  it('maps, slices and structs given another kind of value', () => {
    const c = setup();
    const cm = ref('v1', 'ConfigMap', 'cm');
    const dep = ref('apps/v1', 'Deployment', 'd');
    const cases: [typeof cm, unknown, string, string][] = [
      [cm, { data: [1] }, 'map[data:[1]]', 'cannot restore map from slice'],
      [cm, { metadata: 'x' }, 'map[metadata:x]', 'cannot restore struct from: string'],
      [dep, { spec: { template: { spec: { containers: { name: 'c' } } } } }, 'map[spec:map[template:map[spec:map[containers:map[name:c]]]]]', 'cannot restore slice from map'],
      [dep, { spec: { selector: true } }, 'map[spec:map[selector:true]]', 'cannot restore struct from: bool'],
    ];
    for (const [target, patch, printed, text] of cases) {
      expect(fail(c.patch(target, 'strategic', obj(patch), { fieldManager: 'p' })).message).toBe(invalid(printed, text));
    }
  });
  it('scalars: numbers fit numbers (a float only when whole for an int), a whole number is no string, the rest is an unrecognized type', () => {
    const c = setup();
    const cm = ref('v1', 'ConfigMap', 'cm');
    const dep = ref('apps/v1', 'Deployment', 'd');
    const cases: [typeof cm, unknown, string, string][] = [
      [cm, { data: { a: 1 } }, 'map[data:map[a:1]]', 'cannot convert int64 to string'],
      [cm, { data: { a: true } }, 'map[data:map[a:true]]', 'unrecognized type: string'],
      [cm, { data: { a: 1.5 } }, 'map[data:map[a:1.5]]', 'unrecognized type: string'],
      [dep, { spec: { replicas: 1.5 } }, 'map[spec:map[replicas:1.5]]', 'cannot convert float64 to int32'],
      [dep, { spec: { replicas: '3' } }, 'map[spec:map[replicas:3]]', 'unrecognized type: int32'],
      [dep, { spec: { paused: 'yes' } }, 'map[spec:map[paused:yes]]', 'unrecognized type: bool'],
    ];
    for (const [target, patch, printed, text] of cases) {
      expect(fail(c.patch(target, 'strategic', obj(patch), { fieldManager: 'p' })).message).toBe(invalid(printed, text));
    }
    // A number fits an int field, and a string a named string type (v1.Protocol).
    ok(c.patch(dep, 'strategic', obj({ spec: { replicas: 3, template: { spec: { containers: [{ name: 'c', ports: [{ containerPort: 80, protocol: 'TCP' }] }] } } } }), { fieldManager: 'p' }));
  });
});
