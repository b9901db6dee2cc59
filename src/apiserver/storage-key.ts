/**
 * Where the store keeps an object: `group/resource/namespace/name`, the core group and a cluster-
 * scoped object's namespace empty (`/namespaces//demo`, `/configmaps/demo/settings`). Names hold
 * no `/`, so the parts read back by position.
 */
export function objectKey(group: string, resource: string, namespace: string, name: string): string {
  return `${group}/${resource}/${namespace}/${name}`;
}

/** The start of every key of a resource, or of its objects in one namespace. */
export function keyPrefix(group: string, resource: string, namespace?: string): string {
  return namespace === undefined ? `${group}/${resource}/` : `${group}/${resource}/${namespace}/`;
}

/** The namespace part of a key ('' for a cluster-scoped object). */
export function keyNamespace(key: string): string {
  return key.split('/')[2] ?? '';
}

/** The name part of a key. */
export function keyName(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1);
}
