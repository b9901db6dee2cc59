import { SsaError } from '../errors/ssa-error.js';
import type { Value } from '../value/value.js';
import type { Conflict } from './conflict.js';
import type { ManagedFields } from './managers.js';

/**
 * The result of an apply or update: the new object and managers, or why nothing changed.
 * `changed` is false when the object is deep-equal to the live one (managers may still differ).
 */
export type EngineOutcome =
  | { readonly ok: true; readonly object: Value; readonly managers: ManagedFields; readonly changed: boolean }
  | { readonly ok: false; readonly error: SsaError; readonly conflicts: readonly Conflict[] };

export function failed(error: SsaError, conflicts: readonly Conflict[] = []): EngineOutcome {
  return { ok: false, error, conflicts };
}

/**
 * Runs `step`, turning an SsaError thrown from deep inside (a schema reference that only breaks
 * when an object reaches it, nesting beyond the depth limit) into a failed outcome.
 */
export function failOnSsaError(step: () => EngineOutcome): EngineOutcome {
  try {
    return step();
  } catch (err) {
    if (err instanceof SsaError) return failed(err);
    throw err;
  }
}
