import { newMap } from '../../value/value.js';
import { metaString } from '../object-paths.js';
import { isStatus, resolveTarget } from '../request-context.js';
import { conflict, failure, invalid, notFound } from '../status.js';
import { isDryRun, validateDryRun } from '../manager-name.js';
import type { ClusterState, DeletePreconditions, DeleteRequest, KubeObject, ResourceType, ServeResult, StatusObject } from '../types.js';
import { markedForDeletion } from '../terminating.js';
import { namespaceLifecycle } from '../namespace-lifecycle.js';
import { setPath } from '../object-paths.js';

/**
 * DELETE: removes the object at once (no finalizers, no graceful deletion) and answers a Success
 * Status; a Namespace or a CustomResourceDefinition is instead marked for its controller and
 * answered as marked (terminating.ts).
 */
export function remove(state: ClusterState, req: DeleteRequest): ServeResult {
  const invalidOptions = validateDeleteOptions(req.options?.dryRun);
  if (invalidOptions) return { state, response: failure(invalidOptions) };
  const dryRun = isDryRun(req.options?.dryRun);
  const target = resolveTarget(state, req.target);
  if (isStatus(target)) return { state, response: failure(target) };
  const obj = state.objects.get(target.key);
  if (!obj) return { state, response: failure(notFound(target.resource.group, target.resource.resource, target.name)) };
  const failed = preconditionFailure(target.resource, target.name, obj, req.options?.preconditions);
  if (failed) return { state, response: failure(failed) };
  const refused = namespaceLifecycle(state, { operation: 'DELETE', resource: target.resource, namespace: target.namespace, name: target.name });
  if (refused) return { state, response: failure(refused) };
  const marked = markedForDeletion(target.resource, obj, req.options?.now ?? state.now);
  if (marked) {
    if (dryRun) return { state, response: { ok: true, code: 200, object: marked, warnings: [] } };
    const rv = state.resourceVersion + 1;
    const stored = setPath(marked, ['metadata', 'resourceVersion'], String(rv));
    const response = { ok: true as const, code: 200 as const, object: stored, warnings: [] };
    const objects = new Map(state.objects);
    objects.set(target.key, stored);
    return { state: { ...state, objects, resourceVersion: rv }, response };
  }
  const details = newMap();
  details.name = target.name;
  if (target.resource.group) details.group = target.resource.group;
  details.kind = target.resource.resource;
  details.uid = metaString(obj, 'uid');
  const status = newMap();
  status.kind = 'Status';
  status.apiVersion = 'v1';
  status.metadata = newMap();
  status.status = 'Success';
  status.details = details;
  const response = { ok: true as const, code: 200 as const, object: status, warnings: [] };
  if (dryRun) return { state, response };
  const objects = new Map(state.objects);
  objects.delete(target.key);
  return { state: { ...state, objects, resourceVersion: state.resourceVersion + 1 }, response };
}

/** `ValidateDeleteOptions` on what the server reads of them: a `dryRun` other than `All` is a 422. */
export function validateDeleteOptions(dryRun: boolean | readonly string[] | undefined): StatusObject | undefined {
  const errors = validateDryRun(dryRun);
  return errors.length > 0 ? invalid('meta.k8s.io', 'DeleteOptions', '', errors) : undefined;
}

/**
 * DeleteOptions' preconditions against the stored object. The generic store checks them in
 * rest.BeforeDelete and names the object by its internal kind and group (`ConfigMap "c"`,
 * `Deployment.apps "web"`); Namespaces and CustomResourceDefinitions have a Delete of their own
 * that names their resource and words the failure differently.
 */
function preconditionFailure(resource: ResourceType, name: string, obj: KubeObject, preconditions: DeletePreconditions | undefined): StatusObject | undefined {
  if (!preconditions) return undefined;
  const uid = metaString(obj, 'uid');
  const rv = metaString(obj, 'resourceVersion');
  if (hasOwnDelete(resource)) {
    if (preconditions.uid !== undefined && preconditions.uid !== uid) {
      return conflict(resource.group, resource.resource, name, `Precondition failed: UID in precondition: ${preconditions.uid}, UID in object meta: ${uid}`);
    }
    if (preconditions.resourceVersion !== undefined && preconditions.resourceVersion !== rv) {
      return conflict(resource.group, resource.resource, name, `Precondition failed: ResourceVersion in precondition: ${preconditions.resourceVersion}, ResourceVersion in object meta: ${rv}`);
    }
    return undefined;
  }
  // events.k8s.io's Event is stored as the core one, whose internal kind has no group.
  const group = resource.group === 'events.k8s.io' && resource.kind === 'Event' ? '' : resource.group;
  if (preconditions.uid !== undefined && preconditions.uid !== uid) {
    return conflict(group, resource.kind, name, `the UID in the precondition (${preconditions.uid}) does not match the UID in record (${uid}). The object might have been deleted and then recreated`);
  }
  if (preconditions.resourceVersion !== undefined && preconditions.resourceVersion !== rv) {
    return conflict(group, resource.kind, name, `the ResourceVersion in the precondition (${preconditions.resourceVersion}) does not match the ResourceVersion in record (${rv}). The object might have been modified`);
  }
  return undefined;
}

function hasOwnDelete(resource: ResourceType): boolean {
  if (resource.custom) return false;
  return (resource.group === '' && resource.kind === 'Namespace') || (resource.group === 'apiextensions.k8s.io' && resource.kind === 'CustomResourceDefinition');
}
