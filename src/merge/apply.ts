import { SsaError } from '../errors/ssa-error.js';
import { formatIssues, issuesError } from '../typed/issues.js';
import { merge } from '../typed/merge.js';
import { toFieldSet } from '../typed/to-field-set.js';
import { validate } from '../typed/validate.js';
import { valueEquals } from '../value/equals.js';
import { WalkMemo } from '../typed/walk-memo.js';
import type { Value } from '../value/value.js';
import { type EngineContext, withoutIgnored } from './context.js';
import type { ManagedFields, ManagerEntry } from './managers.js';
import { type EngineOutcome, failOnSsaError, failed } from './outcome.js';
import { prune } from './prune.js';
import { reconcileManagers } from './reconcile-managers.js';
import { transferOwnership } from './transfer-ownership.js';

/**
 * A server-side apply of `config` by `manager` (engine-semantics §5.3): merge the configuration
 * into the live object, record that the applier now owns exactly its configuration's fields,
 * prune what it stopped applying, and check the result against every other owner. Without
 * `force`, changing a field someone else owns fails with the conflicts and changes nothing;
 * with it, the others lose those fields.
 */
export function apply(
  ctx: EngineContext,
  live: Value,
  config: Value,
  apiVersion: string,
  managers: ManagedFields,
  manager: string,
  force: boolean,
): EngineOutcome {
  return failOnSsaError(() => {
    const memo = new WalkMemo();
    const issues = validate(config, ctx.atom, { memo });
    if (issues.length > 0) return failed(issuesError('VALIDATION', 'invalid object: ', issues));
    return applyValidated(ctx, live, config, apiVersion, managers, manager, force, memo);
  });
}

/**
 * `apply` for a configuration the caller has already validated (strictly: no duplicate items).
 * `memo` holds what the caller's validation read, for the walkers here to share.
 */
export function applyValidated(
  ctx: EngineContext,
  live: Value,
  config: Value,
  apiVersion: string,
  managers: ManagedFields,
  manager: string,
  force: boolean,
  memo = new WalkMemo(),
): EngineOutcome {
  const reconciled = reconcileManagers(ctx, managers);
  const merged = merge(live, config, ctx.atom, memo);
  if (!merged.ok) return failed(new SsaError('MERGE', `failed to merge config: ${formatIssues(merged.issues)}`));

  const last = reconciled.get(manager);
  const withApplier = new Map<string, ManagerEntry>(reconciled);
  withApplier.set(manager, { set: withoutIgnored(ctx, apiVersion, toFieldSet(config, ctx.atom, memo)), apiVersion, applied: true });

  const pruned = prune(ctx, merged.value ?? null, withApplier, last, memo, apiVersion);
  const step = transferOwnership(ctx, live, pruned, apiVersion, withApplier, manager, force, memo);
  if (!step.ok) return failed(step.error, step.conflicts);

  const changed = !valueEquals(pruned, live, memo);
  return { ok: true, object: changed ? pruned : live, managers: step.managers, changed };
}
