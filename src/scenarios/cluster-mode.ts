/**
 * Cluster scenarios: objects in the simulated API server, changed by actors.
 * Waits for the API server (src/apiserver) and the actors (src/actors) to land.
 */
import { SsaError } from '../errors/ssa-error.js';
import type { Scenario } from './model.js';
import type { ModeRunner, RunEnvironment } from './run-types.js';

export function clusterRunner(scenario: Scenario, _env: RunEnvironment): ModeRunner {
  throw new SsaError('INPUT', 'cluster scenarios (mode: cluster) need the API server and actors, which this build does not have yet', {
    source: scenario.positionOf(['steps']),
  });
}
