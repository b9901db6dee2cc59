import type { ActorOutcome, ClusterState, KubectlLabelOptions } from '../actor.js';
import { notYet } from '../not-yet.js';

/** kubectl label */
export function kubectlLabel(state: ClusterState, options: KubectlLabelOptions): ActorOutcome {
  return notYet('kubectlLabel', state, options);
}
