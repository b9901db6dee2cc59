/**
 * Finding an object in a snapshot and showing it whole: the object as stored, managedFields
 * included (the snapshot keeps them apart, as owner entries), so that expectations can look at
 * `.metadata.managedFields` like any other field.
 */
import { encodeFieldsV1 } from '../fieldpath/fieldsv1-encode.js';
import { objectDisplayName } from '../apiserver/naming.js';
import { splitApiVersion } from '../apiserver/registry.js';
import { getKey, isMap, type Value, type ValueMap } from '../value/value.js';
import type { ObjectRef } from './model.js';
import type { OwnerEntry } from './owners.js';
import type { ObjectView, Snapshot } from './run-types.js';

/** The object a snapshot holds under `ref`. */
export function viewOf(snapshot: Snapshot, ref: ObjectRef): ObjectView | undefined {
  return snapshot.objects.find(
    (o) =>
      o.ref !== undefined &&
      o.ref.kind === ref.kind &&
      o.ref.name === ref.name &&
      (ref.namespace === undefined || (o.ref.namespace ?? '') === ref.namespace) &&
      (ref.apiVersion === undefined || o.ref.apiVersion === ref.apiVersion),
  );
}

/** `ConfigMap default/c`. */
export function refText(ref: ObjectRef): string {
  return `${ref.kind} ${ref.namespace ? `${ref.namespace}/` : ''}${ref.name}`;
}

/** One managedFields entry as the API server serves it (fields in its order). */
function entryValue(e: OwnerEntry): ValueMap {
  const out: ValueMap = Object.create(null);
  out.manager = e.manager;
  out.operation = e.operation;
  out.apiVersion = e.apiVersion;
  if (e.time !== undefined) out.time = e.time;
  out.fieldsType = 'FieldsV1';
  // As recorded: an entry of another API version keeps its own paths (version-owners.ts).
  out.fieldsV1 = JSON.parse(encodeFieldsV1(e.stored ?? e.set)) as Value;
  if (e.subresource) out.subresource = e.subresource;
  return out;
}

/** The object with `metadata.managedFields` as stored (objects without metadata, as in engine scenarios, as they are). */
export function fullObject(view: ObjectView): Value {
  const o = view.object;
  const meta = isMap(o) ? getKey(o, 'metadata') : undefined;
  if (!isMap(o) || !isMap(meta) || view.owners.length === 0) return o;
  const metadata: ValueMap = Object.assign(Object.create(null) as ValueMap, meta, { managedFields: view.owners.map(entryValue) });
  return Object.assign(Object.create(null) as ValueMap, o, { metadata });
}

/** The same name for an object known by its coordinates (a request's target). */
export function objectRefDisplay(ref: { readonly apiVersion: string; readonly kind: string; readonly name: string; readonly namespace?: string }): string {
  const { group } = splitApiVersion(ref.apiVersion);
  return `${objectDisplayName(ref.kind, group, ref.name)}${ref.namespace ? ` -n ${ref.namespace}` : ''}`;
}
