/**
 * The API-server types the actors are written against (src/apiserver, issue 4), re-exported so
 * that scenario code can import everything about actors from one place.
 */
export type { ClusterState, KubeObject } from '../apiserver/types.js';
