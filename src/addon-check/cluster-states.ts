/**
 * The cluster states an add-on check updates: OLD as the add-on manager installs it, OLD applied
 * with `kubectl apply` (a self-managed install, as clusters were bootstrapped before add-ons were
 * managed), each customization run on one of them, and captured live clusters. Every write goes
 * through the scenario runner's actors and API server; nothing here decides an outcome.
 */
import type { AddonStatus } from '../actors/actor.js';
import { withExistingObject } from '../apiserver/index.js';
import { describeError, SsaError } from '../errors/ssa-error.js';
import { clusterRunner, clusterSnapshot, type ClusterRunState } from '../scenarios/cluster-mode.js';
import type { Scenario, ScenarioStep } from '../scenarios/model.js';
import { ownersFromObject } from '../scenarios/owners.js';
import type { ModeRunner, RunEnvironment, Snapshot } from '../scenarios/run-types.js';
import type { Value } from '../value/value.js';
import { DEFAULT_CUSTOMIZATIONS_NAME } from './default-customizations.js';
import type { AddonCheckInput, AddonSource, InstallKind, LiveCluster } from './model.js';

/** The add-on manager's field manager: a live object it applied carries an entry of it. */
const ADDON_MANAGER = 'eks';

export interface ClusterStateRun {
  readonly name: string;
  readonly description: string;
  readonly origin: 'generated' | 'live';
  readonly install?: InstallKind;
  readonly operation: 'create-addon' | 'update-addon';
  readonly snapshot: Snapshot;
}

export interface ClusterStates {
  readonly runner: ModeRunner;
  /** OLD as the add-on manager installs it: what user changes are measured against. */
  readonly baseline: Snapshot;
  readonly states: readonly ClusterStateRun[];
}

/** A step the check runs through the scenario runner, as a scenario file would give it. */
export function syntheticStep(action: string, args: Value, title: string): ScenarioStep {
  return { index: 0, title, explain: '', action, args, argsSegs: [], expectations: [], source: {} };
}

/** The options of the add-on manager's request for `source` (a built-in version, or the objects). */
export function addonArgs(source: AddonSource, addonName: string): Record<string, Value> {
  // The objects are passed read once (a built-in version's are exactly its shipped manifest).
  return { addonName, addonVersion: source.kind === 'builtin' ? source.version : source.label, manifests: source.objects as Value[] };
}

function install(runner: ModeRunner, input: AddonCheckInput, how: InstallKind): Snapshot {
  const step =
    how === 'add-on manager'
      ? syntheticStep('eks-create-addon', { ...addonArgs(input.from, input.addonName), resolveConflicts: 'NONE' }, 'install OLD')
      : syntheticStep('kubectl-apply', { manifests: input.from.objects as Value[] }, 'kubectl apply OLD');
  const { result, after } = runner.run(step, runner.initial);
  if (!result.ok) {
    throw new SsaError('INPUT', `installing ${input.from.label} with ${how === 'add-on manager' ? 'the add-on manager' : 'kubectl apply'} failed: ${(result.error ?? result.stderr).trim()}`);
  }
  return after;
}

function customized(runner: ModeRunner, start: Snapshot, steps: readonly ScenarioStep[], name: string, file: string): Snapshot {
  let s = start;
  for (const step of steps) {
    const { result, after } = runner.run(step, s);
    if (!result.ok) {
      const hint = file === DEFAULT_CUSTOMIZATIONS_NAME ? ' (the default customizations are for vpc-cni; give --customizations FILE for another add-on)' : '';
      throw new SsaError('INPUT', `customization ${JSON.stringify(name)}: steps[${step.index}].${step.action} failed: ${(result.error ?? result.stderr).trim()}${hint}`, {
        source: step.source,
      });
    }
    s = after;
  }
  return s;
}

function liveState(runner: ModeRunner, live: LiveCluster): ClusterStateRun {
  let cluster = (runner.initial.state as ClusterRunState).cluster;
  let managed = false;
  for (const { object, source } of live.objects) {
    const seeded = withExistingObject(cluster, object);
    if ('problem' in seeded) throw new SsaError('INPUT', seeded.problem, { source });
    cluster = seeded.state;
    try {
      if (ownersFromObject(object).some((e) => e.manager === ADDON_MANAGER && e.operation === 'Apply')) managed = true;
    } catch (err) {
      if (err instanceof SsaError) throw new SsaError('INPUT', describeError(err), { source });
      throw err;
    }
  }
  return {
    name: live.name,
    description: `live objects from ${live.name}${managed ? '' : ' (no `eks` Apply entry: a self-managed install, so the add-on manager creates the add-on)'}`,
    origin: 'live',
    operation: managed ? 'update-addon' : 'create-addon',
    snapshot: clusterSnapshot(cluster, {} as Readonly<Record<string, AddonStatus>>),
  };
}

export function buildClusterStates(input: AddonCheckInput, env: RunEnvironment): ClusterStates {
  const { doc, file } = input.customizations;
  const scenario: Scenario = {
    file,
    name: 'addon-check',
    description: '',
    learn: [],
    mode: 'cluster',
    schema: { kind: 'catalog', builtin: true, schemaFiles: [], crdFiles: [], source: { file } },
    clock: { start: input.now, tickSeconds: 60 },
    live: null,
    managed: [],
    objects: [],
    steps: [],
    warnings: [],
    positionOf: (segs, at) => doc.positionOf(segs, at),
    positionInText: (segs, line, column) => doc.positionInText(segs, line, column),
  };
  const runner = clusterRunner(scenario, env);
  const baseline = install(runner, input, 'add-on manager');
  const selfManaged = install(runner, input, 'kubectl apply');
  const start = (how: InstallKind) => (how === 'add-on manager' ? baseline : selfManaged);
  const operation = (how: InstallKind) => (how === 'add-on manager' ? 'update-addon' : 'create-addon') as ClusterStateRun['operation'];
  const states: ClusterStateRun[] = [
    { name: 'installed', description: `${input.from.label} as the add-on manager installs it, unchanged`, origin: 'generated', install: 'add-on manager', operation: 'update-addon', snapshot: baseline },
    {
      name: 'kubectl-apply-install',
      description: `${input.from.label} applied with kubectl apply (client-side): a self-managed install that the add-on manager then takes over`,
      origin: 'generated',
      install: 'kubectl apply',
      operation: 'create-addon',
      snapshot: selfManaged,
    },
    ...input.customizations.customizations.map((c) => ({
      name: c.name,
      description: c.description,
      origin: 'generated' as const,
      install: c.install,
      operation: operation(c.install),
      snapshot: customized(runner, start(c.install), c.steps, c.name, file),
    })),
    ...input.clusters.map((live) => liveState(runner, live)),
  ];
  const names = new Set<string>();
  for (const s of states) {
    if (names.has(s.name)) throw new SsaError('INPUT', `two cluster states are called ${JSON.stringify(s.name)}; rename the customization`, { source: { file } });
    names.add(s.name);
  }
  return { runner, baseline, states };
}
