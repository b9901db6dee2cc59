/**
 * What changed in ownership between two moments, in plain words:
 *
 *   eks took .spec.template.spec.containers[name="aws-node"].image from kubectl-client-side-apply
 *   eks now shares 37 fields with kubectl-client-side-apply
 *   removed .data.old: no manager left
 *
 * Works on owner entries (engine managers or decoded managedFields) and the objects before and
 * after, so the CLI, the scenario runner and the web playground all word it the same way.
 */
import { iterateAlong } from '../fieldpath/iterate-along.js';
import type { Path } from '../fieldpath/path-element.js';
import { pathToString } from '../fieldpath/path-string.js';
import { pathReader } from '../fieldpath/value-at-path.js';
import { FieldSet } from '../fieldpath/set.js';
import type { Atom } from '../schema/schema.js';
import { toFieldSet } from '../typed/to-field-set.js';
import { valueEquals } from '../value/equals.js';
import type { Value } from '../value/value.js';
import { type OwnerEntry, ownerKey, ownerLabeler } from './owners.js';

export type OwnershipChangeKind =
  /** `manager` now owns paths that `other` owned before and no longer does. */
  | 'took'
  /** `manager` now owns paths that `other` owned before and still owns. */
  | 'shares'
  /** `manager` now owns paths nobody owned before. */
  | 'owns'
  /** `manager` stopped owning paths that `other` still owns. */
  | 'gave-up'
  /** `manager` stopped owning paths; nobody owns them now, but they stay in the object, with the values they had. */
  | 'released'
  /**
   * `manager` stopped owning scalar fields; nobody owns them now, and each has another value
   * (pruned, then written again by the API server: a Deployment's replicas comes back as 1).
   */
  | 'released-changed'
  /** Paths owned before that nobody owns now and that left the object. */
  | 'removed'
  /** `manager`'s managedFields entry disappeared: it owns nothing any more. */
  | 'entry-gone';

export interface OwnershipChange {
  readonly kind: OwnershipChangeKind;
  readonly manager?: string;
  readonly other?: string;
  readonly paths: readonly string[];
  /** The same paths as the engine's path elements, in the same order: where views read the values (a printed path can be ambiguous: `.a.b`). */
  readonly at: readonly Path[];
  /**
   * Every field path the line is about: `paths`, and for a line on a topmost path ("removed .x
   * (and 3 fields under it)") the paths under it too. What counts and marks fields use.
   */
  readonly fields: readonly string[];
  readonly text: string;
}

/** How many paths a line lists before it gives a count instead. */
const LIST_LIMIT: Record<OwnershipChangeKind, number> = {
  took: 12,
  shares: 3,
  owns: 3,
  'gave-up': 6,
  released: 6,
  'released-changed': 6,
  removed: 12,
  'entry-gone': 0,
};

interface Group {
  kind: OwnershipChangeKind;
  manager?: string;
  other?: string;
  paths: Path[];
}

export function ownershipChanges(
  before: readonly OwnerEntry[],
  after: readonly OwnerEntry[],
  beforeObject: Value,
  afterObject: Value,
  /** The objects' type: with it, fields nobody owned that left the object are removals too. */
  type?: Atom,
): OwnershipChange[] {
  const label = ownerLabeler([...before, ...after]);
  const beforeByKey = new Map(before.map((e) => [ownerKey(e), e]));
  const afterByKey = new Map(after.map((e) => [ownerKey(e), e]));
  const empty = FieldSet.empty();
  const setOf = (m: Map<string, OwnerEntry>, k: string) => m.get(k)?.set ?? empty;

  const groups = new Map<string, Group>();
  const add = (kind: OwnershipChangeKind, path: Path, manager?: string, other?: string) => {
    const k = `${kind}\u0000${manager ?? ''}\u0000${other ?? ''}`;
    let g = groups.get(k);
    if (!g) groups.set(k, (g = { kind, manager, other, paths: [] }));
    g.paths.push(path);
  };

  const keys = [...new Set([...afterByKey.keys(), ...beforeByKey.keys()])];
  // Gains first, in the order of the entries after the change.
  for (const k of afterByKey.keys()) {
    const gained = setOf(afterByKey, k).difference(setOf(beforeByKey, k));
    const me = label(afterByKey.get(k)!);
    // The others that owned a gained path before, and whether they still do.
    const others = keys.filter((o) => o !== k).map((o) => ({ key: o, set: setOf(beforeByKey, o), also: setOf(afterByKey, o) }));
    iterateAlong(gained, others, (p, hits) => {
      for (const { key: o, also } of hits) add(also ? 'shares' : 'took', p, me, label((beforeByKey.get(o) ?? afterByKey.get(o))!));
      if (hits.length === 0) add('owns', p, me);
    });
  }
  // Losses that nobody gained.
  const afterValue = pathReader(afterObject);
  const beforeValue = pathReader(beforeObject);
  const removed = new Set<string>();
  for (const k of beforeByKey.keys()) {
    const lost = setOf(beforeByKey, k).difference(setOf(afterByKey, k));
    const me = label(beforeByKey.get(k)!);
    // The others that own a lost path now, and whether they owned it before.
    const others = keys.filter((o) => o !== k).map((o) => ({ key: o, set: setOf(afterByKey, o), also: setOf(beforeByKey, o) }));
    iterateAlong(lost, others, (p, holders) => {
      if (holders.some((h) => !h.also)) return; // reported as "took"
      if (holders.length > 0) {
        for (const { key: o } of holders) add('gave-up', p, me, label(afterByKey.get(o)!));
      } else if (afterValue(p) === undefined) {
        const id = p.map((pe) => pe.id).join('\u0000');
        if (!removed.has(id)) {
          removed.add(id);
          add('removed', p);
        }
      } else {
        add(scalarChanged(beforeValue(p), afterValue(p)) ? 'released-changed' : 'released', p, me);
      }
    });
    if (!afterByKey.has(k)) add('entry-gone', [], me);
  }
  // Fields nobody owned that left the object (kubectl's client-side apply deletes what its
  // last-applied annotation named, owned or not): the engine's field sets of the two objects.
  if (type !== undefined && beforeObject !== null && afterObject !== null && beforeObject !== afterObject) {
    const owned = [...before, ...after].reduce((u, e) => u.union(e.set), new FieldSet());
    toFieldSet(beforeObject, type)
      .difference(toFieldSet(afterObject, type))
      .iterate((p) => {
        if (owned.has(p) || afterValue(p) !== undefined) return;
        const id = p.map((pe) => pe.id).join('\u0000');
        if (!removed.has(id)) {
          removed.add(id);
          add('removed', p);
        }
      });
  }

  const order: OwnershipChangeKind[] = ['took', 'shares', 'owns', 'gave-up', 'released', 'released-changed', 'removed', 'entry-gone'];
  const out: OwnershipChange[] = [];
  for (const kind of order) {
    for (const g of groups.values()) {
      if (g.kind !== kind) continue;
      out.push(...render(g, g.paths));
    }
  }
  return out;
}

/**
 * A scalar field whose value is not the one it had. A map's or list's own key says only that it
 * exists: what is in it changes through the fields under it, which have lines of their own.
 */
function scalarChanged(before: Value | undefined, after: Value | undefined): boolean {
  const scalar = (v: Value | undefined) => v === null || (v !== undefined && typeof v !== 'object');
  return scalar(before) && scalar(after) && !valueEquals(before, after);
}

/** Drops paths whose ancestor is also in the list (a removed item's fields go with it). */
function topmost(paths: readonly Path[]): Path[] {
  const ids = new Set(paths.map((p) => p.map((pe) => pe.id).join('\u0000')));
  return paths.filter((p) => {
    for (let n = p.length - 1; n >= 1; n--) if (ids.has(p.slice(0, n).map((pe) => pe.id).join('\u0000'))) return false;
    return true;
  });
}

export function fieldsWord(n: number): string {
  return n === 1 ? '1 field' : `${n} fields`;
}

/**
 * One change in words: `what` names the fields (a path, a list, "2 fields"), `n` how many
 * (for "it" or "them"). Every view that words an ownership change says it this way.
 */
export function changeSentence(kind: Exclude<OwnershipChangeKind, 'entry-gone'>, manager: string, other: string, what: string, n: number): string {
  const them = n === 1 ? 'it' : 'them';
  switch (kind) {
    case 'took':
      return `${manager} took ${what} from ${other}`;
    case 'shares':
      return `${manager} now shares ${what} with ${other}`;
    case 'owns':
      return `${manager} now owns ${what}`;
    case 'gave-up':
      return `${manager} gave up ${what}; ${other} still owns ${them}`;
    case 'released':
      return `${manager} released ${what}: nobody owns ${them} now, but ${n === 1 ? 'it stays' : 'they stay'} in the object`;
    case 'released-changed':
      return `${manager} released ${what}: nobody owns ${them} now, and ${n === 1 ? 'its value' : 'their values'} changed`;
    case 'removed':
      return `removed ${what}: no manager left`;
  }
}

/** The message of an entry that disappeared. */
export function entryGoneSentence(manager: string): string {
  return `${manager} no longer owns any field: its managedFields entry is gone`;
}

function render(g: Group, all: readonly Path[]): OwnershipChange[] {
  const m = g.manager ?? '';
  const o = g.other ?? '';
  if (g.kind === 'entry-gone') return [{ kind: g.kind, manager: g.manager, paths: [], at: [], fields: [], text: entryGoneSentence(m) }];
  const kind = g.kind;
  const paths = all.map(pathToString);
  const topPaths = topmost(all);
  const tops = topPaths.map(pathToString);
  const line = (what: string, n: number, linePaths: string[], at: readonly Path[], fields = linePaths): OwnershipChange => ({
    kind,
    manager: g.manager,
    other: g.other,
    paths: linePaths,
    at,
    fields,
    text: changeSentence(kind, m, o, what, n),
  });
  // Shares and owns: one line, with a count when long. The others: one line per topmost path.
  if (g.kind === 'shares' || g.kind === 'owns') {
    if (paths.length <= LIST_LIMIT[g.kind]) return [line(paths.join(', '), paths.length, paths, all)];
    const under = tops.length <= 3 ? ` (${tops.join(', ')})` : '';
    return [line(`${fieldsWord(paths.length)}${under}`, paths.length, paths, all)];
  }
  const [shown, shownAt] = g.kind === 'took' ? [paths, all] : [tops, topPaths];
  if (shown.length > LIST_LIMIT[g.kind]) return [line(fieldsWord(paths.length), paths.length, paths, all)];
  return shown.map((p, i) => {
    // Under it by path elements: `.a.b` (a key "a.b") prints like a field under `.a` but is its sibling.
    const top = shownAt[i];
    const isBelow = (q: Path) => q.length > top.length && top.every((pe, j) => pe.id === q[j].id);
    const under = g.kind === 'took' ? [] : all.filter(isBelow).map(pathToString);
    return line(under.length > 0 ? `${p} (and ${fieldsWord(under.length)} under it)` : p, 1, [p], [top], [p, ...under]);
  });
}
