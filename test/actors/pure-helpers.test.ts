import { describe, expect, it } from 'vitest';
import { KUBECTL_CONFLICT_HELP } from '../support/kubectl-texts.js';
import { upgradeManagedFields, upgradeManagedFieldsFrom, findFieldsOwners } from '../../src/actors/kubectl/csa-upgrade.js';
import { lastAppliedValue } from '../../src/actors/kubectl/last-applied.js';
import { CONFLICT_HELP, conflictError, printErrors, successLine } from '../../src/actors/kubectl/output.js';
import { LAST_APPLIED_PATH } from '../../src/actors/kubectl/server-side-apply.js';
import { managerOfCause } from '../../src/apiserver/index.js';
import { valueAtPath, withoutPath, withValueAtPath } from '../../src/actors/eks/conflict-paths.js';
import { applyJsonPatch } from '../../src/actors/controllers/json-patch.js';
import type { Value } from '../../src/value/value.js';

describe('kubectl output', () => {
  it('success lines: group suffix, core group bare, dry-run suffixes, -o name', () => {
    expect(successLine('DaemonSet', 'apps', 'aws-node', 'serverside-applied')).toBe('daemonset.apps/aws-node serverside-applied\n');
    expect(successLine('DaemonSet', 'apps', 'aws-node', 'serverside-applied', 'server')).toBe('daemonset.apps/aws-node serverside-applied (server dry run)\n');
    expect(successLine('ConfigMap', '', 'test', 'created')).toBe('configmap/test created\n');
    expect(successLine('ConfigMap', '', 'test', 'configured', 'client')).toBe('configmap/test configured (dry run)\n');
    expect(successLine('ConfigMap', '', 'test', 'configured', 'none', true)).toBe('configmap/test\n');
  });

  it('one conflict: error: prefix, server message, help block, final newline (byte for byte)', () => {
    const msg = 'Apply failed with 1 conflict: conflict with "kubectl-client-side-apply" using apps/v1: .spec.replicas';
    expect(printErrors([{ kind: 'plain', message: conflictError(msg) }])).toBe(
      `error: Apply failed with 1 conflict: conflict with "kubectl-client-side-apply" using apps/v1: .spec.replicas\n${KUBECTL_CONFLICT_HELP}`,
    );
  });

  it('several failures: each printed on its own, no error: prefix; Status errors as Error from server', () => {
    const a = conflictError('Apply failed with 1 conflict: conflict with "a": .x');
    const out = printErrors([
      { kind: 'plain', message: a },
      { kind: 'status', reason: 'NotFound', message: 'namespaces "x" not found' },
    ]);
    expect(out).toBe(`${a}\nError from server (NotFound): namespaces "x" not found\n`);
    expect(out.startsWith('error: ')).toBe(false);
    expect(CONFLICT_HELP.endsWith('#conflicts')).toBe(true);
  });

  it('a lone error that already ends with a newline gets no second one (kubectl\'s fatal adds one only when missing)', () => {
    // strategicpatch's order error ends with "\n"; kubectl v1.32 prints it with one newline
    const msg = "The order in patch list:\n[map[name:a]]\n doesn't match $setElementOrder list:\n[map[name:b]]\n";
    expect(printErrors([{ kind: 'status', reason: '', message: msg }])).toBe(`Error from server: ${msg}`);
    expect(printErrors([{ kind: 'plain', message: 'x\n' }])).toBe('error: x\n');
    // several errors: each printed with its own newline, as kubectl's MultipleErrors does
    expect(printErrors([{ kind: 'status', reason: '', message: msg }, { kind: 'plain', message: 'y' }])).toBe(`Error from server: ${msg}\ny\n`);
  });

  it('a lone Invalid error without kind or name: the server\'s message after "The request is invalid" when nothing else says it (kubectl v0.32.9 cmd/util checkErr)', () => {
    const invalid = (message: string, details?: object) => printErrors([{ kind: 'status', reason: 'Invalid', message, ...(details ? { details } : {}) }]);
    // No details at all: the message is all there is.
    expect(invalid('the object is not valid')).toBe('The request is invalid: the object is not valid\n');
    expect(invalid('')).toBe('The request is invalid\n');
    // Details without kind, name or causes: the message too.
    expect(invalid('the object is not valid', { causes: [] })).toBe('The request is invalid: the object is not valid\n');
    // Causes say it: the message (which repeats them) is left out.
    expect(invalid('x: Required value', { causes: [{ field: 'x', message: 'Required value' }] })).toBe('The request is invalid: x: Required value\n');
    // A kind or a name: the head names the object, and never adds the message.
    expect(invalid('ConfigMap "c" is invalid', { kind: 'ConfigMap', name: 'c' })).toBe('The ConfigMap "c" is invalid\n');
  });
});

describe('last-applied annotation', () => {
  it('is the manifest as compact sorted JSON with empty annotations and a newline', () => {
    const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'test', namespace: 'default' }, data: { key: 'value' } };
    expect(lastAppliedValue(cm)).toBe('{"apiVersion":"v1","data":{"key":"value"},"kind":"ConfigMap","metadata":{"annotations":{},"name":"test","namespace":"default"}}\n');
  });
  it('drops its own key and HTML-escapes', () => {
    const cm = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 't', annotations: { 'kubectl.kubernetes.io/last-applied-configuration': 'old', a: '<b>&' } },
    };
    expect(lastAppliedValue(cm)).toBe('{"apiVersion":"v1","kind":"ConfigMap","metadata":{"annotations":{"a":"\\u003cb\\u003e\\u0026"},"name":"t"}}\n');
  });
});

describe('csaupgrade (apiserver-semantics §5.3, AT-10)', () => {
  const ssa = {
    manager: 'kubectl',
    operation: 'Apply',
    apiVersion: 'v1',
    time: '2022-08-23T23:08:23Z',
    fieldsType: 'FieldsV1',
    fieldsV1: { 'f:data': { '.': {}, 'f:key': {} }, 'f:metadata': { 'f:annotations': { '.': {}, 'f:kubectl.kubernetes.io/last-applied-configuration': {} } } },
  };
  const csa = {
    manager: 'kubectl-client-side-apply',
    operation: 'Update',
    apiVersion: 'v1',
    time: '2022-08-22T23:08:23Z',
    fieldsType: 'FieldsV1',
    fieldsV1: {
      'f:data': { '.': {}, 'f:key': {}, 'f:legacy': {} },
      'f:metadata': { 'f:annotations': { '.': {}, 'f:kubectl.kubernetes.io/last-applied-configuration': {} } },
    },
  };
  const union = {
    'f:data': { '.': {}, 'f:key': {}, 'f:legacy': {} },
    'f:metadata': { 'f:annotations': { '.': {}, 'f:kubectl.kubernetes.io/last-applied-configuration': {} } },
  };

  it('finds the Update owners of the annotation', () => {
    expect(findFieldsOwners([ssa, csa], 'Update', [LAST_APPLIED_PATH])).toEqual(['kubectl-client-side-apply']);
    expect(findFieldsOwners([ssa, csa], 'Apply', [LAST_APPLIED_PATH])).toEqual(['kubectl']);
  });

  it('unions the CSA keys into the existing SSA entry and drops the CSA entry', () => {
    const out = upgradeManagedFields([ssa, csa], ['kubectl-client-side-apply'], 'kubectl');
    expect(JSON.parse(JSON.stringify(out))).toEqual([{ ...ssa, fieldsV1: union }]);
  });

  it('converts the CSA entry in place when there is no SSA entry (apiVersion and time kept)', () => {
    const out = upgradeManagedFields([csa], ['kubectl-client-side-apply'], 'kubectl');
    expect(JSON.parse(JSON.stringify(out))).toEqual([{ ...csa, manager: 'kubectl', operation: 'Apply', fieldsV1: union }]);
  });

  it('discards CSA entries of other apiVersions without merging them', () => {
    const v5 = { ...ssa, apiVersion: 'v5' };
    const csaV5 = { ...csa, apiVersion: 'v5', fieldsV1: { 'f:data': { 'f:key2': {} } } };
    const csaV2 = { ...csa, apiVersion: 'v2', fieldsV1: { 'f:data': { 'f:other': {} } } };
    const out = upgradeManagedFields([v5, csaV5, csaV2], ['kubectl-client-side-apply'], 'kubectl') as Value[];
    expect(out).toHaveLength(1);
    expect(JSON.stringify((out[0] as { fieldsV1: Value }).fieldsV1)).toBe(
      '{"f:data":{".":{},"f:key":{},"f:key2":{}},"f:metadata":{"f:annotations":{".":{},"f:kubectl.kubernetes.io/last-applied-configuration":{}}}}',
    );
  });

  it('is a no-op (undefined) without CSA entries, and after a migration', () => {
    expect(upgradeManagedFields([ssa], ['kubectl-client-side-apply'], 'kubectl')).toBeUndefined();
    const once = upgradeManagedFields([ssa, csa], ['kubectl-client-side-apply'], 'kubectl')!;
    expect(upgradeManagedFields(once, ['kubectl-client-side-apply'], 'kubectl')).toBeUndefined();
  });

  it('names as migrated only the CSA managers whose entries it moved', () => {
    const out = upgradeManagedFieldsFrom([ssa, csa], ['kubectl-edit', 'kubectl-client-side-apply', 'kubectl-label'], 'kubectl');
    expect(out?.from).toEqual(['kubectl-client-side-apply']);
  });

  it('touches only the given subresource', () => {
    const status = { ...csa, subresource: 'status' };
    const out = upgradeManagedFields([csa, status], ['kubectl-client-side-apply'], 'kubectl', 'status') as Value[];
    expect(out.map((e) => [(e as { manager: string }).manager, (e as { operation: string }).operation])).toEqual([
      ['kubectl-client-side-apply', 'Update'],
      ['kubectl', 'Apply'],
    ]);
  });
});

describe('conflict paths inside an object', () => {
  const ds: Value = {
    metadata: { annotations: { 'kubectl.kubernetes.io/last-applied-configuration': 'x', kubectl: { no: 1 } } },
    spec: {
      template: {
        spec: {
          containers: [
            { name: 'aws-node', image: 'a:1', env: [{ name: 'A', value: '1' }], ports: [{ containerPort: 61678, name: 'metrics' }] },
            { name: 'other', image: 'b' },
          ],
          finalizers: ['x/y'],
        },
      },
    },
  };
  it('finds keyed items, set items, dotted field names and defaulted key fields', () => {
    expect(valueAtPath(ds, '.spec.template.spec.containers[name="aws-node"].image')).toBe('a:1');
    expect(valueAtPath(ds, '.spec.template.spec.containers[name="aws-node"].env[name="A"].value')).toBe('1');
    expect(valueAtPath(ds, '.metadata.annotations.kubectl.kubernetes.io/last-applied-configuration')).toBe('x');
    expect(valueAtPath(ds, '.spec.template.spec.finalizers[="x/y"]')).toBe('x/y');
    expect(valueAtPath(ds, '.spec.template.spec.containers[name="aws-node"].ports[containerPort=61678,protocol="TCP"].name')).toBe('metrics');
    expect(valueAtPath(ds, '.spec.template.spec.containers[name="nope"].image')).toBeUndefined();
  });
  it('prefers the item that names every key field over one that leaves a key to its default', () => {
    const pod = { ports: [{ containerPort: 80, name: 'tcp' }, { containerPort: 80, protocol: 'UDP', name: 'udp' }] } as unknown as Value;
    expect(valueAtPath(pod, '.ports[containerPort=80,protocol="UDP"].name')).toBe('udp');
    expect(valueAtPath(pod, '.ports[containerPort=80,protocol="TCP"].name')).toBe('tcp');
  });
  it('drops a path or sets a value without touching the input', () => {
    const dropped = withoutPath(ds, '.spec.template.spec.containers[name="aws-node"].env[name="A"].value');
    expect(valueAtPath(dropped!, '.spec.template.spec.containers[name="aws-node"].env[name="A"]')).toEqual({ name: 'A' });
    const item = withoutPath(ds, '.spec.template.spec.containers[name="other"]');
    expect((valueAtPath(item!, '.spec.template.spec.containers') as Value[]).length).toBe(1);
    const set = withValueAtPath(ds, '.spec.template.spec.containers[name="aws-node"].image', 'live:2');
    expect(valueAtPath(set!, '.spec.template.spec.containers[name="aws-node"].image')).toBe('live:2');
    expect(valueAtPath(ds, '.spec.template.spec.containers[name="aws-node"].image')).toBe('a:1');
  });
  it('reads the manager of a conflict cause', () => {
    expect(managerOfCause('conflict with "kubectl-set" using apps/v1')).toBe('kubectl-set');
    expect(managerOfCause('conflict with "eks"')).toBe('eks');
  });
});

describe('JSON Patch (webhook answers)', () => {
  it('adds, replaces, removes; add creates missing parent maps', () => {
    const pod = { spec: { containers: [{ name: 'app' }] } };
    const out = applyJsonPatch(pod, [
      { op: 'add', path: '/spec/containers/0/resources/limits', value: { 'vpc.amazonaws.com/pod-eni': '1' } },
      { op: 'add', path: '/metadata/labels/a~1b', value: 'x' },
      { op: 'replace', path: '/spec/containers/0/name', value: 'main' },
    ]);
    expect(out).toEqual({
      spec: { containers: [{ name: 'main', resources: { limits: { 'vpc.amazonaws.com/pod-eni': '1' } } }] },
      metadata: { labels: { 'a/b': 'x' } },
    });
    expect(pod).toEqual({ spec: { containers: [{ name: 'app' }] } });
    expect(() => applyJsonPatch(pod, [{ op: 'remove', path: '/spec/nope' }])).toThrow(/missing path/);
  });
});
