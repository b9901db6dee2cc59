/** Entries, identifiers, sort order, cap, conflict texts and the scale translation (AT-7..AT-10, AT-12). */
import { describe, expect, it } from 'vitest';
import { decodeFieldsV1 } from '../../src/fieldpath/fieldsv1-decode.js';
import { encodeFieldsV1 } from '../../src/fieldpath/fieldsv1-encode.js';
import { fieldElement, keyElement } from '../../src/fieldpath/path-element.js';
import { capManagers } from '../../src/apiserver/cap-managers.js';
import { conflictStatus } from '../../src/apiserver/conflict-status.js';
import {
  buildIdentifier,
  decodeManagedFields,
  encodeManagedFields,
  isResetManagedFields,
  type Managed,
  sortEntries,
} from '../../src/apiserver/managed-fields.js';
import { toParent, toSubresource } from '../../src/apiserver/scale.js';
import type { ManagedFieldsEntry } from '../../src/apiserver/index.js';
import { cluster, entries, obj, ok, ref, T } from './helpers.js';

const set = (json: string) => decodeFieldsV1(json);

function managed(list: { id: string; apiVersion: string; fields: string; time?: string; applied?: boolean }[]): Managed {
  const fields = new Map();
  const times = new Map<string, string>();
  for (const e of list) {
    fields.set(e.id, { set: set(e.fields), apiVersion: e.apiVersion, applied: e.applied ?? false });
    if (e.time) times.set(e.id, e.time);
  }
  return { fields, times };
}

const hour = (h: number) => `2024-01-01T${String(h).padStart(2, '0')}:00:00Z`;
const upd = (manager: string, apiVersion: string, h: number, f: string) => ({
  id: buildIdentifier({ manager, operation: 'Update', apiVersion }),
  apiVersion,
  fields: `{"f:${f}":{}}`,
  time: hour(h),
});
const summary = (m: Managed) =>
  encodeManagedFields(m)!.map((e) => `${e.manager} ${e.apiVersion} ${e.time} ${JSON.stringify(e.fieldsV1)}`);

describe('identifiers (§1.2)', () => {
  it('keeps apiVersion for Update, drops it for Apply, keeps subresource', () => {
    expect(buildIdentifier({ manager: 'kube-controller-manager', operation: 'Update', apiVersion: 'apps/v1', subresource: 'status' })).toBe(
      '{"manager":"kube-controller-manager","operation":"Update","apiVersion":"apps/v1","subresource":"status"}',
    );
    expect(buildIdentifier({ manager: 'kubectl', operation: 'Apply', apiVersion: 'apps/v1' })).toBe('{"manager":"kubectl","operation":"Apply"}');
    expect(buildIdentifier({ manager: 'kubectl', operation: 'Apply', subresource: 'status' })).toBe(
      '{"manager":"kubectl","operation":"Apply","subresource":"status"}',
    );
    expect(buildIdentifier({ manager: 'a<b>&', operation: 'Apply' })).toBe('{"manager":"a\\u003cb\\u003e\\u0026","operation":"Apply"}');
  });
});

describe('decoding (§1.3)', () => {
  const entry = (over: object) => obj({ manager: 'm', operation: 'Update', apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1: {}, ...over });
  it.each([
    [{ operation: 'Invalid' }, 'operation must be `Apply` or `Update`'],
    [{ operation: undefined }, 'operation must be `Apply` or `Update`'],
    [{ apiVersion: '' }, 'apiVersion must not be empty'],
    [{ fieldsType: undefined }, 'missing fieldsType in managed fields entry 0'],
    [{ fieldsType: 'FieldsV2' }, 'invalid fieldsType "FieldsV2" in managed fields entry 0'],
  ])('%j → %s', (over, message) => {
    const r = decodeManagedFields([entry(over)]);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toBe(message);
  });
  it('reads absent fieldsV1 as the empty set; a repeated identifier: the later wins', () => {
    const r = decodeManagedFields([entry({ fieldsV1: null }), entry({ fieldsV1: { 'f:a': {} } })]);
    expect(r.ok && [...r.managed.fields.values()].map((e) => encodeFieldsV1(e.set))).toEqual(['{"f:a":{}}']);
  });
  it('knows the reset forms', () => {
    expect(isResetManagedFields([])).toBe(true);
    expect(isResetManagedFields([obj({})])).toBe(true);
    expect(isResetManagedFields([obj({ manager: '' })])).toBe(true);
    expect(isResetManagedFields([obj({ manager: 'x' })])).toBe(false);
    expect(isResetManagedFields(null)).toBe(false);
  });
});

describe('AT-8 sort order', () => {
  it('Apply first, then time (seconds, missing first), manager, apiVersion, subresource', () => {
    const e = (manager: string, operation: 'Apply' | 'Update', time?: string, extra: Partial<ManagedFieldsEntry> = {}): ManagedFieldsEntry => ({
      manager,
      operation,
      apiVersion: 'v1',
      ...(time ? { time } : {}),
      fieldsType: 'FieldsV1',
      fieldsV1: {},
      ...extra,
    });
    const input = [
      e('c', 'Update', '2001-01-01T00:00:00Z'),
      e('a', 'Apply'),
      e('g', 'Apply'),
      e('f', 'Update', '2002-01-01T00:00:00Z'),
      e('i', 'Apply'),
      e('d', 'Update', '2002-01-01T00:00:00Z'),
      e('h', 'Apply'),
      e('e', 'Update', '2003-01-01T00:00:00Z'),
      e('b', 'Apply'),
    ];
    expect(sortEntries(input).map((x) => x.manager)).toEqual(['a', 'b', 'g', 'h', 'i', 'c', 'd', 'f', 'e']);
    const nanos = [e('z', 'Update', '2001-01-01T00:00:00.9Z'), e('y', 'Update', '2001-01-01T00:00:00.1Z'), e('x', 'Update', '2001-01-01T00:00:00.5Z')];
    expect(sortEntries(nanos).map((x) => x.manager)).toEqual(['x', 'y', 'z']);
    const subs = [e('m', 'Update', undefined, { subresource: 'status' }), e('m', 'Update', undefined, { subresource: 'scale' }), e('m', 'Update')];
    expect(sortEntries(subs).map((x) => x.subresource ?? '')).toEqual(['', 'scale', 'status']);
  });
});

describe('AT-7 cap at N (cap 3 here, 10 in production)', () => {
  it('three versions, one ancient-changes', () => {
    const m = managed([
      upd('update-manager2', 'v2', 2, 'b'),
      { ...upd('ancient-changes', 'v1', 4, 'a'), fields: '{"f:a":{},"f:c":{},"f:d":{}}' },
      upd('update-manager5', 'v1', 5, 'e'),
      upd('update-manager6', 'v3', 6, 'f'),
      upd('update-manager7', 'v2', 7, 'g'),
    ]);
    const capped = capManagers(m, 3);
    expect(summary(capped)).toEqual([
      `ancient-changes v1 ${hour(5)} {"f:a":{},"f:c":{},"f:d":{},"f:e":{}}`,
      `update-manager6 v3 ${hour(6)} {"f:f":{}}`,
      `ancient-changes v2 ${hour(7)} {"f:b":{},"f:g":{}}`,
    ]);
    expect(capManagers(capped, 3)).toBe(capped);
  });
  it('two versions, no ancient-changes yet', () => {
    const m = managed([upd('m1', 'v1', 1, 'a'), upd('m2', 'v2', 2, 'b'), upd('m3', 'v1', 3, 'c'), upd('m4', 'v1', 4, 'd'), upd('m5', 'v1', 5, 'e')]);
    expect(summary(capManagers(m, 3))).toEqual([
      `m2 v2 ${hour(2)} {"f:b":{}}`,
      `ancient-changes v1 ${hour(4)} {"f:a":{},"f:c":{},"f:d":{}}`,
      `m5 v1 ${hour(5)} {"f:e":{}}`,
    ]);
  });
  it('four versions, nothing mergeable', () => {
    const m = managed([
      { ...upd('ancient-changes', 'v1', 5, 'a') },
      upd('update-manager6', 'v3', 6, 'f'),
      { ...upd('ancient-changes', 'v2', 7, 'b') },
      upd('update-manager8', 'v4', 8, 'h'),
    ]);
    expect(summary(capManagers(m, 3))).toEqual(summary(m));
  });
  it('caps a real cluster at 10 Update entries', () => {
    const c = cluster({ now: T(0) });
    const cm = ref('v1', 'ConfigMap', 'cm');
    ok(c.create(obj({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm' }, data: { k0: 'v' } }), { fieldManager: 'm0' }));
    for (let i = 1; i <= 12; i++) {
      c.setTime(T(i));
      ok(c.patch(cm, 'merge', { data: { [`k${i}`]: 'v' } }, { fieldManager: `m${i}` }));
    }
    const list = entries(c.object(cm));
    expect(list).toHaveLength(10);
    expect(list[0]).toBe(`ancient-changes | Update | v1 |  | ${T(3)} | {"f:data":{".":{},"f:k0":{},"f:k1":{},"f:k2":{},"f:k3":{}}}`);
  });
});

describe('AT-9 conflict formatting', () => {
  it('groups by identifier and renders managers as the server does', () => {
    const status = conflictStatus([
      { manager: '{"manager":"foo","operation":"Update","apiVersion":"v1"}', path: [fieldElement('spec'), fieldElement('replicas')] },
      { manager: '{"manager":"bar","operation":"Apply"}', path: [fieldElement('metadata'), fieldElement('labels'), fieldElement('app')] },
      { manager: '{"manager":"kcm","operation":"Update","apiVersion":"apps/v1","subresource":"scale"}', path: [fieldElement('spec'), fieldElement('replicas')] },
    ]);
    expect(status.message).toBe(
      'Apply failed with 3 conflicts: conflicts with "bar":\n- .metadata.labels.app\nconflicts with "foo" using v1:\n- .spec.replicas\nconflicts with "kcm" with subresource "scale" using apps/v1:\n- .spec.replicas',
    );
    expect(status.details?.causes?.map((c) => c.message)).toEqual([
      'conflict with "bar"',
      'conflict with "foo" using v1',
      'conflict with "kcm" with subresource "scale" using apps/v1',
    ]);
    expect(JSON.stringify(status)).toBe(
      '{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":' +
        JSON.stringify(status.message) +
        ',"reason":"Conflict","details":{"causes":' +
        JSON.stringify(status.details!.causes) +
        '},"code":409}',
    );
  });
  it('renders keyed paths', () => {
    const status = conflictStatus([
      {
        manager: '{"manager":"m","operation":"Apply","subresource":"status"}',
        path: [fieldElement('spec'), fieldElement('ports'), keyElement([{ name: 'port', value: 443 }, { name: 'protocol', value: 'TCP' }]), fieldElement('targetPort')],
      },
    ]);
    expect(status.message).toBe('Apply failed with 1 conflict: conflict with "m" with subresource "status": .spec.ports[port=443,protocol="TCP"].targetPort');
  });
});

describe('AT-10 managedFields written by a JSON patch (the csaupgrade request)', () => {
  it('takes the entries as sent and records nothing for the patcher', () => {
    const c = cluster({ now: T(1) });
    const cm = ref('v1', 'ConfigMap', 'test');
    ok(c.create(obj({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'test' }, data: { key: 'value', legacy: 'x' } }), { fieldManager: 'kubectl-client-side-apply' }));
    const live = c.object(cm)!;
    const rv = (live.metadata as { resourceVersion: string }).resourceVersion;
    const migrated = [
      { apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1: { 'f:data': { '.': {}, 'f:key': {}, 'f:legacy': {} } }, manager: 'kubectl', operation: 'Apply', time: T(1) },
    ];
    ok(
      c.patch(
        cm,
        'json',
        [
          { op: 'replace', path: '/metadata/managedFields', value: migrated },
          { op: 'replace', path: '/metadata/resourceVersion', value: rv },
        ],
        { fieldManager: 'kubectl' },
      ),
    );
    expect(entries(c.object(cm))).toEqual([`kubectl | Apply | v1 |  | ${T(1)} | {"f:data":{".":{},"f:key":{},"f:legacy":{}}}`]);
  });
});

describe('AT-12 ScaleHandler translation', () => {
  const mappings = new Map([['apps/v1', [fieldElement('spec'), fieldElement('replicas')]]]);
  it('to the subresource: only replicas owners, at autoscaling/v1', () => {
    const parent = managed([
      { id: buildIdentifier({ manager: 'manager-1', operation: 'Apply' }), apiVersion: 'apps/v1', fields: '{"f:spec":{"f:another-field":{}}}', applied: true },
      { id: buildIdentifier({ manager: 'manager-2', operation: 'Apply' }), apiVersion: 'apps/v1', fields: '{"f:spec":{"f:replicas":{}}}', time: T(1), applied: true },
      { id: buildIdentifier({ manager: 'manager-3', operation: 'Apply' }), apiVersion: 'apps/v10', fields: '{"f:spec":{"f:replicas":{}}}', applied: true },
    ]);
    expect(toSubresource(parent, mappings).map((e) => `${e.manager} ${e.operation} ${e.apiVersion} ${e.time} ${JSON.stringify(e.fieldsV1)}`)).toEqual([
      `manager-2 Apply autoscaling/v1 ${T(1)} {"f:spec":{"f:replicas":{}}}`,
    ]);
  });
  it('back to the parent (different managers: apply → update)', () => {
    const parent = managed([
      { id: buildIdentifier({ manager: 'test', operation: 'Apply' }), apiVersion: 'apps/v1', fields: '{"f:spec":{"f:replicas":{},"f:selector":{}}}', applied: true },
    ]);
    const scale = managed([
      { id: buildIdentifier({ manager: 'scale', operation: 'Update', apiVersion: 'autoscaling/v1', subresource: 'scale' }), apiVersion: 'autoscaling/v1', fields: '{"f:spec":{"f:replicas":{}}}' },
    ]);
    expect(toParent(parent, scale, mappings, 'apps/v1').map((e) => `${e.manager} ${e.operation} ${e.apiVersion} ${e.subresource ?? ''} ${JSON.stringify(e.fieldsV1)}`)).toEqual([
      'test Apply apps/v1  {"f:spec":{"f:selector":{}}}',
      'scale Update apps/v1 scale {"f:spec":{"f:replicas":{}}}',
    ]);
  });
});
