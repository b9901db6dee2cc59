/**
 * The server's entry points: build a cluster, serve a request. Every function is pure: it takes a
 * state and returns a new one (the old one stays valid), so keeping states is keeping snapshots.
 */
import { ETCD_MAX_REQUEST_BYTES } from './etcd-request-size.js';
import { DEFAULT_MAX_UPDATE_MANAGERS } from './cap-managers.js';
import { buildResources, findResource } from './registry.js';
import { missingIdentity } from './object-paths.js';
import { storageKey } from './request-context.js';
import { failure, internalError } from './status.js';
import type { AdmissionHook, ApiRequest, ClusterOptions, ClusterState, KubeObject, ServeResult } from './types.js';
import { getKey, isMap, newMap, type ValueMap } from '../value/value.js';
import { create } from './verbs/create.js';
import { remove } from './verbs/delete.js';
import { apply, patch } from './verbs/patch.js';
import { get, list } from './verbs/read.js';
import { update } from './verbs/update.js';
import { SsaError } from '../errors/ssa-error.js';
import { crdsChanged, servingStoredCrds, withServedCrds } from './served-crds.js';
import { crdControllerWrites } from './crd-controllers.js';
import { finalizingWrites } from './finalizing-controllers.js';
import type { ServiceRanges } from './service-allocation.js';
import { DEFAULT_NODE_PORT_RANGE, DEFAULT_SERVICE_CIDR, parseIpRange, parsePortRange } from './service-ranges.js';

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
      baseCatalog: options.catalog,
      baseResources: options.resources ?? [],
      harness,
      builtinDefaults: options.builtinDefaults ?? !harness,
      defaulters: options.defaulters ?? [],
      admission: options.admission ?? [],
      serviceAccountAdmission: options.serviceAccountAdmission ?? false,
      namespaceLifecycle: options.namespaceLifecycle ?? false,
      uid: options.uid ?? defaultUid,
      maxUpdateManagers: options.maxUpdateManagers ?? DEFAULT_MAX_UPDATE_MANAGERS,
      avoidNoopTimestampUpdates: options.avoidNoopTimestampUpdates ?? true,
      etcdMaxRequestBytes: options.etcdMaxRequestBytes ?? (harness ? 0 : ETCD_MAX_REQUEST_BYTES),
      serviceRanges: serviceRangesOf(options),
    },
    objects: new Map(),
    resourceVersion: 0,
    uidCount: 0,
    now: options.now ?? DEFAULT_START_TIME,
  };
}

/** The service ranges of the options; an unreadable one is an input error. */
export function serviceRangesOf(options: Pick<ClusterOptions, 'serviceClusterIPRange' | 'serviceNodePortRange'>): ServiceRanges {
  const cidr = options.serviceClusterIPRange ?? DEFAULT_SERVICE_CIDR;
  const ports = options.serviceNodePortRange ?? DEFAULT_NODE_PORT_RANGE;
  const ips = parseIpRange(cidr);
  if (!ips) throw new SsaError('INPUT', `invalid service cluster IP range ${JSON.stringify(cidr)}: an IPv4 CIDR is needed (10.96.0.0/12)`);
  const nodePorts = parsePortRange(ports);
  if (!nodePorts) throw new SsaError('INPUT', `invalid service node port range ${JSON.stringify(ports)}: BASE-LAST is needed (30000-32767)`);
  return { ips, nodePorts };
}

/**
 * Serves one request: `{state, response}`; the state is unchanged on failures and dry runs. A
 * write that changes the stored CRDs changes what the next request finds served, and the CRD
 * controllers then write the CRDs' status (crd-controllers.ts); a DELETE that marks a Namespace or
 * a CRD for deletion is finished by their controllers (finalizing-controllers.ts). The response is
 * the request's own; `steps` lists each write when the controllers wrote too.
 */
export function serve(state: ClusterState, request: ApiRequest): ServeResult {
  const result = serveVerb(state, request);
  if (result.state === state) return result;
  const now = ('options' in request ? request.options?.now : undefined) ?? result.state.now;
  const steps: ClusterState[] = [];
  let last = settleCrds(state, result.state, now, steps);
  if (request.verb === 'delete') {
    const finalized = finalizingWrites(last);
    if (finalized.length > 0) {
      steps.push(...finalized.slice(0, -1));
      last = settleCrds(last, finalized[finalized.length - 1], now, steps);
    }
  }
  if (steps.length === 1) return { ...result, state: last };
  return { ...result, state: last, steps };
}

/**
 * Adds `written` to `steps`, serving its stored CRDs when they changed since `before`, and then
 * the CRD controllers' writes; returns the last state.
 */
function settleCrds(before: ClusterState, written: ClusterState, now: string, steps: ClusterState[]): ClusterState {
  if (!crdsChanged(before, written)) {
    steps.push(written);
    return written;
  }
  const served = withServedCrds(written).state;
  steps.push(served, ...crdControllerWrites(served, now));
  return steps[steps.length - 1];
}

function serveVerb(state: ClusterState, request: ApiRequest): ServeResult {
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

/** The same cluster with the ServiceAccount admission plugin on (ClusterOptions.serviceAccountAdmission). */
export function withServiceAccountAdmission(state: ClusterState): ClusterState {
  return state.config.serviceAccountAdmission ? state : { ...state, config: { ...state.config, serviceAccountAdmission: true } };
}

/** The same cluster with the NamespaceLifecycle admission plugin on (ClusterOptions.namespaceLifecycle). */
export function withNamespaceLifecycle(state: ClusterState): ClusterState {
  return state.config.namespaceLifecycle ? state : { ...state, config: { ...state.config, namespaceLifecycle: true } };
}

/** The same cluster with one more mutating admission hook (run after those already there). */
export function withAdmission(state: ClusterState, hook: AdmissionHook): ClusterState {
  return { ...state, config: { ...state.config, admission: [...state.config.admission, hook] } };
}

/**
 * The same cluster with `object` stored as it is given, managedFields included: how a scenario or
 * a test sets up a cluster that already holds objects (a create would recompute managedFields).
 * What the server sets on create is filled in when missing: the namespace of a namespaced kind,
 * uid, resourceVersion (a given decimal one is kept) and creationTimestamp. Returns why not when the kind is not served or the
 * object has no name.
 */
export function withExistingObject(state: ClusterState, object: KubeObject): { state: ClusterState } | { problem: string } {
  const apiVersion = getKey(object, 'apiVersion');
  const kind = getKey(object, 'kind');
  const missing = missingIdentity(object);
  if (missing !== undefined) return { problem: `every object needs apiVersion and kind; this one has ${missing}` };
  const found = findResource(state.config.resources, apiVersion as string, { kind: kind as string });
  if (!found) return { problem: `the cluster does not serve ${String(apiVersion)} ${String(kind)}` };
  const r = found.resource;
  const meta = getKey(object, 'metadata');
  const metadata: ValueMap = newMap();
  if (isMap(meta)) for (const k of Object.keys(meta)) metadata[k] = meta[k];
  const name = getKey(metadata, 'name');
  if (typeof name !== 'string' || name === '') return { problem: 'every object needs a metadata.name' };
  const ns = getKey(metadata, 'namespace');
  const namespace = r.namespaced ? (typeof ns === 'string' && ns !== '' ? ns : 'default') : '';
  if (r.namespaced) metadata.namespace = namespace;
  const uidCount = state.uidCount + 1;
  // A captured object keeps its resourceVersion (kubectl diff shows it); later writes count on from
  // the highest one seen, so that versions only grow.
  const given = getKey(metadata, 'resourceVersion');
  const kept = typeof given === 'string' && /^[1-9]\d{0,14}$/.test(given) ? Number(given) : undefined;
  const resourceVersion = Math.max(state.resourceVersion + 1, kept ?? 0);
  if (getKey(metadata, 'uid') === undefined) metadata.uid = state.config.uid(uidCount);
  metadata.resourceVersion = kept !== undefined ? String(kept) : String(resourceVersion);
  if (getKey(metadata, 'creationTimestamp') === undefined) metadata.creationTimestamp = state.now;
  const stored: KubeObject = newMap() as KubeObject;
  for (const k of Object.keys(object)) stored[k] = object[k];
  stored.metadata = metadata;
  const objects = new Map(state.objects);
  objects.set(storageKey(r, namespace, name), stored);
  return { state: servingStoredCrds(state, { ...state, objects, uidCount, resourceVersion }) };
}
