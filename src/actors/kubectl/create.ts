import type { ActorOutcome, ClusterState, KubectlCreateOptions } from '../actor.js';
import { notYet } from '../not-yet.js';

/** kubectl create */
export function kubectlCreate(state: ClusterState, options: KubectlCreateOptions): ActorOutcome {
  return notYet('kubectlCreate', state, options);
}
