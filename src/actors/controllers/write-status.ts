import { newMap } from '../../value/value.js';
import type { ActorOutcome, ClusterState, ControllerWriteStatusOptions } from '../actor.js';
import { CONTROLLER_MANAGER_USER_AGENT, controllerWire, reportFailure } from './controller.js';

/**
 * A controller writing an object's status through the `status` subresource (e.g. a Deployment's
 * `status.replicas`, a node's `status.capacity`). Default: a JSON merge patch `{"status": ...}`
 * without a field manager, so the manager is the user agent's name (`kube-controller-manager`),
 * operation Update, subresource `status`; `manager` sends an explicit `?fieldManager=`. With
 * `method: apply` the status is server-side applied (forced, as controllers do) under `manager`
 * (default `kube-controller-manager`). Prints nothing; a failure is logged on stderr (exit 1).
 */
export function controllerWriteStatus(state: ClusterState, options: ControllerWriteStatusOptions): ActorOutcome {
  const wire = controllerWire(state, options, CONTROLLER_MANAGER_USER_AGENT);
  const target = { apiVersion: options.apiVersion, kind: options.kind, name: options.name, ...(options.namespace ? { namespace: options.namespace } : {}) };
  let failed: boolean;
  if ((options.method ?? 'merge-patch') === 'apply') {
    const meta = newMap();
    meta.name = options.name;
    if (options.namespace) meta.namespace = options.namespace;
    const body = newMap();
    body.apiVersion = options.apiVersion;
    body.kind = options.kind;
    body.metadata = meta;
    body.status = options.status;
    const r = wire.send({ verb: 'apply', body, target, options: { fieldManager: options.manager ?? 'kube-controller-manager', force: true, subresource: 'status' } });
    failed = reportFailure(wire, r);
  } else {
    const patch = newMap();
    patch.status = options.status;
    const r = wire.send({
      verb: 'patch',
      target,
      patchType: 'merge',
      patch,
      options: { subresource: 'status', ...(options.manager ? { fieldManager: options.manager } : {}) },
    });
    failed = reportFailure(wire, r);
  }
  return wire.outcome(failed ? 1 : 0);
}
