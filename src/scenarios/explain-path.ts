/**
 * Who owns a field of a live object, by which operation, since when, and what that means for the
 * next writer (`ssa-sim explain`, and the playground's field details).
 */
import type { Path } from '../fieldpath/path-element.js';
import { pathToString } from '../fieldpath/path-string.js';
import type { FieldSet } from '../fieldpath/set.js';
import type { Value } from '../value/value.js';
import type { OwnerEntry } from './owners.js';
import { resolvePathString, valueAtPath } from './value-at-path.js';

export interface PathOwnership {
  /** The path as found (in the object or in an entry's set); undefined when neither has it. */
  readonly path: Path | undefined;
  readonly value: Value | undefined;
  /** Entries whose set holds the path itself. */
  readonly owners: readonly OwnerEntry[];
  /** Entries that own an atomic ancestor (and so the path with it), with that ancestor. */
  readonly viaAtomic: readonly { readonly owner: OwnerEntry; readonly ancestor: string }[];
  /** Entries that own fields below the path, with how many. */
  readonly below: readonly { readonly owner: OwnerEntry; readonly count: number }[];
}

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

function subtree(set: FieldSet, path: Path): FieldSet | undefined {
  let node: FieldSet | undefined = set;
  for (const pe of path) {
    node = node.childAt(pe);
    if (!node) return undefined;
  }
  return node;
}

export function pathOwnership(object: Value, owners: readonly OwnerEntry[], text: string): PathOwnership {
  const path = resolvePathString(object, text) ?? findInSets(owners, text);
  if (!path) return { path: undefined, value: undefined, owners: [], viaAtomic: [], below: [] };
  const direct = owners.filter((o) => o.set.has(path));
  const viaAtomic: { owner: OwnerEntry; ancestor: string }[] = [];
  for (const o of owners) {
    if (direct.includes(o)) continue;
    for (let n = path.length - 1; n >= 1; n--) {
      const anc = path.slice(0, n);
      if (o.set.has(anc) && (subtree(o.set, anc)?.isEmpty() ?? true)) {
        viaAtomic.push({ owner: o, ancestor: pathToString(anc) });
        break;
      }
    }
  }
  const below = owners
    .map((o) => ({ owner: o, count: subtree(o.set, path)?.size() ?? 0 }))
    .filter((b) => b.count > 0);
  return { path, value: valueAtPath(object, path), owners: direct, viaAtomic, below };
}
