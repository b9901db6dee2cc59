import type { ActorOutcome, ClusterState, ServerSideApplyClientOptions } from '../actor.js';
import { notYet } from '../not-yet.js';

/** generic SSA client */
export function serverSideApplyClient(state: ClusterState, options: ServerSideApplyClientOptions): ActorOutcome {
  return notYet('serverSideApplyClient', state, options);
}
