/**
 * Runs a scenario step by step. Each step starts from the previous step's frozen snapshot and
 * produces a new one, so the run can be replayed, stepped through (`runScenarioSteps` yields one
 * step at a time) and walked back (`snapshotAt`).
 */
import { checkExpectations } from './check-expectations.js';
import type { Expectation, Scenario } from './model.js';
import { ownershipChanges } from './ownership-changes.js';
import type { ModeRunner, ObjectChanges, ScenarioRun, Snapshot, StepRecord } from './run-types.js';

/** Expectations that say a step may fail; without one, a failing step fails the scenario. */
const FAILURE_KINDS = new Set(['succeeds', 'error', 'conflicts', 'exitCode', 'stderr', 'stderrIncludes']);

function allowsFailure(e: Expectation): boolean {
  return FAILURE_KINDS.has(e.kind) || (e.kind === 'responseCode' && e.code >= 400);
}

/** Builds the mode runner of a scenario (engine or cluster). Supplied by the caller's wiring. */
export type ModeRunnerFactory = (scenario: Scenario) => ModeRunner;

/**
 * `earlier`: the states before `runner.initial` (position 0 onwards), when the run starts in the
 * middle (the playground's what-if), so that `unchangedSince` can name any earlier step.
 */
export function* runScenarioSteps(scenario: Scenario, runner: ModeRunner, earlier: readonly Snapshot[] = []): Generator<StepRecord, void, void> {
  let current = runner.initial;
  const history: Snapshot[] = [...earlier, current];
  for (const step of scenario.steps) {
    const { result, after } = runner.run(step, current);
    const changes = changesBetween(current, after);
    const expectations = checkExpectations(step.expectations, { result, after, changes, step: step.index + 1, history: history.slice() });
    if (!result.ok && !step.expectations.some((e) => allowsFailure(e.expectation))) {
      expectations.push({
        expectation: { expectation: { kind: 'succeeds', value: true }, source: step.source },
        passed: false,
        description: 'the step succeeds (a step that may fail says so with `succeeds: false`, `error`, `conflicts` or `response: {code: 409}`)',
        detail: `it failed: ${result.error ?? result.stderr.trim()}`,
      });
    }
    yield { step, result, before: current, after, changes, expectations, passed: expectations.every((e) => e.passed) };
    current = after;
    history.push(after);
  }
}

export function runScenario(scenario: Scenario, runner: ModeRunner): ScenarioRun {
  const steps = [...runScenarioSteps(scenario, runner)];
  return summarizeRun(scenario, runner.initial, steps);
}

export function summarizeRun(scenario: Scenario, initial: Snapshot, steps: readonly StepRecord[]): ScenarioRun {
  const all = steps.flatMap((s) => s.expectations);
  const failed = all.filter((e) => !e.passed).length;
  return { scenario, initial, steps, passed: failed === 0, failedExpectations: failed, totalExpectations: all.length };
}

/** Ownership changes per object between two snapshots (objects matched by their display name). */
export function changesBetween(before: Snapshot, after: Snapshot): ObjectChanges[] {
  if (before === after) return [];
  const out: ObjectChanges[] = [];
  const beforeByName = new Map(before.objects.map((o) => [o.display, o]));
  for (const o of after.objects) {
    const b = beforeByName.get(o.display);
    const changes = ownershipChanges(b?.owners ?? [], o.owners, b?.object ?? null, o.object, b !== undefined && b.object !== o.object ? o.type.get() : undefined);
    if (changes.length > 0) out.push({ display: o.display, changes });
  }
  const afterNames = new Set(after.objects.map((o) => o.display));
  for (const b of before.objects) {
    if (afterNames.has(b.display)) continue;
    const changes = ownershipChanges(b.owners, [], b.object, null);
    if (changes.length > 0) out.push({ display: b.display, changes });
  }
  return out;
}
