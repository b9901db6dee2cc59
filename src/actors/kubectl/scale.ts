import type { ActorOutcome, ClusterState, KubectlScaleOptions } from '../actor.js';
import { notYet } from '../not-yet.js';

/** kubectl scale */
export function kubectlScale(state: ClusterState, options: KubectlScaleOptions): ActorOutcome {
  return notYet('kubectlScale', state, options);
}
