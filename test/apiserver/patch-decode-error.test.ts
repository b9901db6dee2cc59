/**
 * A json or merge patch whose result does not decode as the built-in kind: kube-apiserver's 422
 * from handlers/patch.go (apiserver v0.32.13, jsonPatcher.applyPatchToCurrentObject:
 * errors.NewInvalid(schema.GroupKind{}, "", field.Invalid(field.NewPath("patch"),
 * string(patchedObjJS), err.Error()))). The patched JSON is the text evanphx/json-patch v4
 * (MergePatch, Patch.Apply) makes of the stored object as Go's encoding/json writes it: the top
 * level and the objects it opens with sorted keys, the rest as they were written. A strategic
 * merge patch's result is converted by runtime.DefaultUnstructuredConverter (apimachinery v0.32.13
 * runtime/converter.go, fromUnstructured): its errors under the patch map as `%+v` prints it.
 */
import { describe, expect, it } from 'vitest';
import { goQuote } from '../../src/fieldpath/format-go-value.js';
import { cluster, fail, obj, ok, ref } from './helpers.js';

const META =
  '"metadata":{"name":"cm","namespace":"default","uid":"00000000-0000-4000-8000-000000000001","resourceVersion":"1","creationTimestamp":"2024-01-01T00:00:00Z",' +
  '"labels":{"b":"x","z":"1"},"annotations":{"q":"\\u003c\\u0026\\u003e"},' +
  '"managedFields":[{"manager":"m","operation":"Update","apiVersion":"v1","time":"2024-01-01T00:00:00Z","fieldsType":"FieldsV1",' +
  '"fieldsV1":{"f:data":{".":{},"f:x":{}},"f:metadata":{"f:annotations":{".":{},"f:q":{}},"f:labels":{".":{},"f:b":{},"f:z":{}}}}}]}';

function withConfigMap() {
  const c = cluster();
  ok(c.create(obj({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', labels: { z: '1', b: 'x' }, annotations: { q: '<&>' } }, data: { x: 'y' } }), { fieldManager: 'm' }));
  return c;
}
const invalid = (json: string, text: string) => ` "" is invalid: patch: Invalid value: ${goQuote(json)}: ${text}`;

describe('a json or merge patch whose result does not fit the Go type: 422 with the patched JSON', () => {
  it('merge patch: the merged map and the top level sorted, the rest in Go struct order', () => {
    const c = withConfigMap();
    const f = fail(c.patch(ref('v1', 'ConfigMap', 'cm'), 'merge', obj({ data: { a: 1 } }), { fieldManager: 'p' }));
    const json = '{"apiVersion":"v1","data":{"a":1,"x":"y"},"kind":"ConfigMap",' + META + '}';
    const text = 'json: cannot unmarshal number into Go struct field ConfigMap.data of type string';
    expect(f).toEqual({
      code: 422,
      reason: 'Invalid',
      message: invalid(json, text),
      causes: [{ reason: 'FieldValueInvalid', message: `Invalid value: ${goQuote(json)}: ${text}`, field: 'patch' }],
    });
    expect(fail(c.patch(ref('v1', 'ConfigMap', 'cm'), 'merge', obj({ data: [1] }), { fieldManager: 'p' })).message).toBe(
      invalid('{"apiVersion":"v1","data":[1],"kind":"ConfigMap",' + META + '}', 'json: cannot unmarshal array into Go struct field ConfigMap.data of type map[string]string'),
    );
  });
  it('json patch: an operation value keeps its order, the containers it goes through are sorted', () => {
    const c = withConfigMap();
    expect(fail(c.patch(ref('v1', 'ConfigMap', 'cm'), 'json', obj([{ op: 'add', path: '/data', value: { z: 1, b: '2' } }]), { fieldManager: 'p' })).message).toBe(
      invalid('{"apiVersion":"v1","data":{"z":1,"b":"2"},"kind":"ConfigMap",' + META + '}', 'json: cannot unmarshal number into Go struct field ConfigMap.data of type string'),
    );
    // metadata and labels are opened on the way to the new label: their keys come out sorted.
    const metadata =
      '"metadata":{"annotations":{"q":"\\u003c\\u0026\\u003e"},"creationTimestamp":"2024-01-01T00:00:00Z","labels":{"b":"x","c":true,"z":"1"},' +
      '"managedFields":[{"manager":"m","operation":"Update","apiVersion":"v1","time":"2024-01-01T00:00:00Z","fieldsType":"FieldsV1",' +
      '"fieldsV1":{"f:data":{".":{},"f:x":{}},"f:metadata":{"f:annotations":{".":{},"f:q":{}},"f:labels":{".":{},"f:b":{},"f:z":{}}}}}],' +
      '"name":"cm","namespace":"default","resourceVersion":"1","uid":"00000000-0000-4000-8000-000000000001"}';
    expect(fail(c.patch(ref('v1', 'ConfigMap', 'cm'), 'json', obj([{ op: 'add', path: '/metadata/labels/c', value: true }]), { fieldManager: 'p' })).message).toBe(
      invalid('{"apiVersion":"v1","data":{"x":"y"},"kind":"ConfigMap",' + metadata + '}', 'json: cannot unmarshal bool into Go struct field ObjectMeta.metadata.labels of type string'),
    );
  });
  it('before the patched name is compared with the URL', () => {
    const c = withConfigMap();
    const f = fail(c.patch(ref('v1', 'ConfigMap', 'cm'), 'merge', obj({ metadata: { name: 'other' }, data: { a: false } }), { fieldManager: 'p' }));
    expect(f.code).toBe(422);
    expect(f.message).toMatch(/: json: cannot unmarshal bool into Go struct field ConfigMap\.data of type string$/);
  });
  it('a patch that decodes is stored', () => {
    const c = withConfigMap();
    ok(c.patch(ref('v1', 'ConfigMap', 'cm'), 'merge', obj({ data: { a: '1' } }), { fieldManager: 'p' }));
  });
});

describe('a strategic merge patch whose result does not convert: the converter\'s words under the patch map', () => {
  const smp = (c: ReturnType<typeof withConfigMap>, patch: object, target = ref('v1', 'ConfigMap', 'cm')) => fail(c.patch(target, 'strategic', obj(patch), { fieldManager: 'p' }));
  it('scalars: an int into a string, a fraction into an int, the rest unrecognized', () => {
    const c = withConfigMap();
    const f = smp(c, { data: { b: 2 } });
    expect(f).toEqual({
      code: 422,
      reason: 'Invalid',
      message: ' "" is invalid: patch: Invalid value: "map[data:map[b:2]]": cannot convert int64 to string',
      causes: [{ reason: 'FieldValueInvalid', message: 'Invalid value: "map[data:map[b:2]]": cannot convert int64 to string', field: 'patch' }],
    });
    expect(smp(c, { data: { b: 1.5 } }).message).toBe(' "" is invalid: patch: Invalid value: "map[data:map[b:1.5]]": unrecognized type: string');
    expect(smp(c, { data: { b: true } }).message).toBe(' "" is invalid: patch: Invalid value: "map[data:map[b:true]]": unrecognized type: string');
    // The struct's fields in Go's order: immutable comes before data.
    expect(smp(c, { data: { b: 2 }, immutable: 'x' }).message).toBe(' "" is invalid: patch: Invalid value: "map[data:map[b:2] immutable:x]": unrecognized type: bool');
    ok(c.create(obj({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } } }), { fieldManager: 'm' }));
    const d = ref('apps/v1', 'Deployment', 'd');
    expect(smp(c, { spec: { replicas: 1.5 } }, d).message).toBe(' "" is invalid: patch: Invalid value: "map[spec:map[replicas:1.5]]": cannot convert float64 to int32');
    expect(smp(c, { spec: { replicas: '3' } }, d).message).toBe(' "" is invalid: patch: Invalid value: "map[spec:map[replicas:3]]": unrecognized type: int32');
    expect(smp(c, { spec: { selector: 'x' } }, d).message).toBe(' "" is invalid: patch: Invalid value: "map[spec:map[selector:x]]": cannot restore struct from: string');
    expect(smp(c, { spec: { template: { metadata: { labels: ['x'] } } } }, d).message).toBe(
      ' "" is invalid: patch: Invalid value: "map[spec:map[template:map[metadata:map[labels:[x]]]]]": cannot restore map from slice',
    );
  });
  it('types with their own UnmarshalJSON read the value\'s JSON, without a struct field', () => {
    const c = withConfigMap();
    ok(c.create(obj({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } } }), { fieldManager: 'm' }));
    const d = ref('apps/v1', 'Deployment', 'd');
    expect(smp(c, { spec: { strategy: { rollingUpdate: { maxSurge: true } } } }, d).message).toBe(
      ' "" is invalid: patch: Invalid value: "map[spec:map[strategy:map[rollingUpdate:map[maxSurge:true]]]]": json: cannot unmarshal bool into Go value of type int32',
    );
  });
  it('a []byte is read back from base64 through Go\'s JSON decoder', () => {
    const c = withConfigMap();
    ok(c.create(obj({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, data: { a: 'YWJj' } }), { fieldManager: 'm' }));
    const s = ref('v1', 'Secret', 's');
    expect(smp(c, { data: { a: 'YWJ' } }, s).message).toBe(' "" is invalid: patch: Invalid value: "map[data:map[a:YWJ]]": error decoding from json: illegal base64 data at input byte 0');
    // A json or merge patch's is the decoder's CorruptInputError.
    expect(fail(c.patch(s, 'merge', obj({ data: { a: 'YWJ' } }), { fieldManager: 'p' })).message).toMatch(/^ "" is invalid: patch: Invalid value: ".*": illegal base64 data at input byte 0$/);
  });
});

describe('the scale subresource reads autoscaling/v1 Scale', () => {
  it('a PUT is the decoder\'s 400, a patch the handler\'s 422 with the patched Scale', () => {
    const c = cluster();
    ok(c.create(obj({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { replicas: 1, selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } } }), { fieldManager: 'm' }));
    const d = ref('apps/v1', 'Deployment', 'd');
    const scale = obj({ apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'd', namespace: 'default' }, spec: { replicas: 'x' } });
    expect(fail(c.update(scale, { subresource: 'scale', target: d }))).toMatchObject({
      code: 400,
      message: 'Scale in version "v1" cannot be handled as a Scale: json: cannot unmarshal string into Go struct field ScaleSpec.spec.replicas of type int32',
    });
    const json =
      '{"apiVersion":"autoscaling/v1","kind":"Scale","metadata":{"name":"d","namespace":"default","uid":"00000000-0000-4000-8000-000000000001","resourceVersion":"1","creationTimestamp":"2024-01-01T00:00:00Z"},' +
      '"spec":{"replicas":"x"},"status":{"replicas":0,"selector":"a=b"}}';
    expect(fail(c.patch(d, 'merge', obj({ spec: { replicas: 'x' } }), { subresource: 'scale' })).message).toBe(
      invalid(json, 'json: cannot unmarshal string into Go struct field ScaleSpec.spec.replicas of type int32'),
    );
    expect(fail(c.patch(d, 'strategic', obj({ spec: { replicas: 'x' } }), { subresource: 'scale' })).message).toBe(
      ' "" is invalid: patch: Invalid value: "map[spec:map[replicas:x]]": unrecognized type: int32',
    );
  });
});
