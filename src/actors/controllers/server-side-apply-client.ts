import { SsaError } from '../../errors/ssa-error.js';
import type { ActorOutcome, ClusterState, ServerSideApplyClientOptions } from '../actor.js';
import { identity, requireName, toObjects, withNamespace } from '../objects.js';
import { coordinates } from '../resources.js';
import { successLine, statusErrorText } from '../kubectl/output.js';
import { controllerWire, GO_HTTP_CLIENT } from './controller.js';

/**
 * A server-side apply client that is not kubectl (Flux, Argo CD, Helm 4, a controller): applies
 * each manifest under `fieldManager` (operation Apply), with `force` as given. Unlike
 * `kubectl apply --server-side` it never migrates client-side-apply ownership, and the server
 * forgives no conflicts (that exception is for the manager named exactly `kubectl`). Line per
 * object: `<kind>.<group>/<name> serverside-applied`; failures print as
 * `Error from server (Conflict): <message>`, exit 1.
 */
export function serverSideApplyClient(state: ClusterState, options: ServerSideApplyClientOptions): ActorOutcome {
  if (!options.fieldManager) throw new SsaError('INPUT', 'server-side-apply needs a fieldManager');
  const wire = controllerWire(state, options, GO_HTTP_CLIENT);
  let failed = false;
  for (const obj of toObjects(options.manifests, undefined, options.readObjects)) {
    const id = requireName(identity(obj));
    const c = coordinates(wire.state, id.apiVersion, id.kind, id.name, id.namespace ?? options.namespace);
    const body = c.namespaced ? withNamespace(obj, c.namespace) : obj;
    const r = wire.send({
      verb: 'apply',
      body,
      target: { apiVersion: c.apiVersion, kind: c.kind, name: c.name, ...(c.namespaced ? { namespace: c.namespace } : {}) },
      options: { fieldManager: options.fieldManager, force: options.force ?? false, dryRun: options.dryRun ?? false },
    });
    if (r.ok) wire.print(successLine(c.kind, c.group, c.name, 'serverside-applied', options.dryRun ? 'server' : 'none'));
    else {
      failed = true;
      wire.printError(statusErrorText(r.status.reason ?? '', r.status.message));
    }
  }
  return wire.outcome(failed ? 1 : 0);
}
