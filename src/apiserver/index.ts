/**
 * The in-memory API server (apiserver-semantics.md): an immutable `ClusterState` and pure
 * functions `(state, request) → {state, response}`; `Cluster` is a thin stateful wrapper.
 */
export type * from './types.js';
export { PATCH_CONTENT_TYPES } from './types.js';
export { createCluster, serve, withAdmission, withTime } from './server.js';
