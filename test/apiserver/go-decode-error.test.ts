/**
 * A create or update body of a built-in kind whose values do not fit the kind's Go types: the
 * 400 kube-apiserver gives, in Go's JSON decoder's words. The rules come from sigs.k8s.io/json
 * (internal/golang/encoding/json/decode.go at 9aa6b5e, the version apimachinery v0.32 requires:
 * literalStore, object, array, addErrorContext; its UnmarshalTypeError is Go's), from the
 * UnmarshalJSON methods of apimachinery v0.32.13 (resource.Quantity, intstr.IntOrString,
 * metav1.Time) and from apiserver's handlers (transformDecodeError's `cannot be handled as`);
 * the Go types of the fields from k8s.io/api v0.32.13 (go-field-types.generated.ts); a []byte's
 * base64 from Go's encoding/base64 (base64.go, decodeQuantum: CorruptInputError offsets). A
 * server-side apply's merged object is converted into the Go type by the unstructured converter
 * (apimachinery v0.32.13 managedfields/internal/structuredmerge.go, toVersioned).
 */
import { describe, expect, it } from 'vitest';
import { cluster, fail, obj, ok, ref } from './helpers.js';

const cmText = (text: string) => `ConfigMap in version "v1" cannot be handled as a ConfigMap: ${text}`;
const cm = (extra: object, name = 'cm') => obj({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, ...extra });
const created = (body: object) => fail(cluster().create(obj(body), { fieldManager: 'm' }));

describe('a value of the wrong JSON kind: the first one, with its struct, path and Go type', () => {
  it('map values, maps, pointers to scalars', () => {
    expect(fail(cluster().create(cm({ data: { a: 1 } }), { fieldManager: 'm' }))).toMatchObject({
      code: 400,
      reason: 'BadRequest',
      message: cmText('json: cannot unmarshal number into Go struct field ConfigMap.data of type string'),
    });
    // Only the first value that does not fit is named; a string field takes no number, whatever its literal.
    expect(created({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { a: 1.5, b: true } }).message).toBe(
      cmText('json: cannot unmarshal number into Go struct field ConfigMap.data of type string'),
    );
    expect(created({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: [1] }).message).toBe(
      cmText('json: cannot unmarshal array into Go struct field ConfigMap.data of type map[string]string'),
    );
    // `*bool`: the pointer is followed.
    expect(created({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, immutable: 'yes' }).message).toBe(
      cmText('json: cannot unmarshal string into Go struct field ConfigMap.immutable of type bool'),
    );
    // `map[string][]byte`: reflect names a byte slice `[]uint8`.
    expect(created({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, binaryData: { a: 5 } }).message).toBe(
      cmText('json: cannot unmarshal number into Go struct field ConfigMap.binaryData of type []uint8'),
    );
  });
  it('the innermost struct and the JSON names from the top, without indexes', () => {
    expect(created({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', labels: { a: 3 } } }).message).toBe(
      cmText('json: cannot unmarshal number into Go struct field ObjectMeta.metadata.labels of type string'),
    );
    expect(created({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { template: { spec: { containers: [{ name: 'a', ports: [{ containerPort: '80' }] }] } } } }).message).toBe(
      'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field ContainerPort.spec.template.spec.containers.ports.containerPort of type int32',
    );
    const pod = (spec: object) => created({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec }).message.replace('Pod in version "v1" cannot be handled as a Pod: ', '');
    expect(pod({ containers: 5 })).toBe('json: cannot unmarshal number into Go struct field PodSpec.spec.containers of type []v1.Container');
    expect(pod({ containers: [5] })).toBe('json: cannot unmarshal number into Go struct field PodSpec.spec.containers of type v1.Container');
    // VolumeSource is inlined into Volume: its fields are Volume's; `*ConfigMapVolumeSource` is followed.
    expect(pod({ volumes: [{ name: 'v', configMap: 'x' }] })).toBe('json: cannot unmarshal string into Go struct field Volume.spec.volumes.configMap of type v1.ConfigMapVolumeSource');
    // Named types keep their names: ResourceList, Protocol.
    expect(pod({ containers: [{ name: 'a', resources: { limits: [] } }] })).toBe(
      'json: cannot unmarshal array into Go struct field ResourceRequirements.spec.containers.resources.limits of type v1.ResourceList',
    );
    expect(pod({ containers: [{ name: 'a', ports: [{ containerPort: 80, protocol: 6 }] }] })).toBe(
      'json: cannot unmarshal number into Go struct field ContainerPort.spec.containers.ports.protocol of type v1.Protocol',
    );
  });
  it('a number an int field cannot hold is named with its literal', () => {
    const svc = (port: object) => created({ apiVersion: 'v1', kind: 'Service', metadata: { name: 's' }, spec: { ports: [port] } }).message;
    const prefix = 'Service in version "v1" cannot be handled as a Service: ';
    expect(svc({ port: 1.5 })).toBe(prefix + 'json: cannot unmarshal number 1.5 into Go struct field ServicePort.spec.ports.port of type int32');
    expect(svc({ port: 3000000000 })).toBe(prefix + 'json: cannot unmarshal number 3000000000 into Go struct field ServicePort.spec.ports.port of type int32');
    expect(svc({ port: 'x' })).toBe(prefix + 'json: cannot unmarshal string into Go struct field ServicePort.spec.ports.port of type int32');
  });
});

describe('types with their own UnmarshalJSON', () => {
  const prefix = 'Service in version "v1" cannot be handled as a Service: ';
  const svc = (port: object) => created({ apiVersion: 'v1', kind: 'Service', metadata: { name: 's' }, spec: { ports: [port] } }).message;
  it('IntOrString reads a non-string into an int32 and stops there, even after an earlier misfit', () => {
    expect(svc({ port: 80, targetPort: 1.5 })).toBe(prefix + 'json: cannot unmarshal number 1.5 into Go struct field ServicePort.spec.ports.targetPort of type int32');
    expect(svc({ port: 'x', targetPort: true })).toBe(prefix + 'json: cannot unmarshal bool into Go struct field ServicePort.spec.ports.targetPort of type int32');
    expect(svc({ port: 80, targetPort: { a: 1 } })).toBe(prefix + 'json: cannot unmarshal object into Go struct field ServicePort.spec.ports.targetPort of type int32');
  });
  it('Quantity: its parse error, without a path', () => {
    const limits = (cpu: unknown) =>
      created({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [{ name: 'a', image: 'i', resources: { limits: { cpu } } }] } }).message;
    const wrong = `Pod in version "v1" cannot be handled as a Pod: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`;
    expect(limits('abc')).toBe(wrong);
    expect(limits(true)).toBe(wrong);
    expect(limits({})).toBe(wrong);
    expect(limits('1iK')).toBe(`Pod in version "v1" cannot be handled as a Pod: unable to parse quantity's suffix`);
  });
  it('Time reads a non-string into a string', () => {
    expect(created({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', creationTimestamp: 5 } }).message).toBe(
      cmText('json: cannot unmarshal number into Go struct field ObjectMeta.metadata.creationTimestamp of type string'),
    );
  });
  it('RawExtension takes any JSON', () => {
    const c = cluster();
    ok(c.create(obj({ apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata: { name: 'r' }, revision: 1, data: [1, 'x'] }), { fieldManager: 'm' }));
  });
});

describe('a []byte is read as standard base64', () => {
  const secret = (a: string) => cluster().create(obj({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, data: { a } }), { fieldManager: 'm' });
  const refused = (a: string) => fail(secret(a)).message.replace('Secret in version "v1" cannot be handled as a Secret: ', '');
  it('the offset Go names, without a field', () => {
    ok(secret('YWJj'));
    ok(secret('YWJjZA=='));
    ok(secret('YWJj\nZA=='));
    // A quantum cut short: the offset of its start.
    expect(refused('YWJ')).toBe('illegal base64 data at input byte 0');
    expect(refused('YWJjZA')).toBe('illegal base64 data at input byte 4');
    // A character outside the alphabet (counted in UTF-8 bytes), padding too early, padding cut short, bytes after it.
    expect(refused('not base64!')).toBe('illegal base64 data at input byte 3');
    expect(refused('ééYW')).toBe('illegal base64 data at input byte 0');
    expect(refused('YW=j')).toBe('illegal base64 data at input byte 2');
    expect(refused('Y===')).toBe('illegal base64 data at input byte 1');
    expect(refused('YWJjZA=')).toBe('illegal base64 data at input byte 7');
    expect(refused('YWJjZA==YWJj')).toBe('illegal base64 data at input byte 8');
  });
  it('a misfit of another kind found first is kept: decoding goes on after either', () => {
    expect(fail(cluster().create(obj({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, data: { a: 'YWJ' }, type: 5 }), { fieldManager: 'm' })).message).toBe(
      'Secret in version "v1" cannot be handled as a Secret: illegal base64 data at input byte 0',
    );
    expect(fail(cluster().create(obj({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, immutable: 1, data: { a: 'YWJ' } }), { fieldManager: 'm' })).message).toBe(
      'Secret in version "v1" cannot be handled as a Secret: json: cannot unmarshal number into Go struct field Secret.immutable of type bool',
    );
  });
});

describe('a []byte is stored as Go writes its bytes back', () => {
  it('standard padded base64: line breaks dropped, unused padding bits cleared', () => {
    const c = cluster({ harness: false });
    const stored = (name: string, a: string) => (ok(c.create(obj({ apiVersion: 'v1', kind: 'Secret', metadata: { name, namespace: 'default' }, data: { a } }), { fieldManager: 'm' })).data as { a: string }).a;
    expect(stored('s1', 'YWJj\nZA==')).toBe('YWJjZA==');
    expect(stored('s2', 'YWJjZA\r\n==')).toBe('YWJjZA==');
    expect(stored('s3', 'YR==')).toBe('YQ==');
    expect(stored('s4', 'YWJ=')).toBe('YWI=');
    expect(stored('s5', '')).toBe('');
    const applied = ok(c.apply(obj({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'b', namespace: 'default' }, binaryData: { x: 'YR==' } }), { fieldManager: 'm' }));
    expect(applied.binaryData).toEqual({ x: 'YQ==' });
  });
});

describe('when the decoder runs', () => {
  it('before the strict check of unknown fields, and before the name and namespace are compared', () => {
    const c = cluster();
    expect(fail(c.create(cm({ data: { a: 1 }, bogus: 1 }), { fieldManager: 'm', fieldValidation: 'Strict' })).message).toBe(
      cmText('json: cannot unmarshal number into Go struct field ConfigMap.data of type string'),
    );
    const body = obj({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: 'other' }, data: { a: true } });
    expect(fail(c.request({ verb: 'create', body, target: { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default' }, options: { fieldManager: 'm' } })).message).toBe(
      cmText('json: cannot unmarshal bool into Go struct field ConfigMap.data of type string'),
    );
  });
  it('an update: before the store is read (a missing object is no 404 then)', () => {
    const c = cluster();
    expect(fail(c.update(cm({ data: { a: 1 } }, 'missing'), { fieldManager: 'm' }))).toMatchObject({
      code: 400,
      message: cmText('json: cannot unmarshal number into Go struct field ConfigMap.data of type string'),
    });
    ok(c.create(cm({ data: { a: 'x' } }), { fieldManager: 'm' }));
    expect(fail(c.update(cm({ data: { a: false } }), { fieldManager: 'm', target: ref('v1', 'ConfigMap', 'cm') })).message).toBe(
      cmText('json: cannot unmarshal bool into Go struct field ConfigMap.data of type string'),
    );
  });
});

describe('server-side apply: what the schema lets through, the Go type may not', () => {
  it('the merged object fails its conversion: a plain 500', () => {
    const c = cluster({ harness: false });
    const applied = (body: object) => fail(c.apply(obj(body), { fieldManager: 'm' }));
    expect(applied({ apiVersion: 'v1', kind: 'Service', metadata: { name: 's', namespace: 'default' }, spec: { ports: [{ port: 80, targetPort: true }] } })).toMatchObject({
      code: 500,
      reason: undefined,
      message: 'failed to convert new object (default/s; /v1, Kind=Service) to proper version: json: cannot unmarshal bool into Go value of type int32',
    });
    expect(applied({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd', namespace: 'default' }, spec: { replicas: 1.5 } }).message).toBe(
      'failed to convert new object (default/d; apps/v1, Kind=Deployment) to proper version: cannot convert float64 to int32',
    );
    expect(applied({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'i', resources: { limits: { cpu: 'abc' } } }] } }).message).toBe(
      "failed to convert new object (default/p; /v1, Kind=Pod) to proper version: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
    );
    expect(applied({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'default' }, data: { a: 'YWJ' } }).message).toBe(
      'failed to convert new object (default/s; /v1, Kind=Secret) to proper version: error decoding from json: illegal base64 data at input byte 0',
    );
    // An integral number (a float64 in an apply body) fits an int32.
    const spec = { replicas: 3, selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } };
    ok(c.apply(obj({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd', namespace: 'default' }, spec }), { fieldManager: 'm' }));
  });
});
