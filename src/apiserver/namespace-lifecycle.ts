/**
 * The NamespaceLifecycle admission plugin (k8s.io/apiserver v0.32.9
 * pkg/admission/plugin/namespace/lifecycle/admission.go), the first plugin of kube-apiserver's
 * mutating chain (pkg/kubeapiserver/options/plugins.go: NamespaceLifecycle, then
 * LimitRanger, ServiceAccount, ...). It looks at creates, updates and deletes:
 *
 * - deleting `default`, `kube-system` or `kube-public` is refused (403 `namespaces "default" is
 *   forbidden: this namespace may not be deleted`);
 * - cluster-scoped kinds, Namespaces themselves, deletes and LocalSubjectAccessReviews (which must
 *   not tell whether a namespace exists) are let through;
 * - any other create or update (of an object or a subresource) needs its namespace: 404
 *   `namespaces "x" not found`, the NotFound of the namespace lookup;
 * - a create into a namespace whose `status.phase` is `Terminating` is refused: 403 `<resource>
 *   "<name>" is forbidden: unable to create new content in namespace x because it is being
 *   terminated` with the cause NamespaceTerminating on `metadata.namespace`. The name is the
 *   request's, else the object's name or generateName (names are generated after admission),
 *   else `Unknown` (admission/errors.go extractResourceName).
 *
 * On when `ClusterConfig.namespaceLifecycle` is: a cluster made to stand for a real one (`ssa-sim
 * serve`, the scenario runner) with its namespaces (system-namespaces.ts).
 */
import { goQuote } from '../fieldpath/format-go-value.js';
import { getPath } from './object-paths.js';
import { isNamespace } from './namespace-finalizer.js';
import { notFound, statusFailure } from './status.js';
import { objectKey } from './storage-key.js';
import type { ClusterState, ResourceType, StatusObject } from './types.js';

const IMMORTAL_NAMESPACES: ReadonlySet<string> = new Set(['default', 'kube-system', 'kube-public']);

/** What the plugin reads of a request. */
export interface LifecycleRequest {
  readonly operation: 'CREATE' | 'UPDATE' | 'DELETE';
  /** The resource the request is for (the main resource of a subresource request). */
  readonly resource: ResourceType;
  readonly namespace: string;
  /** The name in the request, empty for a create that has none yet. */
  readonly name: string;
  /** The object's generateName, named in a refusal when the request has no name. */
  readonly generateName?: string;
}

/** The plugin's refusal of the request, or undefined when it lets it through. */
export function namespaceLifecycle(state: ClusterState, request: LifecycleRequest): StatusObject | undefined {
  if (!state.config.namespaceLifecycle) return undefined;
  const { resource, operation } = request;
  if (isNamespace(resource)) {
    if (operation !== 'DELETE' || !IMMORTAL_NAMESPACES.has(request.name)) return undefined;
    return statusFailure(403, `namespaces ${goQuote(request.name)} is forbidden: this namespace may not be deleted`, 'Forbidden', { name: request.name, kind: 'namespaces' });
  }
  if (request.namespace === '' || operation === 'DELETE' || isAccessReview(resource)) return undefined;
  const namespace = state.objects.get(objectKey('', 'namespaces', '', request.namespace));
  if (!namespace) return notFound('', 'namespaces', request.namespace);
  if (operation !== 'CREATE' || getPath(namespace, ['status', 'phase']) !== 'Terminating') return undefined;
  const name = request.name || request.generateName || 'Unknown';
  const qualified = resource.group ? `${resource.resource}.${resource.group}` : resource.resource;
  return statusFailure(403, `${qualified} ${goQuote(name)} is forbidden: unable to create new content in namespace ${request.namespace} because it is being terminated`, 'Forbidden', {
    name,
    ...(resource.group ? { group: resource.group } : {}),
    kind: resource.resource,
    causes: [{ reason: 'NamespaceTerminating', message: `namespace ${request.namespace} is being terminated`, field: 'metadata.namespace' }],
  });
}

/** The access review that a namespace's absence must not leak through. */
function isAccessReview(resource: ResourceType): boolean {
  return resource.group === 'authorization.k8s.io' && resource.resource === 'localsubjectaccessreviews';
}
