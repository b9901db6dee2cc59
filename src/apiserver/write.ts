/**
 * The end of every write: mutating admission (owned by nobody), the store's optimistic
 * concurrency, its timestamp-only check, the resourceVersion, and persisting unless dry run.
 */
import { valueEquals } from '../value/equals.js';
import { getKey, type ValueMap } from '../value/value.js';
import { decodeManagedFields } from './managed-fields.js';
import { metadataOf, metaString, setPath } from './object-paths.js';
import { withoutEntryTimes } from './strategy.js';
import { conflict, failure, invalid, OPTIMISTIC_LOCK_MESSAGE } from './status.js';
import { etcdKey } from './etcd-key.js';
import { etcdRejects, raftRequestBytes, txnRequestBytes } from './etcd-request-size.js';
import { storedObjectBytes } from './stored-object-bytes.js';
import type { AdmissionAttributes, ClusterState, KubeObject, ResourceType, ServeResult, StatusObject } from './types.js';

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
  /** The resource and namespace: where etcd keeps the object and how it is encoded there. */
  readonly type: ResourceType;
  readonly namespace: string;
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

/**
 * Optimistic concurrency: the conflict when `next` carries a resourceVersion other than the
 * stored object's, else undefined. The registry store checks it on the updated object (after
 * the patch and mutating admission) before the strategy prepares and validates the update.
 */
export function staleResourceVersion(
  old: KubeObject,
  next: KubeObject,
  a: { readonly group: string; readonly resource: string; readonly name: string; readonly type: ResourceType },
): StatusObject | undefined {
  // The store reads it as a number (apiserver's APIObjectVersioner: strconv.ParseUint), and 0 —
  // absent, or written "0" — is an unconditional update (registry/store.go Update; kubectl
  // replace of a manifest with `resourceVersion: "0"` succeeds in test/cmd/core.sh)...
  const sent = metaString(next, 'resourceVersion');
  const unconditional = sent === '' || /^0+$/.test(sent);
  if (unconditional && !allowsUnconditionalUpdate(a.type)) {
    // ...where the strategy allows it: not those of custom resources and CRDs
    // (apiextensions-apiserver registry/customresource and customresourcedefinition:
    // AllowUnconditionalUpdate false). The store's Invalid names the resource as the kind and
    // the uint64 0 as %#v prints it.
    const error = { type: 'FieldValueInvalid' as const, field: 'metadata.resourceVersion', value: '0x0', detail: 'must be specified for an update' };
    return invalid(a.group, a.resource, a.name, [error]);
  }
  const stale = !unconditional && sent !== metaString(old, 'resourceVersion');
  return stale ? conflict(a.group, a.resource, a.name, OPTIMISTIC_LOCK_MESSAGE) : undefined;
}

/** Whether the kind's update strategy lets an update without a resourceVersion through. */
function allowsUnconditionalUpdate(type: ResourceType): boolean {
  return !type.custom && !(type.group === 'apiextensions.k8s.io' && type.resource === 'customresourcedefinitions');
}

/** Persists `next` (unless dry run or unchanged) and answers 200/201 with it. */
export function finishWrite(state: ClusterState, a: WriteArgs): ServeResult {
  const respond = a.respond ?? ((o: KubeObject) => o);
  let next = a.next;
  if (a.old) {
    // Optimistic concurrency: a resourceVersion in the request must be the stored one (or 0).
    const stale = staleResourceVersion(a.old, next, a);
    if (stale) return { state, response: failure(stale, a.warnings) };
    next = setPath(next, ['metadata', 'resourceVersion'], metaString(a.old, 'resourceVersion'));
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
  const rejected = etcdRejection(state, a, next);
  if (rejected) return { state, response: failure(rejected, a.warnings) };
  const rv = state.resourceVersion + 1;
  const stored = setPath(next, ['metadata', 'resourceVersion'], String(rv));
  const objects = new Map(state.objects);
  objects.set(a.key, stored);
  return {
    state: { ...state, objects, resourceVersion: rv, uidCount: a.old ? state.uidCount : state.uidCount + 1 },
    response: { ok: true, code: a.old ? 200 : 201, object: respond(stored), warnings: a.warnings },
  };
}

/** What etcd answers a write of `next` with when it does not take it (etcd-request-size.ts). */
function etcdRejection(state: ClusterState, a: WriteArgs, next: KubeObject): StatusObject | undefined {
  const max = state.config.etcdMaxRequestBytes;
  if (max <= 0) return undefined;
  const write = { key: etcdKey(a.type, a.namespace, a.name), valueBytes: 0, modRevision: a.old ? Number(metaString(a.old, 'resourceVersion')) || 0 : 0 };
  // What the transaction and raft header take besides the value (and the value's longest length prefix).
  const overhead = raftRequestBytes(txnRequestBytes(write)) + 8;
  const valueBytes = storedObjectBytes(state.config.catalog, a.type, next, max - overhead);
  return valueBytes === undefined ? undefined : etcdRejects({ ...write, valueBytes }, max);
}

function entryCount(obj: ValueMap): number {
  const l = getKey(metadataOf(obj), 'managedFields');
  return Array.isArray(l) ? l.length : 0;
}
