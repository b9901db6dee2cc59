/**
 * Issue 11 item 5: a DaemonSet carries `deprecated.daemonset.template.generation`, the apps/v1 form
 * of the internal spec.templateGeneration. Converting a decoded object to apps/v1 writes the
 * annotation ("0" when the body had none), before the field manager compares it with the live
 * object; the strategy then sets it to 1 on create and bumps it when the pod template changes.
 */
import { describe, expect, it } from 'vitest';
import { cluster, entries, obj, ok, ref } from './helpers.js';

const NOW = '2024-02-24T15:24:00Z';
const KEY = 'deprecated.daemonset.template.generation';
const target = ref('apps/v1', 'DaemonSet', 'ds');
const ds = (image: string) => ({
  apiVersion: 'apps/v1',
  kind: 'DaemonSet',
  metadata: { name: 'ds', namespace: 'default' },
  spec: { selector: { matchLabels: { app: 'ds' } }, template: { metadata: { labels: { app: 'ds' } }, spec: { containers: [{ name: 'c', image }] } } },
});
const annotations = (o: unknown) => (o as { metadata: { annotations?: Record<string, string> } }).metadata.annotations;

describe('DaemonSet template generation', () => {
  it('is 1 after a create, owned by the creator', () => {
    const c = cluster({ harness: false, now: NOW });
    const created = ok(c.create(obj(ds('i:1')), { fieldManager: 'creator' }));
    expect(annotations(created)).toEqual({ [KEY]: '1' });
    expect(entries(created)[0]).toMatch(/^creator \| Update \| apps\/v1 \|  \| .* \| \{"f:metadata":\{"f:annotations":\{".":\{\},"f:deprecated\.daemonset\.template\.generation":\{\}\}\},"f:spec":/);
  });

  it('is bumped when the template changes and only then; the owner stays', () => {
    const c = cluster({ harness: false, now: NOW });
    ok(c.create(obj(ds('i:1')), { fieldManager: 'creator' }));
    const before = entries(c.object(target));
    const p1 = ok(c.patch(target, 'strategic', { spec: { minReadySeconds: 5 } }, { fieldManager: 'patcher' }));
    expect(annotations(p1)![KEY]).toBe('1');
    const p2 = ok(c.patch(target, 'strategic', { spec: { template: { spec: { containers: [{ name: 'c', image: 'i:2' }] } } } }, { fieldManager: 'kubectl-set' }));
    expect(annotations(p2)![KEY]).toBe('2');
    expect(before.find((e) => e.startsWith('creator |'))).toContain(`"f:${KEY}":{}`);
    expect(entries(p2).find((e) => e.startsWith('creator |'))).toContain(`"f:${KEY}":{}`);
    expect(entries(p2).find((e) => e.startsWith('kubectl-set |'))).not.toContain(KEY);
    const applied = ok(c.apply(obj(ds('i:3')), { fieldManager: 'applier', force: true }));
    expect(annotations(applied)![KEY]).toBe('3');
  });

  it('a PUT without the annotation keeps its value, and the writer takes it', () => {
    const c = cluster({ harness: false, now: NOW });
    ok(c.create(obj(ds('i:1')), { fieldManager: 'creator' }));
    const live = c.object(target)!;
    const sent = obj({ ...live, metadata: { ...(live.metadata as object), annotations: {} } });
    const put = ok(c.update(sent, { fieldManager: 'putter' }));
    expect(annotations(put)).toEqual({ [KEY]: '1' });
    expect(entries(put).find((e) => e.startsWith('putter |'))).toContain('"f:deprecated.daemonset.template.generation":{}');
  });

  it('is owned by nobody after a create by apply', () => {
    const c = cluster({ harness: false, now: NOW });
    const created = ok(c.apply(obj(ds('i:1')), { fieldManager: 'applier' }));
    expect(annotations(created)).toEqual({ [KEY]: '1' });
    expect(entries(created).join('\n')).not.toContain(KEY);
  });
});
