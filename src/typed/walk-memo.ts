import type { PathElement } from '../fieldpath/path-element.js';
import type { ListAtom } from '../schema/schema.js';
import { MapKeys } from '../value/map-keys.js';
import type { Value } from '../value/value.js';
import { listItemElement } from './list-item-element.js';

/** Lists from this many items on have their items' elements kept (below, building them is cheap). */
const KEEP_FROM = 16;

/**
 * What the walkers of one operation (validate, merge, the field set, the comparison, the prune)
 * read from its values, read once: each big map's keys (MapKeys) and the path elements of each big
 * list's items, with their id strings. Values never change once read, so what is kept stays true;
 * one instance belongs to one operation and is dropped with it.
 *
 * Sharing the elements spares building every item's key text again in each walker, and the sets
 * and maps the walkers fill then all use the same id strings, whose hash V8 computes once.
 */
export class WalkMemo extends MapKeys {
  private readonly lists = new Map<readonly Value[], { atom: ListAtom; elements: readonly (PathElement | string)[] }>();

  /**
   * `listItemElement` of every item of `items` under `atom`, in order: the element, or the
   * reference's reason why the item cannot be identified.
   */
  elements(atom: ListAtom, items: readonly Value[]): readonly (PathElement | string)[] {
    const known = this.lists.size > 0 ? this.lists.get(items) : undefined;
    // The same list under another type (a value shared by two places) gets its own elements.
    if (known && known.atom === atom) return known.elements;
    const elements = items.map((item) => listItemElement(atom, item));
    if (items.length >= KEEP_FROM && !known) this.lists.set(items, { atom, elements });
    return elements;
  }
}
