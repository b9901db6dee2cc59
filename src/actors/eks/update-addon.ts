import type { ActorOutcome, ClusterState, EksUpdateAddonOptions } from '../actor.js';
import { notYet } from '../not-yet.js';

/** EKS UpdateAddon */
export function eksUpdateAddon(state: ClusterState, options: EksUpdateAddonOptions): ActorOutcome {
  return notYet('eksUpdateAddon', state, options);
}
