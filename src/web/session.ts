/**
 * A scenario loaded into the playground: parsed, then run step by step with the scenario
 * runner, keeping every frozen snapshot so the page can step back and forth. A step that cannot
 * run stops the run there; the steps before it stay viewable and the page says what went wrong.
 */
import { modeRunner } from '../scenarios/index.js';
import type { Scenario } from '../scenarios/model.js';
import { parseScenario } from '../scenarios/parse-scenario.js';
import { runScenarioSteps } from '../scenarios/run-scenario.js';
import type { ModeRunner, RunEnvironment, Snapshot, StepRecord } from '../scenarios/run-types.js';
import { managerSlots } from './manager-colour.js';
import { type Problem, problemFrom } from './problem.js';

export interface Session {
  readonly text: string;
  /** The name errors carry: `scenarios/eks-vpc-cni-addon.yaml`, or `pasted.yaml`. */
  readonly file: string;
  readonly scenario: Scenario | undefined;
  readonly runner: ModeRunner | undefined;
  /** The state before the first step. */
  readonly initial: Snapshot | undefined;
  /** The steps that ran, in order. */
  readonly steps: readonly StepRecord[];
  /** Why the scenario could not be read or started, or why step `steps.length + 1` could not run. */
  readonly problem: Problem | undefined;
  /** Each manager's colour slot, in order of first appearance over the whole run. */
  readonly managerSlots: ReadonlyMap<string, number>;
}

/** The managers the run shows together (each object's, at each position), in order: the starting objects, then each step's result. */
function* managersShownTogether(initial: Snapshot | undefined, steps: readonly StepRecord[]): Generator<string[]> {
  for (const snapshot of [initial, ...steps.map((r) => r.after)]) for (const o of snapshot?.objects ?? []) yield o.owners.map((e) => e.manager);
}

export function startSession(text: string, file: string, env: RunEnvironment): Session {
  let scenario: Scenario;
  try {
    scenario = parseScenario(text, file);
  } catch (err) {
    return failedSession(text, file, undefined, problemFrom(err, 'The scenario could not be read', { text, file }));
  }
  let runner: ModeRunner;
  try {
    runner = modeRunner(scenario, env);
  } catch (err) {
    return failedSession(text, file, scenario, problemFrom(err, 'The scenario could not start', { text, file }));
  }
  const steps: StepRecord[] = [];
  let problem: Problem | undefined;
  const it = runScenarioSteps(scenario, runner);
  for (;;) {
    try {
      const next = it.next();
      if (next.done) break;
      steps.push(next.value);
    } catch (err) {
      problem = problemFrom(err, `Step ${steps.length + 1} could not run`, { text, file });
      break;
    }
  }
  return { text, file, scenario, runner, initial: runner.initial, steps, problem, managerSlots: managerSlots(managersShownTogether(runner.initial, steps)) };
}

/** A session that shows only why the scenario could not run. */
export function failedSession(text: string, file: string, scenario: Scenario | undefined, problem: Problem): Session {
  return { text, file, scenario, runner: undefined, initial: undefined, steps: [], problem, managerSlots: new Map() };
}

/** The last position the page can show: 0 is the state before the first step, k after step k. */
export function lastPosition(s: Session): number {
  return s.steps.length;
}

export function clampPosition(s: Session, pos: number): number {
  if (!Number.isFinite(pos)) return 0;
  return Math.max(0, Math.min(lastPosition(s), Math.trunc(pos)));
}

/** The snapshot at a position. */
export function snapshotAtPosition(s: Session, pos: number): Snapshot | undefined {
  if (pos <= 0) return s.initial;
  return s.steps[Math.min(pos, s.steps.length) - 1]?.after;
}
