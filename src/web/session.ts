/**
 * A scenario loaded into the playground: parsed, then run step by step with the scenario
 * runner, keeping every frozen snapshot so the page can step back and forth. A step that cannot
 * run stops the run there; the steps before it stay viewable and the page says what went wrong.
 *
 * A session can be opened before its steps have run (openSession) and run one step at a time
 * (runNextStep), each call giving a new session: the page shows the first position at once and
 * runs the rest while the reader reads. startSession runs them all.
 */
import { modeRunner } from '../scenarios/index.js';
import type { Scenario } from '../scenarios/model.js';
import { parseScenario } from '../scenarios/parse-scenario.js';
import { runScenarioSteps } from '../scenarios/run-scenario.js';
import type { ModeRunner, RunEnvironment, Snapshot, StepRecord } from '../scenarios/run-types.js';
import { managerSlots, PALETTE } from './manager-colour.js';
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
  /** Each manager's colour slot, in order of first appearance over the steps run so far. */
  readonly managerSlots: ReadonlyMap<string, number>;
  /** Every step ran, or the run stopped at a problem: `steps` is final. */
  readonly done: boolean;
}

/** The managers the run shows together (each object's, at each position), in order: the starting objects, then each step's result. */
function* managersShownTogether(initial: Snapshot | undefined, steps: readonly StepRecord[]): Generator<string[]> {
  for (const snapshot of [initial, ...steps.map((r) => r.after)]) for (const o of snapshot?.objects ?? []) yield o.owners.map((e) => e.manager);
}

/** The scenario parsed and its runner made; no step has run yet. */
export function openSession(text: string, file: string, env: RunEnvironment): Session {
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
  return withSteps({ text, file, scenario, runner, initial: runner.initial, steps: [], problem: undefined, managerSlots: new Map(), done: false }, [], undefined);
}

/**
 * The session with its next step run: from the state the last step left, with the states before
 * it as the expectations' history, as runScenarioSteps runs a whole scenario.
 */
export function runNextStep(s: Session): Session {
  if (s.done || !s.scenario || !s.runner || !s.initial) return s;
  const index = s.steps.length;
  const current = snapshotAtPosition(s, index)!;
  const earlier = Array.from({ length: index }, (_, p) => snapshotAtPosition(s, p)!);
  try {
    const next = runScenarioSteps({ ...s.scenario, steps: [s.scenario.steps[index]] }, { initial: current, run: s.runner.run }, earlier).next();
    return withSteps(s, next.done ? s.steps : [...s.steps, next.value], undefined);
  } catch (err) {
    return withSteps(s, s.steps, problemFrom(err, `Step ${index + 1} could not run`, { text: s.text, file: s.file }));
  }
}

/** The session with every step up to position `pos` run (or as many as could run). */
export function runSessionTo(s: Session, pos: number): Session {
  let out = s;
  while (!out.done && out.steps.length < pos) out = runNextStep(out);
  return out;
}

/** The scenario parsed and every step run (or the steps up to the one that could not run). */
export function startSession(text: string, file: string, env: RunEnvironment): Session {
  return runSessionTo(openSession(text, file, env), Number.POSITIVE_INFINITY);
}

function withSteps(s: Session, steps: readonly StepRecord[], problem: Problem | undefined): Session {
  const done = problem !== undefined || steps.length >= (s.scenario?.steps.length ?? 0);
  return { ...s, steps, problem, done, managerSlots: managerSlots(managersShownTogether(s.initial, steps)) };
}

/** How many managers have a colour of their own: past the palette's size, a colour depends on the steps still to run. */
export function slotsSettled(s: Session): boolean {
  return s.done || s.managerSlots.size <= PALETTE.length;
}

/** A session that shows only why the scenario could not run. */
export function failedSession(text: string, file: string, scenario: Scenario | undefined, problem: Problem): Session {
  return { text, file, scenario, runner: undefined, initial: undefined, steps: [], problem, managerSlots: new Map(), done: true };
}

/** The last position the page can show: 0 is the state before the first step, k after step k. */
export function lastPosition(s: Session): number {
  return s.steps.length;
}

/** The last position the page offers: while steps are still to run, the scenario's last (they run when asked for). */
export function lastReachable(s: Session): number {
  return s.done ? s.steps.length : (s.scenario?.steps.length ?? 0);
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
