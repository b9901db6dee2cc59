/**
 * The controllers that finish what a DELETE of a Namespace or a CustomResourceDefinition started
 * (terminating.ts), run here to completion right after it: kube-controller-manager's namespace
 * controller deletes every object in a terminating namespace, then the namespace; apiextensions'
 * CRD finalizer deletes every custom resource of a terminating CRD (all its versions share one
 * storage), then the CRD. Objects go at once, as every DELETE here does.
 */
import { getPath } from './object-paths.js';
import { keyName, keyNamespace, keyPrefix } from './storage-key.js';
import type { ClusterState, KubeObject } from './types.js';

const NAMESPACES = keyPrefix('', 'namespaces', '');
const CRDS = keyPrefix('apiextensions.k8s.io', 'customresourcedefinitions', '');

/** What a terminating object holds: the storage keys its controller deletes before it, or undefined when it is not such an object. */
function contentsOf(state: ClusterState, key: string, obj: KubeObject): string[] | undefined {
  if (getPath(obj, ['metadata', 'deletionTimestamp']) === undefined) return undefined;
  if (key.startsWith(NAMESPACES)) {
    const name = keyName(key);
    return [...state.objects.keys()].filter((k) => keyNamespace(k) === name);
  }
  if (key.startsWith(CRDS)) {
    const group = getPath(obj, ['spec', 'group']);
    const plural = getPath(obj, ['spec', 'names', 'plural']);
    if (typeof group !== 'string' || typeof plural !== 'string') return [];
    const prefix = keyPrefix(group, plural);
    return [...state.objects.keys()].filter((k) => k.startsWith(prefix));
  }
  return undefined;
}

function without(state: ClusterState, key: string): ClusterState {
  const objects = new Map(state.objects);
  objects.delete(key);
  return { ...state, objects, resourceVersion: state.resourceVersion + 1 };
}

/** The states the controllers go through, one deletion each, or none when nothing is terminating. */
export function finalizingWrites(state: ClusterState): ClusterState[] {
  const out: ClusterState[] = [];
  let s = state;
  for (const [key, obj] of state.objects) {
    const contents = contentsOf(state, key, obj);
    if (contents === undefined) continue;
    for (const k of [...contents, key]) if (s.objects.has(k)) out.push((s = without(s, k)));
  }
  return out;
}
