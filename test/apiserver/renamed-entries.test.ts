/**
 * Kubernetes' integration tests TestRenamingAppliedFieldManagers, TestRenamingUpdatedFieldManagers,
 * TestDroppingSubresourceField and TestDroppingSubresourceFromSpecField
 * (test/integration/apiserver/apply/apply_test.go): a client PUTs a Pod back with its managedFields
 * edited so that several entries share one identifier (manager and operation, plus apiVersion for
 * an Update, plus subresource). The server decodes the list into one set per identifier: the later
 * entry in the list replaces the earlier one. The PUT itself changes no field and adds no entry.
 */
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../src/apiserver/index.js';
import { cluster, entries, obj, ok, ref } from './helpers.js';

const POD = ref('v1', 'Pod', 'just-a-pod');
const CONTAINERS = '{"f:spec":{"f:containers":{"k:{\\"name\\":\\"test-container-a\\"}":{".":{},"f:image":{},"f:name":{}}}}}';
const spec = { containers: [{ name: 'test-container-a', image: 'test-image-one' }] };
const tick = (n: number) => `2024-03-01T09:0${n}:00Z`;

/** The stored Pod, each entry changed by `edit`, PUT back by a client without a field manager. */
function putBackEdited(c: ReturnType<typeof cluster>, edit: (e: Record<string, unknown>) => Record<string, unknown>): KubeObject {
  const live = JSON.parse(JSON.stringify(c.object(POD))) as { metadata: { managedFields: Record<string, unknown>[] } };
  live.metadata.managedFields = live.metadata.managedFields.map(edit);
  return ok(c.update(obj(live), { userAgent: 'apply.test/v0.0.0' }));
}

describe('entries a client renames to one identifier collapse into the last of them', () => {
  it('TestRenamingAppliedFieldManagers', () => {
    const c = cluster({ harness: false, now: tick(0) });
    ok(c.apply(obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'just-a-pod', labels: { a: 'one' } }, spec }), { fieldManager: 'multi_manager_one' }));
    c.setTime(tick(1));
    ok(c.apply(obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'just-a-pod', labels: { b: 'two' } } }), { fieldManager: 'multi_manager_two' }));
    expect(entries(c.object(POD))).toEqual([
      `multi_manager_one | Apply | v1 |  | ${tick(0)} | {"f:metadata":{"f:labels":{"f:a":{}}},${CONTAINERS.slice(1)}`,
      `multi_manager_two | Apply | v1 |  | ${tick(1)} | {"f:metadata":{"f:labels":{"f:b":{}}}}`,
    ]);
    c.setTime(tick(2));
    const out = putBackEdited(c, (e) => ({ ...e, manager: 'multi_manager' }));
    expect((out.metadata as { labels: unknown }).labels).toEqual({ a: 'one', b: 'two' });
    expect(entries(out)).toEqual([`multi_manager | Apply | v1 |  | ${tick(1)} | {"f:metadata":{"f:labels":{"f:b":{}}}}`]);
  });

  it('TestRenamingUpdatedFieldManagers', () => {
    const c = cluster({ harness: false, now: tick(0) });
    ok(c.apply(obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'just-a-pod' }, spec }), { fieldManager: 'first' }));
    c.setTime(tick(1));
    ok(c.patch(POD, 'merge', { metadata: { labels: { a: 'one' } } }, { fieldManager: 'multi_manager_one' }));
    c.setTime(tick(2));
    ok(c.patch(POD, 'merge', { metadata: { labels: { b: 'two' } } }, { fieldManager: 'multi_manager_two' }));
    c.setTime(tick(3));
    const out = putBackEdited(c, (e) => ({ ...e, manager: 'multi_manager' }));
    expect(entries(out)).toEqual([
      `multi_manager | Apply | v1 |  | ${tick(0)} | ${CONTAINERS}`,
      `multi_manager | Update | v1 |  | ${tick(2)} | {"f:metadata":{"f:labels":{"f:b":{}}}}`,
    ]);
  });

  it('TestDroppingSubresourceField', () => {
    const c = cluster({ harness: false, now: tick(0) });
    ok(c.apply(obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'just-a-pod' }, spec }), { fieldManager: 'first' }));
    c.setTime(tick(1));
    ok(c.apply(obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'just-a-pod', labels: { a: 'one' } } }), { fieldManager: 'label_manager' }));
    c.setTime(tick(2));
    const labelB = obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'just-a-pod', labels: { b: 'two' } } });
    ok(c.apply(labelB, { fieldManager: 'label_manager', subresource: 'status', target: POD }));
    expect((c.object(POD)!.metadata as { labels: unknown }).labels).toEqual({ a: 'one', b: 'two' });
    expect(entries(c.object(POD))).toEqual([
      `first | Apply | v1 |  | ${tick(0)} | ${CONTAINERS}`,
      `label_manager | Apply | v1 |  | ${tick(1)} | {"f:metadata":{"f:labels":{"f:a":{}}}}`,
      `label_manager | Apply | v1 | status | ${tick(2)} | {"f:metadata":{"f:labels":{"f:b":{}}}}`,
    ]);
    c.setTime(tick(3));
    const out = putBackEdited(c, ({ subresource: _dropped, ...e }) => e);
    expect(entries(out)).toEqual([
      `first | Apply | v1 |  | ${tick(0)} | ${CONTAINERS}`,
      `label_manager | Apply | v1 |  | ${tick(2)} | {"f:metadata":{"f:labels":{"f:b":{}}}}`,
    ]);
  });

  it('TestDroppingSubresourceFromSpecField', () => {
    const c = cluster({ harness: false, now: tick(0) });
    ok(c.apply(obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'just-a-pod' }, spec }), { fieldManager: 'first' }));
    c.setTime(tick(1));
    ok(c.patch(POD, 'merge', { metadata: { labels: { a: 'two' } } }, { fieldManager: 'manager' }));
    c.setTime(tick(2));
    ok(c.patch(POD, 'merge', { status: { phase: 'Running' } }, { fieldManager: 'manager', subresource: 'status' }));
    expect(entries(c.object(POD))).toHaveLength(3);
    c.setTime(tick(3));
    const out = putBackEdited(c, ({ subresource: _dropped, ...e }) => e);
    expect(entries(out)).toEqual([`first | Apply | v1 |  | ${tick(0)} | ${CONTAINERS}`, `manager | Update | v1 |  | ${tick(2)} | {"f:status":{"f:phase":{}}}`]);
  });
});
