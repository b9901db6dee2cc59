/**
 * An apply against captured live objects, offline: the objects go into a simulated API server as
 * they were captured (managedFields included), then kubectl's apply (server-side by default,
 * client-side on request) runs against it. Used by `ssa-sim preview` and `ssa-sim explain -f`.
 */
import type { ActorOutcome, RequestRecord } from '../actors/actor.js';

/** An object an apply is aimed at. */
export type TargetRef = RequestRecord['target'];
import { kubectlApply, serverSideApplyClient } from '../actors/index.js';
import { toObjects } from '../actors/objects.js';
import { buildTargets } from '../actors/kubectl/resource-builder.js';
import { STDIN_SOURCE } from '../actors/kubectl/output.js';
import { createCluster } from '../apiserver/index.js';
import type { ClusterState, KubeObject } from '../apiserver/types.js';
import type { SchemaCatalog } from '../schema/catalog.js';
import type { ValueMap } from '../value/value.js';
import { type ApplyFacts, applyFacts } from './apply-facts.js';
import { clusterView, seedObject } from './cluster-mode.js';
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
  /** `-n`: enforced on objects that name a namespace; given to those that do not (default `default`). */
  readonly namespace?: string;
  /** The `-f` argument kubectl names in its messages (default `STDIN`). */
  readonly filename?: string;
  /** Server-side as kubectl applies whatever the field manager (`kubectl apply --server-side --field-manager NAME`: migration included). */
  readonly asKubectl?: boolean;
}

export interface OfflineApplyResult {
  /** The cluster before and after, as snapshots that are not frozen (made once, never changed). */
  readonly before: Snapshot;
  readonly after: Snapshot;
  readonly outcome: ActorOutcome;
  readonly changes: readonly ObjectChanges[];
  /** Where each manifest object is aimed (kubectl's mapping and namespaces); unmappable ones are left out. */
  readonly targets: readonly TargetRef[];
  /** Objects the apply created (no live object matched them), as the API server answered (201). */
  readonly created: readonly TargetRef[];
  /** True when kubectl's migration of client-side-apply ownership was sent and accepted. */
  readonly migrated: boolean;
  /** What the API server forgave and what kubectl migrated, as they reported it. */
  readonly facts: ApplyFacts;
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
      ...(opts.fieldManager !== undefined ? { fieldManager: opts.fieldManager } : {}),
      ...(opts.clientSide ? {} : { forceConflicts: opts.force }),
      ...(opts.namespace !== undefined ? { namespace: opts.namespace } : {}),
      ...(opts.filename !== undefined ? { filename: opts.filename } : {}),
      now: opts.now,
    });
  const built = buildTargets(state, toObjects(opts.manifests), opts.namespace, opts.filename ?? STDIN_SOURCE);
  let outcome: ActorOutcome;
  // An empty name is kubectl's `--field-manager=`: kubectl then sends none (the server takes its user agent's).
  if (opts.clientSide || opts.asKubectl === true || opts.fieldManager === undefined || opts.fieldManager === 'kubectl' || opts.fieldManager === '') {
    outcome = viaKubectl();
  } else {
    // The objects kubectl would send (mapped, namespaces as `-n` says), applied as NAME's client.
    outcome = serverSideApplyClient(state, { manifests: built.targets.map((t) => t.object), fieldManager: opts.fieldManager, force: opts.force, now: opts.now });
    if (outcome.exitCode !== 0 || built.errors.length > 0) {
      const k = viaKubectl();
      outcome = { ...outcome, stdout: k.stdout, stderr: k.stderr, exitCode: k.exitCode };
    }
  }
  const before = clusterView(state);
  const after = clusterView(outcome.state);
  const created = outcome.requests.filter((r) => r.code === 201 && !r.dryRun).map((r) => r.target);
  const facts = applyFacts(outcome, before.objects);
  const migrated = facts.migrations.length > 0;
  const targets = built.targets.map(({ c }) => ({ apiVersion: c.apiVersion, kind: c.kind, name: c.name, ...(c.namespaced ? { namespace: c.namespace } : {}) }));
  return { before, after, outcome, changes: changesBetween(before, after), targets, created, migrated, facts };
}
