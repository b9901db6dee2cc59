/** Every error text the server gives (apiserver-semantics §3.2, §4.7, and apimachinery's errors). */
import { describe, expect, it } from 'vitest';
import { managerName } from '../../src/apiserver/index.js';
import { cluster, fail, obj, ok, ref } from './helpers.js';

const cm = (name = 'cm', extra: object = {}) => obj({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { a: '1' }, ...extra });
const deploy = (extra: object = {}) => obj({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, ...extra });

describe('request options (422)', () => {
  it('apply without fieldManager', () => {
    const f = fail(cluster().apply(cm(), {}));
    expect(f).toMatchObject({ code: 422, reason: 'Invalid' });
    expect(f.message).toBe('PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch');
    expect(f.causes).toEqual([{ reason: 'FieldValueRequired', message: 'Required value: is required for apply patch', field: 'fieldManager' }]);
  });
  it('force on a non-apply patch, even false', () => {
    const c = cluster();
    ok(c.create(cm(), { fieldManager: 'x' }));
    for (const force of [true, false]) {
      expect(fail(c.patch(ref('v1', 'ConfigMap', 'cm'), 'merge', { data: { a: '2' } }, { force })).message).toBe(
        'PatchOptions.meta.k8s.io "" is invalid: force: Forbidden: may not be specified for non-apply patch',
      );
    }
  });
  it('fieldManager too long or not printable', () => {
    const c = cluster();
    expect(fail(c.create(cm(), { fieldManager: 'x'.repeat(129) })).message).toBe(
      'CreateOptions.meta.k8s.io "" is invalid: fieldManager: Too long: may not be more than 128 bytes',
    );
    expect(fail(c.update(cm(), { fieldManager: 'a\u0007b' })).message).toBe(
      'UpdateOptions.meta.k8s.io "" is invalid: fieldManager: Invalid value: "a\\ab": invalid character U+0007 (at position 1)',
    );
  });
  it('dryRun other than All', () => {
    const f = fail(cluster().create(cm(), { dryRun: ['Some'] }));
    expect(f.message).toBe('CreateOptions.meta.k8s.io "" is invalid: dryRun: Unsupported value: []string{"Some"}: supported values: "All"');
  });
});

describe('apply-path errors', () => {
  it('a body of another GVK (versionCheck)', () => {
    const c = cluster();
    const target = ref('apps/v1', 'Deployment', 'd');
    expect(fail(c.apply(obj({ apiVersion: 'apps/v1beta1', kind: 'Deployment', metadata: { name: 'd' } }), { fieldManager: 'm', target }))).toMatchObject({
      code: 400,
      reason: 'BadRequest',
      message: 'invalid object type: apps/v1beta1, Kind=Deployment',
    });
    expect(fail(c.apply(obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'd' } }), { fieldManager: 'm', target })).message).toBe(
      'invalid object type: /v1, Kind=Pod',
    );
    expect(fail(c.apply(obj({ metadata: { name: 'd' } }), { fieldManager: 'm', target })).message).toBe('invalid object type: /, Kind=');
  });
  it('a field not in the schema, duplicate keys: a plain 500', () => {
    const c = cluster();
    const f = fail(c.apply(deploy({ spec: { foo: 1 } }), { fieldManager: 'm' }));
    expect(f.code).toBe(500);
    expect(f.reason).toBeUndefined();
    expect(f.message).toBe('failed to create typed patch object (/d; apps/v1, Kind=Deployment): .spec.foo: field not declared in schema');
    const dup = fail(
      c.apply(deploy({ metadata: { name: 'd', namespace: 'ns' }, spec: { template: { spec: { containers: [{ name: 'x' }, { name: 'x' }] } } } }), { fieldManager: 'm' }),
    );
    expect(dup.message).toBe(
      'failed to create typed patch object (ns/d; apps/v1, Kind=Deployment): .spec.template.spec.containers: duplicate entries for key [name="x"]',
    );
  });
  it('a value of the wrong type: structured-merge-diff names it with Go fmt, every number a float64 (a plain 500)', () => {
    const c = cluster();
    const applied = (extra: object) => fail(c.apply(cm('sn', { metadata: { name: 'sn', namespace: 'default' }, ...extra }), { fieldManager: 'm' }));
    const prefix = 'failed to create typed patch object (default/sn; /v1, Kind=ConfigMap): ';
    expect(applied({ data: { a: 1 } })).toMatchObject({ code: 500, reason: undefined, message: prefix + '.data.a: expected string, got &value.valueUnstructured{Value:1}' });
    // sigs.k8s.io/yaml decodes an apply body into map[string]interface{}: each number a float64.
    expect(applied({ data: { a: 1000000 } }).message).toBe(prefix + '.data.a: expected string, got &value.valueUnstructured{Value:1e+06}');
    expect(fail(c.apply('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: sn, namespace: default}\ndata: {a: 12345678901234567890}\n', { fieldManager: 'm', target: ref('v1', 'ConfigMap', 'sn') })).message).toBe(
      prefix + '.data.a: expected string, got &value.valueUnstructured{Value:1.2345678901234567e+19}',
    );
    expect(applied({ data: { a: 0.5, b: false } }).message).toBe(
      prefix + 'errors:\n  .data.a: expected string, got &value.valueUnstructured{Value:0.5}\n  .data.b: expected string, got &value.valueUnstructured{Value:false}',
    );
    expect(applied({ data: { a: { y: [2000000, 'q'], x: null } } }).message).toBe(
      prefix + '.data.a: expected string, got &value.valueUnstructured{Value:map[string]interface {}{"x":interface {}(nil), "y":[]interface {}{2e+06, "q"}}}',
    );
    expect(applied({ immutable: 'yes' }).message).toBe(prefix + '.immutable: expected boolean, got &{yes}');
    expect(applied({ metadata: { name: 'sn', namespace: 'default', labels: [3000000] } }).message).toBe(prefix + '.metadata.labels: expected map, got &{[3e+06]}');
  });
  it('bodies that cannot be read', () => {
    const c = cluster();
    const target = ref('v1', 'ConfigMap', 'cm');
    expect(fail(c.apply('{"apiVersion": ', { fieldManager: 'm', target }))).toMatchObject({ code: 400, reason: 'BadRequest' });
    // The apply handler decodes the body with a YAML decoder (sigs.k8s.io/yaml) and words its
    // failures `error decoding YAML: ...`; a body not starting with `{` is first converted to JSON
    // for the audit log, whose failure is `error encoding patch: ...`.
    expect(fail(c.apply('{"apiVersion": ', { fieldManager: 'm', target })).message).toMatch(/^error decoding YAML: /);
    expect(fail(c.apply('- a\n- b\n', { fieldManager: 'm', target })).message).toBe(
      'error decoding YAML: error unmarshaling JSON: while decoding JSON: json: cannot unmarshal array into Go value of type map[string]interface {}',
    );
    expect(fail(c.apply('just text\n', { fieldManager: 'm', target })).message).toBe(
      'error decoding YAML: error unmarshaling JSON: while decoding JSON: json: cannot unmarshal string into Go value of type map[string]interface {}',
    );
    expect(fail(c.apply('a: [b\n', { fieldManager: 'm', target })).message).toMatch(/^error encoding patch: /);
  });
  it('apply bodies are YAML: JSON with YAML flow syntax (a trailing comma) is accepted', () => {
    const c = cluster();
    const body = '{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "cm", "namespace": "default",}, "data": {\n\t"a": "b",\n},}';
    const created = ok(c.apply(body, { fieldManager: 'm' }));
    expect((created as { data: unknown }).data).toEqual({ a: 'b' });
  });
  it('create by apply with a uid', () => {
    const f = fail(cluster().apply(cm('cm', { metadata: { name: 'cm', uid: 'u-1' } }), { fieldManager: 'm' }));
    expect(f).toMatchObject({ code: 409, reason: 'Conflict' });
    expect(f.message).toBe('Operation cannot be fulfilled on configmaps "cm": uid mismatch: the provided object specified uid u-1, and no existing object was found');
  });
  it('create by apply answers 201, a second apply 200', () => {
    const c = cluster();
    expect(c.apply(cm(), { fieldManager: 'm' }).code).toBe(201);
    expect(c.apply(cm(), { fieldManager: 'm' }).code).toBe(200);
  });
});

describe('patch bodies that are not JSON (Go\'s SyntaxError text, worded per patch type)', () => {
  const target = ref('v1', 'ConfigMap', 'cm');
  const patched = (type: 'json' | 'merge' | 'strategic', body: string, fieldValidation?: 'Strict' | 'Warn' | 'Ignore') => {
    const c = cluster();
    ok(c.create(cm(), { fieldManager: 'm' }));
    const r = fail(c.patch(target, type, body, { fieldManager: 'p', ...(fieldValidation ? { fieldValidation } : {}) }));
    expect(ok(c.get(target))).toMatchObject({ data: { a: '1' } });
    return r;
  };
  it('merge and JSON patches are read strictly first (fieldValidation Warn, the default, or Strict): `error decoding patch: ...`', () => {
    expect(patched('merge', '{"data":{"a":"b"}')).toMatchObject({ code: 400, reason: 'BadRequest', message: 'error decoding patch: unexpected end of JSON input' });
    expect(patched('merge', '{"data":}', 'Strict').message).toBe("error decoding patch: invalid character '}' looking for beginning of value");
    expect(patched('json', '[{"op":"add",}]', 'Warn').message).toBe("error decoding patch: invalid character '}' looking for beginning of object key string");
    expect(patched('json', "[{'op':'add'}]").message).toBe("error decoding patch: invalid character '\\'' looking for beginning of object key string");
  });
  it('with fieldValidation Ignore, the patch libraries\' own words: json-patch passes Go\'s text on, a merge patch is `Invalid JSON Patch`', () => {
    expect(patched('json', '[{"op":"add",}]', 'Ignore')).toMatchObject({ code: 400, message: "invalid character '}' looking for beginning of object key string" });
    expect(patched('merge', '{"data":}', 'Ignore')).toMatchObject({ code: 400, message: 'Invalid JSON Patch' });
  });
  it('a strategic merge patch is Go\'s text alone, whatever the field validation', () => {
    for (const fv of [undefined, 'Strict', 'Ignore'] as const) {
      expect(patched('strategic', '{"data":{"a":"b"}} x', fv)).toMatchObject({ code: 400, reason: 'BadRequest', message: "invalid character 'x' after top-level value" });
    }
    expect(patched('strategic', '{"data":{"a":tru}}').message).toBe("invalid character '}' in literal true (expecting 'e')");
  });
  it('the object is looked up first: a missing one is 404 whatever the body', () => {
    const c = cluster();
    expect(fail(c.patch(ref('v1', 'ConfigMap', 'nope'), 'merge', '{"data":', { fieldManager: 'p' }))).toMatchObject({ code: 404, message: 'configmaps "nope" not found' });
  });
});

describe('objects', () => {
  it('not found', () => {
    const c = cluster();
    const f = fail(c.patch(ref('apps/v1', 'Deployment', 'nginx'), 'merge', {}, {}));
    expect(f).toMatchObject({ code: 404, reason: 'NotFound', message: 'deployments.apps "nginx" not found' });
    expect(fail(c.get(ref('v1', 'ConfigMap', 'x'))).message).toBe('configmaps "x" not found');
    expect(fail(c.update(cm('x'), { fieldManager: 'm' })).message).toBe('configmaps "x" not found');
  });
  it('already exists', () => {
    const c = cluster();
    ok(c.create(cm(), { fieldManager: 'm' }));
    const f = fail(c.create(cm(), { fieldManager: 'm' }));
    expect(f).toMatchObject({ code: 409, reason: 'AlreadyExists', message: 'configmaps "cm" already exists' });
  });
  it('a stale resourceVersion', () => {
    const c = cluster();
    const created = ok(c.create(cm(), { fieldManager: 'm' }));
    ok(c.patch(ref('v1', 'ConfigMap', 'cm'), 'merge', { data: { a: '2' } }, { fieldManager: 'm' }));
    const f = fail(c.update(created, { fieldManager: 'm' }));
    expect(f).toMatchObject({ code: 409, reason: 'Conflict' });
    expect(f.message).toBe(
      'Operation cannot be fulfilled on configmaps "cm": the object has been modified; please apply your changes to the latest version and try again',
    );
  });
  it('resourceVersion on create', () => {
    const f = fail(cluster().create(cm('cm', { metadata: { name: 'cm', resourceVersion: '5' } }), { fieldManager: 'm' }));
    expect(f).toMatchObject({ code: 500, message: 'resourceVersion should not be set on objects to be created' });
  });
  // The registry store checks the resourceVersion of an update before the strategy validates it,
  // and storage refuses a create's resourceVersion only after validation (apiserver store.go
  // Update and Create): test/cmd/apps.sh's deployment-label-change2 (a stale resourceVersion and
  // a changed, immutable selector) is a 409, and an invalid create carrying one is a 422.
  it('a stale resourceVersion on an invalid update is a conflict; an invalid create with one is invalid', () => {
    const c = cluster({ harness: false });
    const spec = (label: string) => ({ selector: { matchLabels: { name: label } }, template: { metadata: { labels: { name: label } }, spec: { containers: [{ name: 'c', image: 'i' }] } } });
    ok(c.create(deploy({ spec: spec('one') }), { fieldManager: 'm' }));
    const stale = fail(c.update(deploy({ metadata: { name: 'd', resourceVersion: '99' }, spec: spec('two') }), { fieldManager: 'm' }));
    expect(stale).toMatchObject({ code: 409, reason: 'Conflict', message: 'Operation cannot be fulfilled on deployments.apps "d": ' + 'the object has been modified; please apply your changes to the latest version and try again' });
    const invalidCreate = fail(c.create(cm('BAD', { metadata: { name: 'BAD', resourceVersion: '5' } }), { fieldManager: 'm' }));
    expect(invalidCreate).toMatchObject({ code: 422, reason: 'Invalid' });
  });
  it('a missing name', () => {
    const f = fail(cluster().create(obj({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: {} }), { fieldManager: 'm' }));
    expect(f).toMatchObject({ code: 422, message: 'Deployment.apps "" is invalid: metadata.name: Required value: name or generateName is required' });
  });
  it('unknown fields: dropped with a warning by default, rejected when strict', () => {
    const c = cluster();
    const r = c.create(cm('cm', { extra: 1 }), { fieldManager: 'm' });
    expect(r.warnings).toEqual(['unknown field "extra"']);
    expect(ok(r)).not.toHaveProperty('extra');
    expect(fail(c.create(cm('cm2', { extra: 1 }), { fieldManager: 'm', fieldValidation: 'Strict' })).message).toBe('strict decoding error: unknown field "extra"');
  });
  it('a name that does not match the URL', () => {
    const c = cluster();
    ok(c.create(cm(), { fieldManager: 'm' }));
    expect(fail(c.update(cm('other'), { fieldManager: 'm', target: ref('v1', 'ConfigMap', 'cm') })).message).toBe(
      'the name of the object (other) does not match the name on the URL (cm)',
    );
  });
  it('a resource the server does not serve', () => {
    expect(fail(cluster().create(obj({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' } }))).message).toBe(
      'the server could not find the requested resource',
    );
  });
  it('strategic merge patch on a custom resource', async () => {
    const { customResource } = await import('../../src/apiserver/index.js');
    const c = cluster({ resources: [customResource({ group: 'example.com', kind: 'Widget', versions: ['v1'] })] });
    ok(c.create(obj({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' }, spec: { a: 1 } }), { fieldManager: 'm' }));
    expect(fail(c.patch(ref('example.com/v1', 'Widget', 'w'), 'strategic', { spec: { a: 2 } })).code).toBe(415);
  });
});

describe('manager names (§3.2)', () => {
  it.each([
    ['kubectl/v1.31.0 (linux/amd64) kubernetes/abc1234', 'kubectl'],
    ['kube-controller-manager/v1.31.0 (linux/amd64) kubernetes/abc1234/deployment-controller', 'kube-controller-manager'],
    ['Mozilla/5.0 (X11)', 'Mozilla'],
    ['curl/8.0', 'curl'],
    ['kubectl.exe/v1.31.0', 'kubectl.exe'],
    ['Go-http-client/1.1', 'Go-http-client'],
    ['vpc\u0007Lambda/1', 'vpcLambda'],
    ['', ''],
  ])('%s → %s', (ua, name) => expect(managerName(undefined, ua)).toBe(name));
  it('cuts at 128 bytes; the explicit fieldManager wins; empty becomes unknown in the entry', () => {
    expect(managerName(undefined, 'é'.repeat(100))).toBe('é'.repeat(64));
    expect(managerName('mine', 'kubectl/1')).toBe('mine');
    const c = cluster();
    const out = ok(c.create(cm(), {}));
    expect(JSON.stringify(out)).toContain('"manager":"unknown"');
  });
});
