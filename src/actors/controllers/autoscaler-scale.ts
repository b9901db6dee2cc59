import type { ValueMap } from '../../value/value.js';
import type { ActorOutcome, AutoscalerScaleOptions, ClusterState } from '../actor.js';
import { setPath } from '../objects.js';
import { CONTROLLER_MANAGER_USER_AGENT, controllerWire, reportFailure } from './controller.js';

/**
 * An autoscaler (the HPA by default) setting replicas as the real one does: GET the `scale`
 * subresource, PUT the Scale back with the new `spec.replicas`. No field manager is sent, so
 * the manager is the user agent's name (`kube-controller-manager`), operation Update,
 * subresource `scale`; `manager` sends an explicit `?fieldManager=`. Prints nothing.
 */
export function autoscalerScale(state: ClusterState, options: AutoscalerScaleOptions): ActorOutcome {
  const wire = controllerWire(state, options, CONTROLLER_MANAGER_USER_AGENT);
  const target = { apiVersion: options.apiVersion, kind: options.kind, name: options.name, ...(options.namespace ? { namespace: options.namespace } : {}) };
  const got = wire.get(target, 'scale');
  if (reportFailure(wire, got) || !got.ok) return wire.outcome(1);
  const r = wire.send({
    verb: 'update',
    body: setPath(got.object, ['spec', 'replicas'], options.replicas) as ValueMap,
    target,
    options: { subresource: 'scale', ...(options.manager ? { fieldManager: options.manager } : {}) },
  });
  return wire.outcome(reportFailure(wire, r) ? 1 : 0);
}
