/**
 * What decoding JSON into a built-in kind's Go struct does with `null` (encoding/json, as
 * sigs.k8s.io/json decodes request bodies in kube-apiserver): a null struct field is left at its
 * zero value, so it is gone once the object is written back (or comes back as the zero Go always
 * writes, go-zero-fields.ts fills those in after this); a null element of a Go map or of a list
 * becomes the element type's zero, since the decoder stores a zero element before reading null into
 * it: `data: {b: null}` is `data: {b: ""}`, `labels: {x: null}` a label with an empty value, a
 * quantity `"0"` (Quantity's UnmarshalJSON of null), an IntOrString `0`, a struct element `{}`
 * with its zero fields. An element whose zero Go writes as null (a map, a list, a Time) stays null.
 *
 * So the field manager, which compares the decoded objects, never sees these nulls: `kubectl
 * create -f` of `{"immutable": null, "metadata": {"annotations": null}}` owns neither field.
 * Free-form values (RawExtension, FieldsV1, the deduced schema's maps) are data and keep their nulls.
 */
import { DEDUCED_TYPE_NAME } from '../schema/deduced.js';
import type { Atom } from '../schema/schema.js';
import { isMap, newMap, type Value, type ValueMap } from '../value/value.js';
import { rebuild, remapItems } from './omitempty.js';
import { typeNameOf } from './typed-walk.js';

const META = 'io.k8s.apimachinery.pkg.apis.meta.v1.';
/** Element types whose Go zero value decoding null leaves, written back as JSON, by type name. */
const ZERO_BY_TYPE: ReadonlyMap<string, Value> = new Map<string, Value>([
  ['io.k8s.apimachinery.pkg.api.resource.Quantity', '0'],
  ['io.k8s.apimachinery.pkg.util.intstr.IntOrString', 0],
  [`${META}Time`, null],
  [`${META}MicroTime`, null],
]);

/** `obj` (a value of the built-in type `atom`) as decoding it into the Go struct leaves its nulls. */
export function withoutGoNulls(obj: ValueMap, atom: Atom): ValueMap {
  return walk(obj, atom) as ValueMap;
}

function walk(value: Value, atom: Atom): Value {
  if (Array.isArray(value)) {
    if (!atom.list) return value;
    const element = atom.list.element.get();
    return remapItems(value, (v) => (v === null ? zeroElement(element) : walk(v, element)));
  }
  if (!isMap(value) || !atom.map) return value;
  const map = atom.map;
  return rebuild(value, (k, v) => {
    const field = map.fields.get(k);
    if (field) return v === null ? undefined : walk(v, field.type.get());
    if (!map.element || map.elementTypeName === DEDUCED_TYPE_NAME) return v;
    const element = map.element.get();
    return v === null ? zeroElement(element) : walk(v, element);
  });
}

/** The JSON Go writes for the zero value of an element of type `atom` that decoded from null. */
function zeroElement(atom: Atom): Value {
  const name = typeNameOf(atom);
  if (name !== undefined && ZERO_BY_TYPE.has(name)) return ZERO_BY_TYPE.get(name)!;
  if (atom.map) return atom.map.fields.size > 0 ? newMap() : null; // a struct's zero; a nil Go map
  if (atom.list) return null;
  switch (atom.scalar) {
    case 'string':
      return '';
    case 'numeric':
      return 0;
    case 'boolean':
      return false;
    default:
      return null;
  }
}
