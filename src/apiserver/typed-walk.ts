/**
 * Walking an object together with its schema type, as Go's generated defaulters and the JSON
 * codec see it: every map node with the named type it has (`io.k8s.api.core.v1.Probe`), so that
 * per-type rules apply wherever the type occurs (a Probe in a Pod, a DaemonSet, a CronJob's job
 * template...).
 */
import type { Atom } from '../schema/schema.js';
import { isMap, type Value, type ValueMap } from '../value/value.js';

const NAMED = 'named type: ';

/** The named type an atom was resolved from, if any. */
export function typeNameOf(atom: Atom): string | undefined {
  return atom.description.startsWith(NAMED) ? atom.description.slice(NAMED.length) : undefined;
}

/** The type of `key` in a map of type `atom` (a declared field, else the element type). */
export function fieldAtom(atom: Atom, key: string): Atom | undefined {
  const map = atom.map;
  if (!map) return undefined;
  const field = map.fields.get(key);
  try {
    return field ? field.type.get() : map.element?.get();
  } catch {
    return undefined; // a broken reference: nothing to do below it
  }
}

function elementAtom(atom: Atom): Atom | undefined {
  try {
    return atom.list?.element.get();
  } catch {
    return undefined;
  }
}

/**
 * Calls `visit` on every map node of `value` (pre-order: a node before the nodes below it, so
 * that what a visit adds is walked too), with the node's atom. Visits may change the node in
 * place; the walk reads the children after the visit.
 */
export function visitTyped(value: Value, atom: Atom, visit: (node: ValueMap, atom: Atom) => void): void {
  if (Array.isArray(value)) {
    const element = elementAtom(atom);
    if (element) for (const item of value) visitTyped(item, element, visit);
    return;
  }
  if (!isMap(value) || !atom.map) return;
  visit(value, atom);
  for (const key of Object.keys(value)) {
    const child = fieldAtom(atom, key);
    if (child) visitTyped(value[key], child, visit);
  }
}
