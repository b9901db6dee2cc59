/**
 * The end of every write: mutating admission (owned by nobody), the store's optimistic
 * concurrency, its timestamp-only check, the resourceVersion, and persisting unless dry run.
 */
import { valueEquals } from '../value/equals.js';
import { getKey, type ValueMap } from '../value/value.js';
import { decodeManagedFields } from './managed-fields.js';
import { metadataOf, metaString, setPath } from './object-paths.js';
import { withoutEntryTimes } from './strategy.js';
import { conflict, failure, OPTIMISTIC_LOCK_MESSAGE } from './status.js';
import type { AdmissionAttributes, ClusterState, KubeObject, ServeResult } from './types.js';

const INVALID_AFTER_ADMISSION =
  '.metadata.managedFields was in an invalid state after admission; this could be caused by an outdated mutating admission controller; please fix your requests: ';

/** Runs the mutating admission hooks; managedFields they leave invalid are reverted, with a warning. */
export function admit(state: ClusterState, obj: KubeObject, attrs: AdmissionAttributes, warnings: string[]): KubeObject {
  let out = obj;
  for (const hook of state.config.admission) out = hook.mutate(out, attrs) ?? out;
  if (out === obj) return out;
  const before = getKey(metadataOf(obj), 'managedFields');
  const after = getKey(metadataOf(out), 'managedFields');
  if (!valueEquals(before, after)) {
    const decoded = decodeManagedFields(after);
    if (!decoded.ok) {
      warnings.push(INVALID_AFTER_ADMISSION + decoded.error);
      out = setPath(out, ['metadata', 'managedFields'], before);
    }
  }
  return out;
}

export interface WriteArgs {
  readonly key: string;
  readonly group: string;
  readonly resource: string;
  readonly name: string;
  /** The stored object (undefined for a create). */
  readonly old: KubeObject | undefined;
  readonly next: KubeObject;
  readonly dryRun: boolean;
  readonly warnings: readonly string[];
  /** Turns the stored object into the response body (the Scale for `/scale`). */
  readonly respond?: (stored: KubeObject) => KubeObject;
}

/** Persists `next` (unless dry run or unchanged) and answers 200/201 with it. */
export function finishWrite(state: ClusterState, a: WriteArgs): ServeResult {
  const respond = a.respond ?? ((o: KubeObject) => o);
  let next = a.next;
  if (a.old) {
    // Optimistic concurrency: a resourceVersion in the request must be the stored one.
    const sent = metaString(next, 'resourceVersion');
    const current = metaString(a.old, 'resourceVersion');
    if (sent !== '' && sent !== current) {
      return { state, response: failure(conflict(a.group, a.resource, a.name, OPTIMISTIC_LOCK_MESSAGE), a.warnings) };
    }
    next = setPath(next, ['metadata', 'resourceVersion'], current);
    if (
      state.config.avoidNoopTimestampUpdates &&
      entryCount(a.old) === entryCount(next) &&
      valueEquals(withoutEntryTimes(a.old), withoutEntryTimes(next))
    ) {
      next = a.old; // only managedFields times changed: the old ones are kept
    }
    if (valueEquals(a.old, next)) return { state, response: { ok: true, code: 200, object: respond(a.old), warnings: a.warnings } };
  }
  if (a.dryRun) return { state, response: { ok: true, code: a.old ? 200 : 201, object: respond(next), warnings: a.warnings } };
  const rv = state.resourceVersion + 1;
  const stored = setPath(next, ['metadata', 'resourceVersion'], String(rv));
  const objects = new Map(state.objects);
  objects.set(a.key, stored);
  return {
    state: { ...state, objects, resourceVersion: rv, uidCount: a.old ? state.uidCount : state.uidCount + 1 },
    response: { ok: true, code: a.old ? 200 : 201, object: respond(stored), warnings: a.warnings },
  };
}

function entryCount(obj: ValueMap): number {
  const l = getKey(metadataOf(obj), 'managedFields');
  return Array.isArray(l) ? l.length : 0;
}
