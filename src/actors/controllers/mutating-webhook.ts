import type { ActorOutcome, ClusterState, MutatingWebhookOptions } from '../actor.js';
import { notYet } from '../not-yet.js';

/** mutating webhook */
export function mutatingWebhook(state: ClusterState, options: MutatingWebhookOptions): ActorOutcome {
  return notYet('mutatingWebhook', state, options);
}
