/**
 * kube-apiserver 1.32, every feature gate at its default, drops the fields of the off gates from
 * objects other than pods too: each registry strategy's PrepareForCreate and PrepareForUpdate (and,
 * for some kinds, its status strategy's PrepareForUpdate) calls its kind's dropDisabled*Fields, which
 * keeps a field only when the stored object already used it. The pod fields have their own test
 * (drop-disabled-pod-fields.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { Cluster, withExistingObject } from '../../src/apiserver/index.js';
import type { KubeObject } from '../../src/apiserver/index.js';
import { cluster, obj, ok, ref } from './helpers.js';

const NOW = '2024-02-24T15:24:00Z';
const real = () => cluster({ harness: false, now: NOW });

type Plain = Record<string, unknown>;
const plain = (o: KubeObject | undefined): Plain => JSON.parse(JSON.stringify(o ?? null)) as Plain;
const at = (o: KubeObject | undefined, path: readonly string[]): unknown =>
  path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Plain)[k] : undefined), plain(o));

/** A cluster already holding `stored` as it is (written by a server whose gate was on). */
function holding(stored: KubeObject): Cluster {
  const r = withExistingObject(real().state, stored);
  if (!('state' in r)) throw new Error(r.problem);
  return new Cluster(r.state);
}

/**
 * One case per field dropped from the main resource: the object's body with the field (`using`)
 * and without it (`plainBody`), where it is read back, and what a drop leaves there.
 */
interface Case {
  readonly gate: string;
  readonly apiVersion: string;
  readonly kind: string;
  readonly namespaced: boolean;
  readonly using: Plain;
  readonly plainBody: Plain;
  readonly path: readonly string[];
  readonly dropped?: unknown;
}

const labels = { app: 'x' };
const podTemplate = { metadata: { labels }, spec: { containers: [{ name: 'web', image: 'nginx' }] } };
const statefulSet = (rollingUpdate: Plain): Plain => ({
  spec: { selector: { matchLabels: labels }, serviceName: 'x', template: podTemplate, updateStrategy: { type: 'RollingUpdate', rollingUpdate } },
});

const CASES: readonly Case[] = [
  {
    gate: 'MaxUnavailableStatefulSet',
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    namespaced: true,
    using: statefulSet({ partition: 0, maxUnavailable: 2 }),
    plainBody: statefulSet({ partition: 0 }),
    path: ['spec', 'updateStrategy', 'rollingUpdate', 'maxUnavailable'],
  },
];

const objectOf = (c: Case, body: Plain): KubeObject =>
  obj({ apiVersion: c.apiVersion, kind: c.kind, metadata: { name: 'x', ...(c.namespaced ? { namespace: 'default' } : {}) }, ...body });
const refOf = (c: Case) => ref(c.apiVersion, c.kind, 'x', c.namespaced ? 'default' : '');

describe('a create drops the fields of the gates 1.32 has off', () => {
  for (const c of CASES) {
    it(`${c.kind} ${c.path.join('.')} (${c.gate}): dropped by apply and by create`, () => {
      expect(at(ok(real().apply(objectOf(c, c.using), { fieldManager: 'a', target: refOf(c) })), c.path)).toEqual(c.dropped);
      expect(at(ok(real().create(objectOf(c, c.using), { fieldManager: 'c' })), c.path)).toEqual(c.dropped);
    });
  }
});

describe('an update keeps such a field when the stored object used it, and only then', () => {
  for (const c of CASES) {
    it(`${c.kind} ${c.path.join('.')} (${c.gate})`, () => {
      const used = holding(objectOf(c, c.using));
      expect(at(ok(used.apply(objectOf(c, c.using), { fieldManager: 'a', target: refOf(c) })), c.path)).toEqual(at(objectOf(c, c.using), c.path));

      const unused = real();
      ok(unused.apply(objectOf(c, c.plainBody), { fieldManager: 'a', target: refOf(c) }));
      expect(at(ok(unused.apply(objectOf(c, c.using), { fieldManager: 'a', target: refOf(c) })), c.path)).toEqual(c.dropped);
    });
  }
});
