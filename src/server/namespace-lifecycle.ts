/**
 * The NamespaceLifecycle admission plugin: a namespaced write needs its namespace to exist
 * (404 `namespaces "X" not found`), and nothing new is created in a namespace being terminated
 * (403). Deletes are always allowed; cluster-scoped kinds and Namespaces themselves are not checked.
 *
 * It is the first plugin of kube-apiserver's mutating admission chain (NamespaceLifecycle before
 * ServiceAccount in pkg/kubeapiserver/options/plugins.go), and the strategy validates only after
 * mutating admission: so a write the API server refused for admission (403) or validation (422)
 * is refused for its namespace instead when that namespace is missing or terminating
 * (`namespaceRefusedFirst`).
 */
import { serve } from '../apiserver/server.js';
import { notFound, statusFailure } from '../apiserver/status.js';
import type { ApiFailure, ApiRequest, ClusterState, ResourceType, StatusObject } from '../apiserver/types.js';
import { goQuote } from '../fieldpath/format-go-value.js';
import { getPath } from '../apiserver/object-paths.js';

/** Why a write that the API server accepted must be refused, or undefined when it may stand. */
export function namespaceLifecycle(before: ClusterState, request: ApiRequest, resource: ResourceType, object: unknown, created: boolean): StatusObject | undefined {
  if (!resource.namespaced || request.verb === 'get' || request.verb === 'list' || request.verb === 'delete') return undefined;
  const namespace = getPath(object as never, ['metadata', 'namespace']);
  const name = getPath(object as never, ['metadata', 'name']);
  if (typeof namespace !== 'string' || namespace === '') return undefined;
  const ns = serve(before, { verb: 'get', target: { apiVersion: 'v1', kind: 'Namespace', name: namespace } }).response;
  if (!ns.ok) return notFound('', 'namespaces', namespace);
  if (created && getPath(ns.object, ['status', 'phase']) === 'Terminating') {
    const qualified = resource.group ? `${resource.resource}.${resource.group}` : resource.resource;
    const n = typeof name === 'string' ? name : '';
    return statusFailure(403, `${qualified} ${goQuote(n)} is forbidden: unable to create new content in namespace ${namespace} because it is being terminated`, 'Forbidden', {
      name: n,
      ...(resource.group ? { group: resource.group } : {}),
      kind: resource.resource,
      causes: [{ reason: 'NamespaceTerminating', message: `namespace ${namespace} is being terminated`, field: 'metadata.namespace' }],
    });
  }
  return undefined;
}

/**
 * For a write the API server refused with `failure`: the namespace's refusal that kube-apiserver
 * gives before it, or undefined. Only admission (403) and validation (422) failures come after
 * NamespaceLifecycle; decoding, field manager and not-found errors come before it.
 */
export function namespaceRefusedFirst(before: ClusterState, request: ApiRequest, resource: ResourceType, failure: ApiFailure): StatusObject | undefined {
  if (failure.code !== 403 && failure.code !== 422) return undefined;
  if (request.verb === 'get' || request.verb === 'list' || request.verb === 'delete') return undefined;
  const body = request.verb !== 'patch' && typeof request.body === 'object' ? request.body : undefined;
  const namespace = request.target?.namespace ?? getPath(body as never, ['metadata', 'namespace']);
  const name = request.target?.name ?? getPath(body as never, ['metadata', 'name']);
  const apiVersion = request.target?.apiVersion ?? getPath(body as never, ['apiVersion']);
  const exists =
    typeof namespace === 'string' && typeof name === 'string' && typeof apiVersion === 'string'
      ? serve(before, { verb: 'get', target: { apiVersion, kind: resource.kind, namespace, name } }).response.ok
      : false;
  return namespaceLifecycle(before, request, resource, { metadata: { namespace, name } }, !exists);
}
