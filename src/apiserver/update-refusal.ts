/**
 * Whether the API server refuses an update for what it changes (explain's "can this field still
 * change once the object exists?"): the field errors of the update's validation (validate-write.ts),
 * after the strategy's PrepareForUpdate as a write has it (which puts back what it keeps), that the
 * object as it is does not already have.
 */
import { getKey, isMap, type Value } from '../value/value.js';
import { isStatus, resolveTarget } from './request-context.js';
import { prepareForUpdate } from './strategy.js';
import type { FieldError } from './status.js';
import type { ClusterState } from './types.js';
import { updateErrors } from './validate-write.js';

/** The errors an update of `old` to `next` (the main resource) brings; none when it passes validation. */
export function updateRefusal(state: ClusterState, old: Value, next: Value): FieldError[] {
  if (!isMap(old) || !isMap(next)) return [];
  const [apiVersion, kind] = [getKey(old, 'apiVersion'), getKey(old, 'kind')];
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return [];
  const target = resolveTarget(state, { apiVersion, kind });
  if (isStatus(target)) return [];
  const specChecks = !state.config.harness;
  const text = (e: FieldError) => `${e.type} ${e.field} ${e.value ?? ''} ${e.detail}`;
  const errorsOf = (v: typeof old) => updateErrors(target.resource, '', prepareForUpdate(target.resource, '', old, v), old, specChecks);
  const already = new Set(errorsOf(old).map(text));
  const brought = errorsOf(next).filter((e) => !already.has(text(e)));
  return brought.filter((e, i) => brought.findIndex((x) => text(x) === text(e)) === i);
}
