/**
 * `kubectl diff` (v1.32): for each object of `-f`, the live object (a GET) and the object as it
 * would be after the apply, as the API server answers a dry run of the request kubectl diff sends:
 *  - `--server-side`: the apply patch of the local object as it is, `?dryRun=All&fieldManager=NAME`
 *    and `force`; no migration of client-side ownership and no last-applied bookkeeping (only
 *    `kubectl apply` does those);
 *  - otherwise, for an object that does not exist: a dry-run create of the local object as it is
 *    (no last-applied annotation);
 *  - otherwise: the three-way patch `kubectl apply` would send, except that the new configuration
 *    is the local object *without* the annotation (kubectl diff does not annotate, so the live
 *    annotation stays as it is), with the live `metadata.resourceVersion` added; an empty patch is
 *    not sent and the object as it would be is the live one.
 * The default field manager is `kubectl-client-side-apply`, `kubectl` with --server-side. The first
 * failing object stops the diff (kubectl visits without ContinueOnError) and nothing is compared.
 */
import type { ApiResponse, ClusterState, KubeObject } from '../../apiserver/types.js';
import { SsaError } from '../../errors/ssa-error.js';
import { encodeGoJson } from '../../fieldpath/json-text.js';
import { getKey, isMap, newMap, type Value, type ValueMap } from '../../value/value.js';
import type { ActorOutcome, CommonOptions, FileOptions, Manifests } from '../actor.js';
import { EMPTY_NAME_ERROR, metadata, str, toObjects } from '../objects.js';
import type { ObjectCoordinates } from '../resources.js';
import type { Wire } from '../wire.js';
import { kubectlWire, printWarnings, runKubectl, statusError } from './kubectl.js';
import { threeWayPatch } from './client-side-apply.js';
import { withoutLastApplied } from './last-applied.js';
import { type KubectlError, STDIN_SOURCE, VALIDATION, withSource } from './output.js';
import { buildTargets } from './resource-builder.js';
import { isEmptyPatch } from './three-way-patch.js';

/** kubectl diff's maxRetries. */
const MAX_ATTEMPTS = 4;

export interface KubectlDiffOptions extends CommonOptions, FileOptions {
  /** `-f`: what would be applied. */
  readonly manifests: Manifests;
  /** `-n`: namespace for objects that have none. Default `default`. */
  readonly namespace?: string;
  /** `--server-side`. Default false. */
  readonly serverSide?: boolean;
  /** `--field-manager`. Default `kubectl` with --server-side, `kubectl-client-side-apply` without. */
  readonly fieldManager?: string;
  /** `--force-conflicts` (server-side only). */
  readonly forceConflicts?: boolean;
}

/** One object compared: the file name kubectl gives it, the live object and the one after the apply. */
export interface DiffedObject {
  /** `apps.v1.DaemonSet.kube-system.aws-node`; `v1.Namespace..x` for a cluster-scoped object. */
  readonly name: string;
  /** undefined when the object does not exist yet. */
  readonly live: KubeObject | undefined;
  readonly merged: KubeObject;
}

export interface KubectlDiffOutcome extends ActorOutcome {
  /** Every object compared, in the order of `-f` (empty when kubectl failed). */
  readonly objects: readonly DiffedObject[];
  /**
   * What kubectl logs (klog, at warning level, before its error) for each object whose dry run was
   * still a 409 Conflict at the 4th try: `Object (apps/v1, Kind=DaemonSet: aws-node) keeps changing, diffing without lock`.
   */
  readonly lockWarnings: readonly string[];
}

/** kubectl diff's file name for an object: `[group.]version.kind.namespace.name`. */
export function diffFileName(c: Pick<ObjectCoordinates, 'group' | 'version' | 'kind' | 'namespace' | 'namespaced' | 'name'>): string {
  return `${c.group ? `${c.group}.` : ''}${c.version}.${c.kind}.${c.namespaced ? c.namespace : ''}.${c.name}`;
}

type Merged = { readonly ok: true; readonly object: KubeObject } | { readonly ok: false; readonly error: KubectlError };

function answer(wire: Wire, r: ApiResponse): Merged {
  printWarnings(wire, r);
  return r.ok ? { ok: true, object: r.object } : { ok: false, error: statusError(r) };
}

function mergedObject(wire: Wire, local: KubeObject, c: ObjectCoordinates, live: KubeObject | undefined, o: { serverSide: boolean; fieldManager: string; force: boolean; source: string; lock: boolean }): Merged {
  const ref = { apiVersion: c.apiVersion, kind: c.kind, name: c.name, ...(c.namespaced ? { namespace: c.namespace } : {}) };
  const options = { dryRun: true, fieldManager: o.fieldManager };
  if (o.serverSide) {
    return answer(wire, wire.send({ verb: 'apply', body: local, target: ref, options: { ...options, force: o.force } }));
  }
  if (live === undefined) return answer(wire, wire.send({ verb: 'create', body: local, target: ref, options }));
  const computed = threeWayPatch(wire, c, withoutLastApplied(local), live, o.source);
  if (!computed.ok) return computed;
  const { patch } = computed;
  if (isEmptyPatch(patch)) return { ok: true, object: live };
  const withVersion = newMap();
  for (const k of Object.keys(patch)) withVersion[k] = patch[k];
  const meta = newMap();
  const patchMeta = getKey(patch, 'metadata');
  if (isMap(patchMeta)) for (const k of Object.keys(patchMeta)) meta[k] = patchMeta[k];
  if (o.lock) meta.resourceVersion = str(metadata(live), 'resourceVersion') ?? '';
  if (Object.keys(meta).length > 0) withVersion.metadata = meta;
  const r = wire.send({ verb: 'patch', target: ref, patchType: c.custom ? 'merge' : 'strategic', patch: withVersion, options });
  const merged = answer(wire, r);
  // kubectl diff calls apply's patcher, which names the file once (`error when patching "FILE"`);
  // the `applying patch: ... to:` wrapper is apply's own.
  return merged.ok ? merged : { ok: false, error: withSource(merged.error, 'patching', o.source) };
}

export function kubectlDiff(state: ClusterState, options: KubectlDiffOptions): KubectlDiffOutcome {
  const wire = kubectlWire(state, options);
  const objects: DiffedObject[] = [];
  const lockWarnings: string[] = [];
  const outcome = runKubectl(wire, (errors) => {
    const serverSide = options.serverSide ?? false;
    if (options.forceConflicts && !serverSide) throw new SsaError('INPUT', VALIDATION.forceConflictsNeedsServerSide);
    const local = toObjects(options.manifests, undefined, options.readObjects);
    const fieldManager = options.fieldManager ?? (serverSide ? 'kubectl' : 'kubectl-client-side-apply');
    const source = options.filename ?? STDIN_SOURCE;
    const built = buildTargets(wire.state, local, options.namespace, source);
    if (built.errors.length > 0) {
      errors.push(built.errors[0]);
      return;
    }
    for (const { object, c } of built.targets) {
      // Its first read of the object is a request client-go refuses without a name (generateName
      // or not), and kubectl diff stops at the first error.
      if (c.name === '') {
        errors.push({ kind: 'plain', message: EMPTY_NAME_ERROR });
        return;
      }
      // kubectl tries an object up to 4 times while the answer is a 409 Conflict (a server-side
      // apply conflict is one), the last time without the resourceVersion lock and with a warning.
      for (let attempt = 1; ; attempt++) {
        const got = wire.get({ apiVersion: c.apiVersion, kind: c.kind, name: c.name, ...(c.namespaced ? { namespace: c.namespace } : {}) });
        if (!got.ok && got.code !== 404) {
          errors.push(statusError(got));
          return;
        }
        const live = got.ok ? got.object : undefined;
        const lock = attempt < MAX_ATTEMPTS;
        if (!lock && live !== undefined) {
          const [group, version] = c.apiVersion.includes('/') ? c.apiVersion.split('/') : ['', c.apiVersion];
          lockWarnings.push(`Object (${group}/${version}, Kind=${c.kind}: ${c.name}) keeps changing, diffing without lock`);
        }
        const merged = mergedObject(wire, object, c, live, { serverSide, fieldManager, force: options.forceConflicts ?? false, source, lock });
        if (!merged.ok && merged.error.kind === 'status' && merged.error.reason === 'Conflict' && lock) continue;
        if (live !== undefined && getKey(metadata(live), 'deletionTimestamp') !== undefined) {
          wire.printError(`Warning: Detected changes to resource ${c.name} which is currently being deleted.\n`);
        }
        if (!merged.ok) {
          errors.push(merged.error);
          return;
        }
        objects.push({ name: diffFileName(c), live, merged: merged.object });
        break;
      }
    }
  });
  return { ...outcome, objects: outcome.exitCode === 0 ? objects : [], lockWarnings };
}

/** kubectl diff's masking of a v1 Secret's `data`: `***`, or `*** (before)` / `*** (after)` where a value changed. */
export function maskSecretData(live: KubeObject | undefined, merged: KubeObject): { live: KubeObject | undefined; merged: KubeObject } {
  // kubectl checks the version and kind only, whatever the group.
  if ((str(merged, 'apiVersion') ?? '').split('/').pop() !== 'v1' || str(merged, 'kind') !== 'Secret') return { live, merged };
  const dataOf = (o: KubeObject | undefined) => {
    const d = o === undefined ? undefined : getKey(o, 'data');
    return isMap(d) ? d : undefined;
  };
  const from = dataOf(live);
  const to = dataOf(merged);
  const maskedFrom = newMap();
  const maskedTo = newMap();
  for (const k of Object.keys(from ?? {})) {
    const changed = to !== undefined && Object.hasOwn(to, k) && !sameValue(from![k], to[k]);
    maskedFrom[k] = changed ? '*** (before)' : '***';
    if (to !== undefined && Object.hasOwn(to, k)) maskedTo[k] = changed ? '*** (after)' : '***';
  }
  for (const k of Object.keys(to ?? {})) if (!Object.hasOwn(maskedTo, k)) maskedTo[k] = '***';
  const withData = (o: KubeObject, data: ValueMap): KubeObject => {
    const out = newMap();
    for (const k of Object.keys(o)) out[k] = o[k];
    out.data = data;
    return out as KubeObject;
  };
  return { live: live !== undefined && from !== undefined ? withData(live, maskedFrom) : live, merged: to !== undefined ? withData(merged, maskedTo) : merged };
}

function sameValue(a: Value, b: Value): boolean {
  return typeof a === typeof b && (typeof a !== 'object' || a === null ? a === b : encodeGoJson(a) === encodeGoJson(b));
}
