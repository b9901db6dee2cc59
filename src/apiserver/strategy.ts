/**
 * The registry strategy, after the field manager and admission (apiserver-semantics §2.12, §3.6):
 * system metadata (uid, creationTimestamp, generation), and the fields each endpoint resets
 * (a main write keeps the old status, a status write keeps the old spec, ...).
 */
import { valueEquals } from '../value/equals.js';
import { getKey, isMap, newMap, type Value, type ValueMap } from '../value/value.js';
import { getPath, metadataOf, setPath } from './object-paths.js';
import { storedVersionsOnCreate, storedVersionsOnUpdate } from './crd-stored-versions.js';
import { templateGenerationOnCreate, templateGenerationOnUpdate } from './template-generation.js';
import { namespaceFinalizerOnCreate, namespaceFinalizersOnUpdate } from './namespace-finalizer.js';
import { podStatusOnCreate } from './pod-status-on-create.js';
import { jobSelectorOnCreate } from './job-selector.js';
import { dropDisabledPodFields } from './drop-disabled-pod-fields.js';
import { dropDisabledFields } from './drop-disabled-fields.js';
import { settlePvcDataSources } from './pvc-data-sources.js';
import { onlyEphemeralContainers } from './ephemeral-containers-update.js';
import { appArmorVersionSkew } from './apparmor-version-skew.js';
import type { ResourceType } from './types.js';

const isPod = (r: ResourceType): boolean => !r.custom && r.group === '' && r.kind === 'Pod';

/**
 * A new object as the store creates it: system metadata set, main reset fields emptied; and the
 * warnings the strategy sends while it prepares it (a Pod's AppArmor annotations).
 */
export function prepareForCreate(resource: ResourceType, obj: ValueMap, empty: ValueMap, now: string, uid: string): { readonly object: ValueMap; readonly warnings: readonly string[] } {
  let out = obj;
  for (const path of resource.createResets ?? resource.resetFields[''] ?? []) out = setPath(out, path, getPath(empty, path));
  out = setPath(out, ['metadata', 'uid'], uid);
  out = setPath(out, ['metadata', 'creationTimestamp'], now);
  out = setPath(out, ['metadata', 'generation'], resource.generation ? 1 : undefined);
  out = setPath(out, ['metadata', 'selfLink'], undefined);
  out = setPath(out, ['metadata', 'deletionTimestamp'], undefined);
  out = storedVersionsOnCreate(resource, templateGenerationOnCreate(resource, jobSelectorOnCreate(resource, out)));
  out = dropDisabledPodFields(resource, podStatusOnCreate(resource, namespaceFinalizerOnCreate(resource, out)), undefined);
  out = settlePvcDataSources(resource, '', dropDisabledFields(resource, '', out, undefined), undefined);
  if (!isPod(resource)) return { object: out, warnings: [] };
  // The pod strategy's last step (applyAppArmorVersionSkew).
  const skew = appArmorVersionSkew(out);
  return { object: skew.pod, warnings: skew.warnings };
}

/** An updated object as the store keeps it: reset fields and system metadata from `old`, generation bumped on spec changes. */
export function prepareForUpdate(resource: ResourceType, subresource: string, old: ValueMap, next: ValueMap): ValueMap {
  let out = keepWritableOnly(resource.writableOnly?.[subresource], old, next);
  if (subresource === 'ephemeralcontainers' && isPod(resource)) out = onlyEphemeralContainers(old, out);
  for (const path of resource.resetFields[subresource] ?? []) {
    if (path.length === 1 && path[0] === 'metadata') {
      // Everything but the managedFields the field manager just wrote.
      const kept = getKey(metadataOf(out), 'managedFields');
      out = setPath(out, ['metadata'], metadataOf(old));
      out = setPath(out, ['metadata', 'managedFields'], kept);
    } else out = setPath(out, path, getPath(old, path));
  }
  // The fields of the feature gates 1.32 has off, unless `old` uses them; before the
  // generation compares the specs, as the strategies drop them first.
  out = dropDisabledFields(resource, subresource, dropDisabledPodFields(resource, out, old), old);
  // A claim's data sources, settled after those drops as its strategy settles them.
  out = settlePvcDataSources(resource, subresource, out, old);
  // rest.BeforeUpdate: the generation is the server's; a uid, creation time or deletion time the
  // client left out is put back, and so is a grace period it dropped; a value it changed is left
  // for validation to refuse (validate-object-meta-update.ts).
  const oldMeta = metadataOf(old);
  const meta = metadataOf(out);
  const unset = (v: Value | undefined) => v === undefined || v === null || v === '';
  out = setPath(out, ['metadata', 'generation'], getKey(oldMeta, 'generation'));
  if (unset(getKey(meta, 'uid'))) out = setPath(out, ['metadata', 'uid'], getKey(oldMeta, 'uid'));
  for (const k of ['creationTimestamp', 'deletionTimestamp']) if (!unset(getKey(oldMeta, k))) out = setPath(out, ['metadata', k], getKey(oldMeta, k));
  if (!unset(getKey(oldMeta, 'deletionGracePeriodSeconds')) && unset(getKey(meta, 'deletionGracePeriodSeconds'))) {
    out = setPath(out, ['metadata', 'deletionGracePeriodSeconds'], getKey(oldMeta, 'deletionGracePeriodSeconds'));
  }
  out = setPath(out, ['metadata', 'selfLink'], undefined);
  out = templateGenerationOnUpdate(resource, subresource, old, out);
  out = storedVersionsOnUpdate(resource, subresource, out);
  out = namespaceFinalizersOnUpdate(resource, subresource, old, out);
  if (resource.generation && (!valueEquals(specOf(old), specOf(out)) || (subresource !== 'status' && annotationsCount(resource, old, out)))) {
    const g = getKey(oldMeta, 'generation');
    out = setPath(out, ['metadata', 'generation'], (typeof g === 'number' ? g : 0) + 1);
  }
  return out;
}

/** `old` with the `writable` top-level fields and the managedFields of `next` (all of `next` when unlimited). */
function keepWritableOnly(writable: readonly string[] | undefined, old: ValueMap, next: ValueMap): ValueMap {
  if (!writable) return next;
  let out = old;
  for (const k of writable) out = setPath(out, [k], getKey(next, k));
  return setPath(out, ['metadata', 'managedFields'], getKey(metadataOf(next), 'managedFields'));
}

/**
 * Kinds whose strategy also bumps the generation when the annotations change: a Deployment's
 * (its controller copies them to the ReplicaSets); not its status strategy's. Absent and empty annotations are the same,
 * as apimachinery's semantic equality has them.
 */
const ANNOTATIONS_COUNT = new Set(['apps/Deployment']);

function annotationsCount(resource: ResourceType, old: ValueMap, next: ValueMap): boolean {
  if (resource.custom || !ANNOTATIONS_COUNT.has(`${resource.group}/${resource.kind}`)) return false;
  const of = (o: ValueMap) => {
    const a = getKey(metadataOf(o), 'annotations');
    return isMap(a) && Object.keys(a).length > 0 ? a : undefined;
  };
  const [a, b] = [of(old), of(next)];
  return a === undefined || b === undefined ? a !== b : !valueEquals(a, b);
}

/** Everything but metadata and status: what a generation counts. */
function specOf(obj: ValueMap): Value {
  const out = newMap();
  for (const k of Object.keys(obj)) if (k !== 'metadata' && k !== 'status') out[k] = obj[k];
  return out;
}

/** The same object with managedFields times removed (for the store's timestamp-only check). */
export function withoutEntryTimes(obj: ValueMap): ValueMap {
  const list = getKey(metadataOf(obj), 'managedFields');
  if (!Array.isArray(list)) return obj;
  return setPath(
    obj,
    ['metadata', 'managedFields'],
    list.map((e) => {
      if (!isMap(e) || getKey(e, 'time') === undefined) return e;
      const c = newMap();
      for (const k of Object.keys(e)) if (k !== 'time') c[k] = e[k];
      return c;
    }),
  );
}
