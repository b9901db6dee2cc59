import type { ActorOutcome, ClusterState, KubectlSetImageOptions } from '../actor.js';
import { notYet } from '../not-yet.js';

/** kubectl set image */
export function kubectlSetImage(state: ClusterState, options: KubectlSetImageOptions): ActorOutcome {
  return notYet('kubectlSetImage', state, options);
}
