/**
 * kube-apiserver's field manager (apiserver-semantics §2): the chain of managers around the
 * engine, in the server's order (outermost first):
 *
 *   FieldManager (decode / reset / encode / sort)
 *    └ versionCheck            (apply)
 *      └ lastAppliedUpdater    (apply, manager `kubectl`)
 *        └ lastAppliedManager  (apply, manager `kubectl`)
 *          └ skipNonApplied    (update: no tracking on untracked objects; apply: before-first-apply)
 *            └ capManagers     (update: ≤ N Update entries, ancient-changes)
 *              └ buildManagerInfo (name → identifier)
 *                └ managedFieldsUpdater (timestamps, `current-operation`)
 *                  └ stripMeta (never-tracked metadata paths)
 *                    └ structuredMerge (the engine + reset-field filter)
 *
 * Layers above buildManagerInfo see the raw manager name; the ones below see identifiers.
 * Objects inside the chain never carry managedFields; the outer shell reads and writes them.
 */
import type { Conflict } from '../merge/conflict.js';
import type { ManagedFields, ManagerEntry } from '../merge/managers.js';
import { applyValidated } from '../merge/apply.js';
import { updateValidated } from '../merge/update.js';
import { formatIssues, type UndeclaredField } from '../typed/issues.js';
import { validate } from '../typed/validate.js';
import { WalkMemo } from '../typed/walk-memo.js';
import { getKey, isMap, newMap, type Value, type ValueMap } from '../value/value.js';
import { capManagers } from './cap-managers.js';
import { conflictCauses, conflictStatus } from './conflict-status.js';
import { goMessageOf } from './decode-object.js';
import { fromUnstructured } from './from-unstructured-error.js';
import { withGoIntegers } from './go-int-conversion.js';
import { builtinProtoTables } from './protobuf-envelope.js';
import type { Endpoint } from './endpoint.js';
import { allowedConflictsFromLastApplied, hasLastApplied, withLastAppliedFrom } from './last-applied.js';
import {
  buildIdentifier,
  decodeManagedFields,
  EMPTY_MANAGED,
  encodeManagedFields,
  entriesToValue,
  isResetManagedFields,
  type Managed,
} from './managed-fields.js';
import { metadataOf, stringField, withMeta, withoutManagedFields } from './object-paths.js';
import { badRequest, internalError } from './status.js';
import { stripMeta } from './strip-meta.js';
import type { ForgivenConflicts, StatusObject } from './types.js';

export const BEFORE_FIRST_APPLY = 'before-first-apply';
const CURRENT_OPERATION = 'current-operation';

type Step = { ok: true; managed: Managed } | { ok: false; error: string };

// ------------------------------------------------------------------------------------------------
// The update path (create, update, non-apply patch)

/**
 * The field manager of a non-apply write: returns `next` with its managedFields computed. Never
 * fails: if the chain fails, the live object's entries are kept (apiserver-semantics §1.7).
 */
export function fieldManagerUpdate(ep: Endpoint, liveObj: ValueMap, newObj: ValueMap, manager: string): ValueMap {
  const managed = decodeLiveOrNew(liveObj, newObj, ep.subresource !== '');
  const live = withoutManagedFields(liveObj);
  const next = withoutManagedFields(newObj);
  const r = skipNonAppliedUpdate(ep, live, next, managed, manager);
  if (!r.ok) return withMeta(next, 'managedFields', metadataOf(liveObj).managedFields);
  return withManaged(next, r.managed);
}

function decodeLiveOrNew(liveObj: ValueMap, newObj: ValueMap, ignoreNew: boolean): Managed {
  const fromLive = () => {
    const r = decodeManagedFields(getKey(metadataOf(liveObj), 'managedFields'));
    return r.ok ? r.managed : EMPTY_MANAGED;
  };
  if (ignoreNew) return fromLive();
  const sent = getKey(metadataOf(newObj), 'managedFields');
  if (isResetManagedFields(sent)) return EMPTY_MANAGED;
  const r = decodeManagedFields(sent);
  if (!r.ok || r.managed.fields.size === 0) return fromLive();
  return r.managed;
}

/** The object with these entries encoded (no entries: no `managedFields` at all). */
export function withManaged(obj: ValueMap, managed: Managed): ValueMap {
  const entries = encodeManagedFields(managed);
  return withMeta(obj, 'managedFields', entries ? entriesToValue(entries) : undefined);
}

function skipNonAppliedUpdate(ep: Endpoint, live: ValueMap, next: ValueMap, managed: Managed, manager: string): Step {
  // An existing object (it has a UID) that nobody tracks stays untracked until the first apply.
  if (managed.fields.size === 0 && stringField(metadataOf(live), 'uid') !== '') return { ok: true, managed };
  return capUpdate(ep, live, next, managed, manager);
}

function capUpdate(ep: Endpoint, live: ValueMap, next: ValueMap, managed: Managed, manager: string): Step {
  const r = buildManagerInfoUpdate(ep, live, next, managed, manager);
  if (!r.ok) return r;
  return { ok: true, managed: capManagers(r.managed, ep.maxUpdateManagers) };
}

function buildManagerInfoUpdate(ep: Endpoint, live: ValueMap, next: ValueMap, managed: Managed, manager: string): Step {
  const id = buildIdentifier({ manager: manager || 'unknown', operation: 'Update', apiVersion: ep.apiVersion, subresource: ep.subresource });
  return timestampsUpdate(ep, live, next, managed, id);
}

/** Runs the update as `current-operation`; if that took anything, it goes to `id` with time now. */
function timestampsUpdate(ep: Endpoint, live: ValueMap, next: ValueMap, managed: Managed, id: string): Step {
  const r = stripUpdate(ep, live, next, managed, CURRENT_OPERATION);
  if (!r.ok) return r;
  const current = r.managed.fields.get(CURRENT_OPERATION);
  if (!current) return r;
  const fields = new Map(r.managed.fields);
  const times = new Map(r.managed.times);
  fields.delete(CURRENT_OPERATION);
  const previous = fields.get(id);
  fields.set(id, previous ? { ...current, set: current.set.union(previous.set) } : current);
  times.set(id, ep.now);
  return { ok: true, managed: { fields, times } };
}

function stripUpdate(ep: Endpoint, live: ValueMap, next: ValueMap, managed: Managed, id: string): Step {
  const r = structuredMergeUpdate(ep, live, next, managed, id);
  if (!r.ok) return r;
  return { ok: true, managed: stripMeta(r.managed, id) };
}

/**
 * apimachinery's structuredMergeManager.Update: the new object typed first, then the live one
 * (`failed to convert new object (default/web; apps/v1, Kind=Deployment) to smd typed: ...`), then
 * the updater. A plain update drops these errors; an apply's `before-first-apply` step shows them.
 */
function structuredMergeUpdate(ep: Endpoint, live: ValueMap, next: ValueMap, managed: Managed, id: string): Step {
  const memo = new WalkMemo();
  const newIssues = validate(next, ep.ctx.atom, { allowDuplicates: true, memo });
  if (newIssues.length > 0) return { ok: false, error: `failed to convert new object (${gvknn(next)}) to smd typed: ${formatIssues(newIssues)}` };
  const liveIssues = validate(live, ep.ctx.atom, { allowDuplicates: true });
  if (liveIssues.length > 0) return { ok: false, error: `failed to convert live object (${gvknn(live)}) to smd typed: ${formatIssues(liveIssues)}` };
  const outcome = updateValidated(ep.ctx, live, next, ep.apiVersion, knownOnly(ep, managed.fields), id, memo);
  if (!outcome.ok) return { ok: false, error: `failed to update ManagedFields (${gvknn(next)}): ${outcome.error.message}` };
  return { ok: true, managed: { fields: outcome.managers, times: managed.times } };
}

/** Entries at versions the server no longer serves are dropped, as failed conversions drop them. */
function knownOnly(ep: Endpoint, fields: ManagedFields): ManagedFields {
  let out: Map<string, ManagerEntry> | undefined;
  for (const [id, e] of fields) {
    if (ep.knownVersions.has(e.apiVersion)) continue;
    out ??= new Map(fields);
    out.delete(id);
  }
  return out ?? fields;
}

// ------------------------------------------------------------------------------------------------
// The apply path

/** `forgivenConflicts`: what the last-applied exception forgave (types.ts ForgivenConflicts). */
export type ApplyResult =
  /** `defaulted`: the merged object as defaulting returned it (changed objects only), for commit.ts. */
  | { ok: true; object: ValueMap; changed: boolean; forgivenConflicts?: ForgivenConflicts; defaulted?: ValueMap }
  | { ok: false; status: StatusObject; conflicts?: readonly Conflict[]; forgivenConflicts?: ForgivenConflicts; undeclaredFields?: readonly UndeclaredField[] };

type ApplyStep =
  | { ok: true; object: ValueMap; changed: boolean; managed: Managed; forgiven?: readonly Conflict[]; defaulted?: ValueMap }
  | { ok: false; conflicts: readonly Conflict[]; forgiven?: readonly Conflict[] }
  | { ok: false; status: StatusObject; undeclaredFields?: readonly UndeclaredField[] };

/** The field manager of an apply: the merged object with its managedFields, or a Status (409 on conflicts). */
export function fieldManagerApply(ep: Endpoint, liveObj: ValueMap, applied: ValueMap, manager: string, force: boolean): ApplyResult {
  const decoded = decodeManagedFields(getKey(metadataOf(liveObj), 'managedFields'));
  if (!decoded.ok) return { ok: false, status: internalError(`failed to decode managed fields: ${decoded.error}`) };
  const live = withoutManagedFields(liveObj);
  const r = versionCheckApply(ep, live, applied, decoded.managed, manager, force);
  const forgiven = 'forgiven' in r && r.forgiven && r.forgiven.length > 0 ? { forgivenConflicts: conflictCauses(r.forgiven) } : {};
  if (!r.ok) return 'conflicts' in r ? { ok: false, status: conflictStatus(r.conflicts), conflicts: r.conflicts, ...forgiven } : r;
  return { ok: true, object: withManaged(r.object, r.managed), changed: r.changed, ...forgiven, ...(r.defaulted ? { defaulted: r.defaulted } : {}) };
}

function versionCheckApply(ep: Endpoint, live: ValueMap, applied: ValueMap, managed: Managed, manager: string, force: boolean): ApplyStep {
  const apiVersion = stringField(applied, 'apiVersion');
  const kind = stringField(applied, 'kind');
  if (apiVersion !== ep.apiVersion || kind !== ep.kind) {
    return { ok: false, status: badRequest(`invalid object type: ${gvkString(apiVersion, kind)}`) };
  }
  return lastAppliedUpdaterApply(ep, live, applied, managed, manager, force);
}

function lastAppliedUpdaterApply(ep: Endpoint, live: ValueMap, applied: ValueMap, managed: Managed, manager: string, force: boolean): ApplyStep {
  const r = lastAppliedManagerApply(ep, live, applied, managed, manager, force);
  if (!r.ok || manager !== 'kubectl' || !hasLastApplied(r.object)) return r;
  return { ...r, object: withLastAppliedFrom(r.object, applied) };
}

function lastAppliedManagerApply(ep: Endpoint, live: ValueMap, applied: ValueMap, managed: Managed, manager: string, force: boolean): ApplyStep {
  const r = skipNonAppliedApply(ep, live, applied, managed, manager, force);
  if (manager !== 'kubectl' || r.ok || !('conflicts' in r)) return r;
  const allowed = allowedConflictsFromLastApplied(ep, live);
  if (!allowed) return r;
  const remaining = r.conflicts.filter((c) => !allowed.has(c.path));
  const forgiven = r.conflicts.filter((c) => allowed.has(c.path));
  if (remaining.length > 0) return { ok: false, conflicts: remaining, forgiven };
  // Every conflict forgiven: the apply again, forced (the applier takes those fields).
  const again = skipNonAppliedApply(ep, live, applied, managed, manager, true);
  return again.ok ? { ...again, forgiven } : again;
}

function skipNonAppliedApply(ep: Endpoint, live: ValueMap, applied: ValueMap, managed: Managed, manager: string, force: boolean): ApplyStep {
  if (managed.fields.size === 0) {
    // Everything already there becomes `before-first-apply`'s (an Update from the empty object).
    const r = capUpdate(ep, ep.emptyObject, live, managed, BEFORE_FIRST_APPLY);
    if (!r.ok) return { ok: false, status: internalError(`failed to create manager for existing fields: ${r.error}`) };
    managed = r.managed;
  }
  return buildManagerInfoApply(ep, live, applied, managed, manager, force);
}

function buildManagerInfoApply(ep: Endpoint, live: ValueMap, applied: ValueMap, managed: Managed, manager: string, force: boolean): ApplyStep {
  const id = buildIdentifier({ manager: manager || 'unknown', operation: 'Apply', subresource: ep.subresource });
  const r = structuredMergeApply(ep, live, applied, managed, id, force);
  if (!r.ok) return r;
  // stripMeta, then the applier's time when the object changed.
  let result = { ...r, managed: stripMeta(r.managed, id) };
  if (r.changed) {
    const times = new Map(result.managed.times);
    times.set(id, ep.now);
    result = { ...result, managed: { fields: result.managed.fields, times } };
  }
  return result;
}

function structuredMergeApply(ep: Endpoint, live: ValueMap, applied: ValueMap, managed: Managed, id: string, force: boolean): ApplyStep {
  const sent = getKey(metadataOf(applied), 'managedFields');
  if (Array.isArray(sent) && sent.every((e) => isMap(e))) return { ok: false, status: badRequest('metadata.managedFields must be nil') };
  // One operation: its walkers read each big map's keys and list's items once (typed/walk-memo.ts).
  const memo = new WalkMemo();
  // The applied object is the body as sigs.k8s.io/yaml decodes it into map[string]interface{}:
  // every number a float64, which is how a rejected value is printed.
  const patchIssues = validate(applied, ep.ctx.atom, { memo, numbers: 'float64' });
  if (patchIssues.length > 0) {
    const undeclaredFields = patchIssues.flatMap((i) => (i.undeclared ? [i.undeclared] : []));
    return { ok: false, status: internalError(`failed to create typed patch object (${gvknn(applied)}): ${formatIssues(patchIssues)}`), undeclaredFields };
  }
  const liveIssues = validate(live, ep.ctx.atom, { allowDuplicates: true, memo });
  if (liveIssues.length > 0) {
    return { ok: false, status: internalError(`failed to create typed live object (${gvknn(applied)}): ${formatIssues(liveIssues)}`) };
  }
  let outcome;
  try {
    outcome = applyValidated(ep.ctx, live, applied, ep.apiVersion, knownOnly(ep, managed.fields), id, force, memo);
  } catch (e) {
    return { ok: false, status: internalError(e instanceof Error ? e.message : String(e)) };
  }
  if (!outcome.ok) {
    if (outcome.conflicts.length > 0) return { ok: false, conflicts: outcome.conflicts };
    return { ok: false, status: internalError(outcome.error.message) };
  }
  const fields = outcome.managers;
  if (!outcome.changed) return { ok: true, object: live, changed: false, managed: { fields, times: managed.times } };
  const merged: Value = outcome.object;
  // The merged object is converted into the kind's Go type (structuredmerge.go, toVersioned: the
  // unstructured converter): what the schema let through but Go does not take fails there.
  const message = goMessageOfEndpoint(ep);
  const check = message === undefined ? undefined : fromUnstructured(merged, message, builtinProtoTables());
  if (check?.error !== undefined) return { ok: false, status: internalError(`failed to convert new object (${gvknn(applied)}) to proper version: ${check.error}`) };
  // What converts is what the Go type holds: a number beyond an int field's range keeps its low bits.
  const typed = check?.changedInts === true ? withGoIntegers(merged, message!, builtinProtoTables()) : merged;
  const object = ep.defaultObject(isMap(typed) ? typed : newMap());
  return { ok: true, object, changed: true, managed: { fields, times: managed.times }, defaulted: object };
}

/** The Go type an endpoint reads and writes: autoscaling/v1's Scale for `/scale`, else the kind's (none for custom resources). */
function goMessageOfEndpoint(ep: Endpoint): string | undefined {
  if (ep.subresource === 'scale') return 'k8s.io.api.autoscaling.v1.Scale';
  return goMessageOf(ep.resource, ep.apiVersion.slice(ep.apiVersion.lastIndexOf('/') + 1));
}

// ------------------------------------------------------------------------------------------------

/** `apps/v1, Kind=Deployment`; `/v1, Kind=Pod` for the core group; `/, Kind=` when empty. */
export function gvkString(apiVersion: string, kind: string): string {
  const parts = apiVersion.split('/');
  // An apiVersion Go cannot parse leaves an empty group/version.
  const gv = parts.length === 1 ? `/${apiVersion}` : parts.length === 2 ? apiVersion : '/';
  return `${gv}, Kind=${kind}`;
}

/** `namespace/name; group/version, Kind=Kind` of an object, as the server's messages name it. */
export function gvknn(obj: ValueMap): string {
  const meta = metadataOf(obj);
  return `${stringField(meta, 'namespace')}/${stringField(meta, 'name')}; ${gvkString(stringField(obj, 'apiVersion'), stringField(obj, 'kind'))}`;
}
