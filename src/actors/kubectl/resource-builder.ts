/**
 * How kubectl turns the objects of `-f` into targets before it sends anything (cli-runtime's
 * resource builder with ContinueOnError): each object is mapped to a resource the server serves,
 * and given the namespace of `-n` (or the default) when it has none. An object that cannot be
 * mapped, or whose namespace differs from an explicit `-n`, is an error of its own; the other
 * objects are still applied.
 */
import { findResource } from '../../apiserver/registry.js';
import type { ClusterState, KubeObject } from '../actor.js';
import { identity, withNamespace } from '../objects.js';
import { coordinates, type ObjectCoordinates } from '../resources.js';
import type { KubectlError } from './output.js';

export interface BuiltTarget {
  /** The object as kubectl sends it (namespace filled in for namespaced kinds). */
  readonly object: KubeObject;
  readonly c: ObjectCoordinates;
}

export interface BuiltTargets {
  readonly targets: readonly BuiltTarget[];
  readonly errors: readonly KubectlError[];
}

/**
 * kubectl's error for a kind the server does not serve at that version (a NoKindMatchError from
 * the REST mapper), with the object's name and namespace as written in the file ('' when absent).
 */
export function noKindMatchError(name: string, namespace: string, source: string, kind: string, apiVersion: string): string {
  return `resource mapping not found for name: ${JSON.stringify(name)} namespace: ${JSON.stringify(namespace)} from ${JSON.stringify(source)}: no matches for kind ${JSON.stringify(kind)} in version ${JSON.stringify(apiVersion)}\nensure CRDs are installed first`;
}

/** kubectl's RequireNamespace error: the object names a namespace other than an explicit `-n`. */
export function namespaceMismatchError(objectNamespace: string, flag: string): string {
  return `the namespace from the provided object "${objectNamespace}" does not match the namespace "${flag}". You must pass '--namespace=${objectNamespace}' to perform this operation.`;
}

/**
 * The targets of `objects`. `namespace` is an explicit `-n` (enforced) or undefined (objects
 * without one go to `default`); `source` is the `-f` argument kubectl names in messages.
 */
export function buildTargets(state: ClusterState, objects: readonly KubeObject[], namespace: string | undefined, source: string): BuiltTargets {
  const targets: BuiltTarget[] = [];
  const errors: KubectlError[] = [];
  for (const obj of objects) {
    const id = identity(obj);
    if (!findResource(state.config.resources, id.apiVersion, { kind: id.kind })) {
      errors.push({ kind: 'plain', message: noKindMatchError(id.name, id.namespace ?? '', source, id.kind, id.apiVersion) });
      continue;
    }
    const c = coordinates(state, id.apiVersion, id.kind, id.name, id.namespace || namespace);
    if (c.namespaced && id.namespace && namespace && id.namespace !== namespace) {
      errors.push({ kind: 'plain', message: namespaceMismatchError(id.namespace, namespace) });
      continue;
    }
    targets.push({ object: c.namespaced ? withNamespace(obj, c.namespace) : obj, c });
  }
  return { targets, errors };
}
