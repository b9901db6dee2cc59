/**
 * Who owns a path: the one rule behind every view that says so (blame, explain, the playground,
 * `owners:` expectations, JSON reports).
 *
 * A path is owned by a manager exactly when the manager's set holds the path itself, or holds the
 * prefix of it that the schema makes owned whole: an atomic map or list (every list of the deduced
 * schema), or a scalar; or an item its list holds more than once (a duplicated key, owned as
 * one). That is how the engine records ownership (engine-semantics §4.2: such a node is a leaf
 * of the applier's set and nothing below it is listed). A granular map's own key
 * (`"f:data": {}`, owning that the map exists) passes nothing down to the map's fields.
 */
import type { Path, PathElement } from '../fieldpath/path-element.js';
import { PeKind } from '../fieldpath/path-element.js';
import type { FieldSet } from '../fieldpath/set.js';
import { stepInto } from '../fieldpath/value-at-path.js';
import { type Atom, type Handler, type ListAtom, handlerFor } from '../schema/schema.js';
import { listItemElement } from './list-item-element.js';
import type { Value } from '../value/value.js';

/** Anything with a field set: the engine's managers, managedFields entries. */
export interface Owned {
  readonly set: FieldSet;
}

/**
 * How the engine handles the node of type `atom` holding `value`; when the object has no value
 * there, the alternative the next path element needs (a field of a map, an item of a list).
 */
export function nodeHandler(atom: Atom, value: Value | undefined, next: PathElement | undefined): Handler {
  if (value !== undefined && value !== null) return handlerFor(atom, value);
  if (next !== undefined && next.kind !== PeKind.Field && atom.list) return 'list';
  return handlerFor(atom, value);
}

/** Whether the engine owns the node whole (a scalar, an atomic map or list): nothing below it is tracked. */
export function ownedWhole(atom: Atom, handler: Handler): boolean {
  switch (handler) {
    case 'scalar':
      return true;
    case 'map':
      return atom.map?.atomic === true;
    case 'list':
      return atom.list?.elementRelationship === 'atomic';
  }
}

/** The type of the node `pe` names below a node handled as `handler`; undefined when the schema has no place for it. */
export function childType(atom: Atom, handler: Handler, pe: PathElement): Atom | undefined {
  if (handler === 'map' && pe.kind === PeKind.Field) {
    const t = atom.map?.fields.get(pe.name)?.type ?? atom.map?.element;
    return t?.get();
  }
  if (handler === 'list' && pe.kind !== PeKind.Field) return atom.list?.element.get();
  return undefined;
}

/**
 * The type of the node at `path` and its value in `object` (undefined where the object has none),
 * walking the path as the engine does; undefined when the schema has no place for the path.
 */
export function nodeAt(path: Path, atom: Atom, object: Value | undefined): { readonly atom: Atom; readonly value: Value | undefined } | undefined {
  let a = atom;
  let v = object;
  for (const pe of path) {
    const next = childType(a, nodeHandler(a, v, pe), pe);
    if (next === undefined) return undefined;
    a = next;
    v = v === undefined || v === null ? undefined : stepInto(v, pe);
  }
  return { atom: a, value: v };
}

/**
 * The shortest proper prefix of `path` the schema makes owned whole, or that is an item the
 * object's list holds more than once (undefined when there is none, or when the schema has no
 * place for the path). `object` decides between a type's
 * alternatives (the deduced schema's scalar, list and map) where it has a value.
 */
export function wholeAncestor(path: Path, atom: Atom, object: Value | undefined): Path | undefined {
  let a: Atom | undefined = atom;
  let v: Value | undefined = object;
  for (let i = 0; i < path.length; i++) {
    const handler = nodeHandler(a, v, path[i]);
    if (i > 0 && ownedWhole(a, handler)) return path.slice(0, i);
    // A duplicated item of an associative list: the engine's set holds its key once, with nothing
    // under it (engine-semantics §4.2), so its fields are owned with the item.
    if (i + 1 < path.length && handler === 'list' && Array.isArray(v) && a.list && duplicatedItem(a.list, v, path[i])) return path.slice(0, i + 1);
    a = childType(a, handler, path[i]);
    if (a === undefined) return undefined;
    v = v === undefined || v === null ? undefined : stepInto(v, path[i]);
  }
  return undefined;
}

/** How many items of the associative list `items` the element `pe` names (by key fields with defaults, or value). */
export function itemsNamed(list: ListAtom, items: readonly Value[], pe: PathElement): number {
  if (list.elementRelationship !== 'associative' || pe.kind === PeKind.Field || pe.kind === PeKind.Index) return items.length > 0 ? 1 : 0;
  let n = 0;
  for (const item of items) {
    const e = listItemElement(list, item);
    if (typeof e !== 'string' && e.id === pe.id) n++;
  }
  return n;
}

function duplicatedItem(list: ListAtom, items: readonly Value[], pe: PathElement): boolean {
  return pe.kind !== PeKind.Field && pe.kind !== PeKind.Index && itemsNamed(list, items, pe) > 1;
}

export interface PathOwner<T> {
  readonly entry: T;
  /** The ancestor owned whole through which the entry owns the path; undefined when its set holds the path itself. */
  readonly through: Path | undefined;
}

/** The entries that own `path` (in their order), each with how. */
export function ownersOfPath<T extends Owned>(entries: readonly T[], path: Path, atom: Atom, object: Value | undefined): PathOwner<T>[] {
  const whole = wholeAncestor(path, atom, object);
  const out: PathOwner<T>[] = [];
  for (const entry of entries) {
    if (entry.set.has(path)) out.push({ entry, through: undefined });
    else if (whole !== undefined && entry.set.has(whole)) out.push({ entry, through: whole });
  }
  return out;
}
