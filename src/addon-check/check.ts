/**
 * The add-on check: every cluster state × every resolveConflicts mode, each cell the add-on
 * manager's real request (src/actors/eks) on a copy of that cluster. Whether it fails and with
 * which error is the add-on manager's answer; conflicts are its dry run's 409 causes; ownership
 * changes come from managedFields before and after (scenarios/ownership-changes); the fate of
 * each user change is read from the objects before and after.
 */
import type { ActorOutcome, AddonStatus, ResolveConflicts } from '../actors/actor.js';
import { resourceId } from '../actors/eks/addon-manager.js';
import { runAction } from '../actors/index.js';
import { identity } from '../actors/objects.js';
import { coordinates } from '../actors/resources.js';
import type { KubeObject } from '../apiserver/types.js';
import { clusterSnapshot, objectRefDisplay, type ClusterRunState } from '../scenarios/cluster-mode.js';
import { statusConflicts } from '../scenarios/apply-facts.js';
import { changesBetween } from '../scenarios/run-scenario.js';
import type { ObjectView, RunEnvironment, Snapshot } from '../scenarios/run-types.js';
import { addonArgs, buildClusterStates, type ClusterStateRun } from './cluster-states.js';
import type { AddonCheckInput, AddonCheckReport, Cell, CellObject, ClusterStateReport } from './model.js';
import { fateOf, userChanges } from './user-changes.js';

type Target = ActorOutcome['requests'][number]['target'];

/** Where the add-on manager sends an object (its namespace defaulted as the API server does). */
function targetOf(cluster: ClusterRunState['cluster'], o: KubeObject): Target {
  const id = identity(o);
  const c = coordinates(cluster, id.apiVersion, id.kind, id.name, id.namespace);
  return { apiVersion: c.apiVersion, kind: c.kind, name: c.name, ...(c.namespaced ? { namespace: c.namespace } : {}) };
}

function byDisplay(s: Snapshot): Map<string, ObjectView> {
  return new Map(s.objects.map((o) => [o.display, o]));
}

function runUpdate(input: AddonCheckInput, state: ClusterStateRun, mode: ResolveConflicts): { outcome: ActorOutcome; after: Snapshot } {
  const run = state.snapshot.state as ClusterRunState;
  const current: AddonStatus | undefined = run.addons[input.addonName];
  const outcome = runAction(state.operation === 'update-addon' ? 'eks-update-addon' : 'eks-create-addon', run.cluster, {
    ...addonArgs(input.to, input.addonName),
    resolveConflicts: mode,
    now: run.cluster.now,
    ...(current ? { current } : {}),
  });
  const addons = outcome.addon ? { ...run.addons, [input.addonName]: outcome.addon } : run.addons;
  return { outcome, after: clusterSnapshot(outcome.state, addons) };
}

type StateChanges = ReadonlyMap<string, ReturnType<typeof userChanges>>;

function cellOf(input: AddonCheckInput, state: ClusterStateRun, mode: ResolveConflicts, changed: StateChanges, objects: readonly string[]): Cell {
  const { outcome, after } = runUpdate(input, state, mode);
  const addon = outcome.addon;
  const failed = outcome.exitCode !== 0 || (addon !== undefined && addon.status.endsWith('FAILED'));
  const error = failed
    ? addon && addon.health.issues.length > 0
      ? addon.health.issues.map((i) => `${i.code}: ${i.message}`).join('\n')
      : outcome.stderr.trim()
    : null;
  const afterViews = byDisplay(after);
  const changes = changesBetween(state.snapshot, after);
  const cluster = (state.snapshot.state as ClusterRunState).cluster;
  const cellObjects: CellObject[] = objects.map((display) => {
    const targets = outcome.requests.filter((r) => objectRefDisplay(r.target) === display);
    const conflicts = targets
      .filter((r) => r.dryRun && r.code === 409)
      .flatMap((r) => statusConflicts(r.failure).map(({ manager, path }) => ({ manager, path })));
    const ids = new Set(targets.map((r) => resourceId(coordinates(cluster, r.target.apiVersion, r.target.kind, r.target.name, r.target.namespace))));
    const preserved = (addon?.preserved ?? []).filter((p) => ids.has(p.object)).map((p) => p.path);
    const fates = (changed.get(display) ?? []).map(({ change, path }) => fateOf(change, path, afterViews.get(display)));
    return { object: display, conflicts, preserved, ownershipChanges: changes.find((c) => c.display === display)?.changes ?? [], userChanges: fates };
  });
  return {
    state: state.name,
    mode,
    operation: state.operation,
    succeeded: !failed,
    addonStatus: addon?.status ?? null,
    error,
    preserveModel: addon?.preserveModel ?? null,
    objects: cellObjects,
    lost: cellObjects.reduce((n, o) => n + o.userChanges.filter((u) => u.fate !== 'kept').length, 0),
  };
}

export function runAddonCheck(input: AddonCheckInput, env: RunEnvironment): AddonCheckReport {
  const { baseline, states } = buildClusterStates(input, env);
  const baseViews = byDisplay(baseline);
  // The add-on's objects: what OLD installs, and what the add-on manager applies of NEW.
  const cluster = (baseline.state as ClusterRunState).cluster;
  const objects = [...new Set([...baseViews.keys(), ...input.to.objects.map((o) => objectRefDisplay(targetOf(cluster, o)))])];
  const changed = states.map((s): StateChanges => {
    const views = byDisplay(s.snapshot);
    return new Map(objects.flatMap((d) => (views.has(d) ? [[d, userChanges(baseViews.get(d), views.get(d)!)] as const] : [])));
  });
  const cells = states.flatMap((state, i) => input.modes.map((mode) => cellOf(input, state, mode, changed[i], objects)));
  const stateReports: ClusterStateReport[] = states.map((s, i) => ({
    name: s.name,
    description: s.description,
    origin: s.origin,
    ...(s.install ? { install: s.install } : {}),
    operation: s.operation,
    userChanges: [...changed[i].values()].flatMap((list) => list.map((u) => u.change)),
  }));
  const failed = cells.filter((c) => !c.succeeded).length;
  const losing = cells.filter((c) => c.lost > 0).length;
  return {
    addon: input.addonName,
    from: input.from.label,
    to: input.to.label,
    modes: input.modes,
    customizations: input.customizations.file,
    states: stateReports,
    cells,
    summary: { cells: cells.length, failed, losingUserChanges: losing, exitCode: failed > 0 || losing > 0 ? 1 : 0 },
  };
}
