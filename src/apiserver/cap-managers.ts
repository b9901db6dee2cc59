import type { ManagerEntry } from '../merge/managers.js';
import { compareStrings } from '../value/compare-strings.js';
import { buildIdentifier, entrySeconds, type Managed } from './managed-fields.js';

export const DEFAULT_MAX_UPDATE_MANAGERS = 10;
export const ANCIENT_CHANGES = 'ancient-changes';

/**
 * At most `max` Update entries (apiserver-semantics §2.6): walking Update entries from the oldest
 * (whole seconds, then identifier), the first of each apiVersion is remembered; each later one of
 * that version is merged into the version's `ancient-changes` bucket (made by renaming the first
 * one when missing), which takes the merged entry's time, until the count fits. Buckets carry no
 * subresource. Reproduces upstream's edge case of a bucket walked into itself (its fields lost).
 */
export function capManagers(managed: Managed, max: number): Managed {
  const updaters: { id: string; apiVersion: string; time: string | undefined }[] = [];
  for (const [id, e] of managed.fields) {
    if (!e.applied) updaters.push({ id, apiVersion: e.apiVersion, time: managed.times.get(id) });
  }
  if (updaters.length <= max) return managed;
  updaters.sort((a, b) => {
    const ta = entrySeconds(a.time);
    const tb = entrySeconds(b.time);
    if (ta !== tb) return ta < tb ? -1 : 1;
    return compareStrings(a.id, b.id);
  });
  const fields = new Map<string, ManagerEntry>(managed.fields);
  const times = new Map(managed.times);
  const firstOfVersion = new Map<string, string>();
  let count = updaters.length;
  for (let i = 0; i < updaters.length && count > max; i++) {
    const { id, apiVersion, time } = updaters[i];
    if (!firstOfVersion.has(apiVersion)) {
      firstOfVersion.set(apiVersion, id);
      continue;
    }
    const bucket = buildIdentifier({ manager: ANCIENT_CHANGES, operation: 'Update', apiVersion });
    if (!fields.has(bucket)) {
      const base = firstOfVersion.get(apiVersion)!;
      fields.set(bucket, fields.get(base)!);
      fields.delete(base);
      const baseTime = times.get(base);
      times.delete(base);
      if (baseTime !== undefined) times.set(bucket, baseTime);
    }
    const b = fields.get(bucket)!;
    const merged = fields.get(id);
    fields.set(bucket, { ...b, set: merged ? b.set.union(merged.set) : b.set });
    fields.delete(id);
    times.delete(id);
    if (time !== undefined) times.set(bucket, time);
    else times.delete(bucket);
    count--;
  }
  return { fields, times };
}
