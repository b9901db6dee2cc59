/**
 * Whether the API server refuses a write for what it changes (explain's "can this field still
 * change once the object exists?"), answered by the write itself rather than a second derivation
 * of it: the object goes into the cluster as it is stored (withExistingObject), then a dry-run PUT
 * of the changed object takes the path every update takes (the handler's checks, field manager,
 * admission, the registry's own work such as a Service's allocations, the codec's conversion and
 * defaulting of both the stored and the new object, the strategy, validation: commit.ts). The
 * refusal is what that PUT answers and the same PUT of the unchanged object does not: a 422's
 * causes it does not have, or another failure.
 *
 * `createRefusal` asks the same of a create: how a dry-run POST of the changed object is refused
 * where one of the object as it is is not. What both refuse is the value, not its change.
 */
import { getKey, isMap, type Value } from '../value/value.js';
import { getPath, setPath } from './object-paths.js';
import { isStatus, resolveTarget } from './request-context.js';
import { serve, withExistingObject } from './server.js';
import type { ApiRequest, ApiResponse, ClusterState, KubeObject, StatusCause } from './types.js';

/** The manager the probing writes name (a dry run: nothing is kept). */
const PROBE_MANAGER = 'ssa-sim-explain';

/**
 * How the API server refuses a write: its code, and for a 422 the causes (the field errors) the
 * write brings; for another code (a 400 for a name that is not the URL's, a body that does not
 * decode) its message.
 */
export interface Refusal {
  readonly code: number;
  readonly message: string;
  readonly causes: readonly StatusCause[];
}

/** How an update of `old` (as stored) to `next` is refused where the same update of `old` is not; undefined when it is not. */
export function updateRefusal(state: ClusterState, old: Value, next: Value): Refusal | undefined {
  if (!isMap(old) || !isMap(next)) return undefined;
  const seeded = withExistingObject(state, old as KubeObject);
  if ('problem' in seeded) return undefined;
  const target = resolveTarget(seeded.state, refOf(old as KubeObject));
  if (isStatus(target)) return undefined;
  const stored = seeded.state.objects.get(target.key);
  if (!stored) return undefined;
  // The update is sent at the stored resourceVersion (the one the object had when it had none
  // or one the store could not keep), unless the change is of the resourceVersion itself.
  const rv = ['metadata', 'resourceVersion'];
  const sent = (obj: KubeObject) => (getPath(obj, rv) === getPath(old, rv) ? setPath(obj, rv, getPath(stored, rv)) : obj);
  const put = (obj: KubeObject) => serve(seeded.state, { verb: 'update', body: sent(obj), target: refOf(old as KubeObject), options: { dryRun: true, fieldManager: PROBE_MANAGER } }).response;
  return brought(put(old as KubeObject), put(next as KubeObject));
}

/** How a create of `next` is refused where one of `old` is not (into `state` as it is); undefined when it is not. */
export function createRefusal(state: ClusterState, old: Value, next: Value): Refusal | undefined {
  if (!isMap(old) || !isMap(next)) return undefined;
  const fresh = (obj: KubeObject) => setPath(setPath(setPath(obj, ['metadata', 'resourceVersion'], undefined), ['metadata', 'uid'], undefined), ['metadata', 'creationTimestamp'], undefined);
  const post = (obj: KubeObject): ApiResponse => {
    const request: ApiRequest = { verb: 'create', body: fresh(obj), options: { dryRun: true, fieldManager: PROBE_MANAGER } };
    return serve(state, request).response;
  };
  return brought(post(old as KubeObject), post(next as KubeObject));
}

/** `after`'s refusal less what `before` has already: a 422's causes `before` has not (each once), another code with another message. */
function brought(before: ApiResponse, after: ApiResponse): Refusal | undefined {
  if (after.ok) return undefined;
  const { code, status } = after;
  if (code !== 422) return !before.ok && before.code === code && before.status.message === status.message ? undefined : { code, message: status.message, causes: [] };
  const text = (c: StatusCause) => `${c.reason} ${c.field ?? ''} ${c.message}`;
  const already = new Set(!before.ok && before.code === 422 ? (before.status.details?.causes ?? []).map(text) : []);
  const causes: StatusCause[] = [];
  const seen = new Set<string>();
  for (const c of status.details?.causes ?? []) {
    const t = text(c);
    if (already.has(t) || seen.has(t)) continue;
    seen.add(t);
    causes.push(c);
  }
  return causes.length > 0 ? { code, message: status.message, causes } : undefined;
}

function refOf(obj: KubeObject) {
  const str = (v: Value | undefined) => (typeof v === 'string' ? v : '');
  const namespace = str(getPath(obj, ['metadata', 'namespace']));
  return { apiVersion: str(getKey(obj, 'apiVersion')), kind: str(getKey(obj, 'kind')), name: str(getPath(obj, ['metadata', 'name'])), ...(namespace ? { namespace } : {}) };
}
