/**
 * Who owns a field of a live object, by which operation, since when, and what that means for the
 * next writer (`ssa-sim explain`, and the playground's field details). Ownership is the reader's
 * answer (src/typed/owners-of-path.ts) under the object's schema.
 */
import type { Path } from '../fieldpath/path-element.js';
import { pathToString } from '../fieldpath/path-string.js';
import type { FieldSet } from '../fieldpath/set.js';
import type { Atom } from '../schema/schema.js';
import { itemsNamed, nodeAt, nodeHandler, ownersOfPath } from '../typed/owners-of-path.js';
import type { Value } from '../value/value.js';
import type { OwnerEntry } from './owners.js';
import { valueAtPath } from './value-at-path.js';

export interface PathOwnership {
  readonly path: Path;
  readonly value: Value | undefined;
  /** Entries whose set holds the path itself. */
  readonly owners: readonly OwnerEntry[];
  /**
   * Entries that own an ancestor owned whole (an atomic map or list, or a list item duplicated in
   * the object: `copies` is then how many items its key names), and so the path with it.
   */
  readonly viaAtomic: readonly { readonly owner: OwnerEntry; readonly ancestor: string; readonly copies: number }[];
  /** Entries that own fields below the path, with how many. */
  readonly below: readonly { readonly owner: OwnerEntry; readonly count: number }[];
}

function subtree(set: FieldSet, path: Path): FieldSet | undefined {
  let node: FieldSet | undefined = set;
  for (const pe of path) {
    node = node.childAt(pe);
    if (!node) return undefined;
  }
  return node;
}

/** How many items of its list the last element of `item` names in the object (1 for anything else). */
export function copiesOf(object: Value, type: Atom, item: Path): number {
  const last = item[item.length - 1];
  const list = last === undefined ? undefined : nodeAt(item.slice(0, -1), type, object);
  if (list === undefined || !Array.isArray(list.value) || !list.atom.list || nodeHandler(list.atom, list.value, last) !== 'list') return 1;
  return Math.max(1, itemsNamed(list.atom.list, list.value, last));
}

export function pathOwnership(object: Value, owners: readonly OwnerEntry[], path: Path, type: Atom): PathOwnership {
  const found = ownersOfPath(owners, path, type, object);
  const direct = found.filter((o) => o.through === undefined).map((o) => o.entry);
  const viaAtomic = found.flatMap((o) => (o.through === undefined ? [] : [{ owner: o.entry, ancestor: pathToString(o.through), copies: copiesOf(object, type, o.through) }]));
  const below = owners.map((o) => ({ owner: o, count: subtree(o.set, path)?.size() ?? 0 })).filter((b) => b.count > 0);
  return { path, value: valueAtPath(object, path), owners: direct, viaAtomic, below };
}
