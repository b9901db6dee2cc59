/**
 * LOCAL ADAPTER (temporary): the API-server types the actors are written against.
 *
 * Issue 4 (src/apiserver) owns `ClusterState`. Until its public types are committed, actors name
 * the cluster through this alias so that the contract in `actor.ts` can be published; when they
 * land this file becomes a plain re-export of theirs and nothing else changes for callers.
 */
export type { ClusterState } from './cluster-state-placeholder.js';
