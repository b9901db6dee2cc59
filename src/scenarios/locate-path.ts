/**
 * Reading a path the user wrote (`.spec.template.spec.containers[name="app"].image`) as the
 * field path it names in one object: following the object's keys (field names may hold dots),
 * else the paths its managedFields entries name (a field that is gone but still owned).
 */
import type { Path } from '../fieldpath/path-element.js';
import { pathToString } from '../fieldpath/path-string.js';
import { compareStrings } from '../value/compare-strings.js';
import type { Value } from '../value/value.js';
import type { OwnerEntry } from './owners.js';
import type { ObjectView } from './run-types.js';
import { ownersOfPath } from '../typed/owners-of-path.js';
import { parsePathString, resolvePathString } from './value-at-path.js';

function findInSets(owners: readonly OwnerEntry[], text: string): Path | undefined {
  for (const o of owners) {
    let found: Path | undefined;
    o.set.iterate((p) => {
      if (!found && pathToString(p) === text) found = p;
    });
    if (found) return found;
  }
  return undefined;
}

/** The path `text` names in `object` or in an entry's set; undefined when neither has it. */
export function locatePath(object: Value, owners: readonly OwnerEntry[], text: string): Path | undefined {
  return resolvePathString(object, text) ?? findInSets(owners, text);
}

/** Names of the managers that own the path written as `text` in the view's object, sorted. */
export function ownerNamesAt(view: ObjectView, text: string): string[] {
  const path = locatePath(view.object, view.owners, text) ?? parsePathString(text);
  if (path === undefined) return [];
  const names = ownersOfPath(view.owners, path, view.type.get(), view.object).map((o) => o.entry.manager);
  return [...new Set(names)].sort(compareStrings);
}
