import { describe, expect, it } from 'vitest';
import { apply } from '../../src/merge/apply.js';
import type { EngineContext } from '../../src/merge/context.js';
import { update } from '../../src/merge/update.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import type { Value, ValueMap } from '../../src/value/value.js';

// issue 15: enumerating the keys of a map with more than about a thousand keys costs more per key
// the bigger the map (V8 sorts a hash-table object's keys on every Object.keys), and building an
// item's key text costs as much in each walker. The walkers of one operation (validate, merge, the
// field set, the comparison, the prune) share what they read: each big map's keys are enumerated
// once per operation, each big list's items identified once. Proxies count the reads.

const catalog = builtinCatalog();
const configMapCtx: EngineContext = { atom: catalog.schema.named('io.k8s.api.core.v1.ConfigMap') };
const podCtx: EngineContext = { atom: catalog.schema.named('io.k8s.api.core.v1.Pod') };
const none = new Map();

/** `target` behind a proxy that counts enumerations of its keys and reads of each own key. */
function counted<T extends ValueMap>(target: T) {
  const counts = { enumerations: 0, lookups: new Map<string, number>() };
  const proxy = new Proxy(target, {
    ownKeys: (t) => {
      counts.enumerations++;
      return Reflect.ownKeys(t);
    },
    getOwnPropertyDescriptor: (t, key) => {
      if (typeof key === 'string') counts.lookups.set(key, (counts.lookups.get(key) ?? 0) + 1);
      return Reflect.getOwnPropertyDescriptor(t, key);
    },
  });
  return { proxy, counts };
}

function bigData(n: number, tag = ''): ValueMap {
  const data: ValueMap = {};
  for (let i = 0; i < n; i++) data[`key-${i}`] = `value-${i}${tag}`;
  return data;
}

describe('the walkers of one operation read each big value once', () => {
  it("apply enumerates a big map's keys once", () => {
    const { proxy, counts } = counted(bigData(200));
    const out = apply(configMapCtx, null, { apiVersion: 'v1', kind: 'ConfigMap', data: proxy }, 'v1', none, 'a', false);
    expect(out.ok).toBe(true);
    expect(counts.enumerations).toBe(1);
  });

  it("update enumerates each big map's keys once, the live one's and the new one's", () => {
    const first = update(configMapCtx, null, { data: bigData(200) }, 'v1', none, 'u1');
    if (!first.ok) throw new Error(first.error.message);
    const live = counted((first.object as ValueMap).data as ValueMap);
    const next = counted(bigData(200, '-b'));
    const out = update(configMapCtx, { data: live.proxy }, { data: next.proxy }, 'v1', first.managers, 'u2');
    expect(out.ok).toBe(true);
    expect([live.counts.enumerations, next.counts.enumerations]).toEqual([1, 1]);
  });

  it("apply reads each keyed item's key field once", () => {
    const items = Array.from({ length: 40 }, (_, i) => counted({ name: `c-${i}`, image: `image-${i}` }));
    const pod: Value = { spec: { containers: items.map((c) => c.proxy) } };
    const out = apply(podCtx, null, pod, 'v1', none, 'a', false);
    expect(out.ok).toBe(true);
    // Enumerating a proxy's keys looks each key up once too (Object.keys checks that it is
    // enumerable): what is left is the reads of the key field that identify the item.
    expect(items.map((c) => (c.counts.lookups.get('name') ?? 0) - c.counts.enumerations)).toEqual(items.map(() => 1));
  });

  it('the results are those of walking each value afresh (a small object, nothing kept)', () => {
    const data = bigData(200);
    const viaProxy = apply(configMapCtx, null, { data: counted(data).proxy }, 'v1', none, 'a', false);
    const plain = apply(configMapCtx, null, { data }, 'v1', none, 'a', false);
    const small = apply(configMapCtx, null, { data: bigData(3) }, 'v1', none, 'a', false);
    if (!viaProxy.ok || !plain.ok || !small.ok) throw new Error('apply failed');
    expect(viaProxy.managers.get('a')!.set.equals(plain.managers.get('a')!.set)).toBe(true);
    expect(plain.managers.get('a')!.set.size()).toBe(200);
    expect(small.managers.get('a')!.set.size()).toBe(3);
  });
});
