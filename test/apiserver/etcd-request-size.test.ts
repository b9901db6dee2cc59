/**
 * etcd's request size limit (etcd-request-size.ts, stored-object-bytes.ts), and Kubernetes'
 * integration tests TestCreateVeryLargeObject, TestUpdateVeryLargeObject and
 * TestPatchVeryLargeObject (test/integration/apiserver/apply/apply_test.go): a ConfigMap of 9,999
 * long keys fits in etcd, but not together with managedFields that list each key again. A create,
 * update or merge patch that etcd refuses is tried once more without managedFields and succeeds;
 * a server-side apply is not tried again: the one after it, whose before-first-apply entry lists
 * every key, fails with etcd's words (a 500, no reason).
 */
import { describe, expect, it } from 'vitest';
import { etcdRejects, raftRequestBytes, txnRequestBytes } from '../../src/apiserver/etcd-request-size.js';
import { encodeProtoObject } from '../../src/apiserver/protobuf-codec.js';
import { builtinProtoTables } from '../../src/apiserver/protobuf-envelope.js';
import { WireWriter } from '../../src/apiserver/protobuf-wire.js';
import { PROTOBUF_PER_JSON_BYTE } from '../../src/apiserver/stored-object-bytes.js';
import { newMap } from '../../src/value/value.js';
import { serve } from '../../src/apiserver/server.js';
import { cluster, entries, fail, obj, ok, ref } from './helpers.js';
import { setup, widget } from './widget-crd.js';

const TOO_LARGE = { code: 500, message: 'etcdserver: request is too large', reason: undefined, causes: undefined };

/** The 9,999 keys of the upstream tests, each with the value "A". */
function largeData(): Record<string, string> {
  const data: Record<string, string> = {};
  for (let i = 0; i < 9999; i++) data[`this-key-is-very-long-so-as-to-create-a-very-large-serialized-fieldset-${i}`] = 'A';
  return data;
}

const configMap = (name: string, data: Record<string, string>) => obj({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default' }, data });
const applyNothing = (name: string) => obj({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default' } });

describe('objects that etcd cannot take with their managedFields', () => {
  it('TestCreateVeryLargeObject: the create is kept without managedFields; an apply after it fails', () => {
    const c = cluster({ harness: false });
    const created = ok(c.create(configMap('large-create-test-cm', largeData())));
    expect(Object.keys(created.data as object)).toHaveLength(9999);
    expect(entries(created)).toEqual([]);
    const before = c.state;
    expect(fail(c.apply(applyNothing('large-create-test-cm'), { fieldManager: 'apply_test' }))).toEqual(TOO_LARGE);
    expect(c.state).toBe(before);
  });

  it('TestUpdateVeryLargeObject: a small object updated to near the limit loses its managedFields; an apply fails', () => {
    const c = cluster({ harness: false });
    const small = ok(c.create(configMap('large-update-test-cm', { k: 'v' }), { fieldManager: 'creator' }));
    expect(entries(small)).toHaveLength(1);
    const updated = ok(c.update(obj({ ...(small as object), data: { k: 'v', ...largeData() } })));
    expect(Object.keys(updated.data as object)).toHaveLength(10000);
    expect(entries(updated)).toEqual([]);
    expect(fail(c.apply(applyNothing('large-update-test-cm'), { fieldManager: 'apply_test' }))).toEqual(TOO_LARGE);
  });

  it('TestPatchVeryLargeObject: the same through a merge patch', () => {
    const c = cluster({ harness: false });
    ok(c.create(configMap('large-patch-test-cm', { k: 'v' }), { fieldManager: 'creator' }));
    const patched = ok(c.patch(ref('v1', 'ConfigMap', 'large-patch-test-cm'), 'merge', obj({ data: { k: 'v', ...largeData() } })));
    expect(Object.keys(patched.data as object)).toHaveLength(10000);
    expect(entries(patched)).toEqual([]);
    expect(fail(c.apply(applyNothing('large-patch-test-cm'), { fieldManager: 'apply_test' }))).toEqual(TOO_LARGE);
  });

  it('a dry run is not written to etcd, so it is not refused', () => {
    const c = cluster({ harness: false });
    ok(c.create(configMap('cm', largeData())));
    const dry = ok(c.apply(applyNothing('cm'), { fieldManager: 'apply_test', dryRun: true }));
    expect(entries(dry).map((e) => e.split(' | ')[0])).toEqual(['before-first-apply']);
  });

  it('an object too large even without managedFields: the retried create fails too, with the client limit beyond 2 MiB', () => {
    const c = cluster({ harness: false });
    const big = configMap('huge', { blob: 'x'.repeat(1_600_000) });
    expect(fail(c.create(big))).toEqual(TOO_LARGE);
    const bigger = configMap('huger', { blob: 'x'.repeat(2_100_000) });
    const f = fail(c.create(bigger));
    expect(f.code).toBe(500);
    expect(f.message).toMatch(/^rpc error: code = ResourceExhausted desc = trying to send message larger than max \(\d+ vs\. 2097152\)$/);
    expect(c.state.objects.size).toBe(0);
  });

  it('a lower --max-request-bytes refuses smaller writes; 0 takes any; harness mode has no store limit', () => {
    const small = configMap('cm', { k: 'x'.repeat(2000) });
    expect(fail(cluster({ harness: false, etcdMaxRequestBytes: 1000 }).create(small))).toEqual(TOO_LARGE);
    ok(cluster({ harness: false, etcdMaxRequestBytes: 0 }).create(configMap('huge', { blob: 'x'.repeat(2_100_000) })));
    ok(cluster().create(configMap('huge', { blob: 'x'.repeat(2_100_000) })));
  });

  it('a custom resource is stored as JSON, in the escaping of Go: six bytes for each "<"', () => {
    // At 3,000 bytes, 1,000 "<" fit in a ConfigMap (protobuf keeps the bytes) and in a Widget's
    // JSON as "a", but not as Go's JSON writes "<": \u003c.
    const limit = { etcdMaxRequestBytes: 3000 };
    ok(cluster({ harness: false, ...limit }).create(configMap('cm', { k: '<'.repeat(1000) })));
    const widgets = { ...setup(), config: { ...setup().config, ...limit } };
    const create = (a: string) => serve(widgets, { verb: 'create', body: widget('v1', { a }), options: { fieldManager: 'x' } }).response;
    ok(create('a'.repeat(1000)));
    expect(fail(create('<'.repeat(1000)))).toEqual(TOO_LARGE);
  });
});

describe('the sizes etcd checks', () => {
  it('the transaction is what the etcd client encodes: compare, put and (on updates) a read back', () => {
    for (const [key, valueBytes, modRevision] of [
      ['/registry/configmaps/default/cm', 10, 0],
      ['/registry/configmaps/default/cm', 200, 12345],
      ['/registry/deployments/kube-system/coredns', 1_600_000, 7],
    ] as const) {
      const value = new Uint8Array(valueBytes);
      const compare = new WireWriter();
      compare.varint(2, 2n); // target MOD
      compare.string(3, key);
      compare.varint(6, BigInt(modRevision));
      const putRequest = new WireWriter();
      putRequest.string(1, key);
      putRequest.bytes(2, value);
      const put = new WireWriter();
      put.bytes(2, putRequest.finish());
      const txn = new WireWriter();
      txn.bytes(1, compare.finish());
      txn.bytes(2, put.finish());
      if (modRevision !== 0) {
        const range = new WireWriter();
        range.string(1, key);
        const get = new WireWriter();
        get.bytes(1, range.finish());
        txn.bytes(3, get.finish());
      }
      const txnBytes = txn.finish().length;
      expect(txnRequestBytes({ key, valueBytes, modRevision })).toBe(txnBytes);
      // InternalRaftRequest{header (100): {ID: a 10-byte varint}, txn (6)}.
      const header = new WireWriter();
      header.varint(1, 0xffff_ffff_ffff_fff0n);
      const raft = new WireWriter();
      raft.bytes(100, header.finish());
      raft.bytes(6, new Uint8Array(txnBytes));
      expect(raftRequestBytes(txnBytes)).toBe(raft.finish().length);
    }
  });

  it('the limit is on the raft request: at 1,572,864 bytes it is taken, one more is refused', () => {
    const key = '/registry/configmaps/default/cm';
    const valueAt = (total: number) => {
      let v = total - 200;
      while (raftRequestBytes(txnRequestBytes({ key, valueBytes: v + 1, modRevision: 0 })) <= total) v++;
      return v;
    };
    const fits = valueAt(1_572_864);
    expect(raftRequestBytes(txnRequestBytes({ key, valueBytes: fits, modRevision: 0 }))).toBe(1_572_864);
    expect(etcdRejects({ key, valueBytes: fits, modRevision: 0 }, 1_572_864)).toBeUndefined();
    expect(etcdRejects({ key, valueBytes: fits + 1, modRevision: 0 }, 1_572_864)?.message).toBe('etcdserver: request is too large');
  });

  it('no built-in message encodes to more than PROTOBUF_PER_JSON_BYTE bytes per byte of its JSON', () => {
    // An empty message as a list item: 3 bytes of JSON (`{},`), at most 5 of tag and length plus its zero fields.
    const tables = builtinProtoTables();
    let worst = 0;
    for (const name of tables.names()) {
      if (tables.message(name)?.sliceOf) continue;
      let zero: number;
      try {
        zero = encodeProtoObject(tables, name, newMap()).length;
      } catch {
        continue; // messages that stand for JSON values, not objects
      }
      worst = Math.max(worst, (zero + 5) / 3);
    }
    // A scalar list item: `0,` (2 bytes) against a tag and a 10-byte varint, or an IntOrString's 13.
    worst = Math.max(worst, 13 / 2);
    expect(worst).toBeGreaterThan(30);
    expect(PROTOBUF_PER_JSON_BYTE).toBeGreaterThanOrEqual(worst);
  });
});
