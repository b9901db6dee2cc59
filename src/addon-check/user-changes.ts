/**
 * User changes: where a cluster's add-on objects differ in value from OLD as the add-on manager
 * installs it, with the managers that own each difference (read from managedFields), and what an
 * update did to each. Values are compared under the objects' schema (typed/compare), so list
 * items are matched by key and a path reads as the API server prints it. Server-populated
 * metadata and `status` are left out: no add-on apply writes them.
 */
import { type Path, PeKind } from '../fieldpath/path-element.js';
import { pathToString } from '../fieldpath/path-string.js';
import { FieldSet } from '../fieldpath/set.js';
import { valueAtPath } from '../fieldpath/value-at-path.js';
import { pathOwnership } from '../scenarios/explain-path.js';
import { ownerLabeler } from '../scenarios/owners.js';
import type { ObjectView } from '../scenarios/run-types.js';
import { TEMPLATE_GENERATION_ANNOTATION } from '../apiserver/template-generation.js';
import { compare } from '../typed/compare.js';
import { valueEquals } from '../value/equals.js';
import { getKey, isMap, newMap, type Value, type ValueMap } from '../value/value.js';
import type { Fate, UserChange, UserChangeFate } from './model.js';

/** The parts of an object a user changes and an add-on applies: all but status and server-set metadata. */
function userFacing(obj: Value): Value {
  if (!isMap(obj)) return obj;
  const out: ValueMap = newMap();
  for (const k of Object.keys(obj)) {
    if (k === 'status') continue;
    if (k !== 'metadata') {
      out[k] = obj[k];
      continue;
    }
    const meta = obj[k];
    const kept: ValueMap = newMap();
    const labels = isMap(meta) ? getKey(meta, 'labels') : undefined;
    const annotations = isMap(meta) ? getKey(meta, 'annotations') : undefined;
    if (labels !== undefined) kept.labels = labels;
    if (isMap(annotations)) {
      // The API server keeps this one itself (a DaemonSet's template generation).
      const user: ValueMap = newMap();
      for (const a of Object.keys(annotations)) if (a !== TEMPLATE_GENERATION_ANNOTATION) user[a] = annotations[a];
      if (Object.keys(user).length > 0) kept.annotations = user;
    } else if (annotations !== undefined) kept.annotations = annotations;
    out.metadata = kept;
  }
  return out;
}

/**
 * The paths to report: an added or removed list item stands for its fields, while a map that
 * appeared or went (`metadata.annotations`) is reported by its keys, which is what users set.
 */
function reported(set: FieldSet): Path[] {
  const paths = set.paths();
  const isMapField = (p: Path) => p.length > 0 && p[p.length - 1].kind === PeKind.Field && paths.some((q) => q.length > p.length && q.slice(0, p.length).every((pe, i) => pe.id === p[i].id));
  return paths.filter((p) => {
    if (isMapField(p)) return false;
    for (let n = p.length - 1; n >= 1; n--) {
      const ancestor = p.slice(0, n);
      if (set.has(ancestor) && !isMapField(ancestor)) return false;
    }
    return true;
  });
}

function ownersAt(view: ObjectView, path: Path): string[] {
  const label = ownerLabeler(view.owners);
  const o = pathOwnership(view.object, view.owners, path, view.type.get());
  const entries = [...o.owners, ...o.viaAtomic.map((v) => v.owner), ...o.below.map((b) => b.owner)];
  return [...new Set(entries.map(label))];
}

/** The differences of `view` from `baseline` (the same object as OLD installs it; undefined: OLD has none). */
export function userChanges(baseline: ObjectView | undefined, view: ObjectView): { change: UserChange; path: Path }[] {
  const result = compare(baseline ? userFacing(baseline.object) : undefined, userFacing(view.object), view.type.get());
  if (!result.ok) return [];
  const { added, removed, modified } = result.comparison;
  const changed = added.union(removed).union(modified);
  return reported(changed).map((path) => {
    const old = baseline ? valueAtPath(baseline.object, path) : undefined;
    const value = valueAtPath(view.object, path);
    return {
      path,
      change: {
        object: view.display,
        path: pathToString(path),
        old: old ?? null,
        inOld: old !== undefined,
        value: value ?? null,
        present: value !== undefined,
        owners: value === undefined ? [] : ownersAt(view, path),
      },
    };
  });
}

/** What an update did to a user change: `after` is the object once the update ran (undefined: gone). */
export function fateOf(change: UserChange, path: Path, after: ObjectView | undefined): UserChangeFate {
  const v = after ? valueAtPath(after.object, path) : undefined;
  let fate: Fate;
  if (change.present) fate = v === undefined ? 'removed' : valueEquals(v, change.value) ? 'kept' : 'overwritten';
  else fate = v === undefined ? 'kept' : 'overwritten';
  return { ...change, fate, after: v ?? null, presentAfter: v !== undefined, ownersAfter: after && v !== undefined ? ownersAt(after, path) : [] };
}
