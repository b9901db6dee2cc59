/**
 * A Namespace's `spec.finalizers` as its registry strategy keeps them (kubernetes/kubernetes
 * pkg/registry/core/namespace/strategy.go): PrepareForCreate appends `kubernetes` when it is
 * missing, the namespace controller's cue to empty the namespace when it is deleted; a write to the
 * main resource keeps the stored finalizers (only `/finalize` changes them). Both run after the
 * field manager, so nobody owns the finalizer the server added.
 */
import { getPath, setPath } from './object-paths.js';
import type { ResourceType } from './types.js';
import type { ValueMap } from '../value/value.js';

export const NAMESPACE_FINALIZER = 'kubernetes';
const PATH = ['spec', 'finalizers'];

export function isNamespace(resource: ResourceType): boolean {
  return resource.group === '' && resource.kind === 'Namespace' && !resource.custom;
}

/** PrepareForCreate: `kubernetes` appended to the finalizers when absent. */
export function namespaceFinalizerOnCreate(resource: ResourceType, obj: ValueMap): ValueMap {
  if (!isNamespace(resource)) return obj;
  const given = getPath(obj, PATH);
  const list = Array.isArray(given) ? given : [];
  return list.includes(NAMESPACE_FINALIZER) ? obj : setPath(obj, PATH, [...list, NAMESPACE_FINALIZER]);
}

/** PrepareForUpdate of the main resource: the stored finalizers stay. */
export function namespaceFinalizersOnUpdate(resource: ResourceType, subresource: string, old: ValueMap, next: ValueMap): ValueMap {
  if (!isNamespace(resource) || subresource !== '') return next;
  return setPath(next, PATH, getPath(old, PATH));
}
