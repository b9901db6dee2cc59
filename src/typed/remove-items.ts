import { fieldElement } from '../fieldpath/path-element.js';
import type { FieldSet } from '../fieldpath/set.js';
import { type Atom, type ListAtom, type MapAtom, handlerFor } from '../schema/schema.js';
import { type Value, type ValueMap, isMap, newMap } from '../value/value.js';
import { MAX_DEPTH, tooDeep } from './issues.js';
import { WalkMemo } from './walk-memo.js';

/**
 * `value` without the paths in `set` (engine-semantics §4.5). A member goes with everything
 * below it; a map or list left with no entries becomes null, and so does an atomic container
 * or an empty one that the set reaches into. `memo` holds what the operation's walkers read once
 * (walk-memo.ts).
 */
export function removeItems(value: Value, set: FieldSet, atom: Atom, memo = new WalkMemo()): Value {
  return walk(value, set, atom, false, 0, memo);
}

/**
 * Only the paths in `set`, with the reference's quirks: a map-valued key kept by membership
 * alone is walked with the whole set again; empty containers and atomic ones are kept as they are.
 */
export function extractItems(value: Value, set: FieldSet, atom: Atom, memo = new WalkMemo()): Value {
  return walk(value, set, atom, true, 0, memo);
}

function walk(v: Value, set: FieldSet, a: Atom, extract: boolean, depth: number, memo: WalkMemo): Value {
  if (depth > MAX_DEPTH) throw tooDeep([]);
  switch (handlerFor(a, v)) {
    case 'scalar':
      return v;
    case 'map':
      return walkMap(v, set, a.map as MapAtom, extract, depth, memo);
    case 'list':
      return walkList(v, set, a.list as ListAtom, extract, depth, memo);
  }
}

function walkMap(v: Value, set: FieldSet, t: MapAtom, extract: boolean, depth: number, memo: WalkMemo): Value {
  if (!isMap(v)) return extract ? v : null;
  if (t.atomic) return extract ? v : null;
  const present = memo.keysOf(v);
  if (present.length === 0) return extract ? v : null;
  const out: ValueMap = newMap();
  let n = 0;
  const shared = memo.sharesFieldElements();
  for (const key of present) {
    const field = t.fields.get(key);
    const pe = shared ? memo.fieldElement(field, key) : fieldElement(key);
    const type = field ? field.type : t.element;
    if (set.hasMember(pe)) {
      if (extract) {
        out[key] = type ? walk(v[key], set, type.get(), extract, depth + 1, memo) : v[key];
        n++;
      }
      continue;
    }
    const sub = set.childAt(pe);
    if (sub) {
      out[key] = type ? walk(v[key], sub, type.get(), extract, depth + 1, memo) : v[key];
      n++;
    } else if (!extract) {
      out[key] = v[key];
      n++;
    }
  }
  return n > 0 ? out : null;
}

function walkList(v: Value, set: FieldSet, t: ListAtom, extract: boolean, depth: number, memo: WalkMemo): Value {
  if (!Array.isArray(v) || v.length === 0) return extract ? v : null;
  if (t.elementRelationship === 'atomic') return extract ? v : null;
  const element = t.element.get();
  const out: Value[] = [];
  const elements = memo.elements(t, v);
  for (let i = 0; i < v.length; i++) {
    const item = v[i];
    const pe = elements[i];
    if (typeof pe === 'string') {
      // Unidentifiable items (validated away elsewhere) are left as they are when removing.
      if (!extract) out.push(item);
      continue;
    }
    const sub = set.childAt(pe);
    if (set.hasMember(pe)) {
      if (extract) out.push(item); // an exact match is extracted whole
      continue;
    }
    if (sub) out.push(walk(item, sub, element, extract, depth + 1, memo));
    else if (!extract) out.push(item);
  }
  return out.length > 0 ? out : null;
}
