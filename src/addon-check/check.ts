/**
 * The add-on check: every cluster state × every resolveConflicts mode, each cell the add-on
 * manager's real request (src/actors/eks) run by the scenario runner on that cluster state, as a
 * scenario step would be. Whether it fails and with which error is the add-on manager's answer;
 * conflicts are the runner's (its dry run's 409 causes, scenarios/apply-facts.ts); ownership
 * changes come from managedFields before and after (scenarios/ownership-changes); the fate of
 * each user change is read from the objects before and after.
 */
import type { ActorOutcome, AddonStatus, ResolveConflicts } from '../actors/actor.js';
import { resourceId } from '../actors/eks/addon-manager.js';
import { identity, requireName } from '../actors/objects.js';
import { coordinates } from '../actors/resources.js';
import type { KubeObject } from '../apiserver/types.js';
import { objectRefDisplay, type ClusterRunState } from '../scenarios/cluster-mode.js';
import { ownershipChangeReport } from '../scenarios/format-run.js';
import { changesBetween } from '../scenarios/run-scenario.js';
import type { ActionResult, ModeRunner, ObjectView, RunEnvironment, Snapshot } from '../scenarios/run-types.js';
import { addonArgs, buildClusterStates, type ClusterStateRun, syntheticStep } from './cluster-states.js';
import type { AddonCheckInput, AddonCheckReport, Cell, CellObject, ClusterStateReport } from './model.js';
import { fateOf, userChanges } from './user-changes.js';

type Target = ActorOutcome['requests'][number]['target'];

/** Where the add-on manager sends an object (its namespace defaulted as the API server does). */
function targetOf(cluster: ClusterRunState['cluster'], o: KubeObject): Target {
  const id = requireName(identity(o));
  const c = coordinates(cluster, id.apiVersion, id.kind, id.name, id.namespace);
  return { apiVersion: c.apiVersion, kind: c.kind, name: c.name, ...(c.namespaced ? { namespace: c.namespace } : {}) };
}

function byDisplay(s: Snapshot): Map<string, ObjectView> {
  return new Map(s.objects.map((o) => [o.display, o]));
}

/** The add-on manager's update (or create) of NEW in MODE, run by the scenario runner on the state. */
function runUpdate(runner: ModeRunner, input: AddonCheckInput, state: ClusterStateRun, mode: ResolveConflicts): { result: ActionResult; addon: AddonStatus | undefined; after: Snapshot } {
  const action = state.operation === 'update-addon' ? 'eks-update-addon' : 'eks-create-addon';
  const { result, after } = runner.run(syntheticStep(action, { ...addonArgs(input.to, input.addonName), resolveConflicts: mode }, `${state.operation} ${mode}`), state.snapshot);
  const before = (state.snapshot.state as ClusterRunState).addons[input.addonName];
  const now = (after.state as ClusterRunState).addons[input.addonName];
  // The add-on as this request left it (not one an earlier request left).
  return { result, addon: now !== before ? now : undefined, after };
}

type StateChanges = ReadonlyMap<string, ReturnType<typeof userChanges>>;

function cellOf(runner: ModeRunner, input: AddonCheckInput, state: ClusterStateRun, mode: ResolveConflicts, changed: StateChanges, objects: readonly string[]): Cell {
  const { result, addon, after } = runUpdate(runner, input, state, mode);
  const failed = !result.ok;
  const error = failed ? (addon && addon.health.issues.length > 0 ? addon.health.issues.map((i) => `${i.code}: ${i.message}`).join('\n') : result.stderr.trim()) : null;
  const afterViews = byDisplay(after);
  const changes = changesBetween(state.snapshot, after);
  const cluster = (state.snapshot.state as ClusterRunState).cluster;
  const cellObjects: CellObject[] = objects.map((display) => {
    const conflicts = result.conflicts.filter((c) => c.object !== undefined && objectRefDisplay({ ...c.object, apiVersion: c.object.apiVersion ?? '' }) === display).map(({ manager, path }) => ({ manager, path }));
    const ref = (afterViews.get(display) ?? state.snapshot.objects.find((o) => o.display === display))?.ref;
    const id = ref === undefined ? undefined : resourceId(coordinates(cluster, ref.apiVersion ?? '', ref.kind, ref.name, ref.namespace));
    const preserved = (addon?.preserved ?? []).filter((p) => p.object === id).map((p) => p.path);
    const fates = (changed.get(display) ?? []).map(({ change, path }) => fateOf(change, path, afterViews.get(display)));
    return { object: display, conflicts, preserved, ownershipChanges: (changes.find((c) => c.display === display)?.changes ?? []).map(ownershipChangeReport), userChanges: fates };
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
  const { runner, baseline, states } = buildClusterStates(input, env);
  const baseViews = byDisplay(baseline);
  // The add-on's objects: what OLD installs, and what the add-on manager applies of NEW.
  const cluster = (baseline.state as ClusterRunState).cluster;
  const objects = [...new Set([...baseViews.keys(), ...input.to.objects.map((o) => objectRefDisplay(targetOf(cluster, o)))])];
  const changed = states.map((s): StateChanges => {
    const views = byDisplay(s.snapshot);
    return new Map(objects.flatMap((d) => (views.has(d) ? [[d, userChanges(baseViews.get(d), views.get(d)!)] as const] : [])));
  });
  const cells = states.flatMap((state, i) => input.modes.map((mode) => cellOf(runner, input, state, mode, changed[i], objects)));
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
