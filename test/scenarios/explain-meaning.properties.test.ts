/**
 * What `explain` says about the next apply (its "what this means" lines) is what the API server
 * then does: over random ConfigMaps (data keys with dots, slashes and quotes; some owned keys
 * missing from the object) and random entries (Apply and Update, two managers, one manager with
 * both), each claim about a data key is put to the offline API server as the apply it describes:
 *
 * - "an apply by any other manager that sets a different value conflicts with X": zed applies a
 *   different value: 409, the conflicting managers are X;
 * - "... whoever applies: an apply as X too": X applies a different value: 409 as well;
 * - "one that sets the same value becomes a co-owner": zed applies the live value: no 409, and
 *   zed owns the key afterwards, with X;
 * - "whatever the value: the object does not have it": zed sets it: 409;
 * - "nobody owns it ... an apply that sets it takes it without a conflict": zed applies a
 *   different value: no 409, and zed alone owns it;
 * - "if X stops applying it, the next apply by X removes it": X applies its own fields without
 *   it: the key is gone.
 *
 * Fixed seed; fast-check prints the seed and the counterexample on failure.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../src/apiserver/types.js';
import { fieldElement } from '../../src/fieldpath/path-element.js';
import { encodeFieldsV1 } from '../../src/fieldpath/fieldsv1-encode.js';
import { FieldSet } from '../../src/fieldpath/set.js';
import { loadSchemaSources } from '../../src/schema/catalog.js';
import { meaningLines } from '../../src/scenarios/explain-meaning.js';
import { pathOwnership } from '../../src/scenarios/explain-path.js';
import { locatePath } from '../../src/scenarios/locate-path.js';
import { offlineApply } from '../../src/scenarios/offline-apply.js';
import { ownersOfPath } from '../../src/typed/owners-of-path.js';
import { withoutManagedFields } from '../../src/scenarios/blame.js';
import { ownersFromObject } from '../../src/scenarios/owners.js';
import { createCluster, objectType } from '../../src/apiserver/index.js';
import type { Value } from '../../src/value/value.js';

const RUNS = Number(process.env.FC_RUNS ?? 150);
const NOW = '2026-01-10T00:00:00Z';
const catalog = loadSchemaSources({ builtin: true });
const cmType = objectType(createCluster({ catalog }), { apiVersion: 'v1', kind: 'ConfigMap' })!;

const KEYS = ['a', 'a.b', 'x/y', 'q"r'];
const IDS = [
  { manager: 'alice', operation: 'Apply' },
  { manager: 'alice', operation: 'Update' },
  { manager: 'bob', operation: 'Update' },
  { manager: 'bob', operation: 'Apply' },
] as const;

const caseArb = fc.record({
  data: fc.uniqueArray(fc.tuple(fc.constantFrom(...KEYS), fc.constantFrom('1', '2')), { selector: ([k]) => k, maxLength: 4 }),
  // Which entry owns which key (bit i: IDS[i]); keys may be owned and absent.
  owned: fc.array(fc.nat(15), { minLength: KEYS.length, maxLength: KEYS.length }),
  key: fc.constantFrom(...KEYS),
});

function liveObject(data: [string, string][], owned: number[]): KubeObject {
  const managedFields = IDS.flatMap((id, i) => {
    const keys = KEYS.filter((_, k) => (owned[k] >> i) & 1);
    if (keys.length === 0) return [];
    const set = FieldSet.fromPaths(keys.map((k) => [fieldElement('data'), fieldElement(k)]));
    return [{ ...id, apiVersion: 'v1', time: '2026-01-01T00:00:00Z', fieldsType: 'FieldsV1', fieldsV1: JSON.parse(encodeFieldsV1(set)) }];
  });
  const d: Record<string, string> = Object.create(null);
  for (const [k, v] of data) d[k] = v;
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'default', managedFields }, data: d } as unknown as KubeObject;
}

function apply(live: KubeObject, manager: string, data: Record<string, string>) {
  const m = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'default' }, data };
  const r = offlineApply({ catalog, live: [live], manifests: [m as never], fieldManager: manager, force: false, clientSide: false, now: NOW });
  const after = r.after.objects.find((o) => o.display === 'configmap/c -n default');
  const path = (key: string) => [fieldElement('data'), fieldElement(key)];
  return {
    conflicted: r.outcome.exitCode !== 0,
    stderr: r.outcome.stderr,
    owners: (key: string) => (after ? [...new Set(ownersOfPath(after.owners, path(key), after.type.get(), after.object).map((o) => o.entry.manager))].sort() : []),
    value: (key: string) => (after?.object as { data?: Record<string, string> } | undefined)?.data?.[key],
  };
}

describe('explain\'s claims about the next apply are what the API server does', () => {
  it('each claim, put to the offline API server', () => {
    fc.assert(
      fc.property(caseArb, ({ data, owned, key }) => {
        const live = liveObject(data, owned);
        const object = withoutManagedFields(live as unknown as Value);
        const owners = ownersFromObject(live as unknown as Value);
        const path = [fieldElement('data'), fieldElement(key)];
        const o = pathOwnership(object, owners, path, cmType);
        const lines = meaningLines({ catalog, live, object, type: cmType, ownership: o, now: NOW }).join('\n');
        const liveValue = Object.fromEntries(data)[key];
        const other = liveValue === '1' ? '2' : '1';
        const appliers = [...new Set(o.owners.filter((e) => e.operation === 'Apply').map((e) => e.manager))];
        const updaters = [...new Set(o.owners.filter((e) => e.operation === 'Update').map((e) => e.manager))];
        const all = [...new Set([...appliers, ...updaters])].sort();

        if (/nobody owns it: /.test(lines)) {
          expect(all, lines).toEqual([]);
          const r = apply(live, 'zed', { [key]: other });
          expect(r.conflicted, `${lines}\n${r.stderr}`).toBe(false);
          expect(r.owners(key)).toEqual(['zed']);
          return;
        }
        if (/whatever the value: the object does not have it/.test(lines)) {
          expect(liveValue).toBeUndefined();
          const r = apply(live, 'zed', { [key]: other });
          expect(r.conflicted, lines).toBe(true);
          for (const m of all) expect(r.stderr, lines).toContain(`"${m}"`);
          return;
        }
        expect(lines).toContain('sets a different value conflicts with');
        // A different value: 409, naming every owner.
        const diff = apply(live, 'zed', { [key]: other });
        expect(diff.conflicted, lines).toBe(true);
        for (const m of all) expect(diff.stderr, lines).toContain(`"${m}"`);
        // An Update owner conflicts with an apply under its own name too.
        for (const m of updaters) {
          expect(lines).toContain(`an apply as ${updaters.join(' or ')} too`);
          expect(apply(live, m, { [key]: other }).conflicted, `${m} applies: ${lines}`).toBe(true);
        }
        // The same value: shared.
        const same = apply(live, 'zed', { [key]: liveValue! });
        expect(same.conflicted, `${lines}\n${same.stderr}`).toBe(false);
        expect(same.owners(key)).toContain('zed');
        // Its only applier dropping it removes it.
        const removes = /if (\S+) stops applying it, the next apply by \S+ removes it \(nobody else owns it\)/.exec(lines);
        if (removes) {
          // Its own fields, as its Apply entry names them, but this one.
          const entry = IDS.findIndex((id) => id.manager === removes[1] && id.operation === 'Apply');
          const mine = Object.fromEntries(data.filter(([k]) => k !== key && ((owned[KEYS.indexOf(k)] >> entry) & 1) === 1));
          const r = apply(live, removes[1], mine);
          expect(r.conflicted, r.stderr).toBe(false);
          expect(r.value(key), lines).toBeUndefined();
        }
      }),
      { seed: 777, numRuns: RUNS },
    );
  });
});

/**
 * The same on a Deployment's hard shapes: a set item (a finalizer with dots and a slash), an
 * atomic list (a container's args), a keyed item and its key field with a defaulted key
 * (ports[containerPort,protocol]), and status owned through /status. Entries own random subsets
 * of those paths; each claim is run as the apply it describes.
 */
const DEPLOYMENT_PATHS = {
  finalizer: '.metadata.finalizers[="example.com/a.b"]',
  args: '.spec.template.spec.containers[name="app"].args',
  item: '.spec.template.spec.containers[name="app"]',
  port: '.spec.template.spec.containers[name="app"].ports[containerPort=80,protocol="TCP"].containerPort',
  status: '.status.replicas',
} as const;
type Shape = keyof typeof DEPLOYMENT_PATHS;

const DEPLOYMENT_FIELDS: Record<Shape, unknown> = {
  finalizer: { 'f:metadata': { 'f:finalizers': { 'v:"example.com/a.b"': {} } } },
  args: { 'f:spec': { 'f:template': { 'f:spec': { 'f:containers': { 'k:{"name":"app"}': { 'f:args': {} } } } } } },
  item: { 'f:spec': { 'f:template': { 'f:spec': { 'f:containers': { 'k:{"name":"app"}': { '.': {} } } } } } },
  port: { 'f:spec': { 'f:template': { 'f:spec': { 'f:containers': { 'k:{"name":"app"}': { 'f:ports': { 'k:{"containerPort":80,"protocol":"TCP"}': { 'f:containerPort': {} } } } } } } } },
  status: { 'f:status': { 'f:replicas': {} } },
};

/** Deep merge of FieldsV1 values. */
function mergeFields(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a };
  for (const k of Object.keys(b)) out[k] = k in out ? mergeFields(out[k] as Record<string, unknown>, b[k] as Record<string, unknown>) : b[k];
  return out;
}

const DEPLOYMENT_IDS = [
  { manager: 'alice', operation: 'Apply', subresource: '' },
  { manager: 'bob', operation: 'Update', subresource: '' },
  { manager: 'kcm', operation: 'Update', subresource: 'status' },
] as const;

function deployment(owned: Record<Shape, number>): KubeObject {
  const managedFields = DEPLOYMENT_IDS.flatMap((id, i) => {
    const shapes = (Object.keys(DEPLOYMENT_PATHS) as Shape[]).filter((s) => (owned[s] >> i) & 1 && (s === 'status') === (id.subresource === 'status'));
    if (shapes.length === 0) return [];
    const fieldsV1 = shapes.reduce<Record<string, unknown>>((acc, s) => mergeFields(acc, DEPLOYMENT_FIELDS[s] as Record<string, unknown>), {});
    return [{ manager: id.manager, operation: id.operation, apiVersion: 'apps/v1', time: '2026-01-01T00:00:00Z', fieldsType: 'FieldsV1', fieldsV1, ...(id.subresource ? { subresource: id.subresource } : {}) }];
  });
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default', finalizers: ['example.com/a.b'], managedFields },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx', args: ['a'], ports: [{ containerPort: 80, protocol: 'TCP' }] }] } },
    },
    status: { replicas: 2 },
  } as unknown as KubeObject;
}

function applyDeployment(live: KubeObject, manager: string, change: Record<string, unknown>) {
  const m = mergeFields({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' } }, change);
  const r = offlineApply({ catalog, live: [live], manifests: [m as never], fieldManager: manager, force: false, clientSide: false, now: NOW });
  const after = r.after.objects.find((o) => o.display === 'deployment.apps/web -n default')!;
  return { conflicted: r.outcome.exitCode !== 0, stderr: r.outcome.stderr, after };
}

const container = (c: Record<string, unknown>) => ({ spec: { template: { spec: { containers: [{ name: 'app', ...c }] } } } });
/** Per shape: an apply that sets another value (or, where there is none, applies the node), and what it must do. */
const PROBES: Record<Shape, { readonly change: Record<string, unknown>; readonly conflictsWithOwners: boolean }> = {
  finalizer: { change: { metadata: { finalizers: ['example.com/a.b'] } }, conflictsWithOwners: false },
  args: { change: container({ args: ['b'] }), conflictsWithOwners: true },
  item: { change: container({}), conflictsWithOwners: false },
  port: { change: container({ ports: [{ containerPort: 81 }] }), conflictsWithOwners: false },
  status: { change: { status: { replicas: 5 } }, conflictsWithOwners: false },
};

describe('explain\'s claims on a Deployment\'s hard shapes are what the API server does', () => {
  const depType = objectType(createCluster({ catalog }), { apiVersion: 'apps/v1', kind: 'Deployment' })!;
  it('no conflict where explain says none, a 409 naming the owners where it says one', () => {
    fc.assert(
      fc.property(fc.record({ finalizer: fc.nat(7), args: fc.nat(7), item: fc.nat(7), port: fc.nat(7), status: fc.nat(7) }), fc.constantFrom(...(Object.keys(DEPLOYMENT_PATHS) as Shape[])), (owned, shape) => {
        const live = deployment(owned);
        const object = withoutManagedFields(live as unknown as Value);
        const owners = ownersFromObject(live as unknown as Value);
        const located = locatePath(object, owners, DEPLOYMENT_PATHS[shape])!;
        const o = pathOwnership(object, owners, located, depType);
        const lines = meaningLines({ catalog, live, object, type: depType, ownership: o, now: NOW }).join('\n');
        const names = [...new Set([...o.owners, ...o.viaAtomic.map((v) => v.owner)].map((e) => e.manager))];
        const probe = PROBES[shape];
        const r = applyDeployment(live, 'zed', probe.change);
        // What explain says an apply to the main resource does to the path itself.
        const says409 = /\(HTTP 409\) unless it forces/.test(lines) && !/never owns, changes or conflicts on it/.test(lines) && !/nobody owns it as a whole/.test(lines);
        if (names.length === 0 || !probe.conflictsWithOwners) {
          expect(says409, `${shape}: ${lines}`).toBe(false);
          expect(r.conflicted, `${shape}: ${lines}\n${r.stderr}`).toBe(false);
        } else {
          expect(says409, lines).toBe(true);
          expect(r.conflicted, `${shape}: ${lines}`).toBe(true);
          for (const m of names) expect(r.stderr, lines).toContain(`"${m}"`);
        }
        if (shape === 'status' && names.length > 0) {
          // The main resource neither owns nor changes it.
          expect(lines).toContain('the API server resets .status there');
          expect(ownersOfPath(r.after.owners, located, r.after.type.get(), r.after.object).map((x) => x.entry.manager)).not.toContain('zed');
        }
      }),
      { seed: 4711, numRuns: RUNS },
    );
  });
});
