import type { ActorOutcome, ClusterState, ClientUpdateOptions } from '../actor.js';
import { notYet } from '../not-yet.js';

/** generic client update */
export function clientUpdate(state: ClusterState, options: ClientUpdateOptions): ActorOutcome {
  return notYet('clientUpdate', state, options);
}
