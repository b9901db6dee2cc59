/**
 * The object a watch BOOKMARK carries. kube-apiserver's watch cache makes it from a new, empty
 * object of the watched type (`newFunc()`, the internal version's Go zero value) with only the
 * resourceVersion set, and answers it converted to the version watched, as any object. So a
 * built-in kind's bookmark has its Go zero fields (`metadata.creationTimestamp: null`,
 * `spec.template`, ...), plus what converting a zero internal object writes: a `replicas: 0`
 * where the internal field is a value and the versioned one a pointer (Deployment, StatefulSet,
 * ReplicaSet: `Convert_int32_To_Pointer_int32`; ReplicationController: `out.Replicas =
 * &in.Replicas`), and a DaemonSet's template-generation annotation. A custom resource's is
 * unstructured: apiVersion, kind and the resourceVersion alone.
 */
import { getPath, setPath } from './object-paths.js';
import { emptyObjectFor } from './request-context.js';
import { withTemplateGeneration } from './template-generation.js';
import type { ClusterState, KubeObject, ResourceType } from './types.js';

/** Kinds whose internal `spec.replicas` is an int32 value and versioned one a pointer. */
const REPLICAS_VALUE = new Set(['apps/Deployment', 'apps/StatefulSet', 'apps/ReplicaSet', '/ReplicationController']);

export function bookmarkObject(state: ClusterState, resource: ResourceType, apiVersion: string, resourceVersion: number): KubeObject {
  let out = emptyObjectFor(state, resource, apiVersion, resource.kind);
  out = setPath(out, ['metadata', 'resourceVersion'], String(resourceVersion));
  if (state.config.harness || resource.custom) return out;
  if (REPLICAS_VALUE.has(`${resource.group}/${resource.kind}`) && getPath(out, ['spec', 'replicas']) === undefined) out = setPath(out, ['spec', 'replicas'], 0);
  return withTemplateGeneration(resource, out);
}
