/**
 * managedFields as the server keeps them (apiserver-semantics §1): the identifier of an entry,
 * decoding a list (with the server's validity rules and texts), encoding it back in the server's
 * sort order, and the `[]` / `[{}]` reset form.
 *
 * Internally entries are a `Managed`: the engine's map from identifier to field set (the
 * identifier JSON is the engine's manager key, as in kube-apiserver) plus each entry's time.
 */
import { SsaError } from '../errors/ssa-error.js';
import { decodeFieldsV1Value } from '../fieldpath/fieldsv1-decode.js';
import { fieldsV1ToValue } from '../fieldpath/fieldsv1-encode.js';
import { jsonQuoteHtml } from '../fieldpath/json-text.js';
import type { ManagedFields, ManagerEntry } from '../merge/managers.js';
import { compareStrings } from '../value/compare-strings.js';
import { getKey, isMap, newMap, type Value, type ValueMap } from '../value/value.js';
import { parseRfc3339 } from './rfc3339-time.js';
import type { ManagedFieldsEntry, ManagedFieldsOperation } from './types.js';

/** The engine's managers keyed by identifier, and each identifier's time (absent = no time). */
export interface Managed {
  readonly fields: ManagedFields;
  readonly times: ReadonlyMap<string, string>;
}

export const EMPTY_MANAGED: Managed = { fields: new Map(), times: new Map() };

/** What an identifier says (apiserver-semantics §1.2). */
export interface ManagerIdentity {
  readonly manager: string;
  readonly operation: ManagedFieldsOperation | string;
  readonly apiVersion?: string;
  readonly subresource?: string;
}

/**
 * The identifier: the JSON of the entry reduced to manager, operation, apiVersion (Update only)
 * and subresource, empty fields omitted, strings escaped as Go's encoding/json does.
 */
export function buildIdentifier(e: ManagerIdentity): string {
  let out = '{';
  const add = (k: string, v: string | undefined) => {
    if (!v) return;
    out += (out.length > 1 ? ',' : '') + `"${k}":${jsonQuoteHtml(v)}`;
  };
  add('manager', e.manager);
  add('operation', e.operation);
  if (e.operation !== 'Apply') add('apiVersion', e.apiVersion);
  add('subresource', e.subresource);
  return out + '}';
}

/** The identity an identifier encodes (undefined for a string that is not one). */
export function parseIdentifier(id: string): ManagerIdentity | undefined {
  try {
    const v = JSON.parse(id) as unknown;
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return undefined;
    const o = v as Record<string, unknown>;
    const str = (x: unknown) => (typeof x === 'string' ? x : '');
    return { manager: str(o.manager), operation: str(o.operation), apiVersion: str(o.apiVersion), subresource: str(o.subresource) };
  } catch {
    return undefined;
  }
}

export type DecodeResult = { ok: true; managed: Managed } | { ok: false; error: string };

const ENTRY_KEYS = ['manager', 'operation', 'apiVersion', 'time', 'fieldsType', 'fieldsV1', 'subresource'];

/**
 * Reads a `metadata.managedFields` value (absent or null: no entries). Entries are checked in
 * order and the first failure makes the whole list invalid (§1.3); a repeated identifier: the later
 * entry wins.
 */
export function decodeManagedFields(list: Value | undefined): DecodeResult {
  if (list === undefined || list === null) return { ok: true, managed: EMPTY_MANAGED };
  if (!Array.isArray(list)) return { ok: false, error: 'managedFields must be a list' };
  const fields = new Map<string, ManagerEntry>();
  const times = new Map<string, string>();
  for (let i = 0; i < list.length; i++) {
    const raw = list[i];
    if (!isMap(raw)) return { ok: false, error: `managed fields entry ${i} is not an object` };
    const str = (k: string): string | undefined => {
      const v = getKey(raw, k);
      return v === undefined || v === null ? '' : typeof v === 'string' ? v : undefined;
    };
    const manager = str('manager');
    const operation = str('operation');
    const apiVersion = str('apiVersion');
    const fieldsType = str('fieldsType');
    const subresource = str('subresource');
    if (manager === undefined || operation === undefined || apiVersion === undefined || fieldsType === undefined || subresource === undefined) {
      return { ok: false, error: `managed fields entry ${i} has a field of the wrong type` };
    }
    if (operation !== 'Apply' && operation !== 'Update') return { ok: false, error: 'operation must be `Apply` or `Update`' };
    if (apiVersion === '') return { ok: false, error: 'apiVersion must not be empty' };
    if (fieldsType === '') return { ok: false, error: `missing fieldsType in managed fields entry ${i}` };
    if (fieldsType !== 'FieldsV1') return { ok: false, error: `invalid fieldsType ${JSON.stringify(fieldsType)} in managed fields entry ${i}` };
    const time = normalizeTime(getKey(raw, 'time'));
    if (time === false) return { ok: false, error: `managed fields entry ${i}: invalid time` };
    const id = buildIdentifier({ manager, operation, apiVersion, subresource });
    let set;
    try {
      set = decodeFieldsV1Value(getKey(raw, 'fieldsV1') ?? null);
    } catch (e) {
      const msg = e instanceof SsaError ? e.message : String(e);
      return { ok: false, error: `error decoding versioned set from entry ${i}: error decoding set: ${msg}` };
    }
    fields.set(id, { set, apiVersion, applied: operation === 'Apply' });
    if (time === undefined) times.delete(id);
    else times.set(id, time);
  }
  return { ok: true, managed: { fields, times } };
}

/** True for `[]` and `[{}]` (one entry with every field empty): the client asks to reset (§1.7). */
export function isResetManagedFields(list: Value | undefined): boolean {
  if (!Array.isArray(list)) return false;
  if (list.length === 0) return true;
  if (list.length !== 1 || !isMap(list[0])) return false;
  const item = list[0];
  return ENTRY_KEYS.every((k) => {
    const v = getKey(item, k);
    return v === undefined || v === null || v === '';
  });
}

/** Entries of `managed`, encoded and sorted as the server stores them (§1.5); empty → undefined. */
export function encodeManagedFields(managed: Managed): ManagedFieldsEntry[] | undefined {
  if (managed.fields.size === 0) return undefined;
  const out: ManagedFieldsEntry[] = [];
  for (const [id, entry] of managed.fields) {
    const who = parseIdentifier(id);
    const time = managed.times.get(id);
    out.push({
      manager: who?.manager ?? id,
      operation: (who?.operation ?? 'Update') as ManagedFieldsOperation,
      apiVersion: entry.apiVersion,
      ...(time !== undefined ? { time } : {}),
      fieldsType: 'FieldsV1',
      fieldsV1: fieldsV1ToValue(entry.set),
      ...(who?.subresource ? { subresource: who.subresource } : {}),
    });
  }
  return sortEntries(out);
}

/** Whole Unix seconds of an entry's time (0 when it has none). */
export function entrySeconds(time: string | undefined): number {
  if (time === undefined) return 0;
  const ms = Date.parse(time);
  return Number.isNaN(ms) ? 0 : Math.floor(ms / 1000);
}

/** The server's order: Apply before Update, then time (seconds), manager, apiVersion, subresource. */
export function compareEntries(p: ManagedFieldsEntry, q: ManagedFieldsEntry): number {
  if (p.operation !== q.operation) return compareStrings(p.operation, q.operation);
  const ps = entrySeconds(p.time);
  const qs = entrySeconds(q.time);
  if (ps !== qs) return ps < qs ? -1 : 1;
  if (p.manager !== q.manager) return compareStrings(p.manager, q.manager);
  if (p.apiVersion !== q.apiVersion) return compareStrings(p.apiVersion, q.apiVersion);
  return compareStrings(p.subresource ?? '', q.subresource ?? '');
}

export function sortEntries(entries: readonly ManagedFieldsEntry[]): ManagedFieldsEntry[] {
  return [...entries].sort(compareEntries);
}

/** Entries as the JSON value stored in `metadata.managedFields` (keys in the server's order). */
export function entriesToValue(entries: readonly ManagedFieldsEntry[]): Value[] {
  return entries.map((e) => {
    const m = newMap();
    m.manager = e.manager;
    m.operation = e.operation;
    m.apiVersion = e.apiVersion;
    if (e.time !== undefined) m.time = e.time;
    m.fieldsType = e.fieldsType;
    m.fieldsV1 = e.fieldsV1;
    if (e.subresource) m.subresource = e.subresource;
    return m;
  });
}

/** The entries of a stored object (its managedFields as the server wrote them). */
export function readEntries(obj: ValueMap): ManagedFieldsEntry[] {
  const meta = getKey(obj, 'metadata');
  const list = isMap(meta) ? getKey(meta, 'managedFields') : undefined;
  if (!Array.isArray(list)) return [];
  return list.filter(isMap).map((m) => {
    const s = (k: string) => {
      const v = getKey(m, k);
      return typeof v === 'string' ? v : undefined;
    };
    return {
      manager: s('manager') ?? '',
      operation: (s('operation') ?? 'Update') as ManagedFieldsOperation,
      apiVersion: s('apiVersion') ?? '',
      ...(s('time') !== undefined ? { time: s('time') } : {}),
      fieldsType: 'FieldsV1' as const,
      fieldsV1: getKey(m, 'fieldsV1') ?? newMap(),
      ...(s('subresource') ? { subresource: s('subresource') } : {}),
    };
  });
}

/** An RFC 3339 time as metav1.Time serializes it (UTC, seconds); undefined for none; false when unreadable. */
export function normalizeTime(v: Value | undefined): string | undefined | false {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string') return false;
  const ms = parseRfc3339(v);
  return ms === undefined ? false : formatTime(ms);
}

/** `2024-02-24T15:24:31Z` for a time in milliseconds (sub-seconds dropped). */
export function formatTime(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}
