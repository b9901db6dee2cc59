/**
 * The server's entry points: build a cluster, serve a request. Every function is pure: it takes a
 * state and returns a new one (the old one stays valid).
 */
import type { AdmissionHook, ApiRequest, ClusterOptions, ClusterState, ServeResult } from './types.js';

/** A new, empty cluster. */
export function createCluster(options: ClusterOptions): ClusterState {
  void options;
  throw new Error('createCluster: not implemented yet');
}

/** Serves one request: `{state, response}`; the state is unchanged on failures and dry runs. */
export function serve(state: ClusterState, request: ApiRequest): ServeResult {
  void state;
  void request;
  throw new Error('serve: not implemented yet');
}

/** The same cluster at another time (RFC 3339 UTC). */
export function withTime(state: ClusterState, now: string): ClusterState {
  return { ...state, now };
}

/** The same cluster with one more mutating admission hook (run after those already there). */
export function withAdmission(state: ClusterState, hook: AdmissionHook): ClusterState {
  return { ...state, config: { ...state.config, admission: [...state.config.admission, hook] } };
}
