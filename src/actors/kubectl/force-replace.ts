/**
 * `kubectl apply --force` (client-side) when the API server refuses the patch as Invalid (422) or
 * Conflict (409): kubectl's patcher (k8s.io/kubectl v0.32 pkg/cmd/apply/patcher.go,
 * deleteAndCreate) deletes the object (DeleteOptions `{"propagationPolicy":"Background"}`, no
 * grace period given), waits until a GET answers 404 (here at once: objects go at once), and
 * creates the new configuration in its place. When that create fails it creates the object it
 * deleted again, as it had read it but for its resourceVersion (the helper clears it), and the
 * error is the create's; when that too fails, both are told in one plain error. The line printed
 * on success is `configured`.
 */
import { encodeGoJson } from '../../fieldpath/json-text.js';
import type { KubeObject, ObjectRef } from '../../apiserver/types.js';
import { newMap, type Value, type ValueMap } from '../../value/value.js';
import type { ObjectCoordinates } from '../resources.js';
import type { Wire } from '../wire.js';
import { type FieldValidation, printWarnings, statusError } from './kubectl.js';
import { dropNulls } from './last-applied.js';
import { infoText, type KubectlError, withSource } from './output.js';

export interface ForceReplace {
  readonly fieldManager: string;
  readonly fieldValidation: FieldValidation;
  readonly source: string;
}

/** Deletes `live` and creates `modified` instead; undefined when the new object is in place, else the error kubectl reports. */
export function forceReplace(wire: Wire, ref: ObjectRef, c: ObjectCoordinates, modified: KubeObject, live: KubeObject, opts: ForceReplace): KubectlError | undefined {
  // kubectl names its `modified` bytes (Go's JSON encoder: a final newline) where a patch would be
  const wrap = (e: KubectlError) => withSource(e, `applying patch:\n${encodeGoJson(modified)}\n\nto:\n${infoText(c)}\nfor:`, opts.source);
  const body = newMap();
  body.propagationPolicy = 'Background';
  const deleted = wire.delete(ref, body, 'apply --force: delete the object it cannot patch');
  printWarnings(wire, deleted);
  if (!deleted.ok) return wrap(statusError(deleted));
  const create = (object: Value, purpose: string) => {
    const r = wire.send({ verb: 'create', body: object as KubeObject, target: ref, options: { fieldManager: opts.fieldManager, fieldValidation: opts.fieldValidation } }, purpose);
    printWarnings(wire, r);
    return r;
  };
  const created = create(dropNulls(modified), 'apply --force: create the new configuration');
  if (created.ok) return undefined;
  const restored = create(withoutResourceVersion(live), 'apply --force: restore the deleted object');
  if (restored.ok) return wrap(statusError(created));
  return wrap({
    kind: 'plain',
    message:
      `An error occurred force-replacing the existing object with the newly provided one:\n\n${created.status.message}.\n\n` +
      `Additionally, an error occurred attempting to restore the original object:\n\n${restored.status.message}`,
  });
}

function withoutResourceVersion(obj: KubeObject): ValueMap {
  const out: ValueMap = { ...obj };
  const meta = obj.metadata;
  if (meta !== null && typeof meta === 'object' && !Array.isArray(meta)) {
    const m: ValueMap = { ...(meta as ValueMap) };
    delete m.resourceVersion;
    out.metadata = m;
  }
  return out;
}
