import type { ActorOutcome, ClusterState, KubectlCreateOptions } from '../actor.js';
import { identity, metadata, str, toObjects, withNamespace } from '../objects.js';
import { coordinates } from '../resources.js';
import { fieldValidation, kubectlWire, printWarnings, runKubectl, statusError } from './kubectl.js';
import { lastAppliedValue, withLastApplied } from './last-applied.js';
import { STDIN_SOURCE, successLine, withSource } from './output.js';

/**
 * `kubectl create -f <manifests>` — manager `kubectl-create`, operation Update (POST): the
 * entry owns every field of the created object, defaults included. `saveConfig` adds the
 * last-applied annotation as `kubectl apply` would (then a later `kubectl apply` or
 * `apply --server-side` migration treats `kubectl-create` as a client-side-apply manager). Line:
 * `deployment.apps/nginx created`; an existing object is
 * `Error from server (AlreadyExists): error when creating "FILE": deployments.apps "nginx" already exists`.
 * Sends `?fieldValidation=` per `validate` (default Strict). An object without a name is sent as
 * it is: the server names it from `generateName`, or answers 422 (`name or generateName is
 * required`).
 */
export function kubectlCreate(state: ClusterState, options: KubectlCreateOptions): ActorOutcome {
  const wire = kubectlWire(state, options);
  return runKubectl(wire, (errors) => {
    const dryRun = options.dryRun ?? 'none';
    const validation = fieldValidation(options.validate);
    for (const obj of toObjects(options.manifests, undefined, options.readObjects)) {
      const id = identity(obj);
      const c = coordinates(wire.state, id.apiVersion, id.kind, id.name, id.namespace ?? options.namespace);
      let body = c.namespaced ? withNamespace(obj, c.namespace) : obj;
      if (options.saveConfig) body = withLastApplied(body, lastAppliedValue(body));
      let name = c.name;
      if (dryRun !== 'client') {
        const r = wire.send({
          verb: 'create',
          body,
          target: { apiVersion: c.apiVersion, kind: c.kind, ...(c.namespaced ? { namespace: c.namespace } : {}) },
          options: { fieldManager: options.fieldManager ?? 'kubectl-create', dryRun: dryRun === 'server', fieldValidation: validation },
        });
        printWarnings(wire, r);
        if (!r.ok) {
          errors.push(withSource(statusError(r), 'creating', options.filename ?? STDIN_SOURCE));
          continue;
        }
        // The created object's name: the server makes one from generateName.
        name = str(metadata(r.object), 'name') ?? name;
      }
      wire.print(successLine(c.kind, c.group, name, 'created', dryRun));
    }
  });
}
