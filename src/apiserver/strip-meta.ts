import { fieldElement } from '../fieldpath/path-element.js';
import { FieldSet } from '../fieldpath/set.js';
import type { Managed } from './managed-fields.js';

/**
 * Paths nobody ever owns (apiserver-semantics §2.3), removed exactly (not their children) from
 * the writer's set after every operation.
 */
export const NEVER_TRACKED: readonly (readonly string[])[] = [
  ['apiVersion'],
  ['kind'],
  ['metadata'],
  ['metadata', 'name'],
  ['metadata', 'namespace'],
  ['metadata', 'creationTimestamp'],
  ['metadata', 'selfLink'],
  ['metadata', 'uid'],
  ['metadata', 'clusterName'],
  ['metadata', 'generation'],
  ['metadata', 'managedFields'],
  ['metadata', 'resourceVersion'],
];

const STRIP_SET = FieldSet.fromPaths(NEVER_TRACKED.map((p) => p.map(fieldElement)));

/** `managed` with the never-tracked paths gone from `id`'s set (and `id` gone if that empties it). */
export function stripMeta(managed: Managed, id: string): Managed {
  const entry = managed.fields.get(id);
  if (!entry) return managed;
  const set = entry.set.difference(STRIP_SET);
  if (set === entry.set) return managed;
  const fields = new Map(managed.fields);
  if (set.isEmpty()) fields.delete(id);
  else fields.set(id, { ...entry, set });
  return { fields, times: managed.times };
}
