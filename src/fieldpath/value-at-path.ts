/**
 * Following a field path into a value: list items by position (`[0]`), key fields
 * (`[name="x"]`) or value (`[="x"]`), as the path names them. No schema needed.
 */
import { valueEquals } from '../value/equals.js';
import { getKey, isList, isMap, type Value } from '../value/value.js';
import { type Path, type PathElement, PeKind } from './path-element.js';

/** The value at `path`, or undefined when the object has nothing there. */
export function valueAtPath(root: Value, path: Path): Value | undefined {
  let v: Value | undefined = root;
  for (const pe of path) {
    if (v === undefined) return undefined;
    v = stepInto(v, pe);
  }
  return v;
}

export function stepInto(v: Value, pe: PathElement): Value | undefined {
  switch (pe.kind) {
    case PeKind.Field:
      return isMap(v) ? getKey(v, pe.name) : undefined;
    case PeKind.Index:
      return isList(v) ? v[pe.index] : undefined;
    case PeKind.Value:
      return isList(v) ? v.find((item) => valueEquals(item, pe.value)) : undefined;
    case PeKind.Key:
      return isList(v) ? v.find((item) => itemHasKey(item, pe.fields)) : undefined;
  }
}

function itemHasKey(item: Value, fields: readonly { name: string; value: Value }[]): boolean {
  if (!isMap(item)) return false;
  return fields.every((f) => {
    const v = getKey(item, f.name);
    return v !== undefined && valueEquals(v, f.value);
  });
}
