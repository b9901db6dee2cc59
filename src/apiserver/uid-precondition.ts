/**
 * The uid of an update's body as a precondition (rest.defaultUpdatedObjectInfo.Preconditions): the
 * store checks it against the stored object (a zero object when there is none) before it does
 * anything else, and etcd3's failure comes back as a 409 Conflict wrapping its StorageError
 * (storage.Preconditions.Check, storeerr.InterpretUpdateError).
 */
import { etcdKey } from './etcd-key.js';
import { metaString } from './object-paths.js';
import type { Target } from './request-context.js';
import { conflict } from './status.js';
import type { KubeObject, StatusObject } from './types.js';

/** `ErrCodeInvalidObj` of k8s.io/apiserver/pkg/storage. */
const INVALID_OBJECT_CODE = 4;

export function uidPreconditionFailure(target: Target, body: KubeObject, stored: KubeObject | undefined): StatusObject | undefined {
  const uid = metaString(body, 'uid');
  const storedUid = stored ? metaString(stored, 'uid') : '';
  if (uid === '' || uid === storedUid) return undefined;
  const key = etcdKey(target.resource, target.namespace, target.name);
  const why =
    `StorageError: invalid object, Code: ${INVALID_OBJECT_CODE}, Key: ${key}, ResourceVersion: 0, ` +
    `AdditionalErrorMsg: Precondition failed: UID in precondition: ${uid}, UID in object meta: ${storedUid}`;
  return conflict(target.resource.group, target.resource.resource, target.name, why);
}
