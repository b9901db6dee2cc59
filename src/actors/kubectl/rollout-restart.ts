import { SsaError } from '../../errors/ssa-error.js';
import type { ValueMap } from '../../value/value.js';
import type { ActorOutcome, ClusterState, KubectlRolloutRestartOptions } from '../actor.js';
import { setPath } from '../objects.js';
import { kubectlWire, runKubectl } from './kubectl.js';
import { successLine } from './output.js';
import { fetch, isEmptyPatch, resolveTarget, sendPatch, twoWayPatch } from './target.js';

export const RESTARTED_AT = 'kubectl.kubernetes.io/restartedAt';

/**
 * `kubectl rollout restart <deployment|daemonset|statefulset>/<name>` — manager
 * `kubectl-rollout`, a strategic merge patch (Update) setting the pod template annotation
 * `kubectl.kubernetes.io/restartedAt` to the current time; the entry gets
 * `.spec.template.metadata.annotations.kubectl.kubernetes.io/restartedAt`. Line:
 * `deployment.apps/nginx restarted`.
 */
export function kubectlRolloutRestart(state: ClusterState, options: KubectlRolloutRestartOptions): ActorOutcome {
  const wire = kubectlWire(state, options);
  return runKubectl(wire, (errors) => {
    const t = resolveTarget(wire, options);
    if (!['Deployment', 'DaemonSet', 'StatefulSet'].includes(t.c.kind)) {
      throw new SsaError('INPUT', `restarting is not supported`);
    }
    const live = fetch(wire, t, errors);
    if (!live) return;
    const now = options.now ?? wire.state.now;
    const path = ['spec', 'template', 'metadata', 'annotations', RESTARTED_AT];
    const modified = setPath(live, path, now) as ValueMap;
    const { patchType, patch } = twoWayPatch(wire, t, live, modified);
    if (isEmptyPatch(patch)) {
      throw new SsaError(
        'INPUT',
        `failed to create patch for ${t.c.kind.toLowerCase()}/${t.c.name}: if restart has already been triggered within the past second, please wait before attempting to trigger another`,
      );
    }
    const r = sendPatch(wire, t, { patchType, patch, fieldManager: options.fieldManager ?? 'kubectl-rollout' }, errors);
    if (r.ok) wire.print(successLine(t.c.kind, t.c.group, t.c.name, 'restarted'));
  });
}
