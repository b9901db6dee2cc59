import type { ActorOutcome, ClusterState, KubectlEditOptions } from '../actor.js';
import { notYet } from '../not-yet.js';

/** kubectl edit */
export function kubectlEdit(state: ClusterState, options: KubectlEditOptions): ActorOutcome {
  return notYet('kubectlEdit', state, options);
}
