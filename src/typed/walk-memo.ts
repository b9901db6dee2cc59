import { type FieldElement, type PathElement, fieldElement } from '../fieldpath/path-element.js';
import type { FieldInfo, ListAtom } from '../schema/schema.js';
import { MapKeys } from '../value/map-keys.js';
import type { Value } from '../value/value.js';
import { type ListIndex, indexList } from './list-index.js';
import { listItemElement } from './list-item-element.js';

/** Lists from this many items on have their items' elements kept (below, building them is cheap). */
const KEEP_FROM = 16;

interface KeptList {
  readonly atom: ListAtom;
  readonly elements: readonly (PathElement | string)[];
  index?: ListIndex;
}

/**
 * What the walkers of one operation (validate, merge, the field set, the comparison, the prune)
 * read from its values, read once: each big map's keys (MapKeys), the path elements of each big
 * list's items, with their id strings, and the index of those ids (ListIndex); and, in an
 * operation on a big list, one path element per declared field of the schema. Values never
 * change once read, so what is kept stays true; one instance belongs to one operation and is
 * dropped with it.
 *
 * Sharing the elements spares building every item's key text again in each walker, and the sets
 * and maps the walkers fill then all use the same id strings, whose hash V8 computes once.
 */
export class WalkMemo extends MapKeys {
  // Made on first use: most operations are on small objects, for which each Map made here would
  // cost more than what it spares.
  private lists: Map<readonly Value[], KeptList> | undefined;
  private declared: Map<FieldInfo, FieldElement> | undefined;

  /**
   * The path element of `key`, declared as `field` (or free-form when undefined): in an operation
   * on a big list, one object per declared field, which every set the walkers build shares,
   * instead of one per map that has the field (the items each have `name` and `image`).
   */
  fieldElement(field: FieldInfo | undefined, key: string): FieldElement {
    // Only operations on a big list share them (its items repeat the same fields); for the rest
    // a lookup per key would cost more than the element.
    if (!field || !this.lists) return fieldElement(key);
    const declared = (this.declared ??= new Map());
    let pe = declared.get(field);
    if (!pe) declared.set(field, (pe = fieldElement(key)));
    return pe;
  }

  /** Whether `fieldElement` shares declared fields' elements (an operation on a big list). */
  sharesFieldElements(): boolean {
    return this.lists !== undefined;
  }

  /**
   * `listItemElement` of every item of `items` under `atom`, in order: the element, or the
   * reference's reason why the item cannot be identified.
   */
  elements(atom: ListAtom, items: readonly Value[]): readonly (PathElement | string)[] {
    return this.keptList(atom, items)?.elements ?? items.map((item) => listItemElement(atom, item));
  }

  /**
   * The index of the identified items of `items` under `atom` (list-index.ts); `elements`, when
   * the caller has them already, are this list's `elements(atom, items)`.
   */
  index(atom: ListAtom, items: readonly Value[], elements?: readonly (PathElement | string)[]): ListIndex {
    const kept = this.keptList(atom, items);
    if (!kept) return indexList(elements ?? items.map((item) => listItemElement(atom, item)));
    return (kept.index ??= indexList(kept.elements));
  }

  /** `index(atom, items)` when `items` is a big list (whose index is kept); else undefined. */
  keptIndex(atom: ListAtom, items: readonly Value[]): ListIndex | undefined {
    const kept = this.keptList(atom, items);
    return kept && (kept.index ??= indexList(kept.elements));
  }

  /** What is kept of a big list under `atom`, made on first ask; undefined for small lists. */
  private keptList(atom: ListAtom, items: readonly Value[]): KeptList | undefined {
    const known = this.lists?.get(items);
    // The same list under another type (a value shared by two places) gets its own elements.
    if (known) return known.atom === atom ? known : undefined;
    if (items.length < KEEP_FROM) return undefined;
    const kept: KeptList = { atom, elements: items.map((item) => listItemElement(atom, item)) };
    (this.lists ??= new Map()).set(items, kept);
    return kept;
  }
}
