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
  let depth = 0;

  /**
   * What `v` contains, as a new node: `true` when `v` is a leaf (owned whole), undefined when it
   * is a container of no use here (another kind than its type's). Leaves get no node: most of a
   * big object's values are scalars.
   */
  const contents = (v: Value, a: Atom): FieldSet | true | undefined => {
    switch (handlerFor(a, v)) {
      case 'scalar':
        return true;
      case 'map': {
        const t = a.map as MapAtom;
        if (t.atomic) return true;
        if (!isMap(v)) return undefined;
        const node = new FieldSet();
        visitMap(v, t, node);
        return node;
      }
      case 'list': {
        const t = a.list as ListAtom;
        if (t.elementRelationship === 'atomic') return true;
        if (!Array.isArray(v)) return undefined;
        const node = new FieldSet();
        visitList(v, t, node);
        return node;
      }
    }
  };

  const descend = (v: Value, a: Atom, pe: PathElement, parent: FieldSet, memberAnyway: boolean): void => {
    if (++depth > MAX_DEPTH) throw tooDeep([pe]);
    const child = contents(v, a);
    depth--;
    if (child !== true && child && !child.isEmpty()) parent.setChild(pe, child);
    if (child === true || memberAnyway) parent.insertMember(pe);
  };

  const visitMap = (m: ValueMap, t: MapAtom, node: FieldSet): void => {
    const shared = memo.sharesFieldElements();
    for (const key of memo.keysOf(m)) {
      const field = t.fields.get(key);
      const type = field ? field.type : t.element;
      if (!type) continue;
      const v = m[key];
      // A key is owned as such when it holds null or `{}`, or when it is free-form.
      const member = !field || v === null || (isMap(v) && memo.isEmptyMap(v));
      descend(v, type.get(), shared ? memo.fieldElement(field, key) : fieldElement(key), node, member);
    }
  };

  const visitList = (l: Value[], t: ListAtom, node: FieldSet): void => {
    const element = t.element.get();
    const { elements, repeated, problems } = memo.index(t, l);
    // Items that cannot be identified all count as the one placeholder: repeated when two are.
    const unidentifiedRepeated = problems.length > 1;
    for (let i = 0; i < l.length; i++) {
      const found = elements[i];
      const pe = typeof found === 'string' ? UNIDENTIFIED_ITEM : found;
      // A repeated item is owned once, as a whole: its contents are ambiguous.
      if (typeof found === 'string' ? unidentifiedRepeated : repeated?.has(pe.id)) node.insertMember(pe);
      else descend(l[i], element, pe, node, true);
    }
  };

  const root = contents(value, atom);
  return root instanceof FieldSet ? root : new FieldSet();
}
