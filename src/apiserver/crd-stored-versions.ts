/**
 * A CustomResourceDefinition's `status.storedVersions`: the versions its objects may have been
 * stored at. apiextensions-apiserver sets it in three places (facts from
 * k8s.io/apiextensions-apiserver pkg/apis/apiextensions/v1/defaults.go and
 * pkg/registry/customresourcedefinition/strategy.go, 1.32):
 *
 * - decoding defaults an empty list to the storage version (the first version with
 *   `storage: true`);
 * - PrepareForCreate empties the whole status and then lists the storage version;
 * - PrepareForUpdate of a main write keeps the old status and appends the storage version when it
 *   is not listed yet (a new storage version); a `/status` write keeps what it was sent.
 *
 * All of it happens after the field manager or on a reset field, so no manager owns it.
 */
import { getKey, isMap, type Value, type ValueMap } from '../value/value.js';
import { getPath, setPath } from './object-paths.js';
import type { ResourceType } from './types.js';

/** The name of the CRD's first version with `storage: true`, if any. */
export function storageVersionOf(crd: ValueMap): string | undefined {
  const versions = getPath(crd, ['spec', 'versions']);
  if (!Array.isArray(versions)) return undefined;
  for (const v of versions) {
    if (isMap(v) && getKey(v, 'storage') === true) {
      const name = getKey(v, 'name');
      return typeof name === 'string' ? name : undefined;
    }
  }
  return undefined;
}

function isCrd(resource: ResourceType): boolean {
  return resource.group === 'apiextensions.k8s.io' && resource.kind === 'CustomResourceDefinition' && !resource.custom;
}

/** `listed` with the CRD's storage version appended when it is not there yet. */
function withStorageVersion(crd: ValueMap, listed: Value | undefined): ValueMap {
  const storage = storageVersionOf(crd);
  const list = Array.isArray(listed) ? listed : [];
  if (storage === undefined || list.includes(storage)) return crd;
  return setPath(crd, ['status', 'storedVersions'], [...list, storage]);
}

/** PrepareForCreate, after the status was emptied: the storage version listed. */
export function storedVersionsOnCreate(resource: ResourceType, crd: ValueMap): ValueMap {
  return isCrd(resource) ? withStorageVersion(crd, getPath(crd, ['status', 'storedVersions'])) : crd;
}

/** PrepareForUpdate of a main write, after the old status was put back: a new storage version appended. */
export function storedVersionsOnUpdate(resource: ResourceType, subresource: string, crd: ValueMap): ValueMap {
  return isCrd(resource) && subresource === '' ? withStorageVersion(crd, getPath(crd, ['status', 'storedVersions'])) : crd;
}
