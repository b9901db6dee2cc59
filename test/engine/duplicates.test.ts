import { describe, expect, it } from 'vitest';
import { decodeFieldsV1 } from '../../src/fieldpath/fieldsv1-decode.js';
import { encodeFieldsV1 } from '../../src/fieldpath/fieldsv1-encode.js';
import type { EngineContext } from '../../src/merge/context.js';
import type { ManagedFields } from '../../src/merge/managers.js';
import { update } from '../../src/merge/update.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import type { Value } from '../../src/value/value.js';

// issue 11 item 4: repeated keys (two env items named PATH, two ports keyed 80/TCP) in objects
// written by updates. What the reference does is read from structured-merge-diff v6.4.2:
// typed/compare.go compares a key repeated on both sides as one leaf (Modified when the repeated
// items differ in order or content), a key repeated on one side only as Added or Removed, and
// merge/update.go moves every Modified/Added path from its other owners to the updater. Its own
// table (merge/duplicates_test.go, all 15 cases in ../shared/reference/vectors/suite.jsonl) says
// "`name: a` is only owned once, by actor who changed some of it". What an earlier owner keeps
// is what lies *below* the key in its set: compare never reports those paths for a repeated key.

const ctx: EngineContext = { atom: builtinCatalog().schema.named('io.k8s.api.core.v1.Pod') };

type Item = Record<string, Value>;
const pod = (env: Item[], ports: Item[] = [], image = 'x'): Value => ({ spec: { containers: [{ name: 'c', image, env, ports }] } });
const PATH = (value: string): Item => ({ name: 'PATH', value });
const port = (name: string): Item => ({ containerPort: 80, protocol: 'TCP', name });

/** Each manager's FieldsV1 below the container, for comparing only what the case is about. */
function containerFields(managers: ManagedFields): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, e] of managers) {
    const c = e.set.childAtId('fspec')?.childAtId('fcontainers');
    out[name] = c ? encodeFieldsV1(c) : '{}';
  }
  return out;
}

const K_C = 'k:{\\"name\\":\\"c\\"}';
const K_PATH = 'k:{\\"name\\":\\"PATH\\"}';
const K_80 = 'k:{\\"containerPort\\":80,\\"protocol\\":\\"TCP\\"}';

describe('duplicate keys in associative lists, through updates (reference: compare.go, update.go)', () => {
  const created = update(ctx, null, pod([PATH('a'), PATH('b')], [port('p'), port('q')]), 'v1', new Map(), 'A');
  if (!created.ok) throw created.error;

  it.each<[string, Value, Record<string, string>]>([
    [
      'creating with repeated keys owns each repeated key once, as a whole',
      pod([PATH('a'), PATH('b')], [port('p'), port('q')]),
      { A: `{"${K_C}":{".":{},"f:env":{".":{},"${K_PATH}":{}},"f:image":{},"f:name":{},"f:ports":{".":{},"${K_80}":{}}}}` },
    ],
    [
      'changing one of the two PATH items gives the key to the updater alone',
      pod([PATH('a'), PATH('c')], [port('p'), port('q')]),
      {
        A: `{"${K_C}":{".":{},"f:env":{},"f:image":{},"f:name":{},"f:ports":{".":{},"${K_80}":{}}}}`,
        B: `{"${K_C}":{"f:env":{"${K_PATH}":{}}}}`,
      },
    ],
    [
      'reordering the two PATH items is a change too (the repeated items compare in order)',
      pod([PATH('b'), PATH('a')], [port('q'), port('p')]),
      {
        A: `{"${K_C}":{".":{},"f:env":{},"f:image":{},"f:name":{},"f:ports":{}}}`,
        B: `{"${K_C}":{"f:env":{"${K_PATH}":{}},"f:ports":{"${K_80}":{}}}}`,
      },
    ],
    [
      'changing something else leaves the repeated keys with their owner',
      pod([PATH('a'), PATH('b')], [port('p'), port('q')], 'y'),
      {
        A: `{"${K_C}":{".":{},"f:env":{".":{},"${K_PATH}":{}},"f:name":{},"f:ports":{".":{},"${K_80}":{}}}}`,
        B: `{"${K_C}":{"f:image":{}}}`,
      },
    ],
    [
      'dropping one of the two makes the remaining item the updater’s, key and fields',
      pod([PATH('a')], [port('p'), port('q')]),
      {
        A: `{"${K_C}":{".":{},"f:env":{},"f:image":{},"f:name":{},"f:ports":{".":{},"${K_80}":{}}}}`,
        B: `{"${K_C}":{"f:env":{"${K_PATH}":{".":{},"f:name":{},"f:value":{}}}}}`,
      },
    ],
  ])('%s', (_name, next, expected) => {
    const first = _name.startsWith('creating');
    const out = first ? created : update(ctx, created.object, next, 'v1', created.managers, 'B');
    if (!out.ok) throw out.error;
    expect(containerFields(out.managers)).toEqual(expected);
  });

  it('an earlier owner of the fields below a repeated key keeps them next to the updater (captured objects)', () => {
    // managedFields written while the list held one PATH item; a second one came later.
    const live = pod([PATH('a'), PATH('b')], [port('p'), port('q')]);
    const before = `{"f:spec":{"f:containers":{"${K_C}":{".":{},"f:env":{".":{},"${K_PATH}":{".":{},"f:name":{},"f:value":{}}},"f:ports":{".":{},"${K_80}":{".":{},"f:containerPort":{},"f:name":{},"f:protocol":{}}}}}}}`;
    const managers: ManagedFields = new Map([['A', { set: decodeFieldsV1(before.replace(/\\\\/g, '\\')), apiVersion: 'v1', applied: true }]]);
    const out = update(ctx, live, pod([PATH('a'), PATH('c')], [port('p'), port('r')]), 'v1', managers, 'B');
    if (!out.ok) throw out.error;
    expect(containerFields(out.managers)).toEqual({
      A: `{"${K_C}":{".":{},"f:env":{".":{},"${K_PATH}":{"f:name":{},"f:value":{}}},"f:ports":{".":{},"${K_80}":{"f:containerPort":{},"f:name":{},"f:protocol":{}}}}}`,
      B: `{"${K_C}":{"f:env":{"${K_PATH}":{}},"f:ports":{"${K_80}":{}}}}`,
    });
  });
});
