/**
 * What decided an apply besides the engine's plain rules, as the layers below reported it: the
 * conflicts the API server forgave under its last-applied exception (apiserver-semantics §2.8),
 * and kubectl's migration of client-side-apply ownership (§5.2 step 3). `preview`, `run` and the
 * playground all read these facts from here, in text and in their JSON reports (docs/reports.md).
 */
import type { ActorOutcome, RequestRecord } from '../actors/actor.js';
import { causeNamesEntry, type StatusConflict, statusConflicts, subresourceOfCause, updateApiVersionOfCause } from '../apiserver/conflict-status.js';

export { type StatusConflict, statusConflicts };
import type { Value } from '../value/value.js';
import { objectRefDisplay } from './object-views.js';
import type { ObjectView } from './run-types.js';
import { resolvePathString, valueAtPath } from './value-at-path.js';

/** One conflicting field: who owns it (the entry), where, and the two values. */
export interface ConflictEntry {
  readonly object: string;
  readonly manager: string;
  readonly operation: 'Apply' | 'Update';
  /** The entry's apiVersion (null when no entry of the live object matches the cause). */
  readonly apiVersion: string | null;
  /** '' for the main resource. */
  readonly subresource: string;
  readonly path: string;
  /** The live value at the path (null when the live object has nothing there). */
  readonly liveValue: Value | null;
  /** The value the request applies there (null when it has nothing there). */
  readonly appliedValue: Value | null;
}

/** kubectl's migration of client-side-apply ownership, for one object. */
export interface MigrationEntry {
  readonly object: string;
  /** The managers whose Update entries were folded into `to`'s Apply entry. */
  readonly from: readonly string[];
  readonly to: string;
  readonly dryRun: boolean;
}

export interface ApplyFacts {
  /** Conflicts the API server did not report (manager `kubectl`; live values equal last-applied). */
  readonly forgivenConflicts: readonly ConflictEntry[];
  readonly migrations: readonly MigrationEntry[];
}

type Target = RequestRecord['target'];

function viewOf(objects: readonly ObjectView[], t: Target): ObjectView | undefined {
  return objects.find((o) => o.ref && o.ref.kind === t.kind && o.ref.name === t.name && (o.ref.namespace ?? '') === (t.namespace ?? ''));
}

function valueAt(object: Value | undefined, path: string): Value | null {
  if (object === undefined) return null;
  const p = resolvePathString(object, path);
  return p ? (valueAtPath(object, p) ?? null) : null;
}

/**
 * A conflict of a request (a 409's, or a forgiven one) with the live entry it names and both
 * values; `before` are the objects as they were before the action, `applied` what was applied.
 */
export function conflictEntry(conflict: StatusConflict, target: Target, before: readonly ObjectView[], applied: Value | undefined): ConflictEntry {
  const view = viewOf(before, target);
  const { manager } = conflict;
  const subresource = subresourceOfCause(conflict.message);
  const updateVersion = updateApiVersionOfCause(conflict.message);
  const operation = updateVersion === undefined ? 'Apply' : 'Update';
  const entry = view?.owners.find((e) => causeNamesEntry(conflict.message, e));
  return {
    object: view?.display ?? objectRefDisplay(target),
    manager,
    operation,
    apiVersion: updateVersion ?? entry?.apiVersion ?? null,
    subresource,
    path: conflict.path,
    // The 409 names the path at the entry's version: an entry of another one reads both values there.
    liveValue: valueAt(view && entry?.toOwnVersion ? entry.toOwnVersion(view.object) : view?.object, conflict.path),
    appliedValue: valueAt(applied !== undefined && entry?.toOwnVersion ? entry.toOwnVersion(applied) : applied, conflict.path),
  };
}

type FactSource = Pick<RequestRecord, 'target' | 'body' | 'forgivenConflicts'>;

/** The request's body when it is an object (an applied configuration), else undefined. */
function appliedBody(r: FactSource): Value | undefined {
  return r.body !== null && typeof r.body === 'object' && !Array.isArray(r.body) ? r.body : undefined;
}

/** The facts an action's requests and outcome report; each forgiven conflict once. */
export function applyFacts(
  outcome: { readonly requests: readonly FactSource[]; readonly migrations?: ActorOutcome['migrations'] },
  before: readonly ObjectView[],
): ApplyFacts {
  const forgiven: ConflictEntry[] = [];
  const seen = new Set<string>();
  for (const r of outcome.requests) {
    for (const conflict of statusConflicts({ causes: r.forgivenConflicts })) {
      const e = conflictEntry(conflict, r.target, before, appliedBody(r));
      const key = JSON.stringify([e.object, conflict.message, e.path]);
      if (seen.has(key)) continue;
      seen.add(key);
      forgiven.push(e);
    }
  }
  const migrations = (outcome.migrations ?? []).map((m) => ({ object: objectRefDisplay(m.target), from: [...m.from], to: m.to, dryRun: m.dryRun }));
  return { forgivenConflicts: forgiven, migrations };
}

const quote = (s: string) => JSON.stringify(s);

function names(managers: readonly string[]): string {
  const q = managers.map(quote);
  return q.length <= 1 ? q.join('') : `${q.slice(0, -1).join(', ')} and ${q[q.length - 1]}`;
}

/** How a forgiven conflict names its owner, as the 409 would have: `"m" using apps/v1`. */
function ownerText(e: ConflictEntry): string {
  let out = quote(e.manager);
  if (e.subresource) out += ` with subresource ${quote(e.subresource)}`;
  if (e.operation === 'Update') out += ` using ${e.apiVersion ?? ''}`;
  return out;
}

/**
 * The facts in words: per object and owner, one line saying how many conflicts the API server did
 * not report and why, followed by their paths (`  - .path`); per migration, one line.
 * `succeeded`: whether the action's apply went through (forgiven conflicts were then taken as
 * with force; otherwise the 409 named only the others).
 */
export function applyFactLines(facts: ApplyFacts, succeeded: boolean): string[] {
  const lines: string[] = [];
  const groups = new Map<string, ConflictEntry[]>();
  for (const e of facts.forgivenConflicts) {
    const key = `${e.object}\u0000${ownerText(e)}`;
    const g = groups.get(key);
    if (g) g.push(e);
    else groups.set(key, [e]);
  }
  for (const g of groups.values()) {
    const n = g.length;
    const consequence = succeeded ? 'so "kubectl" took them as if forced' : 'so the 409 names only the other conflicts';
    lines.push(
      `last-applied exception: the API server did not report ${n} conflict${n === 1 ? '' : 's'} with ${ownerText(g[0])} on ${g[0].object}: ` +
        `the live value${n === 1 ? '' : 's'} still equal${n === 1 ? 's' : ''} the kubectl.kubernetes.io/last-applied-configuration annotation and the field manager is "kubectl" (the only one it forgives), ${consequence}:`,
    );
    for (const e of g) lines.push(`  - ${e.path}`);
  }
  for (const m of facts.migrations) {
    const entries = m.from.length === 1 ? 'the Update entry' : 'the Update entries';
    lines.push(
      `client-side apply migration: kubectl${m.dryRun ? ' (dry run)' : ''} moved ${entries} of ${names(m.from)} on ${m.object} into the Apply entry of ${quote(m.to)} after the apply, and applied again ` +
        `(kubectl apply --server-side does this for any field manager; other clients do not)`,
    );
  }
  return lines;
}
