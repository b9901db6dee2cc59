import type { FieldSet } from '../fieldpath/set.js';
import { ensureNamedFieldsAreMembers } from '../typed/ensure-named-fields.js';
import { removeItems } from '../typed/remove-items.js';
import { toFieldSet } from '../typed/to-field-set.js';
import type { WalkMemo } from '../typed/walk-memo.js';
import type { Value } from '../value/value.js';
import type { EngineContext } from './context.js';
import type { ManagedFields, ManagerEntry } from './managers.js';

/**
 * Removes from `merged` what the applier applied last time (`last`), no longer applies, and
 * nobody else owns (engine-semantics §5.4). `managers` already holds the applier's new set.
 *
 * Three passes: remove everything in the last applied set; add back whatever any manager owns
 * (the last applied version's owners first); add back what was removed only collaterally, so
 * that only paths from the last applied set can disappear. `memo` holds what the operation's walkers read once.
 */
export function prune(ctx: EngineContext, merged: Value, managers: ManagedFields, last: ManagerEntry | undefined, memo: WalkMemo): Value {
  if (!last || last.set.isEmpty()) return merged;
  const atom = ctx.atom;
  const named = (s: FieldSet) => ensureNamedFieldsAreMembers(s, atom);
  const lastSet = named(last.set);

  let pruned = removeItems(merged, lastSet, atom, memo);

  const mergedSet = named(toFieldSet(merged, atom, memo));
  for (const owned of ownedByVersion(managers, last.apiVersion)) {
    const keep = named(toFieldSet(pruned, atom, memo)).union(named(owned));
    pruned = removeItems(merged, mergedSet.difference(keep), atom, memo);
  }

  const gone = mergedSet.difference(named(toFieldSet(pruned, atom, memo)));
  return removeItems(merged, gone.intersection(lastSet), atom, memo);
}

/** Union of all managers' sets per API version, `first` version first, then in order of appearance. */
function ownedByVersion(managers: ManagedFields, first: string): FieldSet[] {
  const byVersion = new Map<string, FieldSet>();
  for (const e of managers.values()) {
    const prev = byVersion.get(e.apiVersion);
    byVersion.set(e.apiVersion, prev ? prev.union(e.set) : e.set);
  }
  const out: FieldSet[] = [];
  const firstSet = byVersion.get(first);
  if (firstSet) out.push(firstSet);
  for (const [v, s] of byVersion) if (v !== first) out.push(s);
  return out;
}
