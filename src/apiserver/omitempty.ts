/**
 * Empty maps the Go types do not keep. Every map-typed field of the Kubernetes API types
 * (`map[string]string` and the like: labels, annotations, data, nodeSelector, resource lists...)
 * is declared `omitempty`, so once a request is decoded into the Go struct and converted back an
 * empty map is gone: `metadata.labels: {}` left by removing the last label is not stored, and the
 * field manager, which compares those converted objects, sees the map removed (its owners lose
 * `f:labels`). A field of that kind is, in the schema, a map with an element type and no declared
 * fields; a struct field (`resources: {}`) is kept, and so is anything untyped (a RawExtension's
 * `{}` is data). Lists are left alone: whether a slice field is `omitempty` varies by field
 * (`containers` and a ClusterRole's `rules` are not) and the reference schema does not say.
 */
import type { Atom } from '../schema/schema.js';
import { DEDUCED_TYPE_NAME } from '../schema/deduced.js';
import { isMap, newMap, type Value, type ValueMap } from '../value/value.js';

/** A Go map field: a map with an element type and no fields, not the untyped (deduced) one. */
function isGoMap(atom: Atom): boolean {
  const m = atom.map;
  return m !== undefined && m.fields.size === 0 && m.element !== undefined && m.elementTypeName !== DEDUCED_TYPE_NAME;
}

/** `obj` (a value of `atom`) without the empty maps held by Go map fields, at any depth. */
export function withoutEmptyGoMaps(obj: ValueMap, atom: Atom): ValueMap {
  return walk(obj, atom) as ValueMap;
}

function walk(value: Value, atom: Atom): Value {
  if (Array.isArray(value)) {
    if (!atom.list) return value;
    const element = atom.list.element.get();
    return remapItems(value, (v) => walk(v, element));
  }
  if (!isMap(value) || !atom.map) return value;
  const map = atom.map;
  if (map.fields.size === 0) {
    // A Go map's values: walk them (a map of structs), never drop them.
    if (!map.element || map.elementTypeName === DEDUCED_TYPE_NAME) return value;
    const element = map.element.get();
    return rebuild(value, (_k, v) => walk(v, element));
  }
  return rebuild(value, (k, v) => {
    const field = map.fields.get(k);
    if (!field) return v;
    const fieldAtom = field.type.get();
    if (isGoMap(fieldAtom) && isMap(v) && Object.keys(v).length === 0) return undefined;
    return walk(v, fieldAtom);
  });
}

/** `items` with each replaced by `f`; `items` itself when nothing changed. */
export function remapItems(items: Value[], f: (v: Value) => Value): Value[] {
  let changed = false;
  const out = items.map((v) => {
    const w = f(v);
    if (w !== v) changed = true;
    return w;
  });
  return changed ? out : items;
}

/** `m` with each value replaced by `f` (undefined drops the key); `m` itself when nothing changed. */
export function rebuild(m: ValueMap, f: (key: string, v: Value) => Value | undefined): ValueMap {
  let out: ValueMap | undefined;
  const keys = Object.keys(m);
  keys.forEach((k, i) => {
    const v = m[k];
    const w = f(k, v);
    if (w !== v && out === undefined) {
      out = newMap();
      for (const before of keys.slice(0, i)) out[before] = m[before];
    }
    if (out !== undefined && w !== undefined) out[k] = w;
  });
  return out ?? m;
}
