import type { FieldSet } from '../fieldpath/set.js';
import { ensureNamedFieldsAreMembers } from '../typed/ensure-named-fields.js';
import { removeItems } from '../typed/remove-items.js';
import { toFieldSet } from '../typed/to-field-set.js';
import type { WalkMemo } from '../typed/walk-memo.js';
import type { Value } from '../value/value.js';
import { atomAt, convertTo, type EngineContext } from './context.js';
import type { ManagedFields, ManagerEntry } from './managers.js';

/**
 * Removes from `merged` what the applier applied last time (`last`), no longer applies, and
 * nobody else owns (engine-semantics §5.4). `managers` already holds the applier's new set;
 * `merged` is at `apiVersion`, the applier's version now.
 *
 * Three passes, at the version of the last applied set (the object converted there): remove
 * everything in the last applied set; add back whatever any manager owns (the last applied
 * version's owners first, each version's owners with the objects converted to it); add back what
 * was removed only collaterally, so that only paths from the last applied set can disappear. The
 * result is converted back to `apiVersion`. `memo` holds what the operation's walkers read once.
 */
export function prune(ctx: EngineContext, merged: Value, managers: ManagedFields, last: ManagerEntry | undefined, memo: WalkMemo, apiVersion: string): Value {
  if (!last || last.set.isEmpty()) return merged;
  const version = last.apiVersion;
  const atom = atomAt(ctx, version);
  if (!atom) return merged; // the last applied version is gone: nothing is pruned
  const named = (s: FieldSet, a = atom) => ensureNamedFieldsAreMembers(s, a);
  const lastSet = named(last.set);
  const atLast = convertTo(ctx, merged, apiVersion, version);

  let pruned = removeItems(atLast, lastSet, atom, memo);

  const mergedSet = named(toFieldSet(atLast, atom, memo));
  for (const [v, owned] of ownedByVersion(managers, version)) {
    const a = atomAt(ctx, v);
    if (!a) continue;
    // Without a converter every version is the last one's object and type.
    const same = v === version || !ctx.versions;
    const mergedV = same ? atLast : convertTo(ctx, atLast, version, v);
    const mergedSetV = same ? mergedSet : named(toFieldSet(mergedV, a, memo), a);
    const prunedV = same ? pruned : convertTo(ctx, pruned, version, v);
    const keep = named(toFieldSet(prunedV, a, memo), a).union(named(owned, a));
    const kept = removeItems(mergedV, mergedSetV.difference(keep), a, memo);
    pruned = same ? kept : convertTo(ctx, kept, v, version);
  }

  const gone = mergedSet.difference(named(toFieldSet(pruned, atom, memo)));
  return convertTo(ctx, removeItems(atLast, gone.intersection(lastSet), atom, memo), version, apiVersion);
}

/** Union of all managers' sets per API version, `first` version first, then in order of appearance. */
function ownedByVersion(managers: ManagedFields, first: string): [string, FieldSet][] {
  const byVersion = new Map<string, FieldSet>();
  for (const e of managers.values()) {
    const prev = byVersion.get(e.apiVersion);
    byVersion.set(e.apiVersion, prev ? prev.union(e.set) : e.set);
  }
  const out: [string, FieldSet][] = [];
  const firstSet = byVersion.get(first);
  if (firstSet) out.push([first, firstSet]);
  for (const [v, s] of byVersion) if (v !== first) out.push([v, s]);
  return out;
}
