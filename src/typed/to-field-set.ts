import { type PathElement, fieldElement } from '../fieldpath/path-element.js';
import { FieldSet } from '../fieldpath/set.js';
import { type Atom, type ListAtom, type MapAtom, handlerFor } from '../schema/schema.js';
import { type Value, type ValueMap, isMap } from '../value/value.js';
import { MAX_DEPTH, tooDeep } from './issues.js';
import { UNIDENTIFIED_ITEM } from './list-item-element.js';
import { WalkMemo } from './walk-memo.js';

/**
 * The fields an applier owns by sending `value` (engine-semantics §4.2): every scalar and atomic
 * container; associative-list items (and what they contain); map keys holding null or `{}`, and
 * every free-form (non-declared) map key. Declared fields holding non-empty containers are not
 * members themselves; an empty associative list owns nothing.
 *
 * Items that cannot be identified (a null item in a keyed list, left behind by pruning) count
 * under one placeholder element, as in the reference, where such sets are only subtracted.
 * `memo` holds what the operation's walkers read once (walk-memo.ts).
 */
export function toFieldSet(value: Value, atom: Atom, memo = new WalkMemo()): FieldSet {
  const root = new FieldSet();
  let depth = 0;

  /** Fills `node` with what `v` contains; returns whether `v` itself is a leaf (owned whole). */
  const visit = (v: Value, a: Atom, node: FieldSet): boolean => {
    switch (handlerFor(a, v)) {
      case 'scalar':
        return true;
      case 'map': {
        const t = a.map as MapAtom;
        if (t.atomic) return true;
        if (isMap(v)) visitMap(v, t, node);
        return false;
      }
      case 'list': {
        const t = a.list as ListAtom;
        if (t.elementRelationship === 'atomic') return true;
        if (Array.isArray(v)) visitList(v, t, node);
        return false;
      }
    }
  };

  const descend = (v: Value, a: Atom, pe: PathElement, parent: FieldSet, memberAnyway: boolean): void => {
    if (++depth > MAX_DEPTH) throw tooDeep([pe]);
    const child = new FieldSet();
    const leaf = visit(v, a, child);
    depth--;
    if (!child.isEmpty()) parent.setChild(pe, child);
    if (leaf || memberAnyway) parent.insertMember(pe);
  };

  const visitMap = (m: ValueMap, t: MapAtom, node: FieldSet): void => {
    for (const key of memo.keysOf(m)) {
      const field = t.fields.get(key);
      const type = field ? field.type : t.element;
      if (!type) continue;
      const v = m[key];
      // A key is owned as such when it holds null or `{}`, or when it is free-form.
      const member = !field || v === null || (isMap(v) && memo.isEmptyMap(v));
      descend(v, type.get(), fieldElement(key), node, member);
    }
  };

  const visitList = (l: Value[], t: ListAtom, node: FieldSet): void => {
    const element = t.element.get();
    const pes: PathElement[] = new Array(l.length);
    const seen = new Set<string>();
    const duplicated = new Set<string>();
    const elements = memo.elements(t, l);
    for (let i = 0; i < l.length; i++) {
      const found = elements[i];
      const r = typeof found === 'string' ? UNIDENTIFIED_ITEM : found;
      pes[i] = r;
      if (seen.has(r.id)) duplicated.add(r.id);
      else seen.add(r.id);
    }
    for (let i = 0; i < l.length; i++) {
      const pe = pes[i];
      // A repeated item is owned once, as a whole: its contents are ambiguous.
      if (duplicated.has(pe.id)) node.insertMember(pe);
      else descend(l[i], element, pe, node, true);
    }
  };

  visit(value, atom, root);
  return root;
}
