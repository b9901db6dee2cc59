import type { Path, PathElement } from './path-element.js';
import type { FieldSet } from './set.js';

/** A set to look up alongside an iteration, and a second one to check where the first has a path. */
export interface AlongSet<T> {
  readonly key: T;
  readonly set: FieldSet;
  readonly also: FieldSet;
}

/** One of the `along` sets that has the visited path as a member. */
export interface AlongHit<T> {
  readonly key: T;
  /** The entry's `also` set has the path as a member too. */
  readonly also: boolean;
}

interface Cursor<T> {
  readonly key: T;
  readonly set: FieldSet;
  readonly also: FieldSet | undefined;
}

/**
 * Every member path of `set`, in `FieldSet.iterate` order, with those of `along` (in their order)
 * that have the path as a member. The same as asking each of them `has(path)` for every path,
 * but it descends all the tries together, so a path costs only what the sets sharing its prefix
 * cost: linear in the size of `set` when the others own disjoint parts of it.
 */
export function iterateAlong<T>(set: FieldSet, along: readonly AlongSet<T>[], visit: (path: Path, hits: readonly AlongHit<T>[]) => void): void {
  const prefix: PathElement[] = [];
  const walk = (node: FieldSet, cursors: readonly Cursor<T>[]): void => {
    for (const m of node.members()) {
      const hits: AlongHit<T>[] = [];
      for (const c of cursors) if (c.set.hasMemberId(m.id)) hits.push({ key: c.key, also: c.also?.hasMemberId(m.id) ?? false });
      prefix.push(m);
      visit(prefix.slice(), hits);
      prefix.pop();
    }
    for (const child of node.children()) {
      const next: Cursor<T>[] = [];
      for (const c of cursors) {
        const s = c.set.childAtId(child.pe.id);
        if (s) next.push({ key: c.key, set: s, also: c.also?.childAtId(child.pe.id) });
      }
      prefix.push(child.pe);
      walk(child.set, next);
      prefix.pop();
    }
  };
  walk(
    set,
    along.map((a) => ({ key: a.key, set: a.set, also: a.also })),
  );
}
