/**
 * What kube-apiserver 1.32 keeps of a write to a Pod's `ephemeralcontainers` subresource
 * (pkg/registry/core/pod/strategy.go: podEphemeralContainersStrategy.PrepareForUpdate, whose
 * dropNonEphemeralContainerUpdates starts from dropPodUpdates): the stored pod as it is — labels,
 * annotations, the rest of the spec, status and managedFields included — with the written name,
 * namespace, resourceVersion and uid, and the written `spec.ephemeralContainers`. The writer's own
 * managedFields entry is dropped with the rest, so such a write owns nothing (1.33 keeps the
 * written managedFields; 1.32 does not).
 */
import { getPath, setPath } from './object-paths.js';
import type { ValueMap } from '../value/value.js';

export function onlyEphemeralContainers(old: ValueMap, next: ValueMap): ValueMap {
  let out = old;
  for (const key of ['name', 'namespace', 'resourceVersion', 'uid']) out = setPath(out, ['metadata', key], getPath(next, ['metadata', key]));
  return setPath(out, ['spec', 'ephemeralContainers'], getPath(next, ['spec', 'ephemeralContainers']));
}
