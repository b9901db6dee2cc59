/**
 * Kubernetes' TestManagedFieldsTrailingData (test/integration/apiserver/apply/
 * managedfields_parsing_test.go): a FieldsV1 with data after its JSON object, or after the JSON
 * of a `v:` or `k:` key, does not decode (structured-merge-diff v6.4.2, whose reading the engine
 * follows, refuses trailing data), so the request's managedFields are ignored: a create keeps
 * only what the creator's own write gives (nothing for empty data), an update keeps the live
 * entries and adds its own changes. The request itself succeeds. Only a protobuf body can carry
 * bytes after the FieldsV1 object; the keys' trailing data travel in JSON too, and so does a
 * FieldsV1 that is not an object at all, which Go's decoding keeps as raw JSON.
 */
import { describe, expect, it } from 'vitest';
import { PROTOBUF_MEDIA_TYPE, protobufFromObject } from '../../src/apiserver/protobuf-envelope.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { call, JSON_HEADERS, start } from './http-client.js';

const CASES = [
  ['trailing data after FieldsV1', '{"f:metadata":{"f:annotations":{"f:test.example.com/myannotation":{}}}}{"trailing":"data"}'],
  ['trailing data after a set value', '{"f:metadata":{"f:finalizers":{"v:\\"example.com/foo\\" {\\"trailing\\":\\"data\\"}":{}}}}'],
  ['trailing data after a map key', '{"f:metadata":{"f:ownerReferences":{"k:{\\"uid\\":\\"abc\\"} {\\"trailing\\":\\"data\\"}":{}}}}'],
] as const;

/** A ConfigMap in protobuf whose one managedFields entry has `fieldsV1` as its raw bytes. */
function protobufBody(meta: Record<string, unknown>, data: Record<string, string>, fieldsV1: string): Blob {
  // Encoded with a placeholder FieldsV1 of the same length, whose bytes are then replaced.
  const placeholder = `{"f:p":{"f:${'a'.repeat(fieldsV1.length - 17)}":{}}}`;
  const entry = { manager: 'trailing-data-test', operation: 'Update', apiVersion: 'v1', time: '2024-01-01T00:00:00Z', fieldsType: 'FieldsV1', fieldsV1: JSON.parse(placeholder) };
  const bytes = protobufFromObject(builtinCatalog(), { apiVersion: 'v1', kind: 'ConfigMap', metadata: { ...meta, managedFields: [entry] }, data } as never)!;
  const text = Buffer.from(bytes).toString('latin1');
  const at = text.indexOf(placeholder);
  expect(at).toBeGreaterThan(0);
  const out = Buffer.from(bytes);
  Buffer.from(fieldsV1, 'utf8').copy(out, at);
  return new Blob([out]);
}

const PROTOBUF = { 'Content-Type': PROTOBUF_MEDIA_TYPE, Accept: 'application/json' };
const fieldsOf = (o: unknown) => ((o as { metadata: { managedFields?: { fieldsV1: unknown }[] } }).metadata.managedFields ?? []).map((e) => JSON.stringify(e.fieldsV1));

describe('managedFields whose FieldsV1 has trailing data are ignored, not an error', () => {
  CASES.forEach(([name, fieldsV1], i) => {
    it(name, async () => {
      const s = await start();
      const path = '/api/v1/namespaces/default/configmaps';
      const empty = await call(s, 'POST', path, protobufBody({ name: `mf-create-empty-${i}`, namespace: 'default' }, {}, fieldsV1), PROTOBUF);
      expect(empty.status).toBe(201);
      expect(fieldsOf(empty.json)).toEqual([]);

      const withData = await call(s, 'POST', path, protobufBody({ name: `mf-create-data-${i}`, namespace: 'default' }, { foo: 'bar' }, fieldsV1), PROTOBUF);
      expect(withData.status).toBe(201);
      expect(fieldsOf(withData.json)).toEqual(['{"f:data":{".":{},"f:foo":{}}}']);

      const name = `mf-update-${i}`;
      expect((await call(s, 'POST', path, JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { foo: 'bar' } }), JSON_HEADERS)).status).toBe(201);
      const updated = await call(s, 'PUT', `${path}/${name}`, protobufBody({ name, namespace: 'default' }, { foo: 'baz', 'new-key': 'new-value' }, fieldsV1), PROTOBUF);
      expect(updated.status).toBe(200);
      expect(fieldsOf(updated.json)).toEqual(['{"f:data":{".":{},"f:foo":{},"f:new-key":{}}}']);
    });
  });
});

describe('a FieldsV1 that is not a JSON object, in a JSON body', () => {
  it('is raw JSON to Go: the request succeeds and its managedFields are ignored', async () => {
    const s = await start();
    for (const [i, fieldsV1] of (['{"f:data":{}}{"trailing":"data"}', 5, ['f:data']] as const).entries()) {
      const entry = { manager: 'not-an-object', operation: 'Update', apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1 };
      const body = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `raw-${i}`, managedFields: [entry] }, data: { foo: 'bar' } };
      const created = await call(s, 'POST', '/api/v1/namespaces/default/configmaps', JSON.stringify(body), JSON_HEADERS);
      expect(created.status).toBe(201);
      expect(fieldsOf(created.json)).toEqual(['{"f:data":{".":{},"f:foo":{}}}']);
    }
  });
});
