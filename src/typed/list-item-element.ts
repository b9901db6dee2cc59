import { type KeyField, type PathElement, indexElement, keyElement, valueElement } from '../fieldpath/path-element.js';
import type { ListAtom } from '../schema/schema.js';
import { type Value, type ValueMap, getKey, isMap } from '../value/value.js';

/**
 * Stands for the reference's zero path element: what an item that cannot be identified (a null
 * item in a keyed list, say) contributes to a field set. It only ever appears in the transient
 * sets that pruning subtracts, never in a manager's set, and it never matches a real item.
 */
export const UNIDENTIFIED_ITEM: PathElement = indexElement(-1);

/**
 * The path element that identifies an item of an associative list: its key fields (completed
 * with schema defaults) for lists of maps, its value for sets. Returns the reference's error
 * text instead when the item cannot be identified.
 */
export function listItemElement(list: ListAtom, item: Value): PathElement | string {
  if (list.elementRelationship !== 'associative') return 'invalid indexing of non-associative list';
  if (list.keys.length > 0) {
    if (item === null) return 'associative list with keys may not have a null element';
    if (!isMap(item)) return 'associative list with keys may not have non-map elements';
    return keyedElement(list, item);
  }
  if (item === null) return "associative list without keys has an element that's an explicit null";
  if (Array.isArray(item)) return 'not supported: associative list with lists as elements';
  if (typeof item === 'object') return "associative list without keys has an element that's a map type";
  return valueElement(item);
}

function keyedElement(list: ListAtom, item: ValueMap): PathElement | string {
  const fields: KeyField[] = [];
  for (const name of list.keys) {
    const v = getKey(item, name);
    if (v !== undefined) {
      fields.push({ name, value: v });
      continue;
    }
    // A missing key field takes the default the item's type declares, if any (partial keys
    // otherwise: the field is simply left out of the key).
    const field = list.element.get().map?.fields.get(name);
    if (field?.hasDefault) fields.push({ name, value: field.default as Value });
  }
  if (fields.length === 0) {
    const names = list.keys.map((k) => JSON.stringify(k)).join(' ');
    return `associative list with keys has an element that omits all key fields [${names}] (and doesn't have default values for any key fields)`;
  }
  return keyElement(fields);
}

/** An item of an associative list with the element that identifies it and its position. */
export interface IdentifiedItem {
  readonly pe: PathElement;
  readonly position: number;
  readonly item: Value;
}

/**
 * The identifiable items of an associative list, in order, and the reference's message
 * (`element <i>: …`) for every item that cannot be identified; `elements` holds each item's
 * `listItemElement` (WalkMemo.elements).
 */
export function identifyItems(elements: readonly (PathElement | string)[], items: readonly Value[]): { items: IdentifiedItem[]; problems: string[] } {
  const out: IdentifiedItem[] = [];
  const problems: string[] = [];
  for (let i = 0; i < items.length; i++) {
    const pe = elements[i];
    if (typeof pe === 'string') problems.push(`element ${i}: ${pe}`);
    else out.push({ pe, position: i, item: items[i] });
  }
  return { items: out, problems };
}
