import { PeKind } from '../fieldpath/path-element.js';
import { FieldSet } from '../fieldpath/set.js';
import type { Atom } from '../schema/schema.js';

/**
 * `set` where every child node that is a declared field of the struct at its position is also
 * a member (engine-semantics §2). Pruning uses it so that a struct field can be removed whole.
 * Free-form map keys and list items are not added.
 */
export function ensureNamedFieldsAreMembers(set: FieldSet, atom: Atom | undefined): FieldSet {
  if (!atom || !set.hasChildren()) return set;
  const out = new FieldSet();
  for (const m of set.unorderedMembers()) out.insertMember(m);
  for (const { pe, set: sub } of set.unorderedChildren()) {
    let childAtom: Atom | undefined;
    if (pe.kind === PeKind.Field && atom.map) {
      const field = atom.map.fields.get(pe.name);
      if (field) {
        out.insertMember(pe);
        childAtom = field.type.get();
      } else childAtom = atom.map.element?.get();
    } else if (pe.kind === PeKind.Key && atom.list) {
      childAtom = atom.list.element.get();
    }
    out.setChild(pe, ensureNamedFieldsAreMembers(sub, childAtom));
  }
  return out;
}
