/**
 * The two kinds whose DELETE does not remove them at once but marks them for the controllers that
 * empty them (kubernetes/kubernetes 1.32):
 *
 * - A Namespace (pkg/registry/core/namespace/storage/storage.go): the first DELETE sets
 *   `metadata.deletionTimestamp` and `status.phase: Terminating` and answers the namespace so
 *   marked; the namespace controller then deletes everything in it, and the namespace goes once
 *   it is empty. `default`, `kube-system` and `kube-public` may not be deleted (the
 *   NamespaceLifecycle admission plugin, namespace-lifecycle.ts).
 * - A CustomResourceDefinition (apiextensions-apiserver pkg/registry/customresourcedefinition/
 *   etcd.go): the first DELETE sets the deletion timestamp, adds the finalizer
 *   `customresourcecleanup.apiextensions.k8s.io` and the condition `Terminating` True
 *   `InstanceDeletionPending`; the CRD finalizer then deletes every custom resource of the CRD,
 *   and the CRD goes.
 *
 * Both controllers are run to completion right after the DELETE (finalizing-controllers.ts), so a
 * client sees the marked object in the DELETE's answer and in watch events, then its contents and
 * itself deleted.
 */
import { getPath, metaString, setPath } from './object-paths.js';
import { withCondition } from './crd-condition.js';
import type { ResourceType } from './types.js';
import type { ValueMap } from '../value/value.js';
import { isNamespace } from './namespace-finalizer.js';

export const CRD_CLEANUP_FINALIZER = 'customresourcecleanup.apiextensions.k8s.io';

export function isCrd(resource: ResourceType): boolean {
  return resource.group === 'apiextensions.k8s.io' && resource.kind === 'CustomResourceDefinition' && !resource.custom;
}


/** The object as its registry's DELETE leaves it for its controller, or undefined when the kind is removed at once. */
export function markedForDeletion(resource: ResourceType, obj: ValueMap, now: string): ValueMap | undefined {
  if (!isNamespace(resource) && !isCrd(resource)) return undefined;
  let out = obj;
  if (metaString(obj, 'deletionTimestamp') === '') out = setPath(out, ['metadata', 'deletionTimestamp'], now);
  if (isNamespace(resource)) return setPath(out, ['status', 'phase'], 'Terminating');
  const finalizers = getPath(out, ['metadata', 'finalizers']);
  const list = Array.isArray(finalizers) ? finalizers : [];
  if (!list.includes(CRD_CLEANUP_FINALIZER)) out = setPath(out, ['metadata', 'finalizers'], [...list, CRD_CLEANUP_FINALIZER]);
  return withCondition(
    out,
    { type: 'Terminating', status: 'True', reason: 'InstanceDeletionPending', message: 'CustomResourceDefinition marked for deletion; CustomResource deletion will begin soon' },
    now,
  );
}
