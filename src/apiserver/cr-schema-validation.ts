/**
 * apiextensions-apiserver 1.32's schema validation of a custom resource: the CRD version's
 * `openAPIV3Schema` as kube-openapi's validate package checks a value (pkg/validation/validate),
 * its errors turned into field errors as kubeOpenAPIResultToFieldErrors turns them
 * (apiextensions-apiserver pkg/apiserver/validation/validation.go). It runs in the custom
 * resource strategy's Validate and ValidateUpdate (the whole object) and, for `/status`, in
 * ValidateStatusUpdate (`status` against the schema's `status` property, each field under
 * `status`).
 *
 * Each error names its place twice: the field path (the validator's name without its leading
 * dot, under `status` for the status validator) and, inside kube-openapi's message, the
 * validator's own name (`spec.x in body must be of type integer: "string"`). Names are the
 * property names joined by dots from the validated value's root, `[i]` for list items.
 *
 * Modelled: type and format-as-type (TypeInvalid: the JSON type found, `integer` for a whole
 * number, as Go's unstructured decoder keeps it), `enum` (NotSupported), `required` (Required),
 * `maxLength` (TooLong), `minLength` and `pattern` (Invalid), `maxItems` (TooMany), `minItems`
 * (Invalid), minimum and maximum (Invalid); ratcheting on update (below). Left out: multipleOf,
 * uniqueItems, min/maxProperties, formats' value checks, allOf/anyOf/oneOf/not and CEL rules. Nulls are never checked: decoding prunes those the schema does not allow
 * (PruneNonNullableNullsWithoutDefaults) before validation sees them.
 */
import { goQuote } from '../fieldpath/format-go-value.js';
import { getKey, isList, isMap, type Value, type ValueMap } from '../value/value.js';
import { invalidValue, notSupported, required } from './field-error.js';
import type { FieldError } from './status.js';

/**
 * The field errors of `value` against `schema`; `fieldRoot` prefixes field paths (`status` for
 * the status validator). `nulls`: a null is checked against the schema's type (`"null"` is not
 * an object, unless nullable), as for a CRD's default values, which nothing prunes first.
 */
export function schemaErrors(schema: Value | undefined, value: Value | undefined, fieldRoot = '', old?: Value, nulls = false): FieldError[] {
  if (!isMap(schema) || value === undefined) return [];
  const out: FieldError[] = [];
  walk(schema, value, '', fieldRoot, out, old, nulls);
  return out;
}

/*
 * Ratcheting (CRDValidationRatcheting, on in 1.32, for the main resource's update): a value that
 * correlates with one of the old object's and is deeply equal to it keeps none of its errors (or
 * those below it). A map's property (declared or additionalProperties) correlates with the old
 * map's same key, an item of an `x-kubernetes-list-type: map` list with the old item of the same
 * keys; items of other lists do not correlate (k8s.io/apiserver pkg/cel/common/equality.go).
 */
function ratcheted(data: Value, old: Value | undefined): boolean {
  return old !== undefined && deepEqual(data, old);
}

function deepEqual(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (isList(a) && isList(b)) return a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  if (isMap(a) && isMap(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]));
  }
  if ((typeof a === 'number' || typeof a === 'bigint') && (typeof b === 'number' || typeof b === 'bigint')) return Number(a) === Number(b);
  return false;
}

/** The old value a map's key correlates with (undefined: none). */
function oldKey(old: Value | undefined, key: string): Value | undefined {
  return isMap(old) && Object.hasOwn(old, key) ? old[key] : undefined;
}

/** The old item a new item of a map-list correlates with: the one with the same values at every key. */
function oldItem(schema: ValueMap, old: Value | undefined, item: Value): Value | undefined {
  if (!isList(old) || getKey(schema, 'x-kubernetes-list-type') !== 'map' || !isMap(item)) return undefined;
  const keys = getKey(schema, 'x-kubernetes-list-map-keys');
  if (!isList(keys)) return undefined;
  return old.find((o) => isMap(o) && keys.every((k) => typeof k === 'string' && deepEqual(o[k] ?? null, item[k] ?? null)));
}

/** The JSON type kube-openapi infers for a decoded value (schemaInfoForType) and its format. */
function jsonType(v: Value): { type: string; format: string } {
  if (typeof v === 'string') return { type: 'string', format: '' };
  if (typeof v === 'boolean') return { type: 'boolean', format: '' };
  if (typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v))) return { type: 'integer', format: 'int64' };
  if (typeof v === 'number') return { type: 'number', format: 'float64' };
  if (isList(v)) return { type: 'array', format: '' };
  return { type: 'object', format: '' };
}

function str(schema: ValueMap, key: string): string {
  const v = getKey(schema, key);
  return typeof v === 'string' ? v : '';
}
function int(schema: ValueMap, key: string): number | undefined {
  const v = getKey(schema, key);
  return typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : undefined;
}

function walk(schema: ValueMap, data: Value, name: string, fieldRoot: string, into: FieldError[], old: Value | undefined, nulls: boolean): void {
  const field = joinField(fieldRoot, name);
  const say = (text: string) => (name === '' ? ` in body ${text}` : `${name} in body ${text}`);
  if (data === null) {
    // typeValidator: nil passes an untyped or nullable schema only.
    if (nulls && str(schema, 'type') !== '' && getKey(schema, 'nullable') !== true) {
      into.push({ ...invalidValue(field, 'null', say(`must be of type ${str(schema, 'type')}: "null"`)), type: 'FieldValueTypeInvalid' });
    }
    return;
  }
  const out: FieldError[] = [];
  typeErrors(schema, data, field, say, out);
  if (typeof data === 'string') stringErrors(schema, data, field, say, out);
  if (typeof data === 'number' || typeof data === 'bigint') numberErrors(schema, Number(data), field, say, out);
  if (isList(data)) listErrors(schema, data, name, fieldRoot, field, say, out, old, nulls);
  enumErrors(schema, data, field, out);
  if (isMap(data)) objectErrors(schema, data, name, fieldRoot, out, old, nulls);
  if (out.length > 0 && !ratcheted(data, old)) into.push(...out);
}

function joinField(root: string, dotted: string): string {
  const name = dotted.startsWith('.') ? dotted.slice(1) : dotted;
  if (name === '') return root;
  return root === '' ? name : `${root}.${name}`;
}

/** typeValidator: `type` (x-kubernetes-int-or-string is `integer,string`), and `format` where the type does not settle it. */
function typeErrors(schema: ValueMap, data: Value, field: string, say: (t: string) => string, out: FieldError[]): void {
  const types = getKey(schema, 'x-kubernetes-int-or-string') === true ? ['integer', 'string'] : str(schema, 'type') ? [str(schema, 'type')] : [];
  const format = str(schema, 'format');
  if (types.length === 0 && format === '') return;
  const found = jsonType(data);
  const has = (t: string) => types.includes(t);
  const floatInt = found.type === 'number' && Number.isInteger(data) && has('integer');
  const intFloat = found.type === 'integer' && has('number');
  const typeInvalid = (wanted: string, value: string) => out.push({ ...invalidValue(field, value, say(`must be of type ${wanted}: ${goQuote(value)}`)), type: 'FieldValueTypeInvalid' });
  const stringOrSlice = found.type === 'string' || found.type === 'array';
  if (!stringOrSlice && format !== '' && !(has(found.type) || found.format === format || floatInt || intFloat || (format === 'int64' && found.format === 'int32') || (format === 'float64' && found.format === 'float32'))) {
    typeInvalid(format, found.format);
    return;
  }
  if (!(has('number') || has('integer')) && format !== '' && stringOrSlice) return;
  if (!(has(found.type) || floatInt || intFloat)) typeInvalid(types.join(','), found.type);
}

/** stringValidator: maxLength and minLength in runes, then pattern; the first failure only. */
function stringErrors(schema: ValueMap, data: string, field: string, say: (t: string) => string, out: FieldError[]): void {
  const runes = [...data].length;
  const max = int(schema, 'maxLength');
  if (max !== undefined && runes > max) {
    out.push({ type: 'FieldValueTooLong', field, detail: `may not be more than ${max} bytes` });
    return;
  }
  const min = int(schema, 'minLength');
  if (min !== undefined && runes < min) {
    out.push(invalidValue(field, data, say(`should be at least ${min} chars long`)));
    return;
  }
  const pattern = str(schema, 'pattern');
  if (pattern !== '' && !matches(pattern, data)) out.push(invalidValue(field, data, say(`should match '${pattern}'`)));
}

function matches(pattern: string, data: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(data);
  } catch {
    return true; // a pattern JavaScript cannot read is not checked
  }
}

/** numberValidator: maximum, then minimum (each `exclusive*` a boolean, as in apiextensions.k8s.io/v1). */
function numberErrors(schema: ValueMap, data: number, field: string, say: (t: string) => string, out: FieldError[]): void {
  const max = getKey(schema, 'maximum');
  if (typeof max === 'number' || typeof max === 'bigint') {
    const exclusive = getKey(schema, 'exclusiveMaximum') === true;
    if (exclusive ? data >= Number(max) : data > Number(max)) out.push(invalidValue(field, data, say(`should be less than ${exclusive ? '' : 'or equal to '}${goNumber(max)}`)));
  }
  const min = getKey(schema, 'minimum');
  if (typeof min === 'number' || typeof min === 'bigint') {
    const exclusive = getKey(schema, 'exclusiveMinimum') === true;
    if (exclusive ? data <= Number(min) : data < Number(min)) out.push(invalidValue(field, data, say(`should be greater than ${exclusive ? '' : 'or equal to '}${goNumber(min)}`)));
  }
}

/** A bound as Go's `%v` prints a float64 (the same digits as JavaScript's for the usual bounds). */
function goNumber(n: number | bigint): string {
  return String(Number(n));
}

/** schemaSliceValidator: each item against `items`, then minItems and maxItems. */
function listErrors(schema: ValueMap, data: Value[], name: string, fieldRoot: string, field: string, say: (t: string) => string, out: FieldError[], old: Value | undefined, nulls: boolean): void {
  const items = getKey(schema, 'items');
  if (isMap(items)) data.forEach((item, i) => walk(items, item, `${name}[${i}]`, fieldRoot, out, oldItem(schema, old, item), nulls));
  const min = int(schema, 'minItems');
  if (min !== undefined && data.length < min) out.push(invalidValue(field, data.length, say(`should have at least ${min} items`)));
  const max = int(schema, 'maxItems');
  if (max !== undefined && data.length > max) out.push({ type: 'FieldValueTooMany', field, value: String(data.length), detail: `must have at most ${max} items` });
}

/** basicCommonValidator: `enum`, its values listed as strings or their JSON. */
function enumErrors(schema: ValueMap, data: Value, field: string, out: FieldError[]): void {
  const values = getKey(schema, 'enum');
  if (!isList(values) || values.length === 0) return;
  if (values.some((v) => sameValue(v, data))) return;
  out.push(notSupported(field, data, values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)))));
}

function sameValue(a: Value, b: Value): boolean {
  if (typeof a === 'bigint' || typeof b === 'bigint') return (typeof a === 'number' || typeof a === 'bigint') && (typeof b === 'number' || typeof b === 'bigint') && BigInt(a) === BigInt(b);
  return JSON.stringify(a) === JSON.stringify(b) || (isMap(a) && isMap(b) && JSON.stringify(sorted(a)) === JSON.stringify(sorted(b)));
}
function sorted(m: ValueMap): Value {
  return Object.fromEntries(Object.keys(m).sort().map((k) => [k, isMap(m[k]) ? sorted(m[k] as ValueMap) : m[k]])) as ValueMap;
}

/** objectValidator: each declared property, additionalProperties' schema for the others, then `required`. */
function objectErrors(schema: ValueMap, data: ValueMap, name: string, fieldRoot: string, out: FieldError[], old: Value | undefined, nulls: boolean): void {
  const properties = getKey(schema, 'properties');
  const declared = isMap(properties) ? properties : {};
  const additional = getKey(schema, 'additionalProperties');
  if (isMap(additional)) {
    for (const key of Object.keys(data)) if (!Object.hasOwn(declared, key)) walk(additional, data[key], `${name}.${key}`, fieldRoot, out, oldKey(old, key), nulls);
  }
  for (const [key, sub] of Object.entries(declared)) {
    if (isMap(sub) && Object.hasOwn(data, key)) walk(sub, data[key], name === '' ? key : `${name}.${key}`, fieldRoot, out, oldKey(old, key), nulls);
  }
  const req = getKey(schema, 'required');
  if (isList(req)) {
    for (const key of req) if (typeof key === 'string' && !Object.hasOwn(data, key)) out.push(required(joinField(fieldRoot, name === '' ? key : `${name}.${key}`)));
  }
}
