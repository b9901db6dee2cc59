/**
 * Kubernetes protobuf: the generated tables against the Kubernetes API's .proto files, the
 * envelope and codec against bytes real kubectl sent, round trips for every built-in kind, the
 * hand-written types, and protobuf over HTTP (bodies in, answers out when asked for).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { BUILTIN_KINDS } from '../../src/schema/builtin/kinds.js';
import { goDurationText, parseGoDuration } from '../../src/apiserver/go-duration.js';
import { decodeProtoObject, encodeProtoObject } from '../../src/apiserver/protobuf-codec.js';
import { builtinProtoTables, objectFromProtobuf, protobufFromObject, unwrapEnvelope, wrapEnvelope } from '../../src/apiserver/protobuf-envelope.js';
import { messageNameOf, type ProtoMessage, type ProtoType } from '../../src/apiserver/protobuf-messages.js';
import { WireWriter } from '../../src/apiserver/protobuf-wire.js';
import { sharedPath } from '../support/shared.js';
import { call, JSON_HEADERS, start } from './http-client.js';
import { openWidgetCrd } from './open-widget-crd.js';

const catalog = builtinCatalog();
const tables = builtinProtoTables();
const PROTOBUF = 'application/vnd.kubernetes.protobuf';
const EXT = 'k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1.';

/** What kubectl 1.32.4 sent for `kubectl create namespace demo` and `kubectl create deployment web --image=nginx -n demo`. */
const KUBECTL_NAMESPACE = 'azhzAAoPCgJ2MRIJTmFtZXNwYWNlEhwKFAoEZGVtbxIAGgAiACoAMgA4AEIAEgAaAgoAGgAiAA==';
const KUBECTL_DEPLOYMENT =
  'azhzAAoVCgdhcHBzL3YxEgpEZXBsb3ltZW50Eq8BCiMKA3dlYhIAGgRkZW1vIgAqADIAOABCAFoKCgNhcHASA3dlYhJ6CAESDAoKCgNhcHASA3dlYhpgChwKABIAGgAiACoAMgA4AEIAWgoKA2FwcBIDd2ViEkASIgoFbmdpbngSBW5naW54KgBCAGoAcgCAAQCIAQCQAQCiAQAaADIAQgBKAFIAWABgAGgAggEAigEAmgEAwgEAIgIKACgAOAAaDAgAEAAYACAAKAA4ABoAIgA=';

type ProtoFields = Map<number, { label: string; type: string }>;

/** The messages of one .proto text into `out`: name → number → { label, type }. */
/**
 * `object` as a 1.32 client or server writes it in JSON: a zero `metadata.creationTimestamp` is
 * null (ObjectMeta's Go type has no `omitzero` before 1.35), as kubectl 1.32's
 * `create --dry-run=client -o yaml` prints it.
 */
function withNullCreationTimestamp<T extends { metadata?: object }>(object: T): T {
  const metadata = object.metadata ?? {};
  return { ...object, metadata: 'creationTimestamp' in metadata ? metadata : { creationTimestamp: null, ...metadata } };
}

function readProtoText(source: string, out: Map<string, ProtoFields>): void {
  const text = source.replace(/\/\/[^\n]*/g, '');
  const pkg = /^package\s+([\w.]+);/m.exec(text)![1];
  for (const m of text.matchAll(/message\s+(\w+)\s*\{([^}]*)\}/g)) {
    const fields: ProtoFields = new Map();
    for (const f of m[2].matchAll(/(optional|repeated)\s+([\w.]+)\s+\w+\s*=\s*(\d+);|map<\s*(\w+)\s*,\s*([\w.]+)\s*>\s+\w+\s*=\s*(\d+);/g)) {
      if (f[1]) fields.set(Number(f[3]), { label: f[1], type: f[2].startsWith('.') ? f[2].slice(1) : SCALAR_NAMES.has(f[2]) ? f[2] : `${pkg}.${f[2]}` });
      else fields.set(Number(f[6]), { label: 'map', type: `${f[4]},${f[5].startsWith('.') ? f[5].slice(1) : SCALAR_NAMES.has(f[5]) ? f[5] : `${pkg}.${f[5]}`}` });
    }
    out.set(`${pkg}.${m[1]}`, fields);
  }
}

/** Every message of the .proto files: name → number → { label, type }. */
function protoFiles(): Map<string, ProtoFields> {
  const out = new Map<string, ProtoFields>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir)) {
      const p = join(dir, e);
      if (statSync(p).isDirectory()) walk(p);
      else if (e.endsWith('.proto')) readProtoText(readFileSync(p, 'utf8'), out);
    }
  };
  walk(sharedPath('reference', 'proto'));
  return out;
}

/**
 * The messages of the four v1 kinds newer than the reference's .proto files (Kubernetes 1.36),
 * field by field as kubernetes/api declares them at 10b39a39 (1.37 development), checked by
 * hand against that commit's generated.proto files: the facts the tables must agree with.
 */
const NEWER_THAN_REFERENCE = [
  `package k8s.io.api.certificates.v1;
   message ClusterTrustBundle { optional .k8s.io.apimachinery.pkg.apis.meta.v1.ObjectMeta metadata = 1; optional ClusterTrustBundleSpec spec = 2; }
   message ClusterTrustBundleList { optional .k8s.io.apimachinery.pkg.apis.meta.v1.ListMeta metadata = 1; repeated ClusterTrustBundle items = 2; }
   message ClusterTrustBundleSpec { optional string signerName = 1; optional string trustBundle = 2; }
   message PodCertificateRequest { optional .k8s.io.apimachinery.pkg.apis.meta.v1.ObjectMeta metadata = 1; optional PodCertificateRequestSpec spec = 2; optional PodCertificateRequestStatus status = 3; }
   message PodCertificateRequestList { optional .k8s.io.apimachinery.pkg.apis.meta.v1.ListMeta metadata = 1; repeated PodCertificateRequest items = 2; }
   message PodCertificateRequestSpec { optional string signerName = 1; optional string podName = 2; optional string podUID = 3; optional string serviceAccountName = 4;
     optional string serviceAccountUID = 5; optional string nodeName = 6; optional string nodeUID = 7; optional int32 maxExpirationSeconds = 8;
     optional bytes stubPKCS10Request = 12; map<string, string> unverifiedUserAnnotations = 11; }
   message PodCertificateRequestStatus { repeated .k8s.io.apimachinery.pkg.apis.meta.v1.Condition conditions = 1; optional string certificateChain = 2;
     optional .k8s.io.apimachinery.pkg.apis.meta.v1.Time notBefore = 4; optional .k8s.io.apimachinery.pkg.apis.meta.v1.Time beginRefreshAt = 5;
     optional .k8s.io.apimachinery.pkg.apis.meta.v1.Time notAfter = 6; }`,
  `package k8s.io.api.resource.v1;
   message DeviceTaintRule { optional .k8s.io.apimachinery.pkg.apis.meta.v1.ObjectMeta metadata = 1; optional DeviceTaintRuleSpec spec = 2; optional DeviceTaintRuleStatus status = 3; }
   message DeviceTaintRuleList { optional .k8s.io.apimachinery.pkg.apis.meta.v1.ListMeta metadata = 1; repeated DeviceTaintRule items = 2; }
   message DeviceTaintRuleSpec { optional DeviceTaintSelector deviceSelector = 1; optional DeviceTaint taint = 2; }
   message DeviceTaintRuleStatus { repeated .k8s.io.apimachinery.pkg.apis.meta.v1.Condition conditions = 1; }
   message DeviceTaintSelector { optional string driver = 2; optional string pool = 3; optional string device = 4; }`,
  `package k8s.io.api.storagemigration.v1;
   message StorageVersionMigration { optional .k8s.io.apimachinery.pkg.apis.meta.v1.ObjectMeta metadata = 1; optional StorageVersionMigrationSpec spec = 2; optional StorageVersionMigrationStatus status = 3; }
   message StorageVersionMigrationList { optional .k8s.io.apimachinery.pkg.apis.meta.v1.ListMeta metadata = 1; repeated StorageVersionMigration items = 2; }
   message StorageVersionMigrationSpec { optional .k8s.io.apimachinery.pkg.apis.meta.v1.GroupResource resource = 1; }
   message StorageVersionMigrationStatus { repeated .k8s.io.apimachinery.pkg.apis.meta.v1.Condition conditions = 1; optional string resourceVersion = 2; }`,
];

/**
 * CustomResourceDefinition's messages, which the reference does not hold (apiextensions-apiserver
 * has its own .proto file): field by field as k8s.io/apiextensions-apiserver v0.36.3 declares them
 * in pkg/apis/apiextensions/v1/generated.proto, checked by hand. JSON and the three unions of
 * schemas are left out: the codec converts them by hand (their numbers are checked byte for byte
 * below).
 */
const APIEXTENSIONS_V1 = `package k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1;
  message CustomResourceColumnDefinition { optional string name = 1; optional string type = 2; optional string format = 3; optional string description = 4; optional int32 priority = 5; optional string jsonPath = 6; }
  message CustomResourceConversion { optional string strategy = 1; optional WebhookConversion webhook = 2; }
  message CustomResourceDefinition { optional .k8s.io.apimachinery.pkg.apis.meta.v1.ObjectMeta metadata = 1; optional CustomResourceDefinitionSpec spec = 2; optional CustomResourceDefinitionStatus status = 3; }
  message CustomResourceDefinitionCondition { optional string type = 1; optional string status = 2; optional .k8s.io.apimachinery.pkg.apis.meta.v1.Time lastTransitionTime = 3;
    optional string reason = 4; optional string message = 5; optional int64 observedGeneration = 6; }
  message CustomResourceDefinitionList { optional .k8s.io.apimachinery.pkg.apis.meta.v1.ListMeta metadata = 1; repeated CustomResourceDefinition items = 2; }
  message CustomResourceDefinitionNames { optional string plural = 1; optional string singular = 2; repeated string shortNames = 3; optional string kind = 4; optional string listKind = 5; repeated string categories = 6; }
  message CustomResourceDefinitionSpec { optional string group = 1; optional CustomResourceDefinitionNames names = 3; optional string scope = 4; repeated CustomResourceDefinitionVersion versions = 7;
    optional CustomResourceConversion conversion = 9; optional bool preserveUnknownFields = 10; }
  message CustomResourceDefinitionStatus { repeated CustomResourceDefinitionCondition conditions = 1; optional CustomResourceDefinitionNames acceptedNames = 2; repeated string storedVersions = 3; optional int64 observedGeneration = 4; }
  message CustomResourceDefinitionVersion { optional string name = 1; optional bool served = 2; optional bool storage = 3; optional bool deprecated = 7; optional string deprecationWarning = 8;
    optional CustomResourceValidation schema = 4; optional CustomResourceSubresources subresources = 5; repeated CustomResourceColumnDefinition additionalPrinterColumns = 6; repeated SelectableField selectableFields = 9; }
  message CustomResourceSubresourceScale { optional string specReplicasPath = 1; optional string statusReplicasPath = 2; optional string labelSelectorPath = 3; }
  message CustomResourceSubresourceStatus { }
  message CustomResourceSubresources { optional CustomResourceSubresourceStatus status = 1; optional CustomResourceSubresourceScale scale = 2; }
  message CustomResourceValidation { optional JSONSchemaProps openAPIV3Schema = 1; }
  message ExternalDocumentation { optional string description = 1; optional string url = 2; }
  message JSONSchemaProps { optional string id = 1; optional string schema = 2; optional string ref = 3; optional string description = 4; optional string type = 5; optional string format = 6;
    optional string title = 7; optional JSON default = 8; optional double maximum = 9; optional bool exclusiveMaximum = 10; optional double minimum = 11; optional bool exclusiveMinimum = 12;
    optional int64 maxLength = 13; optional int64 minLength = 14; optional string pattern = 15; optional int64 maxItems = 16; optional int64 minItems = 17; optional bool uniqueItems = 18;
    optional double multipleOf = 19; repeated JSON enum = 20; optional int64 maxProperties = 21; optional int64 minProperties = 22; repeated string required = 23;
    optional JSONSchemaPropsOrArray items = 24; repeated JSONSchemaProps allOf = 25; repeated JSONSchemaProps oneOf = 26; repeated JSONSchemaProps anyOf = 27; optional JSONSchemaProps not = 28;
    map<string, JSONSchemaProps> properties = 29; optional JSONSchemaPropsOrBool additionalProperties = 30; map<string, JSONSchemaProps> patternProperties = 31;
    map<string, JSONSchemaPropsOrStringArray> dependencies = 32; optional JSONSchemaPropsOrBool additionalItems = 33; map<string, JSONSchemaProps> definitions = 34;
    optional ExternalDocumentation externalDocs = 35; optional JSON example = 36; optional bool nullable = 37; optional bool xKubernetesPreserveUnknownFields = 38;
    optional bool xKubernetesEmbeddedResource = 39; optional bool xKubernetesIntOrString = 40; repeated string xKubernetesListMapKeys = 41; optional string xKubernetesListType = 42;
    optional string xKubernetesMapType = 43; repeated ValidationRule xKubernetesValidations = 44; }
  message SelectableField { optional string jsonPath = 1; }
  message ServiceReference { optional string namespace = 1; optional string name = 2; optional string path = 3; optional int32 port = 4; }
  message ValidationRule { optional string rule = 1; optional string message = 2; optional string messageExpression = 3; optional string reason = 4; optional string fieldPath = 5; optional bool optionalOldSelf = 6; }
  message WebhookClientConfig { optional string url = 3; optional ServiceReference service = 1; optional bytes caBundle = 2; }
  message WebhookConversion { optional WebhookClientConfig clientConfig = 2; repeated string conversionReviewVersions = 3; }`;

/** The reference's messages, then the newer ones and CustomResourceDefinition's (which the reference does not have). */
function knownMessages(): Map<string, ProtoFields> {
  const out = protoFiles();
  const newer = new Map<string, ProtoFields>();
  for (const text of [...NEWER_THAN_REFERENCE, APIEXTENSIONS_V1]) readProtoText(text, newer);
  for (const [name, fields] of newer) {
    expect(out.has(name), `${name} is in the reference now`).toBe(false);
    out.set(name, fields);
  }
  return out;
}
const SCALAR_NAMES = new Set(['string', 'bool', 'int32', 'int64', 'double', 'bytes']);
const SCALAR_OF: Record<string, string> = { s: 'string', b: 'bool', i32: 'int32', i64: 'int64', d: 'double', y: 'bytes' };
const typeText = (t: ProtoType) => ('scalar' in t ? SCALAR_OF[t.scalar] : t.message);

describe('protobuf tables', () => {
  it('agree with the .proto files of the Kubernetes API on every field of every message', () => {
    const protos = knownMessages();
    let fields = 0;
    for (const name of tables.names()) {
      const msg = tables.message(name)!;
      const declared = protos.get(name);
      expect(declared, name).toBeDefined();
      if (msg.sliceOf) {
        expect([...declared!.entries()], name).toEqual([[1, { label: 'repeated', type: typeText(msg.sliceOf) }]]);
        continue;
      }
      expect(new Set(msg.fields.map((f) => f.number)), name).toEqual(new Set(declared!.keys()));
      for (const f of msg.fields) {
        const d = declared!.get(f.number)!;
        const label = f.mapKey ? 'map' : f.repeated ? 'repeated' : 'optional';
        const type = f.mapKey ? `${SCALAR_OF[f.mapKey]},${typeText(f.type)}` : typeText(f.type);
        expect({ label, type }, `${name}.${f.json}`).toEqual(d);
        fields++;
      }
    }
    expect(fields).toBeGreaterThan(1800);
    // CustomResourceDefinition's are there too, every one of its messages.
    const crd = new Map<string, ProtoFields>();
    readProtoText(APIEXTENSIONS_V1, crd);
    for (const name of crd.keys()) expect(tables.message(name), name).toBeDefined();
  });

  it('cover every built-in kind the .proto files have, with its List', () => {
    const protos = knownMessages();
    const missing: string[] = [];
    for (const k of BUILTIN_KINDS) {
      const name = messageNameOf(k.typeName);
      if (!protos.has(name)) {
        missing.push(`${k.apiVersion} ${k.kind}`);
        continue;
      }
      expect(tables.message(name), name).toBeDefined();
      if (protos.has(name + 'List')) expect(tables.message(name + 'List'), name + 'List').toBeDefined();
    }
    expect(missing).toEqual([]);
  });
});

describe('the protobuf envelope and codec', () => {
  it("decodes kubectl create namespace's body to what its JSON would be, and encodes it back byte for byte", () => {
    const bytes = Buffer.from(KUBECTL_NAMESPACE, 'base64');
    const env = unwrapEnvelope(bytes);
    expect([env.apiVersion, env.kind, env.contentEncoding, env.contentType]).toEqual(['v1', 'Namespace', '', '']);
    const ns = objectFromProtobuf(catalog, bytes);
    expect(ns).toEqual({ kind: 'Namespace', apiVersion: 'v1', metadata: { name: 'demo', creationTimestamp: null }, spec: {}, status: {} });
    expect(Buffer.from(protobufFromObject(catalog, ns)!).toString('base64')).toBe(KUBECTL_NAMESPACE);
  });

  it("decodes kubectl create deployment's body (IntOrString, pointers, structs Go always writes)", () => {
    const bytes = Buffer.from(KUBECTL_DEPLOYMENT, 'base64');
    const d = objectFromProtobuf(catalog, bytes);
    expect(d).toEqual({
      kind: 'Deployment',
      apiVersion: 'apps/v1',
      metadata: { name: 'web', namespace: 'demo', creationTimestamp: null, labels: { app: 'web' } },
      spec: {
        replicas: 1,
        selector: { matchLabels: { app: 'web' } },
        template: { metadata: { creationTimestamp: null, labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx', resources: {} }] } },
        strategy: {},
      },
      status: {},
    });
    expect(Buffer.from(protobufFromObject(catalog, d)!).toString('base64')).toBe(KUBECTL_DEPLOYMENT);
  });

  it('keeps a zero a pointer carries and drops the zeros of omitempty values', () => {
    const spec = { replicas: 0, paused: false, minReadySeconds: 0, selector: {}, template: {}, strategy: {} };
    const bytes = encodeProtoObject(tables, 'k8s.io.api.apps.v1.DeploymentSpec', spec);
    // Structs that are not pointers are written whole, as Go writes them (template.metadata,
    // template.spec), and a slice without omitempty that is absent is Go's nil: null (containers).
    expect(decodeProtoObject(tables, 'k8s.io.api.apps.v1.DeploymentSpec', bytes)).toEqual({ replicas: 0, selector: {}, template: { metadata: { creationTimestamp: null }, spec: { containers: null } }, strategy: {} });
    // A pointer without omitempty that is absent is Go's nil: null (selector).
    expect(decodeProtoObject(tables, 'k8s.io.api.apps.v1.DeploymentSpec', new Uint8Array())).toMatchObject({ selector: null });
    // A scalar Go always writes reads as its zero when a client leaves it out.
    expect(decodeProtoObject(tables, 'k8s.io.api.core.v1.Container', new Uint8Array())).toEqual({ name: '', resources: {} });
  });

  it('keeps every digit of an int64 beyond 2^53, in fields and in raw JSON (FieldsV1)', () => {
    const big = 9007199254740993n;
    const spec = { containers: [{ name: 'c', image: 'x' }], activeDeadlineSeconds: big };
    expect(decodeProtoObject(tables, 'k8s.io.api.core.v1.PodSpec', encodeProtoObject(tables, 'k8s.io.api.core.v1.PodSpec', spec as never))).toMatchObject({ activeDeadlineSeconds: big });
    const entry = { manager: 'm', operation: 'Update', fieldsType: 'FieldsV1', fieldsV1: { 'f:spec': { 'f:x': { 'v:9007199254740993': {} } }, n: big } };
    const back = decodeProtoObject(tables, 'k8s.io.apimachinery.pkg.apis.meta.v1.ManagedFieldsEntry', encodeProtoObject(tables, 'k8s.io.apimachinery.pkg.apis.meta.v1.ManagedFieldsEntry', entry as never));
    expect(back).toMatchObject({ fieldsV1: { n: big } });
  });

  it('converts the hand-written types: IntOrString, Quantity, Time, MicroTime, Duration, RawExtension, FieldsV1', () => {
    const roundTrip = (message: string, v: Record<string, unknown>) => decodeProtoObject(tables, message, encodeProtoObject(tables, message, v as never));
    expect(roundTrip('k8s.io.api.core.v1.ServicePort', { port: 80, targetPort: 'http' })).toEqual({ port: 80, targetPort: 'http' });
    expect(roundTrip('k8s.io.api.core.v1.ServicePort', { port: 80, targetPort: 8080 })).toEqual({ port: 80, targetPort: 8080 });
    expect(roundTrip('k8s.io.api.core.v1.ResourceRequirements', { limits: { cpu: '500m', memory: '1Gi' } })).toEqual({ limits: { cpu: '500m', memory: '1Gi' } });
    // A zero Time that is not a pointer is null, as Go writes it.
    const cond = { type: 'Ready', status: 'True', lastProbeTime: null, lastTransitionTime: '2024-05-01T10:00:00Z' };
    expect(roundTrip('k8s.io.api.core.v1.PodCondition', cond)).toEqual(cond);
    // Time keeps seconds only, as Kubernetes does; MicroTime keeps microseconds.
    expect(roundTrip('k8s.io.api.core.v1.PodCondition', { ...cond, lastTransitionTime: '2024-05-01T12:00:00.5+02:00' })).toEqual(cond);
    const lease = { holderIdentity: 'a', renewTime: '2024-05-01T10:00:00.123456Z', leaseDurationSeconds: 15 };
    expect(roundTrip('k8s.io.api.coordination.v1.LeaseSpec', lease)).toEqual(lease);
    const fields = { manager: 'm', operation: 'Update', fieldsType: 'FieldsV1', fieldsV1: { 'f:data': { 'f:a': {} } } };
    expect(roundTrip('k8s.io.apimachinery.pkg.apis.meta.v1.ManagedFieldsEntry', fields)).toEqual(fields);
    const revision = { metadata: { name: 'r' }, data: { spec: { template: { x: [1, 'a', null] } } }, revision: 3 };
    expect(roundTrip('k8s.io.api.apps.v1.ControllerRevision', revision)).toEqual(withNullCreationTimestamp(revision));
    // Inlined structs (VolumeSource in Volume) and slice messages (ExtraValue).
    const vol = { name: 'v', configMap: { name: 'c' } };
    expect(roundTrip('k8s.io.api.core.v1.Volume', vol)).toEqual(vol);
    const csr = { request: 'AAEC', signerName: 's', extra: { scopes: ['a', 'b'] } };
    expect(roundTrip('k8s.io.api.certificates.v1.CertificateSigningRequestSpec', csr)).toEqual(csr);
  });

  it("writes durations as Go's Duration.String and reads what time.ParseDuration reads", () => {
    const cases: [bigint, string][] = [
      [0n, '0s'],
      [1n, '1ns'],
      [1500n, '1.5µs'],
      [100_000_000n, '100ms'],
      [1_500_000_000n, '1.5s'],
      [90_000_000_000n, '1m30s'],
      [3_600_000_000_000n, '1h0m0s'],
      [-3_723_000_000_000n, '-1h2m3s'],
    ];
    for (const [n, text] of cases) {
      expect(goDurationText(n)).toBe(text);
      expect(parseGoDuration(text)).toBe(n);
    }
    expect(parseGoDuration('90m')).toBe(5_400_000_000_000n);
    expect(parseGoDuration('.5s')).toBe(500_000_000n);
    expect(parseGoDuration('2us')).toBe(2000n);
    expect(parseGoDuration('1x')).toBeUndefined();
    expect(parseGoDuration('')).toBeUndefined();
  });

  it('refuses bodies that are not envelopes or do not decode, naming the problem', () => {
    expect(() => objectFromProtobuf(catalog, Buffer.from('{"kind":"x"}'))).toThrow('the body does not start with the protobuf prefix k8s\\x00');
    expect(() => objectFromProtobuf(catalog, Buffer.from([0x6b, 0x38, 0x73, 0, 0x0a, 0x05]))).toThrow('the protobuf envelope does not decode: a length-delimited field runs past the end of the message');
    expect(() => objectFromProtobuf(catalog, wrapEnvelope('example.com/v1', 'Widget', new Uint8Array()))).toThrow('no protobuf message is known for example.com/v1, Kind=Widget');
    const w = new WireWriter();
    w.varint(1, 5n); // metadata as a varint
    expect(() => objectFromProtobuf(catalog, wrapEnvelope('v1', 'ConfigMap', w.finish()))).toThrow('.metadata: a message field must be length-delimited');
  });
});

/** A value for every field of a message, from a seed: what Go's JSON encoder would write for it. */
function sample(message: string, rnd: () => number, depth: number): unknown {
  const SPECIAL: Record<string, () => unknown> = {
    'k8s.io.apimachinery.pkg.apis.meta.v1.Time': () => new Date(Date.UTC(2020, 0, 1) + Math.floor(rnd() * 1e9) * 1000).toISOString().replace(/\.\d+Z$/, 'Z'),
    'k8s.io.apimachinery.pkg.apis.meta.v1.MicroTime': () => new Date(Date.UTC(2020, 0, 1) + Math.floor(rnd() * 1e9) * 1000).toISOString().replace(/\.(\d+)Z$/, '.$1123Z'),
    'k8s.io.apimachinery.pkg.apis.meta.v1.Duration': () => goDurationText(BigInt(Math.floor(rnd() * 1e6)) * 1_000_000n),
    'k8s.io.apimachinery.pkg.util.intstr.IntOrString': () => (rnd() < 0.5 ? Math.floor(rnd() * 100) + 1 : `${Math.floor(rnd() * 100)}%`),
    'k8s.io.apimachinery.pkg.api.resource.Quantity': () => `${Math.floor(rnd() * 1000) + 1}Mi`,
    'k8s.io.apimachinery.pkg.runtime.RawExtension': () => ({ any: ['thing', 1, { nested: true }] }),
    'k8s.io.apimachinery.pkg.apis.meta.v1.FieldsV1': () => ({ 'f:spec': { 'f:x': {} } }),
    [EXT + 'JSON']: () => (rnd() < 0.5 ? { any: [1, 'x', null] } : Math.floor(rnd() * 100)),
    [EXT + 'JSONSchemaPropsOrArray']: () => (rnd() < 0.5 ? { type: 'string' } : [{ type: 'string' }, { type: 'integer' }]),
    [EXT + 'JSONSchemaPropsOrBool']: () => (rnd() < 0.3 ? true : rnd() < 0.5 ? false : { type: 'string', minLength: 1 }),
    [EXT + 'JSONSchemaPropsOrStringArray']: () => (rnd() < 0.5 ? ['a', 'b'] : { required: ['a'] }),
  };
  if (SPECIAL[message]) return SPECIAL[message]();
  const msg: ProtoMessage = tables.message(message)!;
  const value = (t: ProtoType): unknown => {
    if ('message' in t) return sample(t.message, rnd, depth + 1);
    switch (t.scalar) {
      case 's':
        return `s${Math.floor(rnd() * 1000)}`;
      case 'y':
        return Buffer.from([1, 2, Math.floor(rnd() * 256)]).toString('base64');
      case 'b':
        return true;
      case 'i32':
        return Math.floor(rnd() * 2 ** 31) - 2 ** 30;
      case 'd':
        return (Math.floor(rnd() * 2 ** 20) - 2 ** 19) / 8;
      default:
        return Math.floor(rnd() * 2 ** 52) - 2 ** 51;
    }
  };
  if (msg.sliceOf) return [value(msg.sliceOf), value(msg.sliceOf)];
  const out: Record<string, unknown> = {};
  for (const f of msg.fields) {
    // Recursive types stop after a few levels: pointers, lists and maps of messages are left
    // out there (a struct that is not a pointer cannot recurse, and Go always writes it).
    if (depth > 6 && 'message' in f.type && (f.pointer || f.repeated || f.mapKey)) continue;
    const v = f.mapKey ? { a: value(f.type), b: value(f.type) } : f.repeated ? [value(f.type), value(f.type)] : value(f.type);
    if (f.inline) Object.assign(out, v);
    else out[f.json] = v;
  }
  return out;
}

describe('round trips JSON → protobuf → JSON', () => {
  it('for every built-in kind with a message, every field filled (fixed seeds)', () => {
    const kinds = BUILTIN_KINDS.filter((k) => tables.message(messageNameOf(k.typeName)));
    expect(kinds.length).toBe(64);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: kinds.length - 1 }), fc.integer(), (i, seed) => {
        const k = kinds[i];
        let s = seed >>> 0;
        const rnd = () => ((s = (s * 1103515245 + 12345) >>> 0) / 2 ** 32);
        const object = { kind: k.kind, apiVersion: k.apiVersion, ...(sample(messageNameOf(k.typeName), rnd, 0) as object) };
        const bytes = protobufFromObject(catalog, object as never)!;
        expect(JSON.parse(JSON.stringify(objectFromProtobuf(catalog, bytes))), `${k.apiVersion} ${k.kind}`).toEqual(object);
      }),
      { seed: 12, numRuns: 300, verbose: true },
    );
  });

  it('for each built-in kind with a message, every field filled, three seeds each', () => {
    for (const k of BUILTIN_KINDS.filter((k) => tables.message(messageNameOf(k.typeName)))) {
      for (const seed of [1, 2, 3]) {
        let s = seed;
        const rnd = () => ((s = (s * 1103515245 + 12345) >>> 0) / 2 ** 32);
        const object = { kind: k.kind, apiVersion: k.apiVersion, ...(sample(messageNameOf(k.typeName), rnd, 0) as object) };
        const back = JSON.parse(JSON.stringify(objectFromProtobuf(catalog, protobufFromObject(catalog, object as never)!)));
        expect(back, `${k.apiVersion} ${k.kind} seed ${seed}`).toEqual(object);
      }
    }
  });

  it('for the four v1 kinds newer than the reference .proto files, as a client would write them', () => {
    const condition = { type: 'Ready', status: 'True', observedGeneration: 2, lastTransitionTime: '2026-07-01T10:00:00Z', reason: 'Done', message: 'ok' };
    const objects = [
      { apiVersion: 'certificates.k8s.io/v1', kind: 'ClusterTrustBundle', metadata: { name: 'example.com:signer:a' }, spec: { signerName: 'example.com/signer', trustBundle: '-----BEGIN CERTIFICATE-----\n' } },
      {
        apiVersion: 'certificates.k8s.io/v1',
        kind: 'PodCertificateRequest',
        metadata: { name: 'p', namespace: 'default' },
        spec: { signerName: 'example.com/s', podName: 'web', podUID: 'u1', serviceAccountName: 'default', serviceAccountUID: 'u2', nodeName: 'n', nodeUID: 'u3', maxExpirationSeconds: 86400, stubPKCS10Request: 'AAEC', unverifiedUserAnnotations: { 'a.example.com/x': 'y' } },
        status: { conditions: [condition], certificateChain: 'PEM', notBefore: '2026-07-01T10:00:00Z', beginRefreshAt: '2026-07-01T20:00:00Z', notAfter: '2026-07-02T10:00:00Z' },
      },
      {
        apiVersion: 'resource.k8s.io/v1',
        kind: 'DeviceTaintRule',
        metadata: { name: 'gpu-broken' },
        spec: { deviceSelector: { driver: 'gpu.example.com', pool: 'node-1', device: 'gpu-0' }, taint: { key: 'broken', value: 'yes', effect: 'NoExecute', timeAdded: '2026-07-01T10:00:00Z' } },
        status: { conditions: [condition] },
      },
      {
        apiVersion: 'storagemigration.k8s.io/v1',
        kind: 'StorageVersionMigration',
        metadata: { name: 'secrets' },
        spec: { resource: { group: '', resource: 'secrets' } },
        status: { conditions: [condition], resourceVersion: '42' },
      },
    ];
    for (const object of objects) {
      const bytes = protobufFromObject(catalog, object as never);
      expect(bytes, object.kind).toBeDefined();
      expect(JSON.parse(JSON.stringify(objectFromProtobuf(catalog, bytes!))), object.kind).toEqual(withNullCreationTimestamp(object));
    }
  });

  it('encodes a ClusterTrustBundle byte for byte as Go marshals it (checked by hand from the field numbers)', () => {
    const bundle = { apiVersion: 'certificates.k8s.io/v1', kind: 'ClusterTrustBundle', metadata: { name: 'x' }, spec: { signerName: 'a/b', trustBundle: 'PEM' } };
    const text = (s: string) => [...Buffer.from(s)];
    // ObjectMeta: name = 1 "x", then the strings Go always writes (generateName 2, namespace 3,
    // selfLink 4, uid 5, resourceVersion 6) empty, generation 7 = 0, creationTimestamp 8 an empty Time.
    const meta = [0x0a, 0x01, ...text('x'), 0x12, 0x00, 0x1a, 0x00, 0x22, 0x00, 0x2a, 0x00, 0x32, 0x00, 0x38, 0x00, 0x42, 0x00];
    // ClusterTrustBundleSpec: signerName = 1, trustBundle = 2.
    const spec = [0x0a, 0x03, ...text('a/b'), 0x12, 0x03, ...text('PEM')];
    const raw = [0x0a, meta.length, ...meta, 0x12, spec.length, ...spec];
    // runtime.Unknown: typeMeta = 1 {apiVersion = 1, kind = 2}, raw = 2, contentEncoding = 3, contentType = 4.
    const typeMeta = [0x0a, 22, ...text('certificates.k8s.io/v1'), 0x12, 18, ...text('ClusterTrustBundle')];
    const envelope = [...text('k8s\0'), 0x0a, typeMeta.length, ...typeMeta, 0x12, raw.length, ...raw, 0x1a, 0x00, 0x22, 0x00];
    expect(raw.length).toBe(31);
    expect([...protobufFromObject(catalog, bundle as never)!]).toEqual(envelope);
    expect(objectFromProtobuf(catalog, Uint8Array.from(envelope))).toEqual(withNullCreationTimestamp(bundle));
  });

  it('for the real objects of ../shared/reference/objects', () => {
    for (const file of ['pod.yaml', 'node.yaml', 'endpoints.yaml']) {
      const object = parseYaml(readFileSync(sharedPath('reference', 'objects', file), 'utf8'));
      const back = JSON.parse(JSON.stringify(objectFromProtobuf(catalog, protobufFromObject(catalog, object)!)));
      expect({ ...back, kind: object.kind, apiVersion: object.apiVersion }, file).toEqual(withNullCreationTimestamp(object));
    }
  });
});

describe('protobuf over HTTP', () => {
  it('creates from a protobuf body and answers in protobuf when the client prefers it', async () => {
    const s = await start();
    const accept = `${PROTOBUF},application/json`;
    const created = await fetch(`${s.url}/api/v1/namespaces?fieldManager=kubectl-create`, {
      method: 'POST',
      body: Buffer.from(KUBECTL_NAMESPACE, 'base64'),
      headers: { 'Content-Type': PROTOBUF, Accept: accept },
      signal: AbortSignal.timeout(10_000),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toBe(PROTOBUF);
    const ns = objectFromProtobuf(catalog, new Uint8Array(await created.arrayBuffer())) as any;
    expect(ns.metadata).toMatchObject({ name: 'demo', resourceVersion: expect.any(String), managedFields: [{ manager: 'kubectl-create', operation: 'Update' }] });
    const viaJson = (await call(s, 'GET', '/api/v1/namespaces/demo')).json;
    expect(JSON.parse(JSON.stringify(ns))).toEqual({ ...viaJson, kind: 'Namespace', apiVersion: 'v1' });
    const list = await fetch(`${s.url}/api/v1/namespaces`, { headers: { Accept: accept }, signal: AbortSignal.timeout(10_000) });
    const nsList = objectFromProtobuf(catalog, new Uint8Array(await list.arrayBuffer())) as any;
    expect(nsList.kind).toBe('NamespaceList');
    expect(nsList.items.map((i: any) => i.metadata.name)).toEqual(['default', 'demo', 'kube-node-lease', 'kube-public', 'kube-system']);
    const missing = await fetch(`${s.url}/api/v1/namespaces/nope`, { headers: { Accept: accept }, signal: AbortSignal.timeout(10_000) });
    expect(missing.status).toBe(404);
    expect(objectFromProtobuf(catalog, new Uint8Array(await missing.arrayBuffer()))).toMatchObject({ kind: 'Status', status: 'Failure', reason: 'NotFound', code: 404, message: 'namespaces "nope" not found' });
    // JSON stays the answer for everyone else, and Tables are JSON.
    expect((await call(s, 'GET', '/api/v1/namespaces/demo', undefined, { Accept: 'application/json' })).headers.get('content-type')).toBe('application/json');
  });

  it('refuses protobuf for custom resources and bodies that do not decode', async () => {
    const s = await start();
    const bad = await call(s, 'POST', '/api/v1/namespaces/default/configmaps', new Blob([new Uint8Array([0x6b, 0x38, 0x73, 0])]), { 'Content-Type': PROTOBUF });
    expect(bad.json).toMatchObject({ code: 400, reason: 'BadRequest', message: 'the request body could not be decoded: the protobuf envelope names no apiVersion and kind' });
    expect((await call(s, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', JSON.stringify(openWidgetCrd()), JSON_HEADERS)).status).toBe(201);
    const cr = await call(s, 'POST', '/apis/example.com/v1/namespaces/default/widgets', new Blob([Buffer.from(wrapEnvelope('example.com/v1', 'Widget', new Uint8Array()))]), { 'Content-Type': PROTOBUF });
    expect(cr.json).toMatchObject({ code: 415, message: 'the body of the request was in an unknown format - accepted media types include: application/json, application/yaml' });
    const text = await call(s, 'POST', '/api/v1/namespaces/default/configmaps', 'x', { 'Content-Type': 'text/plain' });
    expect(text.json.message).toBe('the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf');
  });
});

/**
 * A CRD using every kind of schema value: JSON defaults and enums, the three unions, doubles, the
 * x-kubernetes-* extensions; valid, as kube-apiserver 1.32 would store it (a default within its
 * properties; no additionalProperties beside properties; no preserve-unknown-fields false).
 */
const WIDGET_CRD = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.example.com', labels: { team: 'a' } },
  spec: {
    group: 'example.com',
    names: { plural: 'widgets', singular: 'widget', shortNames: ['wd'], kind: 'Widget', listKind: 'WidgetList', categories: ['all'] },
    scope: 'Namespaced',
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        schema: {
          openAPIV3Schema: {
            type: 'object',
            description: 'A widget',
            required: ['spec'],
            properties: {
              spec: {
                type: 'object',
                'x-kubernetes-validations': [{ rule: 'self.replicas <= 10', message: 'too many', reason: 'FieldValueInvalid', optionalOldSelf: false }],
                properties: {
                  replicas: { type: 'integer', format: 'int32', default: 1, minimum: 0, maximum: 10, exclusiveMaximum: true },
                  ratio: { type: 'number', multipleOf: 0.25, minimum: -1.5 },
                  mode: { type: 'string', enum: ['fast', 'slow', null], default: 'fast', nullable: true, pattern: '^[a-z]+$', maxLength: 8, minLength: 0 },
                  ports: {
                    type: 'array',
                    'x-kubernetes-list-type': 'map',
                    'x-kubernetes-list-map-keys': ['name'],
                    maxItems: 4,
                    items: {
                      type: 'object',
                      required: ['name'],
                      properties: { name: { type: 'string' }, port: { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] } },
                    },
                  },
                  labels: { type: 'object', additionalProperties: { type: 'string' }, 'x-kubernetes-map-type': 'granular', maxProperties: 20 },
                  open: { type: 'object', additionalProperties: true },
                  closed: { type: 'object', additionalProperties: false },
                  template: { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true },
                  config: {
                    type: 'object',
                    properties: { level: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } }, off: { type: 'boolean' } },
                    default: { level: 3, tags: ['a'], off: false },
                    example: { level: 1 },
                  },
                },
              },
              status: { type: 'object', properties: { replicas: { type: 'integer' }, ready: { type: 'boolean' } } },
            },
          },
        },
        subresources: { status: {}, scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas' } },
        additionalPrinterColumns: [{ name: 'Replicas', type: 'integer', jsonPath: '.spec.replicas', priority: 1 }],
        selectableFields: [{ jsonPath: '.spec.mode' }],
      },
      { name: 'v1beta1', served: true, storage: false, deprecated: true, deprecationWarning: 'use v1', schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } },
    ],
    conversion: { strategy: 'None' },
  },
};

describe('protobuf for apiextensions.k8s.io/v1 CustomResourceDefinition', () => {
  const roundTrip = (object: object) => JSON.parse(JSON.stringify(objectFromProtobuf(catalog, protobufFromObject(catalog, object as never)!)));

  it('round-trips a CRD with defaults, enums, nested items, additionalProperties true/false/schema and x-kubernetes-* exactly', () => {
    const crd = {
      ...WIDGET_CRD,
      status: {
        conditions: [{ type: 'Established', status: 'True', lastTransitionTime: '2024-05-01T10:00:00Z', reason: 'InitialNamesAccepted', message: 'the initial names have been accepted' }],
        acceptedNames: { plural: 'widgets', kind: 'Widget' },
        storedVersions: ['v1'],
      },
    };
    expect(roundTrip(crd)).toEqual(withNullCreationTimestamp(crd));
    // A List's items carry no apiVersion and kind in protobuf (the messages have no TypeMeta).
    const { apiVersion: _v, kind: _k, ...item } = crd;
    const list = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinitionList', metadata: { resourceVersion: '7' }, items: [item] };
    expect(roundTrip(list)).toEqual({ ...list, items: [withNullCreationTimestamp(item)] });
  });

  it('reads and writes the schema unions as their MarshalJSON does: a schema, a list, a boolean', () => {
    const schema = (v: object) => decodeProtoObject(tables, EXT + 'JSONSchemaProps', encodeProtoObject(tables, EXT + 'JSONSchemaProps', v as never));
    const unions = {
      $schema: 'http://json-schema.org/draft-04/schema#',
      $ref: '#/definitions/a',
      id: 'x',
      title: 't',
      items: [{ type: 'string' }, { type: 'integer' }],
      additionalItems: false,
      dependencies: { a: ['b', 'c'], d: { required: ['e'] } },
      definitions: { a: { type: 'string' } },
      patternProperties: { '^x-': { type: 'string' } },
      not: { type: 'null' },
      allOf: [{ minProperties: 1 }],
      oneOf: [{ required: ['a'] }, { required: ['b'] }],
      externalDocs: { description: 'd', url: 'https://example.com' },
      uniqueItems: true,
      minItems: 0,
    };
    expect(schema(unions)).toEqual(unions);
    // additionalItems: true and a schema (which also allows).
    expect(schema({ additionalItems: true, items: { type: 'string' } })).toEqual({ additionalItems: true, items: { type: 'string' } });
    expect(schema({ additionalProperties: { type: 'integer', minimum: 1e-7, maximum: 1e21 } })).toEqual({ additionalProperties: { type: 'integer', minimum: 1e-7, maximum: 1e21 } });
    expect(() => encodeProtoObject(tables, EXT + 'JSONSchemaProps', { additionalProperties: 'yes' } as never)).toThrow('.additionalProperties: expected a schema or a boolean, got "yes"');
    expect(() => encodeProtoObject(tables, EXT + 'JSONSchemaProps', { items: 3 } as never)).toThrow('.items: expected a schema or a list of schemas, got 3');
  });

  it("encodes a schema byte for byte as Go marshals it (checked by hand from the field numbers)", () => {
    const text = (s: string) => [...Buffer.from(s)];
    // maximum = 5.0 as a little-endian double: 0x4014000000000000.
    const five = [0, 0, 0, 0, 0, 0, 0x14, 0x40];
    const expected = [
      0x0a, 0x00, // id 1 ""
      0x12, 0x00, // $schema 2 ""
      0x22, 0x00, // description 4 ""
      0x2a, 0x07, ...text('integer'), // type 5
      0x32, 0x00, // format 6 ""
      0x3a, 0x00, // title 7 ""
      0x42, 0x03, 0x0a, 0x01, ...text('1'), // default 8: JSON { raw 1 = "1" }
      0x49, ...five, // maximum 9: fixed 64-bit
      0x50, 0x00, // exclusiveMaximum 10 false
      0x60, 0x00, // exclusiveMinimum 12 false
      0x7a, 0x00, // pattern 15 ""
      0x90, 0x01, 0x00, // uniqueItems 18 false
      0xa2, 0x01, 0x05, 0x0a, 0x03, ...text('"a"'), // enum 20: JSON { raw "a" }
      0xa2, 0x01, 0x00, // enum 20: null is a JSON with no raw bytes
      0xf2, 0x01, 0x02, 0x08, 0x00, // additionalProperties 30: { allows 1 false }
      0xa8, 0x02, 0x00, // nullable 37 false
      0xb0, 0x02, 0x00, // x-kubernetes-preserve-unknown-fields 38 (a pointer: false kept)
      0xb8, 0x02, 0x00, // x-kubernetes-embedded-resource 39 false
      0xc0, 0x02, 0x00, // x-kubernetes-int-or-string 40 false
    ];
    const value = { type: 'integer', default: 1, maximum: 5, enum: ['a', null], additionalProperties: false, 'x-kubernetes-preserve-unknown-fields': false };
    expect([...encodeProtoObject(tables, EXT + 'JSONSchemaProps', value as never)]).toEqual(expected);
    expect(decodeProtoObject(tables, EXT + 'JSONSchemaProps', Uint8Array.from(expected))).toEqual(value);
    // A schema as additionalProperties also allows: { allows 1 true, schema 2 {...} }.
    const withSchema = [...encodeProtoObject(tables, EXT + 'JSONSchemaProps', { additionalProperties: { type: 'string' } } as never)];
    const inner = [...encodeProtoObject(tables, EXT + 'JSONSchemaProps', { type: 'string' } as never)];
    const union = [0x08, 0x01, 0x12, inner.length, ...inner];
    expect(withSchema.join(',')).toContain([0xf2, 0x01, union.length, ...union].join(','));
  });

  it('creates from a protobuf body what a JSON body creates, and answers CRDs and their List in protobuf', async () => {
    const viaJson = await start();
    const json = await call(viaJson, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions?fieldManager=m', JSON.stringify(WIDGET_CRD), JSON_HEADERS);
    expect(json.status).toBe(201);
    const viaProto = await start();
    const created = await fetch(`${viaProto.url}/apis/apiextensions.k8s.io/v1/customresourcedefinitions?fieldManager=m`, {
      method: 'POST',
      body: Buffer.from(protobufFromObject(catalog, WIDGET_CRD as never)!),
      headers: { 'Content-Type': PROTOBUF, Accept: `${PROTOBUF},application/json` },
      signal: AbortSignal.timeout(10_000),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toBe(PROTOBUF);
    // The answer is the object as created: the strategy's status (storedVersions set, the rest at Go's zero).
    expect(json.json.status).toEqual({ conditions: null, acceptedNames: { plural: '', kind: '' }, storedVersions: ['v1'] });
    // The protobuf answer reads back to the same JSON, conditions' null (an absent slice Go writes) included.
    expect(JSON.parse(JSON.stringify(objectFromProtobuf(catalog, new Uint8Array(await created.arrayBuffer()))))).toEqual(json.json);
    const path = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions/widgets.example.com';
    // Byte for byte: the answer is written in Go's order, whatever order each body came in.
    expect((await call(viaProto, 'GET', path)).body).toBe((await call(viaJson, 'GET', path)).body);
    // The CRD is served at once, as when it came as JSON.
    expect((await call(viaProto, 'GET', '/apis/example.com/v1/namespaces/default/widgets')).status).toBe(200);
    const list = await fetch(`${viaProto.url}/apis/apiextensions.k8s.io/v1/customresourcedefinitions`, { headers: { Accept: PROTOBUF }, signal: AbortSignal.timeout(10_000) });
    expect(list.status).toBe(200);
    const crds = objectFromProtobuf(catalog, new Uint8Array(await list.arrayBuffer())) as any;
    expect(crds.kind).toBe('CustomResourceDefinitionList');
    const { apiVersion: _v, kind: _k, ...stored } = (await call(viaJson, 'GET', path)).json;
    // Stored, it carries what the CRD controllers wrote since.
    expect(JSON.parse(JSON.stringify(crds.items))).toEqual([stored]);
  });
});
