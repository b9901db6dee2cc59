import { SsaError } from '../errors/ssa-error.js';
import { FieldSet } from '../fieldpath/set.js';
import { type Comparison, compare } from '../typed/compare.js';
import { formatIssues } from '../typed/issues.js';
import type { WalkMemo } from '../typed/walk-memo.js';
import type { Value } from '../value/value.js';
import { type Conflict, ConflictError, conflictsFromSets } from './conflict.js';
import { atomAt, convertTo, type EngineContext, withoutIgnored } from './context.js';
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
  const atVersion = new Map<string, { changed: FieldSet; removed: FieldSet } | undefined>();
  let failure: SsaError | undefined;
  // The comparison at a manager's version: the objects converted there (undefined when that
  // version no longer exists: its managers are dropped; a comparison that fails there fails the
  // operation).
  const comparisonAt = (v: string) => {
    if (atVersion.has(v)) return atVersion.get(v);
    let c = raw.comparison;
    if (ctx.versions && v !== apiVersion) {
      const atom = atomAt(ctx, v);
      const there = atom && compare(convertTo(ctx, live, apiVersion, v), convertTo(ctx, next, apiVersion, v), atom, memo);
      if (!there || !there.ok) {
        if (there) failure ??= new SsaError('MERGE', `failed to compare objects: ${formatIssues(there.issues)}`);
        atVersion.set(v, undefined);
        return undefined;
      }
      c = there.comparison;
    }
    const out = { changed: withoutIgnored(ctx, v, c.modified.union(c.added)), removed: withoutIgnored(ctx, v, c.removed) };
    atVersion.set(v, out);
    return out;
  };

  const conflicts = new Map<string, FieldSet>();
  for (const [name, entry] of managers) {
    if (name === writer) continue;
    const at = comparisonAt(entry.apiVersion);
    const overlap = at ? entry.set.intersection(at.changed) : FieldSet.empty();
    if (!overlap.isEmpty()) conflicts.set(name, overlap);
  }
  if (failure) return { ok: false, error: failure, conflicts: [] };
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
    const at = comparisonAt(entry.apiVersion);
    if (!at) continue;
    let set = entry.set;
    const lost = conflicts.get(name);
    if (lost) set = set.difference(lost);
    set = set.difference(at.removed);
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
