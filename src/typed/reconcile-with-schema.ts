import { PeKind } from '../fieldpath/path-element.js';
import { FieldSet } from '../fieldpath/set.js';
import type { Atom } from '../schema/schema.js';
import { DEDUCED_TYPE_NAME } from '../schema/deduced.js';

/**
 * A manager's set adjusted to the current schema (engine-semantics §4.6): where a map or list
 * is now atomic but the set owns paths below it, the set owns the container itself instead.
 * Returns undefined when nothing needed to change. Deduced (schema-less) maps are left alone.
 */
export function reconcileWithSchema(set: FieldSet, atom: Atom): FieldSet | undefined {
  let changed = false;
  const walk = (node: FieldSet, a: Atom | undefined): FieldSet => {
    if (!a || !node.hasChildren()) return node;
    if (a.map && a.map.fields.size === 0 && a.map.elementTypeName === DEDUCED_TYPE_NAME) return node;
    const out = new FieldSet();
    for (const m of node.unorderedMembers()) out.insertMember(m);
    for (const { pe, set: sub } of node.unorderedChildren()) {
      let childAtom: Atom | undefined;
      if (pe.kind === PeKind.Field && a.map) {
        const field = a.map.fields.get(pe.name);
        childAtom = field ? field.type.get() : a.map.element?.get();
      } else if (pe.kind === PeKind.Key || pe.kind === PeKind.Value) {
        childAtom = a.list?.element.get();
      }
      if (childAtom && isAtomic(childAtom)) {
        changed = true;
        out.insertMember(pe);
        continue;
      }
      out.setChild(pe, walk(sub, childAtom));
    }
    return out;
  };
  const result = walk(set, atom);
  return changed ? result : undefined;
}

function isAtomic(a: Atom): boolean {
  // The reference picks the map alternative first, then the list one.
  if (a.map) return a.map.atomic;
  if (a.list) return a.list.elementRelationship === 'atomic';
  return false;
}
