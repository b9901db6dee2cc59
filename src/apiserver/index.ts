/**
 * The in-memory API server (apiserver-semantics.md): an immutable `ClusterState` and pure
 * functions `(state, request) → {state, response}`; `Cluster` is a thin stateful wrapper.
 *
 * - server.ts: createCluster, serve, withTime, withAdmission
 * - system-namespaces.ts: withSystemNamespaces, the namespaces every cluster has (NamespaceLifecycle on)
 * - cluster.ts: Cluster (apply/create/update/patch/get/list/delete)
 * - managed-fields.ts: entries (identifier, decode, encode, sort)
 * - naming.ts: request URIs and kubectl's `<kind>.<group>/<name>`
 * - registry.ts: the resources served (customResource() for CRDs)
 * - discovery.ts: servedKinds(state), what discovery reports (kinds, resources, scope, subresources, verbs)
 * - builtin-strategies.ts: the reset fields each built-in strategy declares
 */
export type * from './types.js';
export { PATCH_CONTENT_TYPES } from './types.js';
export { createCluster, defaultUid, serve, withAdmission, withExistingObject, withNamespaceLifecycle, withTime } from './server.js';
export { SYSTEM_NAMESPACES, withNamespace, withNamespacesOfObjects, withSystemNamespaces } from './system-namespaces.js';
export { Cluster } from './cluster.js';
export {
  buildIdentifier,
  compareEntries,
  decodeManagedFields,
  entriesToValue,
  parseIdentifier,
  readEntries,
  sortEntries,
} from './managed-fields.js';
export { conflictMessage, managerOfCause, printManager, type StatusConflict, statusConflicts } from './conflict-status.js';
export { customResource, findResource, qualifiedResource } from './registry.js';
export { RESOURCE_VERBS, SUBRESOURCE_VERBS, servedKinds, type ServedKind } from './discovery.js';
export { BUILTIN_STRATEGIES, builtinStrategy, type StrategyFacts } from './builtin-strategies.js';
export { managerName, prefixFromUserAgent } from './manager-name.js';
export { LAST_APPLIED, lastAppliedValue } from './last-applied.js';
export { BEFORE_FIRST_APPLY } from './field-manager.js';
export { ANCIENT_CHANGES, DEFAULT_MAX_UPDATE_MANAGERS } from './cap-managers.js';
export { NEVER_TRACKED } from './strip-meta.js';
export { objectDisplayName, requestUri } from './naming.js';
export { objectType } from './object-type.js';
export { resetEndpoints } from './reset-endpoints.js';
export { createRefusal, type Refusal, updateRefusal } from './update-refusal.js';
export { objectVersions } from './object-versions.js';
