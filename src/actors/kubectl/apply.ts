import type { ActorOutcome, ClusterState, KubectlApplyOptions } from '../actor.js';
import { notYet } from '../not-yet.js';

/** kubectl apply */
export function kubectlApply(state: ClusterState, options: KubectlApplyOptions): ActorOutcome {
  return notYet('kubectlApply', state, options);
}
