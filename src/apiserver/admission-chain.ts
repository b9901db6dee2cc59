/**
 * kube-apiserver's mutating admission chain as every write of an object or a subresource runs it
 * (k8s.io/apiserver v0.32.9 pkg/endpoints/handlers update.go, patch.go and create.go: a transformer
 * after the field manager, with the attributes of the request's scope): the built-in plugins,
 * NamespaceLifecycle leading them (namespace-lifecycle.ts), then those of pod-admission.ts, then
 * the configured hooks (webhooks). Shared by commit.ts (create, update, patch of a main resource or
 * its status) and scale-write.ts (`/scale`, whose object is the autoscaling/v1 Scale).
 */
import { admitPod } from './pod-admission.js';
import { namespaceLifecycle } from './namespace-lifecycle.js';
import { isStatus } from './request-context.js';
import type { AdmissionAttributes, ClusterState, KubeObject, ResourceType, StatusObject } from './types.js';
import { admit } from './write.js';

export interface AdmissionTarget {
  /** The resource written (the parent of a subresource). */
  readonly resource: ResourceType;
  /** The name NamespaceLifecycle names: empty for a POST whose name the store generates. */
  readonly name: string;
  readonly generateName?: string;
}

/** The object after the chain, or the refusal of a plugin. `old` is the object before the write (undefined for a create). */
export function admissionChain(
  state: ClusterState,
  object: KubeObject,
  old: KubeObject | undefined,
  attrs: AdmissionAttributes,
  target: AdmissionTarget,
  warnings: string[],
): KubeObject | StatusObject {
  const refused = namespaceLifecycle(state, {
    operation: attrs.operation,
    resource: target.resource,
    namespace: target.resource.namespaced ? attrs.namespace : '',
    name: target.name,
    ...(target.generateName !== undefined ? { generateName: target.generateName } : {}),
  });
  if (refused) return refused;
  const plugged = state.config.builtinDefaults && !target.resource.custom ? admitPod(state, object, old, attrs) : object;
  if (isStatus(plugged)) return plugged;
  return admit(state, plugged, attrs, warnings);
}
