import { FieldSet } from '../fieldpath/set.js';
import { issuesError } from '../typed/issues.js';
import { validate } from '../typed/validate.js';
import { WalkMemo } from '../typed/walk-memo.js';
import type { Value } from '../value/value.js';
import { type EngineContext, withoutIgnored } from './context.js';
import type { ManagedFields, ManagerEntry } from './managers.js';
import { type EngineOutcome, failOnSsaError, failed } from './outcome.js';
import { reconcileManagers } from './reconcile-managers.js';
import { transferOwnership } from './transfer-ownership.js';

/**
 * An update (create, PUT, patch) by `manager` (engine-semantics §5.2). It never conflicts: the
 * paths it modifies or adds move to it from their previous owners. Its own set grows by what it
 * changed or created and loses what it removed; restating a value someone else owns gains nothing.
 */
export function update(
  ctx: EngineContext,
  live: Value,
  next: Value,
  apiVersion: string,
  managers: ManagedFields,
  manager: string,
): EngineOutcome {
  return failOnSsaError(() => {
    const memo = new WalkMemo();
    const issues = validate(next, ctx.atom, { allowDuplicates: true, memo });
    if (issues.length > 0) return failed(issuesError('VALIDATION', 'invalid object: ', issues));
    return updateValidated(ctx, live, next, apiVersion, managers, manager, memo);
  });
}

/**
 * `update` for an object the caller has already validated (duplicate items allowed). `memo` holds
 * what the caller's validation read, for the comparison to share.
 */
export function updateValidated(
  ctx: EngineContext,
  live: Value,
  next: Value,
  apiVersion: string,
  managers: ManagedFields,
  manager: string,
  memo = new WalkMemo(),
): EngineOutcome {
  const reconciled = reconcileManagers(ctx, managers);
  const step = transferOwnership(ctx, live, next, apiVersion, reconciled, manager, true, memo);
  if (!step.ok) return failed(step.error, step.conflicts);

  const { removed, modified, added } = step.comparison;
  const previous = step.managers.get(manager)?.set ?? FieldSet.empty();
  const set = withoutIgnored(ctx, apiVersion, previous.difference(removed).union(modified).union(added));

  const out = new Map<string, ManagerEntry>(step.managers);
  if (set.isEmpty()) out.delete(manager);
  else out.set(manager, { set, apiVersion, applied: false });
  return { ok: true, object: next, managers: out, changed: true };
}
