/**
 * The field manager's unit tests TestCapUpdateManagers (the table cases test/apiserver/managed-fields.test.ts
 * does not already hold) and TestCapManagersManagerMergesEntries
 * (staging/src/k8s.io/apimachinery/pkg/util/managedfields/internal/capmanagers_test.go), with the
 * cap at 3 as there: the oldest Update entries of one apiVersion merge into ancient-changes, whose
 * time is that of the newest entry merged in; a second pass changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { decodeFieldsV1 } from '../../src/fieldpath/fieldsv1-decode.js';
import { capManagers } from '../../src/apiserver/cap-managers.js';
import { buildIdentifier, encodeManagedFields, type Managed } from '../../src/apiserver/managed-fields.js';
import { cluster, entries, obj, ok, ref, T } from './helpers.js';

const hour = (h: number) => `2024-01-01T${String(h).padStart(2, '0')}:00:00Z`;
/** An Update entry at hour `h` owning the root fields named. */
const upd = (manager: string, apiVersion: string, h: number, ...fields: string[]) => ({ manager, apiVersion, h, fields });
type Upd = ReturnType<typeof upd>;
const fieldsJson = (fields: readonly string[]) => `{${fields.map((f) => `"f:${f}":{}`).join(',')}}`;

function managed(list: readonly Upd[]): Managed {
  const fields = new Map();
  const times = new Map<string, string>();
  for (const e of list) {
    const id = buildIdentifier({ manager: e.manager, operation: 'Update', apiVersion: e.apiVersion });
    fields.set(id, { set: decodeFieldsV1(fieldsJson(e.fields)), apiVersion: e.apiVersion, applied: false });
    times.set(id, hour(e.h));
  }
  return { fields, times };
}
const summary = (m: Managed) => encodeManagedFields(m)!.map((e) => `${e.manager} ${e.apiVersion} ${e.time} ${JSON.stringify(e.fieldsV1)}`);
const expected = (list: readonly Upd[]) => list.map((e) => `${e.manager} ${e.apiVersion} ${hour(e.h)} ${fieldsJson(e.fields)}`);

const CASES: readonly { name: string; input: readonly Upd[]; expected: readonly Upd[] }[] = [
  {
    name: 'one version, no ancient changes',
    input: [upd('update-manager1', 'v1', 1, 'a'), upd('update-manager2', 'v1', 2, 'b'), upd('update-manager3', 'v1', 3, 'c'), upd('update-manager4', 'v1', 4, 'd')],
    expected: [upd('ancient-changes', 'v1', 2, 'a', 'b'), upd('update-manager3', 'v1', 3, 'c'), upd('update-manager4', 'v1', 4, 'd')],
  },
  {
    name: 'one version, one ancient changes',
    input: [upd('ancient-changes', 'v1', 2, 'a', 'b'), upd('update-manager3', 'v1', 3, 'c'), upd('update-manager4', 'v1', 4, 'd'), upd('update-manager5', 'v1', 5, 'e')],
    expected: [upd('ancient-changes', 'v1', 3, 'a', 'b', 'c'), upd('update-manager4', 'v1', 4, 'd'), upd('update-manager5', 'v1', 5, 'e')],
  },
  {
    name: 'three versions, two ancient changes',
    input: [upd('ancient-changes', 'v1', 5, 'a', 'c', 'd', 'e'), upd('update-manager6', 'v3', 6, 'f'), upd('ancient-changes', 'v2', 7, 'b', 'g'), upd('update-manager8', 'v3', 8, 'h')],
    expected: [upd('ancient-changes', 'v1', 5, 'a', 'c', 'd', 'e'), upd('ancient-changes', 'v2', 7, 'b', 'g'), upd('ancient-changes', 'v3', 8, 'f', 'h')],
  },
];

describe('TestCapUpdateManagers (cap 3)', () => {
  for (const tc of CASES) {
    it(tc.name, () => {
      const capped = capManagers(managed(tc.input), 3);
      expect(summary(capped)).toEqual(expected(tc.expected));
      expect(summary(capManagers(capped, 3))).toEqual(summary(capped));
    });
  }
});

describe('TestCapManagersManagerMergesEntries (cap 3)', () => {
  it('four updaters of a Pod\'s labels leave ancient-changes and the two newest', () => {
    const c = cluster({ now: T(0), maxUpdateManagers: 3 });
    const pod = ref('v1', 'Pod', 'pod');
    const labels = (...keys: string[]) => Object.fromEntries(keys.map((k) => [k, 'true']));
    ok(c.create(obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'pod', labels: labels('one') } }), { fieldManager: 'fieldmanager_test_update_1' }));
    const keys = ['one'];
    for (const [i, key] of ['two', 'three', 'four'].entries()) {
      keys.push(key);
      c.setTime(T(i + 1));
      const live = c.object(pod)!;
      ok(c.update(obj({ ...live, metadata: { ...(live.metadata as object), labels: labels(...keys) } }), { fieldManager: `fieldmanager_test_update_${i + 2}` }));
      // A no-op update changes nothing (idempotence).
      const before = entries(c.object(pod));
      ok(c.update(c.object(pod)!, { fieldManager: 'no-op-update' }));
      expect(entries(c.object(pod))).toEqual(before);
    }
    expect(entries(c.object(pod))).toEqual([
      `ancient-changes | Update | v1 |  | ${T(1)} | {"f:metadata":{"f:labels":{".":{},"f:one":{},"f:two":{}}}}`,
      `fieldmanager_test_update_3 | Update | v1 |  | ${T(2)} | {"f:metadata":{"f:labels":{"f:three":{}}}}`,
      `fieldmanager_test_update_4 | Update | v1 |  | ${T(3)} | {"f:metadata":{"f:labels":{"f:four":{}}}}`,
    ]);
  });
});
