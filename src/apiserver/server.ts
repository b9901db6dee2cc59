/**
 * The server's entry points: build a cluster, serve a request. Every function is pure: it takes a
 * state and returns a new one (the old one stays valid), so keeping states is keeping snapshots.
 */
import { DEFAULT_MAX_UPDATE_MANAGERS } from './cap-managers.js';
import { buildResources } from './registry.js';
import { failure, internalError } from './status.js';
import type { AdmissionHook, ApiRequest, ClusterOptions, ClusterState, ServeResult } from './types.js';
import { create } from './verbs/create.js';
import { remove } from './verbs/delete.js';
import { apply, patch } from './verbs/patch.js';
import { get, list } from './verbs/read.js';
import { update } from './verbs/update.js';
import { SsaError } from '../errors/ssa-error.js';

export const DEFAULT_START_TIME = '2024-01-01T00:00:00Z';

/** A deterministic UUID-shaped text for the n-th object. */
export function defaultUid(n: number): string {
  const hex = n.toString(16).padStart(12, '0');
  return `00000000-0000-4000-8000-${hex}`;
}

/** A new, empty cluster. */
export function createCluster(options: ClusterOptions): ClusterState {
  const harness = options.harness ?? false;
  return {
    config: {
      catalog: options.catalog,
      resources: buildResources(options.catalog, options.resources ?? []),
      harness,
      builtinDefaults: options.builtinDefaults ?? !harness,
      defaulters: options.defaulters ?? [],
      admission: options.admission ?? [],
      uid: options.uid ?? defaultUid,
      maxUpdateManagers: options.maxUpdateManagers ?? DEFAULT_MAX_UPDATE_MANAGERS,
      avoidNoopTimestampUpdates: options.avoidNoopTimestampUpdates ?? true,
    },
    objects: new Map(),
    resourceVersion: 0,
    uidCount: 0,
    now: options.now ?? DEFAULT_START_TIME,
  };
}

/** Serves one request: `{state, response}`; the state is unchanged on failures and dry runs. */
export function serve(state: ClusterState, request: ApiRequest): ServeResult {
  try {
    switch (request.verb) {
      case 'get':
        return get(state, request);
      case 'list':
        return list(state, request);
      case 'create':
        return create(state, request);
      case 'update':
        return update(state, request);
      case 'patch':
        return patch(state, request);
      case 'apply':
        return apply(state, request);
      case 'delete':
        return remove(state, request);
    }
  } catch (e) {
    // Input the model cannot hold (nesting beyond its limits, ...) answers like a server error.
    if (e instanceof SsaError) return { state, response: failure(internalError(e.message)) };
    throw e;
  }
}

/** The same cluster at another time (RFC 3339 UTC). */
export function withTime(state: ClusterState, now: string): ClusterState {
  return { ...state, now };
}

/** The same cluster with one more mutating admission hook (run after those already there). */
export function withAdmission(state: ClusterState, hook: AdmissionHook): ClusterState {
  return { ...state, config: { ...state.config, admission: [...state.config.admission, hook] } };
}

/** The same cluster with this stored object replaced as is (for tests and scenario set-up: no field management). */
export function withStoredObject(state: ClusterState, key: string, object: import('./types.js').KubeObject): ClusterState {
  const objects = new Map(state.objects);
  objects.set(key, object);
  return { ...state, objects };
}
