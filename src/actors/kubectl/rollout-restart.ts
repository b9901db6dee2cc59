import type { ActorOutcome, ClusterState, KubectlRolloutRestartOptions } from '../actor.js';
import { notYet } from '../not-yet.js';

/** kubectl rollout restart */
export function kubectlRolloutRestart(state: ClusterState, options: KubectlRolloutRestartOptions): ActorOutcome {
  return notYet('kubectlRolloutRestart', state, options);
}
