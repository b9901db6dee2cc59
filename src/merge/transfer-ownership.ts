import { SsaError } from '../errors/ssa-error.js';
import type { FieldSet } from '../fieldpath/set.js';
import { type Comparison, compare } from '../typed/compare.js';
import { formatIssues } from '../typed/issues.js';
import type { WalkMemo } from '../typed/walk-memo.js';
import type { Value } from '../value/value.js';
import { type Conflict, ConflictError, conflictsFromSets } from './conflict.js';
import { type EngineContext, withoutIgnored } from './context.js';
import { type ManagedFields, type ManagerEntry, withoutEmptyManagers } from './managers.js';

export type TransferResult =
  | { ok: true; managers: ManagedFields; comparison: Comparison }
  | { ok: false; error: SsaError; conflicts: readonly Conflict[] };

/**
 * The step shared by apply and update (engine-semantics §5.1): compare the live object with the
 * new one; every other manager that owns a modified or added path conflicts; unless forced, any
 * conflict fails the request. Otherwise the others lose those paths and every removed path, and
 * managers left with nothing are dropped. The writer's own entry is left to the caller. `memo`
 * holds what the operation's walkers read once.
 */
export function transferOwnership(
  ctx: EngineContext,
  live: Value,
  next: Value,
  apiVersion: string,
  managers: ManagedFields,
  writer: string,
  force: boolean,
  memo: WalkMemo,
): TransferResult {
  const raw = compare(live, next, ctx.atom, memo);
  if (!raw.ok) {
    return { ok: false, error: new SsaError('MERGE', `failed to compare objects: ${formatIssues(raw.issues)}`), conflicts: [] };
  }
  const atVersion = new Map<string, { changed: FieldSet; removed: FieldSet }>();
  const comparisonAt = (v: string) => {
    let c = atVersion.get(v);
    if (!c) {
      const removed = withoutIgnored(ctx, v, raw.comparison.removed);
      const changed = withoutIgnored(ctx, v, raw.comparison.modified.union(raw.comparison.added));
      atVersion.set(v, (c = { changed, removed }));
    }
    return c;
  };

  const conflicts = new Map<string, FieldSet>();
  for (const [name, entry] of managers) {
    if (name === writer) continue;
    const overlap = entry.set.intersection(comparisonAt(entry.apiVersion).changed);
    if (!overlap.isEmpty()) conflicts.set(name, overlap);
  }
  if (!force && conflicts.size > 0) {
    const list = conflictsFromSets(conflicts);
    return { ok: false, error: new ConflictError(list), conflicts: list };
  }

  const out = new Map<string, ManagerEntry>();
  for (const [name, entry] of managers) {
    if (name === writer) {
      out.set(name, entry);
      continue;
    }
    let set = entry.set;
    const lost = conflicts.get(name);
    if (lost) set = set.difference(lost);
    set = set.difference(comparisonAt(entry.apiVersion).removed);
    out.set(name, set === entry.set ? entry : { ...entry, set });
  }
  const c = raw.comparison;
  const comparison: Comparison = {
    removed: withoutIgnored(ctx, apiVersion, c.removed),
    modified: withoutIgnored(ctx, apiVersion, c.modified),
    added: withoutIgnored(ctx, apiVersion, c.added),
  };
  return { ok: true, managers: withoutEmptyManagers(out), comparison };
}
