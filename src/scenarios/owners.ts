/**
 * Who owns what, in one shape for both kinds of scenario: the engine's managers (name → set) and
 * an object's `metadata.managedFields` (entries keyed by manager, operation, apiVersion and
 * subresource, as the API server keys them).
 */
import { buildIdentifier } from '../apiserver/index.js';
import { isRfc3339 } from '../apiserver/rfc3339-time.js';
import { SsaError } from '../errors/ssa-error.js';
import { decodeFieldsV1Value } from '../fieldpath/fieldsv1-decode.js';
import type { Path } from '../fieldpath/path-element.js';
import type { FieldSet } from '../fieldpath/set.js';
import type { ManagedFields } from '../merge/managers.js';
import { compareStrings } from '../value/compare-strings.js';
import { getKey, isList, isMap, type Value } from '../value/value.js';

export interface OwnerEntry {
  readonly manager: string;
  readonly operation: 'Apply' | 'Update';
  readonly apiVersion: string;
  /** '' for the main resource. */
  readonly subresource: string;
  readonly time: string | undefined;
  readonly set: FieldSet;
  /**
   * The stored FieldsV1, for entries read from an object: what expectations compare as text (a
   * set re-encoded may differ: numbers). Kept as read; its text is made only when compared.
   */
  readonly fieldsV1?: Value;
  /**
   * For an entry recorded at another API version than the object's (version-owners.ts): `set` is
   * read at the object's version, `stored` is the set as recorded, and `reach` gives the paths at
   * the entry's version that a path of the object (and what is under it) stands for.
   */
  readonly stored?: FieldSet;
  readonly reach?: (path: Path) => FieldSet;
  /** For such an entry: an object of the object's version as the entry's version shows it (the API server's converter). */
  readonly toOwnVersion?: (object: Value) => Value;
}

/** The engine's managers, sorted by name (the vectors' order). */
export function ownersFromEngine(managers: ManagedFields): OwnerEntry[] {
  return [...managers.entries()]
    .sort(([a], [b]) => compareStrings(a, b))
    .map(([manager, e]) => ({ manager, operation: e.applied ? 'Apply' : 'Update', apiVersion: e.apiVersion, subresource: '', time: undefined, set: e.set }));
}

/**
 * The entries of `metadata.managedFields` as the API server reads them: as kubectl prints them,
 * except that entries with one identifier (manager, operation, subresource, and an Update's
 * apiVersion) are one entry to it, the last one's fields and time (DecodeManagedFields fills a
 * map by identifier), at the first one's place. Throws SsaError('INPUT') naming the entry
 * (`metadata.managedFields[2].fieldsV1`) when one cannot be read.
 */
export function ownersFromObject(obj: Value): OwnerEntry[] {
  const entries = entriesOfObject(obj);
  const at = new Map<string, number>();
  const out: OwnerEntry[] = [];
  for (const e of entries) {
    const id = ownerKey(e);
    const i = at.get(id);
    if (i === undefined) at.set(id, out.push(e) - 1);
    else out[i] = e;
  }
  return out;
}

function entriesOfObject(obj: Value): OwnerEntry[] {
  const meta = isMap(obj) ? getKey(obj, 'metadata') : undefined;
  const list = isMap(meta) ? getKey(meta, 'managedFields') : undefined;
  if (list === undefined || list === null) return [];
  if (!isList(list)) throw new SsaError('INPUT', 'metadata.managedFields: expected a list of entries', { path: '.metadata.managedFields' });
  return list.map((item, i) => {
    const where = `metadata.managedFields[${i}]`;
    const bad = (key: string | undefined, message: string) =>
      new SsaError('INPUT', `${where}${key ? `.${key}` : ''}: ${message}`, { path: `.metadata.managedFields[${i}]${key ? `.${key}` : ''}` });
    if (!isMap(item)) throw bad(undefined, 'expected a managedFields entry (a map)');
    const str = (k: string): string | undefined => {
      const v = getKey(item, k);
      if (v === undefined || v === null) return undefined;
      if (typeof v !== 'string') throw bad(k, 'expected a string');
      return v;
    };
    const operation = str('operation');
    if (operation !== 'Apply' && operation !== 'Update') throw bad('operation', 'operation must be `Apply` or `Update`');
    const apiVersion = str('apiVersion') ?? '';
    if (apiVersion === '') throw bad('apiVersion', 'apiVersion must not be empty');
    // The API server's decoder: absent and empty are the same (apiserver-semantics §1.3).
    const fieldsType = str('fieldsType') ?? '';
    if (fieldsType === '') throw bad('fieldsType', `missing fieldsType in managed fields entry ${i}`);
    if (fieldsType !== 'FieldsV1') throw bad('fieldsType', `invalid fieldsType ${JSON.stringify(fieldsType)} in managed fields entry ${i}`);
    let set: FieldSet;
    const fieldsV1 = getKey(item, 'fieldsV1') ?? null;
    try {
      set = decodeFieldsV1Value(fieldsV1);
    } catch (err) {
      throw bad('fieldsV1', (err as Error).message);
    }
    // No API server stores a time it cannot read back (metav1.Time is RFC 3339).
    const time = str('time');
    if (time !== undefined && time !== '' && !isRfc3339(time)) throw bad('time', `${JSON.stringify(time)} is not an RFC 3339 time such as 2024-02-24T15:24:31Z`);
    return {
      manager: str('manager') ?? '',
      operation,
      apiVersion,
      subresource: str('subresource') ?? '',
      time,
      set,
      fieldsV1,
    };
  });
}

/** A stable key for an entry: the API server's identifier. */
export function ownerKey(e: OwnerEntry): string {
  return buildIdentifier(e);
}

/**
 * How to name entries in prose: the manager's name, qualified only where that name alone would
 * be ambiguous among `all` (e.g. `kubectl (Apply)` and `kubectl (Update)`), plus its subresource.
 */
export function ownerLabeler(all: readonly OwnerEntry[]): (e: OwnerEntry) => string {
  const byName = new Map<string, Set<string>>();
  for (const e of all) {
    const k = `${e.manager}\u0000${e.subresource}`;
    if (!byName.has(k)) byName.set(k, new Set());
    byName.get(k)!.add(ownerKey(e));
  }
  const versionShown = apiVersionShown(all);
  return (e) => {
    const qual: string[] = [];
    const k = `${e.manager}\u0000${e.subresource}`;
    if ((byName.get(k)?.size ?? 1) > 1) {
      qual.push(e.operation);
      if (versionShown(e)) qual.push(e.apiVersion);
    }
    if (e.subresource) qual.push(`/${e.subresource}`);
    return qual.length ? `${e.manager} (${qual.join(' ')})` : e.manager;
  };
}

/**
 * Whether naming an entry needs its apiVersion: another entry of `all` has the same manager,
 * subresource and operation at another apiVersion (the API server keys Update entries by
 * apiVersion too, so one manager can have an Update entry per version).
 */
export function apiVersionShown(all: readonly OwnerEntry[]): (e: OwnerEntry) => boolean {
  const versions = new Map<string, Set<string>>();
  const key = (e: OwnerEntry) => `${e.manager}\u0000${e.subresource}\u0000${e.operation}`;
  for (const e of all) {
    if (!versions.has(key(e))) versions.set(key(e), new Set());
    versions.get(key(e))!.add(e.apiVersion);
  }
  return (e) => (versions.get(key(e))?.size ?? 1) > 1;
}
