/**
 * The 409 an apply gets when it would change fields other managers own (apiserver-semantics §4):
 * managers rendered from their identifiers, one cause per (manager, path), the message grammar
 * for one conflict and for several.
 */
import { goQuote } from '../fieldpath/format-go-value.js';
import { pathToString } from '../fieldpath/path-string.js';
import { type Conflict, conflictLines } from '../merge/conflict.js';
import { compareStrings } from '../value/compare-strings.js';
import { parseIdentifier } from './managed-fields.js';
import { parseRfc3339 } from './rfc3339-time.js';
import { statusFailure } from './status.js';
import type { StatusCause, StatusObject } from './types.js';

/**
 * How a conflict names its manager: `"NAME"`, `"NAME" with subresource "S"`, and for Update
 * entries ` using APIVERSION` after that, then ` at TIME` (RFC 3339, UTC) when the key carries a
 * time. A key Go cannot read into a ManagedFieldsEntry (not a JSON object, a field of the wrong
 * type, a time that is not RFC 3339) prints Go-quoted whole.
 */
export function printManager(id: string): string {
  const who = id.startsWith('{') ? parseIdentifier(id) : undefined;
  const time = who ? identifierTime(id) : undefined;
  if (!who || time === false) return goQuote(id);
  let out = goQuote(who.manager);
  if (who.subresource) out += ` with subresource ${goQuote(who.subresource)}`;
  if (who.operation === 'Update') out += ` using ${who.apiVersion ?? ''}${time ? ` at ${time}` : ''}`;
  return out;
}

/** The key's `time` as Go prints it in UTC; undefined when it has none; false when Go refuses the key. */
function identifierTime(id: string): string | undefined | false {
  const o = JSON.parse(id) as Record<string, unknown>;
  for (const k of ['manager', 'operation', 'apiVersion', 'subresource']) {
    if (o[k] !== undefined && o[k] !== null && typeof o[k] !== 'string') return false;
  }
  if (o.time === undefined || o.time === null) return undefined;
  const ms = typeof o.time === 'string' ? parseRfc3339(o.time) : undefined;
  if (ms === undefined) return false;
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/**
 * The manager's name in a conflict cause's message (`conflict with "eks" using apps/v1` → `eks`):
 * the Go-quoted name that printManager wrote. A message of another shape comes back whole.
 */
export function managerOfCause(message: string): string {
  const m = /^conflicts? with ("(?:[^"\\]|\\.)*")/.exec(message);
  if (!m) return message;
  try {
    return JSON.parse(m[1]) as string;
  } catch {
    return m[1].slice(1, -1);
  }
}

/** The subresource a conflict cause names (`"m" with subresource "scale"` → `scale`), '' for none. */
export function subresourceOfCause(message: string): string {
  const m = /^conflicts? with "(?:[^"\\]|\\.)*" with subresource ("(?:[^"\\]|\\.)*")/.exec(message);
  return m ? (JSON.parse(m[1]) as string) : '';
}

/**
 * The apiVersion of an Update entry a conflict cause names (printManager writes ` using V` for
 * Update entries only); undefined for an Apply entry.
 */
export function updateApiVersionOfCause(message: string): string | undefined {
  const m = / using (\S*)$/.exec(message);
  return m ? m[1] : undefined;
}

/**
 * Whether a conflict cause's message (`conflict with "m" with subresource "scale" using apps/v1`)
 * names this managedFields entry: its manager, its subresource, its operation (printManager writes
 * ` using V` for Update entries only) and an Update entry's apiVersion. The API server keys an
 * Apply entry without its apiVersion (BuildManagerIdentifier), so the rest names it alone.
 */
export function causeNamesEntry(
  message: string,
  e: { readonly manager: string; readonly operation: string; readonly apiVersion: string; readonly subresource: string },
): boolean {
  const version = updateApiVersionOfCause(message);
  return (
    e.manager === managerOfCause(message) &&
    e.subresource === subresourceOfCause(message) &&
    e.operation === (version === undefined ? 'Apply' : 'Update') &&
    (version === undefined || e.apiVersion === version)
  );
}

/** Conflicts ordered by identifier (stable within a manager), as the message groups them. */
export function sortConflicts(conflicts: readonly Conflict[]): Conflict[] {
  return conflicts
    .map((c, i) => ({ c, i }))
    .sort((a, b) => compareStrings(a.c.manager, b.c.manager) || a.i - b.i)
    .map((x) => x.c);
}

/** `Apply failed with N conflict(s): ...` */
export function conflictMessage(conflicts: readonly Conflict[]): string {
  if (conflicts.length === 1) {
    return `Apply failed with 1 conflict: conflict with ${printManager(conflicts[0].manager)}: ${pathToString(conflicts[0].path)}`;
  }
  return `Apply failed with ${conflicts.length} conflicts: ${conflictLines(conflicts, printManager).join('\n')}`;
}

/** The reason of a 409's cause that names a conflicting field and its manager. */
export const FIELD_MANAGER_CONFLICT = 'FieldManagerConflict';

/** One FieldManagerConflict cause per conflict, in the message's order. */
export function conflictCauses(conflicts: readonly Conflict[]): StatusCause[] {
  return sortConflicts(conflicts).map((c) => ({ reason: FIELD_MANAGER_CONFLICT, message: `conflict with ${printManager(c.manager)}`, field: pathToString(c.path) }));
}

/** The 409 Status: reason Conflict, one FieldManagerConflict cause per conflict. */
export function conflictStatus(conflicts: readonly Conflict[]): StatusObject {
  return statusFailure(409, conflictMessage(sortConflicts(conflicts)), 'Conflict', { causes: conflictCauses(conflicts) });
}

/** A conflict as a 409's cause names it. */
export interface StatusConflict {
  /** The owner's field manager (`eks`). */
  readonly manager: string;
  readonly path: string;
  /** The cause's message, which also says the owner's operation and subresource (`conflict with "m" using apps/v1`). */
  readonly message: string;
}

/**
 * The conflicts a refused write's Status names (its FieldManagerConflict causes, in order), or the
 * forgiven conflicts given in the same shape; none for any other failure. Every view reads
 * conflicts from a result through this.
 */
export function statusConflicts(status: { readonly causes?: readonly StatusCause[] } | undefined): StatusConflict[] {
  return (status?.causes ?? []).filter((c) => c.reason === FIELD_MANAGER_CONFLICT).map((c) => ({ manager: managerOfCause(c.message), path: c.field ?? '', message: c.message }));
}
