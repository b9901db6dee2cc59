import type { ActorOutcome, ClusterState, KubectlPatchOptions } from '../actor.js';
import { notYet } from '../not-yet.js';

/** kubectl patch */
export function kubectlPatch(state: ClusterState, options: KubectlPatchOptions): ActorOutcome {
  return notYet('kubectlPatch', state, options);
}
