import type { ActorOutcome, ClusterState, AutoscalerScaleOptions } from '../actor.js';
import { notYet } from '../not-yet.js';

/** autoscaler */
export function autoscalerScale(state: ClusterState, options: AutoscalerScaleOptions): ActorOutcome {
  return notYet('autoscalerScale', state, options);
}
