/**
 * client-go's csaupgrade (apiserver-semantics §5.3): turning client-side-apply ownership into
 * server-side-apply ownership inside `metadata.managedFields`, as kubectl does after
 * `apply --server-side`. Works on the wire form of the entries and keeps every other key.
 */
import { decodeFieldsV1Value } from '../../fieldpath/fieldsv1-decode.js';
import { fieldsV1ToValue } from '../../fieldpath/fieldsv1-encode.js';
import type { Path } from '../../fieldpath/path-element.js';
import { type Value, type ValueMap, getKey, isMap, newMap } from '../../value/value.js';

function str(entry: ValueMap, key: string): string {
  const v = getKey(entry, key);
  return typeof v === 'string' ? v : '';
}

function copy(entry: ValueMap): ValueMap {
  const out = newMap();
  for (const k of Object.keys(entry)) out[k] = entry[k];
  return out;
}

/**
 * Managers of `operation` entries whose field set contains every path in `paths`
 * (csaupgrade.FindFieldsOwners), in list order, duplicates kept.
 */
export function findFieldsOwners(entries: readonly Value[], operation: 'Apply' | 'Update', paths: readonly Path[]): string[] {
  const out: string[] = [];
  for (const e of entries) {
    if (!isMap(e) || str(e, 'operation') !== operation) continue;
    let set;
    try {
      set = decodeFieldsV1Value(getKey(e, 'fieldsV1') ?? null);
    } catch {
      continue;
    }
    if (paths.every((p) => set.has(p))) out.push(str(e, 'manager'));
  }
  return out;
}

/**
 * The entries after moving the ownership of the CSA managers `csaManagers` (processed in the
 * given order) into the Apply entry of `ssaManager` for `subresource`:
 * 1. the first Apply entry of `ssaManager` is the target; if there is none, the first Update
 *    entry of the CSA manager is converted in place (operation Apply, manager renamed; apiVersion
 *    and time kept);
 * 2. the first CSA Update entry whose apiVersion equals the target's is unioned into it;
 * 3. every other Update entry of that CSA manager (same subresource) is deleted, whatever its
 *    apiVersion (fields of other versions are discarded, not merged).
 * Returns undefined when nothing changes (kubectl then sends no patch).
 */
export function upgradeManagedFields(
  entries: readonly Value[],
  csaManagers: readonly string[],
  ssaManager: string,
  subresource = '',
): Value[] | undefined {
  return upgradeManagedFieldsFrom(entries, csaManagers, ssaManager, subresource)?.entries;
}

/** What the migration made: the new entries, and which CSA managers' entries it migrated. */
export interface ManagedFieldsUpgrade {
  readonly entries: Value[];
  /** The CSA managers whose entries were migrated, in the order processed. */
  readonly from: string[];
  /**
   * The entries whose fieldsV1 csaupgrade encoded again from a field set (the target of each
   * union: fieldpath.Set.ToJSON, keys in the set's order); every other entry kubectl sends as it
   * decoded it (migration-patch.ts).
   */
  readonly encoded: ReadonlySet<Value>;
}

/** upgradeManagedFields, also naming the CSA managers whose entries were migrated and the entries it encoded again. */
export function upgradeManagedFieldsFrom(
  entries: readonly Value[],
  csaManagers: readonly string[],
  ssaManager: string,
  subresource = '',
): ManagedFieldsUpgrade | undefined {
  let list: Value[] = entries.slice();
  let changed = false;
  const from: string[] = [];
  const encoded = new Set<Value>();
  for (const csa of csaManagers) {
    let moved = false;
    const isSub = (e: ValueMap) => str(e, 'subresource') === subresource;
    const isCsa = (e: Value): e is ValueMap => isMap(e) && isSub(e) && str(e, 'manager') === csa && str(e, 'operation') === 'Update';
    let targetIndex = list.findIndex((e) => isMap(e) && isSub(e) && str(e, 'manager') === ssaManager && str(e, 'operation') === 'Apply');
    let convertedIndex = -1;
    if (targetIndex < 0) {
      const csaIndex = list.findIndex(isCsa);
      if (csaIndex < 0) continue;
      const converted = copy(list[csaIndex] as ValueMap);
      converted.operation = 'Apply';
      converted.manager = ssaManager;
      list = list.slice();
      list[csaIndex] = converted;
      targetIndex = csaIndex;
      convertedIndex = csaIndex;
      moved = true;
    }
    const target = list[targetIndex] as ValueMap;
    const targetVersion = str(target, 'apiVersion');
    const source = list.find((e, i) => i !== convertedIndex && isCsa(e) && str(e, 'apiVersion') === targetVersion) as ValueMap | undefined;
    // The target's fields are encoded again from its set, with the source's when there is one.
    const own = decodeFieldsV1Value(getKey(target, 'fieldsV1') ?? null);
    const merged = copy(target);
    merged.fieldsV1 = fieldsV1ToValue(source ? own.union(decodeFieldsV1Value(getKey(source, 'fieldsV1') ?? null)) : own);
    encoded.delete(target);
    encoded.add(merged);
    list = list.slice();
    list[targetIndex] = merged;
    const kept = list.filter((e, i) => i === convertedIndex || !isCsa(e));
    if (kept.length !== list.length) moved = true;
    list = kept;
    if (moved) {
      changed = true;
      if (!from.includes(csa)) from.push(csa);
    }
  }
  return changed ? { entries: list, from, encoded: new Set(list.filter((e) => encoded.has(e))) } : undefined;
}
