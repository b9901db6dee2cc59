/**
 * Growth with object size and with the number of managers (issue 15): each family is measured
 * at three sizes and its log-log slope fitted (1 = linear; the goal is at most 1.05).
 *   ConfigMapKeys   a ConfigMap with n keys in `data` (a granular map)
 *   PodContainers   a Pod with n containers (an associative list keyed by name)
 *   Finalizers      an object with n finalizers (a set)
 *   Managers        a ConfigMap whose n keys have n different updaters; a new applier takes one
 *   Platform        no engine code: Object.keys of a plain object of n keys with every value read
 *                   (ObjectKeysAndValues), a Map of n fresh ids (MapOfFreshIds), a Set of n strings
 *                   that exist already (SetOfExistingIds), a sorted copy of n strings (SortedIds),
 *                   and JSON.parse of the ConfigMap family's object (JsonParseMap): the growth of
 *                   the building blocks the families above use, and of reading their input, on the
 *                   machine that runs them; and the same map kept in order, read from a Map
 *                   (MapEntriesRead) and turned into a sorted key array plus a copy of a flat
 *                   entries array (EntriesSortedKeys): the floor of the representation the slope
 *                   goal needs
 * Operations: Validate, Apply (from an empty object), Update (two updaters in turn), as in
 * bench/main.ts; Managers: ApplyOver (one apply over the n managers, with a conflict-free key).
 */
import { applyValidated as apply } from '../src/merge/apply.js';
import type { EngineContext } from '../src/merge/context.js';
import type { ManagedFields } from '../src/merge/managers.js';
import type { EngineOutcome } from '../src/merge/outcome.js';
import { updateValidated as update } from '../src/merge/update.js';
import type { Schema } from '../src/schema/schema.js';
import { validate } from '../src/typed/validate.js';
import type { Value } from '../src/value/value.js';

export const SIZES = [1_000, 10_000, 50_000];
export const MANAGER_COUNTS = [10, 100, 1_000];

const none: ManagedFields = new Map();

function must(o: EngineOutcome): EngineOutcome & { ok: true } {
  if (!o.ok) throw new Error(o.error.message);
  return o;
}

function configMap(n: number, tag = ''): Value {
  const data: Record<string, string> = {};
  for (let i = 0; i < n; i++) data[`key-${i}`] = `value-${i}${tag}`;
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'big' }, data };
}

function pod(n: number, tag = ''): Value {
  const containers = Array.from({ length: n }, (_, i) => ({ name: `c-${i}`, image: `image-${i}${tag}` }));
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'big' }, spec: { containers } };
}

function finalizers(n: number, tag = ''): Value {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'big', finalizers: Array.from({ length: n }, (_, i) => `example.com/f-${i}${tag}`) } };
}

/** The object families: name, root type, and the object of size n (`tag` changes every value). */
export const SHAPES: readonly (readonly [string, string, (n: number, tag?: string) => Value])[] = [
  ['ConfigMapKeys', 'io.k8s.api.core.v1.ConfigMap', configMap],
  ['PodContainers', 'io.k8s.api.core.v1.Pod', pod],
  ['Finalizers', 'io.k8s.api.core.v1.ConfigMap', finalizers],
];

/** Least-squares slope of log(ns) over log(n). */
export function logLogSlope(points: readonly { n: number; ns: number }[]): number {
  const xs = points.map((p) => Math.log(p.n));
  const ys = points.map((p) => Math.log(p.ns));
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i++) {
    num += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  return num / den;
}

export interface ScalingFamily {
  readonly name: string;
  readonly points: { n: number; ns: number }[];
}

/**
 * Measures every family with `measure` (mean ns per call), calling `report` for each case as it
 * goes; returns the families with their points for the slopes. `only` picks families by name
 * (`ConfigMapKeys/Apply`, say); the others are left out.
 */
export function scalingCases(
  schema: Schema,
  measure: (fn: () => void) => number,
  report: (name: string, ns: number) => void,
  only: (family: string) => boolean = () => true,
): ScalingFamily[] {
  const families: ScalingFamily[] = [];
  const family = (name: string) => {
    const f = { name, points: [] as { n: number; ns: number }[] };
    if (only(name)) families.push(f);
    return f;
  };
  const wanted = (f: ScalingFamily) => families.includes(f);
  for (const [label, type, make] of SHAPES) {
    const ctx: EngineContext = { atom: schema.named(type) };
    const validateF = family(`${label}/Validate`);
    const applyF = family(`${label}/Apply`);
    const updateF = family(`${label}/Update`);
    for (const n of SIZES) {
      const obj = make(n);
      const changed = make(n, '-b');
      const problems = validate(obj, ctx.atom);
      if (problems.length > 0) throw new Error(`${label}: ${problems[0].path}: ${problems[0].message}`);
      const record = (f: ScalingFamily, fn: () => void) => {
        if (!wanted(f)) return;
        const ns = measure(fn);
        f.points.push({ n, ns });
        report(`${f.name}/n=${n}`, ns);
      };
      record(validateF, () => validate(obj, ctx.atom));
      record(applyF, () => must(apply(ctx, null, obj, 'v1', none, 'default', false)));
      record(updateF, () => {
        const first = must(update(ctx, null, obj, 'v1', none, 'controller'));
        must(update(ctx, first.object, changed, 'v1', first.managers, 'other'));
      });
    }
  }
  // Many managers: n updaters each own one key; one apply by a new manager over all of them.
  const ctx: EngineContext = { atom: schema.named('io.k8s.api.core.v1.ConfigMap') };
  const managersF = family('Managers/ApplyOver');
  for (const n of wanted(managersF) ? MANAGER_COUNTS : []) {
    let state = { object: null as Value, managers: none };
    for (let i = 0; i < n; i++) {
      const next = configMap(i + 1);
      const o = must(update(ctx, state.object, next, 'v1', state.managers, `updater-${i}`));
      state = { object: o.object, managers: o.managers };
    }
    const config: Value = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'big' }, data: { 'applied-key': 'x' } };
    const ns = measure(() => must(apply(ctx, state.object, config, 'v1', state.managers, 'applier', false)));
    managersF.points.push({ n, ns });
    report(`${managersF.name}/managers=${n}`, ns);
  }
  // The platform's own growth, for comparison with the families above: no engine code, only the
  // two building blocks every operation on a big map or list uses (docs/performance.md).
  const keysF = family('Platform/ObjectKeysAndValues');
  const idsF = family('Platform/MapOfFreshIds');
  const setF = family('Platform/SetOfExistingIds');
  const sortF = family('Platform/SortedIds');
  const parseF = family('Platform/JsonParseMap');
  const mapReadF = family('Platform/MapEntriesRead');
  const entriesF = family('Platform/EntriesSortedKeys');
  for (const n of SIZES) {
    const data = (configMap(n) as { data: Record<string, string> }).data;
    // The same map kept in its order of reading (the representation docs/performance.md
    // proposes): a Map, and a flat array of key, value, key, value, ...
    const asMap = new Map(Object.entries(data));
    const asEntries = Object.entries(data).flat();
    const names = (finalizers(n) as { metadata: { finalizers: string[] } }).metadata.finalizers;
    const text = JSON.stringify(configMap(n));
    const record = (f: ScalingFamily, fn: () => void) => {
      if (!wanted(f)) return;
      const ns = measure(fn);
      f.points.push({ n, ns });
      report(`${f.name}/n=${n}`, ns);
    };
    // Every key of a plain object of n keys (a hash table in V8 beyond about a thousand), and its
    // value checked as validation checks a string.
    record(keysF, () => {
      for (const key of Object.keys(data)) if (typeof data[key] !== 'string') throw new Error(`${key} is not a string`);
    });
    // A Map of n ids made afresh (as each field set and list index makes its ids).
    record(idsF, () => {
      const ids = new Map<string, number>();
      for (let i = 0; i < n; i++) ids.set(`f:key-${i}`, i);
      if (ids.size !== n) throw new Error(`${ids.size} ids of ${n}`);
    });
    // Finding a repeated item in a set of n strings read before, by hashing (the Finalizers
    // family's items), and by sorting a copy (the other way to find repeats or pair two lists).
    record(setF, () => {
      const seen = new Set<string>();
      for (const name of names) seen.add(name);
      if (seen.size !== n) throw new Error(`${seen.size} distinct of ${n}`);
    });
    record(sortF, () => {
      const sorted = names.slice().sort();
      if (sorted.length !== n) throw new Error(`${sorted.length} sorted of ${n}`);
    });
    // Reading the ConfigMap of n keys from its JSON text, as the API server reads a request body.
    record(parseF, () => {
      const object = JSON.parse(text) as { data: Record<string, string> };
      if (object.data[`key-${n - 1}`] === undefined) throw new Error(`key-${n - 1} was not read`);
    });
    // Validation's reading of that map with its entries in a Map (no sort, no lookup by key).
    record(mapReadF, () => {
      for (const [key, value] of asMap) if (typeof value !== 'string') throw new Error(`${key} is not a string`);
    });
    // A field set's members as a sorted array of the keys the entries hold, and a copy of the
    // entries (apply's merged object): the reference's representation.
    record(entriesF, () => {
      const keys = new Array<string>(n);
      for (let i = 0; i < n; i++) keys[i] = asEntries[2 * i];
      keys.sort();
      const copy = asEntries.slice();
      if (keys.length !== n || copy.length !== 2 * n) throw new Error(`${keys.length} keys of ${n}`);
    });
  }
  return families;
}
