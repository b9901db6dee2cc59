import type { ActorOutcome, ClusterState, EksCreateAddonOptions } from '../actor.js';
import { runAddon } from './addon-manager.js';

/**
 * EKS CreateAddon (`eksctl create addon` / `aws eks create-addon`): the add-on manager applies
 * the add-on's objects as `eks` (see addon-manager.ts for the modes). When none of the objects
 * exists the add-on is installed with EKS's values whatever `resolveConflicts` says; when a
 * self-managed version exists, NONE and PRESERVE fail on conflicts (`CREATE_FAILED`, issue
 * `ConfigurationConflict`) and OVERWRITE forces. On failure stderr has
 * `Error: addon status transitioned to "CREATE_FAILED"` and the issue; exit 1.
 */
export function eksCreateAddon(state: ClusterState, options: EksCreateAddonOptions): ActorOutcome {
  return runAddon(state, options, 'create');
}
