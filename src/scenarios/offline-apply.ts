/**
 * An apply against captured live objects, offline: the objects go into a simulated API server as
 * they were captured (managedFields included), then kubectl's apply (server-side by default,
 * client-side on request) runs against it. Used by `ssa-sim preview` and `ssa-sim explain -f`.
 */
import type { ActorOutcome } from '../actors/actor.js';
import { kubectlApply, serverSideApplyClient } from '../actors/index.js';
import { createCluster } from '../apiserver/index.js';
import type { ClusterState, KubeObject } from '../apiserver/types.js';
import type { SchemaCatalog } from '../schema/catalog.js';
import type { ValueMap } from '../value/value.js';
import { clusterSnapshot, seedObject } from './cluster-mode.js';
import { changesBetween } from './run-scenario.js';
import type { ObjectChanges, Snapshot } from './run-types.js';

export interface OfflineApplyOptions {
  readonly catalog: SchemaCatalog;
  readonly live: readonly KubeObject[];
  /** The manifest text (YAML/JSON, several documents or a List) or objects. */
  readonly manifests: string | readonly ValueMap[];
  readonly fieldManager?: string;
  readonly force: boolean;
  readonly clientSide: boolean;
  /** Time of the apply (RFC 3339). */
  readonly now: string;
}

export interface OfflineApplyResult {
  readonly before: Snapshot;
  readonly after: Snapshot;
  readonly outcome: ActorOutcome;
  readonly changes: readonly ObjectChanges[];
}

export function liveCluster(catalog: SchemaCatalog, live: readonly KubeObject[], now: string): ClusterState {
  let state = createCluster({ catalog, now });
  live.forEach((o, i) => {
    state = seedObject(state, o, () => ({}), i);
  });
  return state;
}

/**
 * Client-side, or server-side as `kubectl` (the default): kubectl's own apply, migration of
 * client-side ownership included. Server-side as any other manager: the apply request that
 * manager's client sends (EKS, Flux, Helm... never migrate); on failure the text is what
 * `kubectl apply --server-side --field-manager NAME` prints, since the failing request is the same.
 */
export function offlineApply(opts: OfflineApplyOptions): OfflineApplyResult {
  const state = liveCluster(opts.catalog, opts.live, opts.now);
  const viaKubectl = () =>
    kubectlApply(state, {
      manifests: opts.manifests,
      serverSide: !opts.clientSide,
      ...(opts.fieldManager ? { fieldManager: opts.fieldManager } : {}),
      ...(opts.clientSide ? {} : { forceConflicts: opts.force }),
      now: opts.now,
    });
  let outcome: ActorOutcome;
  if (opts.clientSide || !opts.fieldManager || opts.fieldManager === 'kubectl') {
    outcome = viaKubectl();
  } else {
    outcome = serverSideApplyClient(state, { manifests: opts.manifests, fieldManager: opts.fieldManager, force: opts.force, now: opts.now });
    if (outcome.exitCode !== 0) {
      const k = viaKubectl();
      outcome = { ...outcome, stdout: k.stdout, stderr: k.stderr, exitCode: k.exitCode };
    }
  }
  const before = clusterSnapshot(state);
  const after = clusterSnapshot(outcome.state);
  return { before, after, outcome, changes: changesBetween(before, after) };
}
