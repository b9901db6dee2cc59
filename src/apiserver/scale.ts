/**
 * The scale subresource (apiserver-semantics §3.5): the autoscaling/v1 Scale view of a parent
 * object, and the ScaleHandler's translation of managedFields entries to the Scale view
 * (`toSubresource`) and back (`toParent`).
 */
import { fieldElement, type Path } from '../fieldpath/path-element.js';
import { FieldSet } from '../fieldpath/set.js';
import { fieldsV1ToValue } from '../fieldpath/fieldsv1-encode.js';
import type { ManagerEntry } from '../merge/managers.js';
import { parseSchema } from '../schema/parse-schema.js';
import { type Atom, Schema } from '../schema/schema.js';
import { getKey, isMap, newMap, type Value, type ValueMap } from '../value/value.js';
import { type Managed, parseIdentifier, sortEntries } from './managed-fields.js';
import { getPath, metadataOf } from './object-paths.js';
import type { ManagedFieldsEntry, ManagedFieldsOperation, ResourceType } from './types.js';

export const SCALE_API_VERSION = 'autoscaling/v1';
export const SCALE_KIND = 'Scale';
const REPLICAS_IN_SCALE: Path = [fieldElement('spec'), fieldElement('replicas')];

/** The Scale of a parent object (no managedFields). */
export function scaleFromParent(parent: ValueMap, resource: ResourceType): ValueMap {
  const scale = resource.scale!;
  const meta = metadataOf(parent);
  const m = newMap();
  for (const k of ['name', 'namespace', 'uid', 'resourceVersion', 'creationTimestamp']) {
    const v = getKey(meta, k);
    if (v !== undefined) m[k] = v;
  }
  const spec = newMap();
  const replicas = getPath(parent, scale.specReplicasPath);
  spec.replicas = typeof replicas === 'number' ? replicas : 0;
  const status = newMap();
  const statusReplicas = getPath(parent, scale.statusReplicasPath);
  status.replicas = typeof statusReplicas === 'number' ? statusReplicas : 0;
  const selector = scale.labelSelectorPath ? selectorString(getPath(parent, scale.labelSelectorPath)) : '';
  if (selector) status.selector = selector;
  const out = newMap();
  out.kind = SCALE_KIND;
  out.apiVersion = SCALE_API_VERSION;
  out.metadata = m;
  out.spec = spec;
  out.status = status;
  return out;
}

/**
 * A label selector as `labels.Selector.String()` writes it: requirements sorted by key. A string
 * is taken as it is: a custom resource's `labelSelectorPath` names a field that already holds the
 * selector in that form.
 */
export function selectorString(sel: Value | undefined): string {
  if (typeof sel === 'string') return sel;
  if (!isMap(sel)) return '';
  const reqs: { key: string; text: string }[] = [];
  const ml = getKey(sel, 'matchLabels');
  if (isMap(ml)) for (const k of Object.keys(ml)) reqs.push({ key: k, text: `${k}=${String(ml[k])}` });
  const me = getKey(sel, 'matchExpressions');
  if (Array.isArray(me)) {
    for (const e of me) {
      if (!isMap(e)) continue;
      const key = String(getKey(e, 'key') ?? '');
      const op = String(getKey(e, 'operator') ?? '');
      const values = (Array.isArray(getKey(e, 'values')) ? (getKey(e, 'values') as Value[]) : []).map(String).sort();
      const text =
        op === 'In' ? `${key} in (${values.join(',')})` : op === 'NotIn' ? `${key} notin (${values.join(',')})` : op === 'Exists' ? key : `!${key}`;
      reqs.push({ key, text });
    }
  }
  reqs.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return reqs.map((r) => r.text).join(',');
}

/**
 * apiVersion → the replicas path in the parent, for every served version; `null` for a version
 * of a custom resource that serves no /scale (its entries are kept as they are).
 */
export function replicasMappings(resource: ResourceType): Map<string, Path | null> {
  const out = new Map<string, Path | null>();
  for (const v of resource.versions) {
    const scale = resource.versionSubresources ? resource.versionSubresources[v]?.scale : resource.scale;
    out.set(resource.group ? `${resource.group}/${v}` : v, scale ? scale.specReplicasPath.map(fieldElement) : null);
  }
  return out;
}

/**
 * The parent's entries as the Scale endpoint sees them: those owning the replicas path (at a
 * known version) become `{spec.replicas}` at autoscaling/v1, keeping manager, operation,
 * subresource and time. (Re-keyed from the encoded entries, so Update entries get new identifiers.)
 */
export function toSubresource(parent: Managed, mappings: ReadonlyMap<string, Path | null>): ManagedFieldsEntry[] {
  const out: ManagedFieldsEntry[] = [];
  for (const [id, vs] of parent.fields) {
    const path = mappings.get(vs.apiVersion);
    if (!path || !vs.set.has(path)) continue;
    out.push(entryOf(id, { set: FieldSet.fromPaths([REPLICAS_IN_SCALE]), apiVersion: SCALE_API_VERSION, applied: vs.applied }, parent.times.get(id)));
  }
  return sortEntries(out);
}

/**
 * The parent's entries after a write through `/scale`: entries at unknown versions dropped;
 * entries not owning replicas (or at a version without /scale) kept; owners of replicas keep it only if their identifier is among
 * the Scale's entries, else lose it; Scale entries still owning replicas become parent entries at
 * `parentApiVersion` with the time the parent list has under their (Scale-side) identifier.
 */
export function toParent(parent: Managed, scale: Managed, mappings: ReadonlyMap<string, Path | null>, parentApiVersion: string): ManagedFieldsEntry[] {
  const scaleFields = new Map(scale.fields);
  const out: ManagedFieldsEntry[] = [];
  for (const [id, vs] of parent.fields) {
    const path = mappings.get(vs.apiVersion);
    if (path === undefined) continue;
    if (path === null || !vs.set.has(path)) {
      out.push(entryOf(id, vs, parent.times.get(id)));
      continue;
    }
    if (!scaleFields.has(id)) {
      const set = vs.set.difference(FieldSet.fromPaths([path]));
      if (!set.isEmpty()) out.push(entryOf(id, { ...vs, set }, parent.times.get(id)));
    } else {
      out.push(entryOf(id, vs, parent.times.get(id)));
      scaleFields.delete(id);
    }
  }
  const parentPath = mappings.get(parentApiVersion);
  for (const [id, vs] of scaleFields) {
    if (!vs.set.has(REPLICAS_IN_SCALE) || !parentPath) continue;
    out.push(entryOf(id, { set: FieldSet.fromPaths([parentPath]), apiVersion: parentApiVersion, applied: vs.applied }, parent.times.get(id)));
  }
  return sortEntries(out);
}

function entryOf(id: string, vs: ManagerEntry, time: string | undefined): ManagedFieldsEntry {
  const who = parseIdentifier(id);
  return {
    manager: who?.manager ?? id,
    operation: (who?.operation ?? 'Update') as ManagedFieldsOperation,
    apiVersion: vs.apiVersion,
    ...(time !== undefined ? { time } : {}),
    fieldsType: 'FieldsV1',
    fieldsV1: fieldsV1ToValue(vs.set),
    ...(who?.subresource ? { subresource: who.subresource } : {}),
  };
}

const SCALE_SCHEMA = `types:
- name: io.k8s.api.autoscaling.v1.Scale
  map:
    fields:
    - name: apiVersion
      type: {scalar: string}
    - name: kind
      type: {scalar: string}
    - name: metadata
      type: {namedType: meta}
    - name: spec
      type:
        map:
          fields:
          - name: replicas
            type: {scalar: numeric}
    - name: status
      type:
        map:
          fields:
          - name: replicas
            type: {scalar: numeric}
          - name: selector
            type: {scalar: string}
- name: meta
  map:
    fields:
    - {name: annotations, type: {map: {elementType: {scalar: string}}}}
    - {name: creationTimestamp, type: {scalar: string}}
    - {name: deletionGracePeriodSeconds, type: {scalar: numeric}}
    - {name: deletionTimestamp, type: {scalar: string}}
    - {name: finalizers, type: {list: {elementType: {scalar: string}, elementRelationship: associative}}}
    - {name: generateName, type: {scalar: string}}
    - {name: generation, type: {scalar: numeric}}
    - {name: labels, type: {map: {elementType: {scalar: string}}}}
    - {name: managedFields, type: {list: {elementType: {namedType: __untyped_atomic_}, elementRelationship: atomic}}}
    - {name: name, type: {scalar: string}}
    - {name: namespace, type: {scalar: string}}
    - {name: ownerReferences, type: {list: {elementType: {namedType: __untyped_atomic_}, elementRelationship: atomic}}}
    - {name: resourceVersion, type: {scalar: string}}
    - {name: selfLink, type: {scalar: string}}
    - {name: uid, type: {scalar: string}}
- name: __untyped_atomic_
  scalar: untyped
  list: {elementType: {namedType: __untyped_atomic_}, elementRelationship: atomic}
  map: {elementType: {namedType: __untyped_atomic_}, elementRelationship: atomic}
`;

let fallbackScale: Atom | undefined;

/** The Scale type for catalogs that have none. */
export function fallbackScaleAtom(): Atom {
  return (fallbackScale ??= new Schema(parseSchema(SCALE_SCHEMA)).named('io.k8s.api.autoscaling.v1.Scale'));
}
