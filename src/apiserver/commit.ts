/**
 * After the field manager: admission (admission-chain.ts), the registry's own work (begin-write.ts: a Service's
 * allocations), the strategy (create or update), validation of what the store needs, then the
 * store (write.ts). Shared by create, update and patch of a main resource
 * or its status.
 */
import { beginWrite } from './begin-write.js';
import { isTooLargeForEtcd } from './etcd-request-size.js';
import { stillDefaulted } from './defaults-settled.js';
import { metaString, setPath } from './object-paths.js';
import { defaulterFor, emptyObjectFor, isStatus, openApiSchemaFor, type Target } from './request-context.js';
import { admissionChain } from './admission-chain.js';
import { alreadyExists, failure, internalError, invalid } from './status.js';
import { prepareForCreate, prepareForUpdate } from './strategy.js';
import type { AdmissionAttributes, ClusterState, KubeObject, ServeResult } from './types.js';
import { finishWrite, staleResourceVersion } from './write.js';
import { asStored, objectAt, storageApiVersion } from './conversions.js';
import { splitApiVersion } from './registry.js';
import { createErrors, updateErrors } from './validate-write.js';
import { dedupOwnerReferences } from './owner-reference-dedup.js';
import { podWarnings } from './pod-warnings.js';

export interface Commit {
  readonly target: Target;
  readonly subresource: string;
  readonly old: KubeObject | undefined;
  /** The object with the managedFields the field manager computed. */
  readonly next: KubeObject;
  /**
   * The object as decode-time defaulting returned it, when `next` was made from it (by the field
   * manager): the store's defaulting is then skipped where it would change nothing (defaults-settled.ts).
   */
  readonly defaulted?: KubeObject;
  readonly manager: string;
  readonly dryRun: boolean;
  readonly now: string;
  readonly warnings: string[];
  /** A server-side apply: not tried again without managedFields when etcd refuses it as too large. */
  readonly apply?: boolean;
  /**
   * A POST: stored by the storage's Create, which refuses a resourceVersion (not in a dry run) and
   * a key that exists. A create through PUT or apply is stored by GuaranteedUpdate instead, which
   * clears the resourceVersion (PrepareObjectForStorage) and found no object.
   */
  readonly post?: boolean;
  /**
   * The name admission sees when it is not the target's: empty for a POST whose name the store
   * generates from generateName (kube generates it after admission, in BeforeCreate).
   */
  readonly admissionName?: string;
}

/**
 * The write; when etcd refuses it as too large, a create, update or non-apply patch is tried once
 * more with no managedFields at all (handlers' isTooLargeError): it may fit without them.
 */
export function commit(state: ClusterState, request: Commit): ServeResult {
  const warnings = [...request.warnings]; // the first try's own warnings are not repeated
  const done = commitOnce(state, request);
  if (request.apply || done.response.ok || !isTooLargeForEtcd(done.response.status)) return done;
  return commitOnce(state, { ...request, next: setPath(request.next, ['metadata', 'managedFields'], undefined), warnings });
}

function commitOnce(state: ClusterState, request: Commit): ServeResult {
  const c = atStorageVersion(state, request);
  const { target } = c;
  const attrs: AdmissionAttributes = {
    operation: c.old ? 'UPDATE' : 'CREATE',
    apiVersion: target.apiVersion,
    kind: target.resource.kind,
    namespace: target.namespace,
    name: target.name,
    subresource: c.subresource,
    dryRun: c.dryRun,
    manager: c.manager,
  };
  const chained = admissionChain(state, c.next, c.old, attrs, { resource: target.resource, name: c.admissionName ?? target.name, generateName: metaString(c.next, 'generateName') }, c.warnings);
  if (isStatus(chained)) return { state, response: failure(chained, c.warnings) };
  const admitted = ownersDeduped(chained, true, target.resource.custom === true, c.warnings);
  // The store's resourceVersion check comes before the strategy prepares and validates the update
  // (k8s.io/apiserver registry/generic/registry/store.go Update): a stale write is a 409 even when
  // it is also invalid.
  const stale = c.old ? staleResourceVersion(c.old, admitted, { group: target.resource.group, resource: target.resource.resource, name: target.name, type: target.resource }) : undefined;
  if (stale) return { state, response: failure(stale, c.warnings) };
  const begun = beginWrite(state, target, c.subresource, c.old, admitted, c.dryRun);
  if (!begun.ok) return { state, response: failure(begun.status, c.warnings) };
  let next = begun.object;
  // Whether `obj` is still the object the write defaulted (built-in kinds, no admission hook
  // changed it, no configured defaulters: those are not known to be idempotent).
  const settledAs = (obj: KubeObject) =>
    c.defaulted !== undefined && admitted === c.next && !target.resource.custom && state.config.defaulters.length === 0 && stillDefaulted(c.defaulted, obj);
  const defaulterOf = defaulterFor(state, target.resource, target.apiVersion);
  // Validation and the read-back below default the same object when nothing came between: once.
  let last: { readonly from: KubeObject; readonly to: KubeObject } | undefined;
  const defaulter = (obj: KubeObject): KubeObject => {
    if (last?.from !== obj) last = { from: obj, to: defaulterOf(obj) as KubeObject };
    return last.to;
  };
  // Validation sees the object as decoded with defaulting, as kube-apiserver's does: an object it
  // reads from storage is defaulted too, so a live object written without its defaults (a
  // hand-made capture) is checked with them.
  const checked = (obj: KubeObject) => (settledAs(obj) ? obj : defaulter(obj));
  if (!c.old) {
    const uid = state.config.uid(state.uidCount + 1);
    const prepared = prepareForCreate(target.resource, next, emptyObjectFor(state, target.resource, target.apiVersion, target.resource.kind), c.now, uid);
    next = prepared.object;
    c.warnings.push(...prepared.warnings);
    const errors = createErrors(target.resource, checked(next), !state.config.harness, openApiSchemaFor(state, target.resource, target.apiVersion), c.warnings);
    if (errors.length > 0) {
      return { state, response: failure(invalid(target.resource.group, target.resource.kind, metaString(next, 'name'), errors), c.warnings) };
    }
  }
  if (!c.old && c.subresource === '' && !target.resource.custom) c.warnings.push(...podWarnings(target.resource.group, target.resource.kind, next, undefined));
  if (target.resource.namespaced) next = setPath(next, ['metadata', 'namespace'], target.namespace);
  if (c.old) {
    next = prepareForUpdate(target.resource, c.subresource, c.old, next);
    // The old object as the update reads it from storage: decoded with defaulting too (a Pod's
    // update rules compare the two specs), when a check asks for it.
    const old = c.old;
    let decodedOld: KubeObject | undefined;
    const errors = updateErrors(target.resource, c.subresource, checked(next), old, !state.config.harness, openApiSchemaFor(state, target.resource, target.apiVersion), () => (decodedOld ??= defaulterOf(old) as KubeObject), c.warnings);
    if (errors.length > 0) {
      return { state, response: failure(invalid(target.resource.group, target.resource.kind, metaString(next, 'name'), errors), c.warnings) };
    }
    if (c.subresource === '' && !target.resource.custom) c.warnings.push(...podWarnings(target.resource.group, target.resource.kind, next, c.old));
  }
  // The store answers with what it reads back, decoded with defaulting (a dry run copies through
  // the same codec): defaults of fields the strategy reset, e.g. a new claim's status.phase.
  // Skipped when nothing it reads or writes changed since the write was defaulted.
  if (!settledAs(next)) next = defaulter(next);
  // The store's refusals of a POST come after admission and validation (registry store.go create,
  // storage/etcd3 store.go Create): first a resourceVersion (a 500; a dry run's storage only
  // copies the object), then a key that exists (DryRunnableStorage looks in a dry run too).
  if (!c.old && c.post) {
    if (!c.dryRun && metaString(next, 'resourceVersion') !== '') {
      return { state, response: failure(internalError('resourceVersion should not be set on objects to be created'), c.warnings) };
    }
    if (state.objects.has(target.key)) return { state, response: failure(alreadyExists(target.resource.group, target.resource.resource, target.name), c.warnings) };
  }
  const requested = request.target.apiVersion;
  return finishWrite(state, {
    key: target.key,
    type: target.resource,
    namespace: target.namespace,
    group: target.resource.group,
    resource: target.resource.resource,
    name: target.name,
    old: c.old,
    next,
    dryRun: c.dryRun,
    warnings: c.warnings,
    ...(requested !== target.apiVersion ? { respond: (stored: KubeObject) => objectAt(target.resource, stored, requested) } : {}),
  });
}

/** The object without duplicate owner references; the handlers' warning added when it had some. */
export function ownersDeduped(obj: KubeObject, afterAdmission: boolean, custom: boolean, warnings: string[]): KubeObject {
  const r = dedupOwnerReferences(obj, afterAdmission, custom);
  if (r.warning !== undefined) warnings.push(r.warning);
  return r.object;
}

/**
 * The write as the store takes it: for a kind stored at another version than the request's
 * (conversions.ts), the object the field manager computed and the stored object at the storage
 * version, and the strategy, defaulting and store working there; the answer is converted back to
 * the request's version.
 */
function atStorageVersion(state: ClusterState, c: Commit): Commit {
  const apiVersion = storageApiVersion(c.target.resource, c.target.apiVersion);
  if (apiVersion === c.target.apiVersion) {
    const next = asStored(c.target.resource, c.next);
    return next === c.next ? c : { ...c, next };
  }
  // A stored object given at another version (withExistingObject keeps objects as given) is converted too.
  const stored = state.objects.get(c.target.key);
  const { defaulted: _atRequestVersion, ...rest } = c;
  return {
    ...rest,
    target: { ...c.target, apiVersion, version: splitApiVersion(apiVersion).version },
    old: stored && objectAt(c.target.resource, stored, apiVersion),
    next: objectAt(c.target.resource, c.next, apiVersion),
  };
}
