import type { SsaError } from '../errors/ssa-error.js';
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
