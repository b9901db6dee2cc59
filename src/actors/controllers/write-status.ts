import type { ActorOutcome, ClusterState, ControllerWriteStatusOptions } from '../actor.js';
import { notYet } from '../not-yet.js';

/** controller status write */
export function controllerWriteStatus(state: ClusterState, options: ControllerWriteStatusOptions): ActorOutcome {
  return notYet('controllerWriteStatus', state, options);
}
