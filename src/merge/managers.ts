import type { FieldSet } from '../fieldpath/set.js';

/** What one field manager owns, at the API version it last wrote with. */
export interface ManagerEntry {
  readonly set: FieldSet;
  readonly apiVersion: string;
  /** True when the manager's last successful operation was an apply. */
  readonly applied: boolean;
}

/** Manager name → entry. Insertion order is kept; it carries no meaning in the engine. */
export type ManagedFields = ReadonlyMap<string, ManagerEntry>;

/** A copy without the managers that own nothing (the reference never keeps those). */
export function withoutEmptyManagers(managers: ManagedFields): ManagedFields {
  let allNonEmpty = true;
  for (const e of managers.values()) if (e.set.isEmpty()) allNonEmpty = false;
  if (allNonEmpty) return managers;
  const out = new Map<string, ManagerEntry>();
  for (const [name, e] of managers) if (!e.set.isEmpty()) out.set(name, e);
  return out;
}
