import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../src/apiserver/types.js';
import { parseJson } from '../../src/apiserver/object-paths.js';
import { loadSchemaSources } from '../../src/schema/catalog.js';
import { offlineApply } from '../../src/scenarios/offline-apply.js';

const live = () =>
  parseJson(
    JSON.stringify({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: {
        name: 'c',
        namespace: 'default',
        managedFields: [{ manager: 'ctl', operation: 'Update', apiVersion: 'v1', time: '2024-01-01T00:00:00Z', fieldsType: 'FieldsV1', fieldsV1: { 'f:data': { '.': {}, 'f:a': {} } } }],
      },
      data: { a: '1' },
    }),
  ) as KubeObject;

describe('an offline apply', () => {
  it("leaves the caller's live objects as they were, and does not freeze what it answers once", () => {
    const obj = live();
    const result = offlineApply({
      catalog: loadSchemaSources({ builtin: true }),
      live: [obj],
      manifests: 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {a: "2"}\n',
      force: true,
      clientSide: false,
      now: '2024-02-01T00:00:00Z',
    });
    expect(result.changes[0].changes.map((c) => c.text)).toEqual(['kubectl took .data.a from ctl']);
    expect(Object.isFrozen(obj)).toBe(false);
    expect(Object.isFrozen((obj as { data: object }).data)).toBe(false);
    expect(Object.isFrozen(result.after)).toBe(false);
  });
});
