/**
 * What a real server adds to built-in objects when it decodes them (apiserver-semantics §7.3):
 * Go's zero fields of every struct (go-zero-fields.ts: `metadata.creationTimestamp: null`,
 * `spec.template`, `status: {}`, `rules: null`, ...), the defaulting and conversion of the
 * Kubernetes release modelled (type-defaulters.ts, per Go type) and the canonical form of every
 * quantity (quantity-fields.ts). Not used in harness mode.
 */
import type { Atom } from '../schema/schema.js';
import { deepCopy, getKey, isMap, newMap, type ValueMap } from '../value/value.js';
import { fillGoZeroFields, goZeroObject } from './go-zero-fields.js';
import { canonicalizeQuantities } from './quantity-fields.js';
import { TYPE_DEFAULTERS } from './type-defaulters.js';
import { typeNameOf, visitTyped } from './typed-walk.js';

/**
 * The serialized Go zero value of a built-in type (`io.k8s.api.apps.v1.Deployment`), without
 * apiVersion and kind: what the field manager compares a create with (go-zero-fields.ts).
 */
export function builtinEmptyObject(typeName: string): ValueMap | undefined {
  return goZeroObject(typeName);
}

/** `v` with every key of `zero` it lacks added (maps recursively), as a Go round trip does. */
export function zeroFill(v: ValueMap, zero: ValueMap): ValueMap {
  const out = newMap();
  for (const k of Object.keys(v)) {
    const z = getKey(zero, k);
    const x = v[k];
    out[k] = isMap(x) && isMap(z) ? zeroFill(x, z) : x;
  }
  for (const k of Object.keys(zero)) {
    if (getKey(v, k) === undefined && k !== 'apiVersion' && k !== 'kind') out[k] = zero[k];
  }
  return out;
}

// ---- defaulting -----------------------------------------------------------------------------

/**
 * The server's decode and decode-time defaulting and conversion of a built-in object of type
 * `atom` (a copy; the input is not changed): at every node of a Go struct type, outermost first,
 * the fields Go's JSON encoder always writes that the object lacks, at their zero (as decoding
 * into the Go struct gives them), then the type's defaulter; then the canonical quantities.
 */
export function builtinDefaults(object: ValueMap, atom: Atom): ValueMap {
  const out = deepCopy(object);
  visitTyped(out, atom, (node, nodeAtom) => {
    const name = typeNameOf(nodeAtom);
    if (name === undefined) return;
    fillGoZeroFields(node, name);
    TYPE_DEFAULTERS.get(name)?.(node);
  });
  canonicalizeQuantities(out, atom);
  return out;
}
