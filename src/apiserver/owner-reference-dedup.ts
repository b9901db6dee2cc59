/**
 * The handlers' de-duplication of `metadata.ownerReferences` (apiserver 1.32,
 * pkg/endpoints/handlers/rest.go): a reference equal to an earlier one in every field Go's
 * OwnerReference has (apiVersion, kind, name, uid, controller, blockOwnerDeletion; a pointer
 * unset and one set differ) is dropped, and the request gets a warning naming the UIDs dropped,
 * in order. A reference that shares only the uid with an earlier one stays.
 *
 * Create and update run it before the field manager and again after mutating admission; every
 * patch, apply included, only after admission, so there the field manager sees the duplicates.
 * A custom resource's list is written back as Go writes an OwnerReference into an unstructured
 * object: only those six fields, the two booleans when set.
 */
import { getKey, isMap, newMap, type Value, type ValueMap } from '../value/value.js';
import { metadataOf, withMeta } from './object-paths.js';

const WARNING =
  '.metadata.ownerReferences contains duplicate entries; API server dedups owner references in 1.20+, and may reject such requests as early as 1.24; please fix your requests; duplicate UID(s) observed: ';
const WARNING_AFTER_ADMISSION =
  '.metadata.ownerReferences contains duplicate entries after mutating admission happens; API server dedups owner references in 1.20+, and may reject such requests as early as 1.24; please fix your requests; duplicate UID(s) observed: ';

/** An owner reference as Go reads it into metav1.OwnerReference. */
interface GoOwnerReference {
  readonly apiVersion: string;
  readonly kind: string;
  readonly name: string;
  readonly uid: string;
  readonly controller: boolean | undefined;
  readonly blockOwnerDeletion: boolean | undefined;
}

const str = (m: ValueMap, k: string): string => {
  const v = getKey(m, k);
  return typeof v === 'string' ? v : '';
};
const bool = (m: ValueMap, k: string): boolean | undefined => {
  const v = getKey(m, k);
  return typeof v === 'boolean' ? v : undefined;
};

function read(m: ValueMap): GoOwnerReference {
  return {
    apiVersion: str(m, 'apiVersion'),
    kind: str(m, 'kind'),
    name: str(m, 'name'),
    uid: str(m, 'uid'),
    controller: bool(m, 'controller'),
    blockOwnerDeletion: bool(m, 'blockOwnerDeletion'),
  };
}

const same = (a: GoOwnerReference, b: GoOwnerReference): boolean =>
  a.apiVersion === b.apiVersion && a.kind === b.kind && a.name === b.name && a.uid === b.uid && a.controller === b.controller && a.blockOwnerDeletion === b.blockOwnerDeletion;

function unstructured(r: GoOwnerReference): ValueMap {
  const out = newMap();
  out.apiVersion = r.apiVersion;
  out.kind = r.kind;
  out.name = r.name;
  out.uid = r.uid;
  if (r.controller !== undefined) out.controller = r.controller;
  if (r.blockOwnerDeletion !== undefined) out.blockOwnerDeletion = r.blockOwnerDeletion;
  return out;
}

/**
 * `obj` without its duplicate owner references, and the warning to add when there were some
 * (`afterAdmission`: the second pass's wording). Unchanged when a list item is not an object (Go
 * then reads no references at all).
 */
export function dedupOwnerReferences(obj: ValueMap, afterAdmission: boolean, custom: boolean): { object: ValueMap; warning?: string } {
  const list: Value | undefined = getKey(metadataOf(obj), 'ownerReferences');
  if (!Array.isArray(list) || !list.every(isMap)) return { object: obj };
  const kept: { item: ValueMap; ref: GoOwnerReference }[] = [];
  const seen = new Set<string>();
  const duplicates: string[] = [];
  for (const item of list as ValueMap[]) {
    const ref = read(item);
    if (seen.has(ref.uid) && kept.some((k) => same(k.ref, ref))) {
      duplicates.push(ref.uid);
      continue;
    }
    seen.add(ref.uid);
    kept.push({ item, ref });
  }
  if (duplicates.length === 0) return { object: obj };
  const refs = kept.map((k) => (custom ? unstructured(k.ref) : k.item));
  const object = withMeta(obj, 'ownerReferences', refs);
  return { object, warning: (afterAdmission ? WARNING_AFTER_ADMISSION : WARNING) + duplicates.join(', ') };
}
