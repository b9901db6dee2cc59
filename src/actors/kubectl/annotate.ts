import type { ActorOutcome, ClusterState, KubectlAnnotateOptions } from '../actor.js';
import { notYet } from '../not-yet.js';

/** kubectl annotate */
export function kubectlAnnotate(state: ClusterState, options: KubectlAnnotateOptions): ActorOutcome {
  return notYet('kubectlAnnotate', state, options);
}
