import type { ActorOutcome, ClusterState, KubectlSetEnvOptions } from '../actor.js';
import { notYet } from '../not-yet.js';

/** kubectl set env */
export function kubectlSetEnv(state: ClusterState, options: KubectlSetEnvOptions): ActorOutcome {
  return notYet('kubectlSetEnv', state, options);
}
