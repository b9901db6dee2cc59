/**
 * The defaults a custom resource's structural schema declares (`default:` in the CRD's
 * openAPIV3Schema), filled in as the API server does when it decodes a custom resource and
 * after it merges an apply: on every object node, each declared property with a default that
 * is absent (or null where the property is not nullable) gets a copy of the default, and then
 * the walk goes on below, into the defaults just set too. Defaulted fields are owned by
 * whoever writes them with an update, by nobody after an apply (the merge runs first).
 */
import type { Atom } from '../schema/schema.js';
import { deepCopy, type ValueMap } from '../value/value.js';
import { visitTyped } from './typed-walk.js';

/** True when some field reachable from `atom` declares a default (so defaulting can change anything). */
function declaresDefaults(atom: Atom, seen = new Set<Atom>()): boolean {
  if (seen.has(atom)) return false;
  seen.add(atom);
  const children: Atom[] = [];
  try {
    if (atom.map) {
      for (const f of atom.map.fields.values()) {
        if (f.hasDefault) return true;
        children.push(f.type.get());
      }
      if (atom.map.element) children.push(atom.map.element.get());
    }
    if (atom.list) children.push(atom.list.element.get());
  } catch {
    return false; // a broken reference: nothing is defaulted below it
  }
  return children.some((c) => declaresDefaults(c, seen));
}

/** `object` with its schema defaults filled in (a copy; `object` itself when nothing is declared). */
export function schemaDefaults(object: ValueMap, atom: Atom): ValueMap {
  if (!declaresDefaults(atom)) return object;
  const out = deepCopy(object);
  visitTyped(out, atom, (node, nodeAtom) => {
    for (const f of nodeAtom.map!.fields.values()) {
      if (!f.hasDefault) continue;
      const present = Object.hasOwn(node, f.name);
      if (!present || (node[f.name] === null && !f.nullable)) node[f.name] = deepCopy(f.default!);
    }
  });
  return out;
}
