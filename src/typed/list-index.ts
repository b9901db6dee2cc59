import type { PathElement } from '../fieldpath/path-element.js';

/**
 * The identified items of one associative list, indexed once for the walkers of an operation
 * (WalkMemo.index): each id's first position, the ids that occur more than once, and the
 * reference's message (`element <i>: …`) for every item that cannot be identified.
 *
 * Positions, not items, are what the index holds: a `Map` of small integers is the cheapest a
 * `Map` gets (no object per entry for the collector to copy), and the lists of 10,000 items and
 * more that this is for make each entry count (docs/performance.md, "Growth with size").
 */
export interface ListIndex {
  /** `listItemElement` of every item, in order (WalkMemo.elements). */
  readonly elements: readonly (PathElement | string)[];
  /** Id → position of the first item with that id (identified items only). */
  readonly first: ReadonlyMap<string, number>;
  /** The ids that occur more than once; undefined when none does. */
  readonly repeated: ReadonlySet<string> | undefined;
  readonly problems: readonly string[];
}

/** The index of an empty list (shared: an index is never changed once made). */
const EMPTY: ListIndex = { elements: [], first: new Map(), repeated: undefined, problems: [] };

export function indexList(elements: readonly (PathElement | string)[]): ListIndex {
  if (elements.length === 0) return EMPTY;
  const first = new Map<string, number>();
  let repeated: Set<string> | undefined;
  const problems: string[] = [];
  for (let i = 0; i < elements.length; i++) {
    const pe = elements[i];
    if (typeof pe === 'string') problems.push(`element ${i}: ${pe}`);
    else if (!first.has(pe.id)) first.set(pe.id, i);
    else (repeated ??= new Set()).add(pe.id);
  }
  return { elements, first, repeated, problems };
}

/** Every position of each repeated id, in order (for the walkers that treat repeats as a group). */
export function repeatedPositions(index: ListIndex): Map<string, number[]> {
  const out = new Map<string, number[]>();
  const repeated = index.repeated;
  if (!repeated) return out;
  index.elements.forEach((pe, i) => {
    if (typeof pe === 'string' || !repeated.has(pe.id)) return;
    const at = out.get(pe.id);
    if (at) at.push(i);
    else out.set(pe.id, [i]);
  });
  return out;
}

/**
 * The two lists' elements name the same ids in the same order, every item identified. With one
 * side's index saying no id repeats, neither side repeats one: the walkers can then pair the
 * items by position and need no index of the other side.
 */
export function sameIdsInOrder(a: readonly (PathElement | string)[], b: readonly (PathElement | string)[]): boolean {
  if (a.length !== b.length) return false;
  if (a === b) return a.every((pe) => typeof pe !== 'string');
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (typeof x === 'string' || typeof y === 'string' || x.id !== y.id) return false;
  }
  return true;
}
