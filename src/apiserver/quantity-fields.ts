/**
 * Every `resource.Quantity` field of a built-in object in the form the server stores it: a
 * decoded Quantity is written back canonical (quantity.ts), and a resource list
 * (`map[ResourceName]Quantity`: requests, limits, capacity, hard, overhead...) is first rounded up
 * to milli precision, as SetDefaults_ResourceList does for every resource list it reaches.
 * Values that are not valid quantities are left as they are.
 */
import { formatJsonNumber } from '../fieldpath/json-text.js';
import type { Atom } from '../schema/schema.js';
import type { Value, ValueMap } from '../value/value.js';
import { formatQuantity, parseQuantity, roundUpQuantity } from './quantity.js';
import { fieldAtom, typeNameOf, visitTyped } from './typed-walk.js';

const MILLI = -3;

function isQuantityName(name: string | undefined): boolean {
  return name === 'io.k8s.apimachinery.pkg.api.resource.Quantity' || name === 'resource.Quantity';
}

function isResourceList(atom: Atom): boolean {
  return !!atom.map && atom.map.fields.size === 0 && isQuantityName(atom.map.elementTypeName);
}

/** The stored text of one quantity value (JSON numbers are read as Go's encoder wrote them). */
function storedQuantity(v: Value, roundToMilli: boolean): Value {
  const text = typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? formatJsonNumber(v) : undefined;
  if (text === undefined) return v;
  const r = parseQuantity(text);
  if (!r.ok) return v;
  return formatQuantity(roundToMilli ? roundUpQuantity(r.quantity, MILLI) : r.quantity);
}

/** Rewrites the quantities of `object` (of type `atom`) in place. */
export function canonicalizeQuantities(object: ValueMap, atom: Atom): void {
  visitTyped(object, atom, (node, nodeAtom) => {
    const list = isResourceList(nodeAtom);
    for (const key of Object.keys(node)) {
      const child = fieldAtom(nodeAtom, key);
      if (child && isQuantityName(typeNameOf(child))) node[key] = storedQuantity(node[key], list);
    }
  });
}
