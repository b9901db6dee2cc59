/**
 * Scenarios: parse a file, run it step by step with one frozen snapshot per step, check its
 * expectations, and report (docs/scenarios.md).
 */
import { clusterRunner } from './cluster-mode.js';
import { engineRunner } from './engine-mode.js';
import type { Scenario } from './model.js';
import type { ModeRunner, RunEnvironment } from './run-types.js';

export * from './model.js';
export * from './run-types.js';
export { parseScenario } from './parse-scenario.js';
export { failureExpected } from './expected-failure.js';
export { runScenario, runScenarioSteps, summarizeRun, changesBetween } from './run-scenario.js';
export { formatRun, formatRunSummary, formatScenarioHeader, formatStep, PLAIN, runReport, type StepFormatOptions, type TextStyle } from './format-run.js';
export { ownershipChanges, type OwnershipChange, type OwnershipChangeKind } from './ownership-changes.js';
export { ownersFromEngine, ownersFromObject, ownerLabeler, type OwnerEntry } from './owners.js';
export { vectorToScenarioText, type VectorCase } from './from-vector.js';
export { clusterObjectDisplay, type ClusterRunState } from './cluster-mode.js';
export { blameLines, type BlameLine } from './blame.js';
export { pathOwnership, type PathOwnership } from './explain-path.js';
export { offlineApply, type OfflineApplyOptions, type OfflineApplyResult } from './offline-apply.js';

/** The runner for a scenario's mode. Throws SsaError for schema or initial-state problems. */
export function modeRunner(scenario: Scenario, env: RunEnvironment): ModeRunner {
  return scenario.mode === 'engine' ? engineRunner(scenario, env) : clusterRunner(scenario, env);
}
