/**
 * Placeholder for src/apiserver's immutable `ClusterState` (issue 4), kept only until that type is
 * committed. Callers must treat it as opaque: obtain one from the API server layer and pass it on.
 */
export interface ClusterState {
  readonly [key: string]: unknown;
}
