import type { ActorOutcome, ClusterState, EksCreateAddonOptions } from '../actor.js';
import { notYet } from '../not-yet.js';

/** EKS CreateAddon */
export function eksCreateAddon(state: ClusterState, options: EksCreateAddonOptions): ActorOutcome {
  return notYet('eksCreateAddon', state, options);
}
