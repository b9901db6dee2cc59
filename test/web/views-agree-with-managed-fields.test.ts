/**
 * Generated sequences of writes to one Deployment (applies and merge patches by several managers,
 * some forced, some to /status, and at times a burst of eleven updaters that the API server caps
 * into `ancient-changes`), run as a playground session in cluster mode. At every position, what the
 * views say is checked against the stored object's own `metadata.managedFields`, decoded here:
 *
 * - the playground's entries are the stored entries, in order, with their operation, apiVersion,
 *   subresource, time and field count, and no two of them carry the same name;
 * - each line's owners (the playground's row, blame's line, explain's answer for its path) are
 *   the entries whose FieldsV1 holds the line's field or list item, or an atomic ancestor of it
 *   (the Deployment's selector, a container's args), and the row says it changed exactly when
 *   those entries are not the ones of the position before;
 * - every path an entry holds is shown: on a line with that entry among its owners, or under an
 *   owned field blame lists as not in the object;
 * - a 409's mark on a line names exactly the entries its causes name for that field, in order,
 *   each as the line's owners name it.
 *
 * Deterministic: a fixed seed (SSA_SIM_SEED overrides it) and SSA_SIM_VIEW_RUNS sequences
 * (default 25); a failure prints the seed and the scenario.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { printManager } from '../../src/apiserver/conflict-status.js';
import { buildIdentifier } from '../../src/apiserver/managed-fields.js';
import type { ClusterState } from '../../src/apiserver/types.js';
import { decodeFieldsV1Value } from '../../src/fieldpath/fieldsv1-decode.js';
import type { Path } from '../../src/fieldpath/path-element.js';
import { pathToString } from '../../src/fieldpath/path-string.js';
import type { FieldSet } from '../../src/fieldpath/set.js';
import { absentFields, blameLines } from '../../src/scenarios/blame.js';
import { pathOwnership } from '../../src/scenarios/explain-path.js';
import { getKey, isList, isMap, type Value, type ValueMap } from '../../src/value/value.js';
import { pageModel } from '../../src/web/page-model.js';
import { libraryEnvironment } from '../../src/web/scenario-library.js';
import { lastReachable, runSessionTo, snapshotAtPosition, startSession } from '../../src/web/session.js';
import { libraryFromDisk } from './library.js';

const SEED = Number(process.env.SSA_SIM_SEED ?? 20261128);
const RUNS = Number(process.env.SSA_SIM_VIEW_RUNS ?? 25);
const files = libraryFromDisk();
const FILE = 'scenarios/generated-views.yaml';

const meta = { name: 'web', namespace: 'default' };
const target = { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name: 'web' };

const container = fc.record(
  {
    name: fc.constantFrom('web', 'side'),
    image: fc.constantFrom('nginx:1', 'nginx:2'),
    args: fc.constantFrom(['-a'], ['-b', '-c']),
    env: fc.constantFrom([{ name: 'E', value: '1' }], [{ name: 'E', value: '2' }], [{ name: 'F', value: '1' }]),
  },
  { requiredKeys: ['name'] },
);
const containers = fc.uniqueArray(container, { minLength: 1, maxLength: 2, selector: (c) => c.name });

/** A Deployment as an applier sends it: some of the fields (the first apply has them all). */
const applied = (full: boolean) =>
  fc
    .record(
      {
        replicas: fc.constantFrom(1, 2, 3),
        label: fc.constantFrom('1', '2'),
        containers,
      },
      { requiredKeys: full ? ['containers'] : [] },
    )
    .map(({ replicas, label, containers: cs }) => {
      const labels = { app: 'web', ...(label !== undefined ? { x: label } : {}) };
      const spec: Record<string, unknown> = {};
      if (replicas !== undefined) spec.replicas = replicas;
      if (full || cs !== undefined) {
        spec.selector = { matchLabels: { app: 'web' } };
        spec.template = { metadata: { labels: { app: 'web' } }, spec: { containers: (cs ?? []).map((c) => (full ? { image: 'nginx:1', ...c } : c)) } };
      }
      return { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { ...meta, ...(label !== undefined || full ? { labels } : {}) }, spec };
    });

const appliers = fc.constantFrom('a', 'b', 'c');
/** Appliers that also update (two entries of one manager), and enough others to reach the API server's cap. */
const updaters = fc.oneof(fc.constantFrom('a', 'b'), fc.constantFrom('u0', 'u1', 'u2', 'u3', 'u4', 'u5', 'u6', 'u7', 'u8', 'u9', 'u10', 'u11'));

const step = fc.oneof(
  { weight: 4, arbitrary: fc.record({ manager: appliers, body: applied(false), force: fc.boolean() }).map(({ manager, body, force }) => ({ title: `${manager} applies`, request: { verb: 'apply', body, options: { fieldManager: manager, ...(force ? { force: true } : {}) } } })) },
  {
    weight: 4,
    arbitrary: fc
      .record({
        manager: updaters,
        patch: fc.oneof(
          fc.constantFrom(1, 2, 4).map((n) => ({ spec: { replicas: n } })),
          fc.constantFrom('1', '3').map((v) => ({ metadata: { labels: { x: v, y: v } } })),
          containers.map((cs) => ({ spec: { template: { spec: { containers: cs.map((c) => ({ image: 'nginx:3', ...c })) } } } })),
        ),
      })
      .map(({ manager, patch }) => ({ title: `${manager} patches`, request: { verb: 'patch', target, patchType: 'merge', patch, options: { fieldManager: manager } } })),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({ manager: fc.constantFrom('a', 'ctl'), n: fc.constantFrom(1, 2), apply: fc.boolean() })
      .map(({ manager, n, apply }) =>
        apply
          ? { title: `${manager} applies status`, request: { verb: 'apply', body: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: meta, status: { replicas: n, readyReplicas: n } }, options: { fieldManager: manager, force: true, subresource: 'status' } } }
          : { title: `${manager} patches status`, request: { verb: 'patch', target, patchType: 'merge', patch: { status: { observedGeneration: n, availableReplicas: n } }, options: { fieldManager: manager, subresource: 'status' } } },
      ),
  },
);

/** Eleven updaters, each patching a label of its own: more Update entries than the API server keeps (it merges the oldest into ancient-changes). */
const burst = fc.constant(
  Array.from({ length: 11 }, (_, i) => ({ title: `w${i} patches`, request: { verb: 'patch', target, patchType: 'merge', patch: { metadata: { labels: { [`w${i}`]: '1' } } }, options: { fieldManager: `w${i}` } } })),
);

const scenarioArb = fc.tuple(applied(true), fc.array(step, { minLength: 1, maxLength: 14 }), fc.option(burst, { freq: 3 }), fc.nat()).map(([first, steps, extra, at]) => {
  const rest = extra === null ? steps : [...steps.slice(0, at % (steps.length + 1)), ...extra, ...steps.slice(at % (steps.length + 1))];
  return {
  name: 'generated',
  description: 'generated writes to one Deployment',
  clock: { start: '2024-03-01T12:00:00Z', tick: '1m' },
  steps: [{ title: 'a creates it', request: { verb: 'apply', body: first, options: { fieldManager: 'a' } } }, ...rest],
  };
});

const key = (p: Path) => p.map((pe) => pe.id).join('\u0000');
const isPrefix = (q: Path, p: Path) => q.length <= p.length && q.every((pe, i) => pe.id === p[i].id);

/** The Deployment's nodes its schema owns whole, among those the sequences write. */
function atomic(q: Path): boolean {
  const s = pathToString(q);
  return s === '.spec.selector' || /^\.spec\.template\.spec\.containers\[name="[^"]*"\]\.args$/.test(s);
}

/** The entries (by index) owning `p`: their set holds it, or an atomic proper prefix of it. */
function expectedOwners(sets: readonly FieldSet[], p: Path): number[] {
  return sets.flatMap((s, i) => (s.has(p) || p.some((_, n) => n > 0 && atomic(p.slice(0, n)) && s.has(p.slice(0, n))) ? [i] : []));
}

function storedDeployment(state: unknown): Value | undefined {
  const cluster = (state as { cluster: ClusterState }).cluster;
  return [...cluster.objects.values()].find((o) => o.kind === 'Deployment') as Value | undefined;
}

function check(text: string): void {
  let s = startSession(text, FILE, libraryEnvironment(files, FILE));
  expect(s.scenario, JSON.stringify(s.problem)).toBeDefined();
  s = runSessionTo(s, s.scenario!.steps.length);
  /** The previous position's owners per line path, as the stored entries' identifiers. */
  let previous: Map<string, string> | undefined;
  for (let pos = 0; pos <= lastReachable(s); pos++) {
    const at = `position ${pos}`;
    const snap = snapshotAtPosition(s, pos)!;
    const stored = storedDeployment(snap.state);
    if (stored === undefined) {
      previous = new Map();
      continue;
    }
    const view = snap.objects.find((o) => o.ref?.kind === 'Deployment')!;
    const model = pageModel(s, pos, { preferredObject: view.display });
    const object = model.object!;
    expect(object.display).toBe(view.display);

    // The entries: the stored ones, in order, each named apart from the others.
    const metadata = isMap(stored) ? getKey(stored, 'metadata') : undefined;
    const raw = (isMap(metadata) ? getKey(metadata, 'managedFields') : undefined) as ValueMap[];
    expect(isList(raw)).toBe(true);
    const sets = raw.map((e) => decodeFieldsV1Value(getKey(e, 'fieldsV1') ?? null));
    const field = (e: Value, k: string) => (isMap(e) ? (getKey(e, k) as string | undefined) : undefined);
    expect(
      object.entries.map((e) => [e.operation, e.apiVersion, e.subresource, e.time, e.fieldCount]),
      `${at}: entries`,
    ).toEqual(raw.map((e, i) => [field(e, 'operation'), field(e, 'apiVersion'), field(e, 'subresource') ?? '', field(e, 'time'), sets[i].size()]));
    expect(object.entries.map((e) => e.tag.manager)).toEqual(raw.map((e) => field(e, 'manager')));
    const labels = object.entries.map((e) => e.tag.label);
    expect(new Set(labels).size, `${at}: entry names ${labels.join(', ')}`).toBe(labels.length);

    // Each line's owners, as the row, blame and explain give them.
    const type = view.type.get();
    const lines = blameLines(view.object, view.owners, type);
    expect(object.rows.map((r) => r.text)).toEqual(lines.map((l) => l.text));
    const ids = raw.map((e) => buildIdentifier({ manager: field(e, 'manager') ?? '', operation: field(e, 'operation') as 'Apply', apiVersion: field(e, 'apiVersion') ?? '', subresource: field(e, 'subresource') ?? '' }));
    const current = new Map<string, string>();
    const shown = new Map<string, Set<number>>();
    const note = (p: Path, owners: readonly number[]) => {
      const k = key(p);
      if (!shown.has(k)) shown.set(k, new Set());
      for (const i of owners) shown.get(k)!.add(i);
    };
    lines.forEach((l, n) => {
      if (l.at === undefined) return;
      const own = expectedOwners(sets, l.at);
      const item = l.item ? expectedOwners(sets, l.item.at) : [];
      const all = raw.flatMap((_, i) => (own.includes(i) || item.includes(i) ? [i] : []));
      const where = `${at}: ${l.path}`;
      expect(l.fieldOwners.map((e) => view.owners.indexOf(e)), `${where}: blame`).toEqual(own);
      expect(object.rows[n].owners.map((t) => t.label), `${where}: row`).toEqual(all.map((i) => labels[i]));
      // Changed: its owners are other entries than at the position before (a line new at this step, if owned).
      const owners = all.map((i) => ids[i]).join('\n');
      current.set(l.path!, owners);
      const was = previous?.get(l.path!);
      expect(object.rows[n].changed, `${where}: changed (owners before: ${was})`).toBe(pos > 0 && was !== owners && !(owners === '' && was === undefined));
      const x = pathOwnership(view.object, view.owners, l.at, type);
      const explained = [...x.owners, ...x.viaAtomic.map((v) => v.owner)].map((e) => view.owners.indexOf(e)).sort((p, q) => p - q);
      expect(explained, `${where}: explain`).toEqual(own);
      note(l.at, own);
      if (l.item) note(l.item.at, item);
    });

    // Every owned path is shown with its owner, in the object or under a field it lacks.
    const absent = absentFields(view.object, view.owners);
    sets.forEach((set, i) =>
      set.iterate((p) => {
        const onLine = shown.get(key(p))?.has(i) ?? false;
        const lacking = absent.some((a) => isPrefix(a.at, p) && a.owners.includes(view.owners[i]));
        expect(onLine || lacking, `${at}: ${labels[i]} owns ${pathToString(p)}`).toBe(true);
      }),
    );

    previous = current;

    // A 409's marks name the entries its causes name.
    const rec = pos > 0 ? s.steps[pos - 1] : undefined;
    const response = rec?.result.response;
    if (response?.code !== 409) continue;
    const details = isMap(response.body) ? getKey(response.body, 'details') : undefined;
    const causes = ((isMap(details) ? getKey(details, 'causes') : undefined) ?? []) as { message: string; field: string }[];
    const named = (message: string) => ids.findIndex((id) => `conflict with ${printManager(id)}` === message);
    const byField = new Map<string, string[]>();
    for (const c of causes) {
      const i = named(c.message);
      expect(i, `${at}: the entry of ${c.message}`).toBeGreaterThanOrEqual(0);
      const list = byField.get(c.field) ?? [];
      if (!list.includes(labels[i])) list.push(labels[i]);
      byField.set(c.field, list);
    }
    for (const [path, names] of byField) {
      const row = object.rows.find((r) => r.path === path);
      if (row === undefined) continue;
      expect(row.mark, `${at}: the mark on ${path}`).toEqual({ kind: 'conflict', text: `409: conflicts with ${names.join(', ')}` });
    }
  }
}

describe('the views say what the stored managedFields say', () => {
  it(`${RUNS} generated write sequences from seed ${SEED}`, { timeout: 600_000 }, () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const text = JSON.stringify(scenario, null, 1);
        try {
          check(text);
        } catch (err) {
          throw new Error(`seed ${SEED}; scenario:\n${text}\n${(err as Error).message}`);
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: process.env.CI === 'true' },
    );
  });
});
