import type { ActorOutcome, ClusterState, EksUpdateAddonOptions } from '../actor.js';
import { runAddon } from './addon-manager.js';

/**
 * EKS UpdateAddon (`aws eks update-addon --resolve-conflicts NONE|OVERWRITE|PRESERVE`): the
 * add-on manager applies the new version's objects as `eks`. NONE fails on any conflict
 * (`UPDATE_FAILED`, `ConfigurationConflict: Conflicts found when trying to apply. Will not
 * continue due to resolve conflicts mode. Conflicts: DaemonSet.apps aws-node - <path>`);
 * OVERWRITE forces (eks becomes sole owner of the conflicting fields); PRESERVE keeps the live
 * values by `preserveModel` and says which model produced the result (outcome.addon.preserveModel,
 * outcome.notes). `configurationValues` omitted keeps the current ones; `{}` resets them.
 */
export function eksUpdateAddon(state: ClusterState, options: EksUpdateAddonOptions): ActorOutcome {
  return runAddon(state, options, 'update');
}
