/**
 * Kubernetes' TestAdmission (staging/src/k8s.io/apiserver/pkg/endpoints/handlers/fieldmanager/
 * admission_test.go): a mutating admission controller replaces managedFields with one entry made
 * invalid in one way. An entry that no longer decodes is put back as it was before admission, with a
 * warning; an entry whose manager is empty still decodes, and stays.
 */
import { describe, expect, it } from 'vitest';
import type { AdmissionHook, ApiResponse, KubeObject } from '../../src/apiserver/index.js';
import { cluster, entries, obj, ok } from './helpers.js';

const valid = { manager: 'test', operation: 'Apply', apiVersion: 'v1', time: '2024-01-01T00:00:00Z', fieldsType: 'FieldsV1', fieldsV1: { 'f:metadata': { 'f:labels': { 'f:test-label': {} } } } };
const WARNING = '.metadata.managedFields was in an invalid state after admission; this could be caused by an outdated mutating admission controller; please fix your requests: ';

const cases: { name: string; mutated: Record<string, unknown>; reset: string | undefined }[] = [
  { name: 'invalid APIVersion', mutated: { ...valid, apiVersion: '' }, reset: 'apiVersion must not be empty' },
  { name: 'invalid Operation', mutated: { ...valid, operation: 'invalid operation' }, reset: 'operation must be `Apply` or `Update`' },
  { name: 'invalid fieldsType', mutated: { ...valid, fieldsType: 'invalid fieldsType' }, reset: 'invalid fieldsType "invalid fieldsType" in managed fields entry 0' },
  { name: 'invalid fieldsV1', mutated: { ...valid, fieldsV1: { invalid: {} } }, reset: 'error decoding versioned set from entry 0' },
  { name: 'invalid manager', mutated: { ...valid, manager: '' }, reset: undefined },
];

/** A hook that puts `entry` in place of whatever managedFields the object has. */
const replaceManagedFields = (entry: Record<string, unknown>): AdmissionHook => ({
  name: 'replace-managed-fields',
  mutate: (o: KubeObject) => obj({ ...(o as object), metadata: { ...(o.metadata as object), managedFields: [entry] } }),
});

describe('managedFields a mutating admission controller leaves invalid are put back', () => {
  for (const c of cases) {
    it(c.name, () => {
      const k = cluster({ harness: false, admission: [replaceManagedFields(c.mutated)] });
      const r: ApiResponse = k.create(obj({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: 'default', labels: { 'test-label': 'x' } } }), { fieldManager: 'creator' });
      const created = ok(r);
      if (c.reset === undefined) {
        expect(entries(created)).toEqual([` | Apply | v1 |  | 2024-01-01T00:00:00Z | {"f:metadata":{"f:labels":{"f:test-label":{}}}}`]);
        expect(r.warnings).toEqual([]);
      } else {
        // Before admission: the creator's own entry, as the field manager wrote it.
        expect(entries(created).map((e) => e.split(' | ').slice(0, 2).join(' | '))).toEqual(['creator | Update']);
        expect(r.warnings).toHaveLength(1);
        expect(r.warnings[0].startsWith(WARNING + c.reset)).toBe(true);
      }
    });
  }
});
