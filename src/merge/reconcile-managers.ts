import { reconcileWithSchema } from '../typed/reconcile-with-schema.js';
import { atomAt, type EngineContext } from './context.js';
import type { ManagedFields, ManagerEntry } from './managers.js';

/** Every manager's set adjusted to the current schema of its version (containers that became atomic). */
export function reconcileManagers(ctx: EngineContext, managers: ManagedFields): ManagedFields {
  let out: Map<string, ManagerEntry> | undefined;
  for (const [name, entry] of managers) {
    const atom = atomAt(ctx, entry.apiVersion);
    const fixed = atom && reconcileWithSchema(entry.set, atom);
    if (!fixed) continue;
    out ??= new Map(managers);
    out.set(name, { ...entry, set: fixed });
  }
  return out ?? managers;
}
