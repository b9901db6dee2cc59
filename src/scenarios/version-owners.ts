/**
 * Entries recorded at another API version than the object's, read at the object's version.
 *
 * An entry's set holds paths of the version it was written at: a HorizontalPodAutoscaler
 * updated through autoscaling/v1 owns `.spec.targetCPUUtilizationPercentage`, a path the v2
 * object does not have. The field manager compares such an entry's fields at its own version,
 * the objects converted there (engine-semantics §5.6): an apply that changes the v2 object's
 * `.spec.metrics[0].resource.target.averageUtilization` changes that v1 field and conflicts with
 * the entry. So the entry owns, at the object's version, exactly the object's paths whose change
 * changes one of its paths there: each path of the object is taken out, both objects are
 * converted to the entry's version with the API server's converter, and the engine compares them.
 *
 * Views (blame, explain, the playground, ownership changes) read such entries' translated sets;
 * `stored` keeps the set as recorded (its FieldsV1), `reach` answers which of its version's paths
 * a path of the object stands for (a 409 names those), `toOwnVersion` shows an object (the live
 * one, an applied configuration) at the entry's version, where a 409's values are read.
 */
import type { VersionConverter } from '../merge/context.js';
import type { Path } from '../fieldpath/path-element.js';
import { FieldSet } from '../fieldpath/set.js';
import type { Atom } from '../schema/schema.js';
import { compare } from '../typed/compare.js';
import { toFieldSet } from '../typed/to-field-set.js';
import { getKey, isMap, type Value } from '../value/value.js';
import type { OwnerEntry } from './owners.js';
import { withoutPath } from './without-path.js';

/** Whether `prefix` is `path` or an ancestor of it. */
function isUnder(path: Path, prefix: Path): boolean {
  return prefix.length <= path.length && prefix.every((pe, i) => pe.id === path[i].id);
}

export function entriesAtObjectVersion(owners: readonly OwnerEntry[], object: Value, type: Atom, versions: VersionConverter | undefined): readonly OwnerEntry[] {
  const own = isMap(object) ? getKey(object, 'apiVersion') : undefined;
  if (versions === undefined || typeof own !== 'string' || owners.every((e) => e.apiVersion === own || e.apiVersion === '')) return owners;
  const leaves = toFieldSet(object, type).paths();
  // Per version: for each path of the object, the paths there that change when it is taken out.
  const changes = new Map<string, FieldSet[] | undefined>();
  const changesAt = (apiVersion: string): FieldSet[] | undefined => {
    if (changes.has(apiVersion)) return changes.get(apiVersion);
    const atom = versions.atomAt(apiVersion);
    let out: FieldSet[] | undefined;
    if (atom !== undefined) {
      const base = versions.convert(object, own, apiVersion);
      out = leaves.map((p) => {
        const probe = withoutPath(object, p);
        const r = probe === undefined ? undefined : compare(base, versions.convert(probe, own, apiVersion), atom);
        if (r === undefined || !r.ok) return new FieldSet();
        const c = r.comparison;
        return c.removed.union(c.modified).union(c.added);
      });
    }
    changes.set(apiVersion, out);
    return out;
  };
  return owners.map((e) => {
    if (e.apiVersion === own || e.apiVersion === '') return e;
    const changed = changesAt(e.apiVersion);
    if (changed === undefined) return e;
    const set = FieldSet.fromPaths(leaves.filter((_, i) => !changed[i].intersection(e.set).isEmpty()));
    const reach = (path: Path): FieldSet => {
      let out = new FieldSet();
      leaves.forEach((p, i) => {
        // The object's paths under it, or the one it is inside (an atomic list is one path).
        if (isUnder(p, path) || isUnder(path, p)) out = out.union(changed[i]);
      });
      return out;
    };
    return { ...e, set, stored: e.set, reach, toOwnVersion: (v: Value) => versions.convert(v, own, e.apiVersion) };
  });
}
