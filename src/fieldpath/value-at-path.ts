/**
 * Following a field path into a value: list items by position (`[0]`), key fields
 * (`[name="x"]`) or value (`[="x"]`), as the path names them. No schema needed.
 */
import { canonicalJson } from '../value/canonical-json.js';
import { valueEquals } from '../value/equals.js';
import { getKey, isList, isMap, newMap, type Value } from '../value/value.js';
import { type KeyElement, keyElement, type Path, type PathElement, PeKind, type ValueElement } from './path-element.js';

/** The value at `path`, or undefined when the object has nothing there. */
export function valueAtPath(root: Value, path: Path): Value | undefined {
  let v: Value | undefined = root;
  for (const pe of path) {
    if (v === undefined) return undefined;
    v = stepInto(v, pe);
  }
  return v;
}

/** `root` with the value at `path` replaced by `f` of it (copies along the path); undefined when the object has nothing there. */
export function withValueAt(root: Value, path: Path, f: (old: Value) => Value | undefined): Value | undefined {
  if (path.length === 0) return f(root);
  const child = stepInto(root, path[0]);
  if (child === undefined) return undefined;
  const next = withValueAt(child, path.slice(1), f);
  if (next === undefined) return undefined;
  if (isList(root)) {
    const out = root.slice();
    out[root.indexOf(child)] = next;
    return out;
  }
  const pe = path[0];
  if (!isMap(root) || pe.kind !== PeKind.Field) return undefined;
  const out = newMap();
  for (const k of Object.keys(root)) out[k] = root[k];
  out[pe.name] = next;
  return out;
}

export function stepInto(v: Value, pe: PathElement): Value | undefined {
  switch (pe.kind) {
    case PeKind.Field:
      return isMap(v) ? getKey(v, pe.name) : undefined;
    case PeKind.Index:
      return isList(v) ? v[pe.index] : undefined;
    case PeKind.Value:
    case PeKind.Key:
      return isList(v) ? v.find((item) => isItem(item, pe)) : undefined;
  }
}

/** The list item `pe` names: the item's value is `pe`'s, or its key fields have `pe`'s values. */
function isItem(item: Value, pe: KeyElement | ValueElement): boolean {
  if (pe.kind === PeKind.Value) return valueEquals(item, pe.value);
  if (!isMap(item)) return false;
  return pe.fields.every((f) => {
    const v = getKey(item, f.name);
    return v !== undefined && valueEquals(v, f.value);
  });
}

/**
 * `valueAtPath` for many paths into one value (the values behind thousands of ownership changes):
 * a list is indexed, on the first step into it by key fields or by value, by the id each item
 * would have as such an element, so a step costs a lookup instead of a scan of the list. The
 * answers are `valueAtPath`'s: an id only narrows the items down (canonical ids are at most
 * coarser than equality), the first of them that `stepInto` would accept is the one.
 */
export function pathReader(root: Value): (path: Path) => Value | undefined {
  // list -> the key fields' names (or '' for values) -> element id -> the items with that id, in order.
  const indexes = new Map<Value[], Map<string, Map<string, Value[]>>>();
  const itemsWithId = (list: Value[], pe: KeyElement | ValueElement): Value[] | undefined => {
    let byNames = indexes.get(list);
    if (!byNames) indexes.set(list, (byNames = new Map()));
    const names = pe.kind === PeKind.Value ? '' : pe.fields.map((f) => JSON.stringify(f.name)).join(',');
    let byId = byNames.get(names);
    if (!byId) {
      byNames.set(names, (byId = new Map()));
      for (const item of list) {
        const id = pe.kind === PeKind.Value ? 'v' + canonicalJson(item) : keyIdOf(item, pe);
        if (id === undefined) continue;
        const same = byId.get(id);
        if (same) same.push(item);
        else byId.set(id, [item]);
      }
    }
    return byId.get(pe.id);
  };
  return (path) => {
    let v: Value | undefined = root;
    for (const pe of path) {
      if (v === undefined) return undefined;
      if ((pe.kind === PeKind.Key || pe.kind === PeKind.Value) && isList(v)) v = itemsWithId(v, pe)?.find((item) => isItem(item, pe));
      else v = stepInto(v, pe);
    }
    return v;
  };
}

/** The id of the key element with `pe`'s field names and `item`'s values (undefined: a field is missing). */
function keyIdOf(item: Value, pe: KeyElement): string | undefined {
  if (!isMap(item)) return undefined;
  const fields = [];
  for (const f of pe.fields) {
    const v = getKey(item, f.name);
    if (v === undefined) return undefined;
    fields.push({ name: f.name, value: v });
  }
  return keyElement(fields).id;
}
