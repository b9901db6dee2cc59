import { SsaError } from '../../errors/ssa-error.js';
import type { ActorOutcome, ClientUpdateOptions, ClusterState } from '../actor.js';
import { controllerWire, GO_HTTP_CLIENT, reportFailure } from './controller.js';

/**
 * Any other program writing an object (e.g. `vpcLambda` updating ConfigMap `aws-auth`, the
 * OpenShift console as `Mozilla`): a merge, JSON or strategic patch, a PUT of `object`, or its
 * creation (POST), all recorded as an Update. Without `fieldManager` the server names the manager after the user
 * agent up to its first `/` (`vpcLambda/1.0` → `vpcLambda`). Prints nothing.
 */
export function clientUpdate(state: ClusterState, options: ClientUpdateOptions): ActorOutcome {
  const wire = controllerWire(state, options, GO_HTTP_CLIENT);
  const target = { apiVersion: options.apiVersion, kind: options.kind, name: options.name, ...(options.namespace ? { namespace: options.namespace } : {}) };
  const method = options.method ?? 'merge';
  const writeOptions = {
    ...(options.fieldManager ? { fieldManager: options.fieldManager } : {}),
    ...(options.subresource ? { subresource: options.subresource } : {}),
  };
  let r;
  if (method === 'put' || method === 'create') {
    if (!options.object) throw new SsaError('INPUT', `client-update with method ${method} needs object`);
    r =
      method === 'put'
        ? wire.send({ verb: 'update', body: options.object, target, options: writeOptions })
        : wire.send({ verb: 'create', body: options.object, target, options: writeOptions });
  } else {
    if (options.patch === undefined) throw new SsaError('INPUT', `client-update with method ${method} needs patch`);
    r = wire.send({ verb: 'patch', target, patchType: method, patch: options.patch, options: writeOptions });
  }
  return wire.outcome(reportFailure(wire, r) ? 1 : 0);
}
