/**
 * apiextensions-apiserver 1.32's schema validation of a custom resource: the CRD version's
 * `openAPIV3Schema` as kube-openapi's validate package checks a value (pkg/validation/validate),
 * its errors turned into field errors as kubeOpenAPIResultToFieldErrors turns them
 * (apiextensions-apiserver pkg/apiserver/validation/validation.go). It runs in the custom
 * resource strategy's Validate and ValidateUpdate (the whole object, also for a write through
 * `/scale`, which the main resource's strategy validates) and, for `/status`, in
 * ValidateStatusUpdate (`status` against the schema's `status` property, each field under
 * `status`).
 *
 * Each error names its place twice: the field path (the validator's name without its leading
 * dot, under `status` for the status validator) and, inside kube-openapi's message, the
 * validator's own name (`spec.x in body must be of type integer: "string"`). Names are the
 * property names joined by dots from the validated value's root, `[i]` for list items.
 *
 * A node is checked by kube-openapi's SchemaValidator, its validators in its order: type (and
 * format-as-type), allOf/anyOf/oneOf/not, the string's lengths and pattern, its format, a
 * number's multipleOf, minimum and maximum, a list's items, minItems, maxItems and uniqueItems,
 * enum, then an object's min/maxProperties, its properties and `required`. An error whose text a
 * node's result already holds is not added again (Result.AddErrors). Formats are those of
 * apiextensions' supportedFormats (others are dropped from the schema before validation:
 * StripUnsupportedFormatsPostProcess), checked as strfmt's registry checks them
 * (cr-string-formats.ts); patterns are Go regular expressions (go-regexp.ts).
 *
 * Nulls: decoding prunes a null under a map key whose schema is neither nullable nor defaulted
 * (PruneNonNullableNullsWithoutDefaults), so validation never sees those; a null list item, or
 * a null where the schema says `nullable: true`, is checked (the type validator refuses a null
 * of a typed schema that is not nullable). CEL rules (x-kubernetes-validations) run after this
 * validation: cr-cel-validation.ts.
 */
import { formatGoFloat, goQuote } from '../fieldpath/format-go-value.js';
import { getKey, isList, isMap, type Value, type ValueMap } from '../value/value.js';
import { validatesFormat } from './cr-string-formats.js';
import { invalidValue, notSupported, required } from './field-error.js';
import { goRegexp } from './go-regexp.js';
import type { FieldError } from './status.js';

/**
 * The field errors of `value` against `schema`; `fieldRoot` prefixes field paths (`status` for
 * the status validator); `old` the old object of an update, for ratcheting. `nulls`: nulls under
 * map keys are checked too, as for a CRD's default values, which nothing prunes first.
 */
export function schemaErrors(schema: Value | undefined, value: Value | undefined, fieldRoot = '', old?: Value, nulls = false): FieldError[] {
  if (!isMap(schema) || value === undefined) return [];
  return validate(schema, value, '', { fieldRoot, nulls }, old, true).errors.map((f) => f.error);
}

interface Context {
  readonly fieldRoot: string;
  readonly nulls: boolean;
}

/** One kube-openapi error: its message (the key Result.AddErrors compares) and the field error it maps to. */
interface Found {
  readonly message: string;
  readonly error: FieldError;
}

/** A Result: the errors and MatchCount (how many checks ran; anyOf and oneOf report the failing branch that ran most). */
interface Result {
  readonly errors: Found[];
  count: number;
}

function add(r: Result, ...found: Found[]): void {
  for (const f of found) if (!r.errors.some((e) => e.message === f.message)) r.errors.push(f);
}
function merge(r: Result, other: Result): void {
  add(r, ...other.errors);
  r.count += other.count;
}

/*
 * Ratcheting (CRDValidationRatcheting, on in 1.32, for the main resource's update): a value that
 * correlates with one of the old object's and is deeply equal to it keeps none of its errors (or
 * those below it). A map's property (declared or additionalProperties) correlates with the old
 * map's same key, an item of an `x-kubernetes-list-type: map` list with the old item of the same
 * keys; items of other lists do not correlate (k8s.io/apiserver pkg/cel/common/equality.go). The
 * branches of allOf/anyOf/oneOf/not validate the same node uncorrelated (their own errors are the
 * node's), their properties and items correlated as the node's are.
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

/** A decoded number is a Go int64 when integral (as the unstructured JSON decoder keeps it), else a float64. */
function isInt(v: Value): v is number | bigint {
  return typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v));
}

/** The JSON type kube-openapi infers for a decoded value (schemaInfoForType) and its format. */
function jsonType(v: Value): { type: string; format: string } {
  if (typeof v === 'string') return { type: 'string', format: '' };
  if (typeof v === 'boolean') return { type: 'boolean', format: '' };
  if (isInt(v)) return { type: 'integer', format: 'int64' };
  if (typeof v === 'number') return { type: 'number', format: 'float64' };
  if (isList(v)) return { type: 'array', format: '' };
  return { type: 'object', format: '' };
}

function str(schema: ValueMap, key: string): string {
  const v = getKey(schema, key);
  return typeof v === 'string' ? v : '';
}
function num(schema: ValueMap, key: string): number | undefined {
  const v = getKey(schema, key);
  return typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : undefined;
}

/** apiextensions' supportedFormats (pkg/apiserver/validation/formats.go), names without their dashes. */
const SUPPORTED_FORMATS = new Set([
  'bsonobjectid', 'uri', 'email', 'hostname', 'ipv4', 'ipv6', 'cidr', 'mac', 'uuid', 'uuid3', 'uuid4', 'uuid5', 'isbn', 'isbn10', 'isbn13',
  'creditcard', 'ssn', 'hexcolor', 'rgbcolor', 'byte', 'password', 'date', 'duration', 'datetime',
]);

/** The schema's format as the validator has it: '' for a format apiextensions does not support. */
function formatOf(schema: ValueMap): string {
  const f = str(schema, 'format');
  return SUPPORTED_FORMATS.has(f.replaceAll('-', '')) ? f : '';
}

/**
 * One node (SchemaValidator.Validate); `self`: ratcheting applies to this node's own errors
 * (false for a junctor's branch, which validates the node again).
 */
function validate(schema: ValueMap, data: Value, name: string, ctx: Context, old: Value | undefined, self: boolean): Result {
  const field = joinField(ctx.fieldRoot, name);
  const say = (text: string) => (name === '' ? ` in body ${text}` : `${name} in body ${text}`);
  const r: Result = { errors: [], count: 0 };
  if (data === null) {
    // typeValidator and the enum only: nil passes an untyped or nullable schema.
    const types = typesOf(schema);
    if (types.length > 0 && getKey(schema, 'nullable') !== true) {
      add(r, typeInvalid(field, say, types.join(','), 'null'));
    } else r.count++;
    add(r, ...enumErrors(schema, data, field, say));
    return self && ratcheted(data, old) ? { errors: [], count: r.count } : r;
  }
  const step = (sub: Result) => {
    merge(r, sub);
    r.count++;
  };
  const format = formatOf(schema);
  if (typesOf(schema).length > 0 || format !== '') step(typeErrors(schema, format, data, field, say));
  step(junctorErrors(schema, data, name, ctx, old));
  if (typeof data === 'string') step(only(stringErrors(schema, data, field, say)));
  if (typeof data === 'string' && format !== '') step(only(validatesFormat(format, data) ? [] : [typeInvalid(field, say, format, data)]));
  if (typeof data === 'number' || typeof data === 'bigint') step({ errors: numberErrors(schema, data, name, field, say), count: 1 });
  if (isList(data)) step(listErrors(schema, data, name, ctx, field, say, old));
  step(only(enumErrors(schema, data, field, say)));
  if (isMap(data)) step(objectErrors(schema, data, name, ctx, field, say, old));
  r.count++;
  return self && ratcheted(data, old) ? { errors: [], count: r.count } : r;
}

function only(errors: Found[]): Result {
  return { errors, count: 0 };
}

/** A nil *field.Path prints as `<nil>`: the main resource's validator has no root path. */
const NIL_PATH = '<nil>';

function joinField(root: string, dotted: string): string {
  const name = dotted.startsWith('.') ? dotted.slice(1) : dotted;
  if (name === '') return root === '' ? NIL_PATH : root;
  return root === '' ? name : `${root}.${name}`;
}

function typesOf(schema: ValueMap): string[] {
  if (getKey(schema, 'x-kubernetes-int-or-string') === true) return ['integer', 'string'];
  const t = str(schema, 'type');
  return t ? [t] : [];
}

/** errors.InvalidType with a string value, mapped to field.TypeInvalid. */
function typeInvalid(field: string, say: (t: string) => string, wanted: string, value: string): Found {
  const message = say(`must be of type ${wanted}: ${goQuote(value)}`);
  return { message, error: { ...invalidValue(field, value, message), type: 'FieldValueTypeInvalid' } };
}

/** A kube-openapi error that maps to field.Invalid with the error's value (the default case). */
function invalid(field: string, value: Value | undefined, message: string): Found {
  return { message, error: invalidValue(field, value ?? '', message) };
}

/** typeValidator: `type` (x-kubernetes-int-or-string is `integer,string`), and `format` where the type does not settle it. */
function typeErrors(schema: ValueMap, format: string, data: Value, field: string, say: (t: string) => string): Result {
  const types = typesOf(schema);
  const found = jsonType(data);
  const has = (t: string) => types.includes(t);
  const floatInt = found.type === 'number' && isJsonInteger(Number(data)) && has('integer');
  const intFloat = found.type === 'integer' && has('number');
  const fail = (wanted: string, value: string): Result => ({ errors: [typeInvalid(field, say, wanted, value)], count: 0 });
  const stringOrSlice = found.type === 'string' || found.type === 'array';
  if (!stringOrSlice && format !== '' && !(has(found.type) || found.format === format || floatInt || intFloat)) return fail(format, found.format);
  if (!(has('number') || has('integer')) && format !== '' && stringOrSlice) return { errors: [], count: 1 };
  if (!(has(found.type) || floatInt || intFloat)) return fail(types.join(','), found.type);
  return { errors: [], count: 1 };
}

/** swag.IsFloat64AJSONInteger (go-openapi/swag v0.23.0): within 1e-9 relative of the integer below it (towards zero). */
function isJsonInteger(f: number): boolean {
  const max = 2 ** 53 - 1;
  if (!Number.isFinite(f) || f < -max || f > max) return false;
  if (Number.isInteger(f)) return true;
  if (f < 0) return false; // Go's uint64 of a negative float is far from it: the relative error is about 1
  const g = Math.trunc(f);
  const diff = Math.abs(f - g);
  if (g === 0) return false;
  return diff / (f + g) < 1e-9;
}

/**
 * schemaPropsValidator: anyOf (at least one branch; none: the error and the errors of the branch
 * that ran the most checks), oneOf (exactly one), allOf (every branch's errors, and the summary
 * when one fails), not. Each branch validates the node itself, at its name.
 */
function junctorErrors(schema: ValueMap, data: Value, name: string, ctx: Context, old: Value | undefined): Result {
  const r: Result = { errors: [], count: 0 };
  const branches = (key: string): ValueMap[] => {
    const v = getKey(schema, key);
    return isList(v) ? v.filter(isMap) : [];
  };
  const at = goQuote(name);
  const run = (b: ValueMap) => validate(b, data, name, ctx, old, false);
  const anyOf = branches('anyOf');
  if (anyOf.length > 0) {
    let best: Result | undefined;
    let success: Result | undefined;
    for (const b of anyOf) {
      const res = run(b);
      if (res.errors.length === 0) {
        best = undefined;
        success = res;
        break;
      }
      if (best === undefined || res.count > best.count) best = res;
    }
    if (!success) add(r, composite(ctx, `${at} must validate at least one schema (anyOf)`));
    if (best) merge(r, best);
    else if (success) merge(r, success);
  }
  const oneOf = branches('oneOf');
  if (oneOf.length > 0) {
    let best: Result | undefined;
    let first: Result | undefined;
    let valid = 0;
    for (const b of oneOf) {
      const res = run(b);
      if (res.errors.length === 0) {
        valid++;
        best = undefined;
        first ??= res;
        continue;
      }
      if (valid === 0 && (best === undefined || res.count > best.count)) best = res;
    }
    if (valid !== 1) {
      add(r, composite(ctx, `${at} must validate one and only one schema (oneOf). ${valid === 0 ? 'Found none valid' : `Found ${valid} valid alternatives`}`));
      if (best) merge(r, best);
    } else if (first) merge(r, first);
  }
  const allOf = branches('allOf');
  if (allOf.length > 0) {
    let valid = 0;
    for (const b of allOf) {
      const res = run(b);
      if (res.errors.length === 0) valid++;
      merge(r, res);
    }
    if (valid !== allOf.length) add(r, composite(ctx, `${at} must validate all the schemas (allOf)${valid === 0 ? '. None validated' : ''}`));
  }
  const not = getKey(schema, 'not');
  if (isMap(not) && run(not).errors.length === 0) add(r, composite(ctx, `${at} must not validate the schema (not)`));
  r.count++;
  return r;
}

/**
 * A junctor's own error: errors.New (a CompositeError, not a Validation error), which
 * kubeOpenAPIResultToFieldErrors maps to field.Invalid at the validator's root path (`status`
 * for the status validator, the object's root otherwise), whatever the node.
 */
function composite(ctx: Context, message: string): Found {
  return { message, error: invalidValue(joinField(ctx.fieldRoot, ''), '', message) };
}

/** stringValidator: maxLength and minLength in runes, then pattern; the first failure only. */
function stringErrors(schema: ValueMap, data: string, field: string, say: (t: string) => string): Found[] {
  const runes = [...data].length;
  const max = num(schema, 'maxLength');
  if (max !== undefined && runes > max) return [{ message: say(`should be at most ${max} chars long`), error: { type: 'FieldValueTooLong', field, detail: `may not be more than ${max} bytes` } }];
  const min = num(schema, 'minLength');
  if (min !== undefined && runes < min) return [invalid(field, data, say(`should be at least ${min} chars long`))];
  const pattern = str(schema, 'pattern');
  if (pattern === '') return [];
  const re = goRegexp(pattern);
  if ('error' in re) return [invalid(field, data, say(`should match '${pattern}, but pattern is invalid: ${re.error}'`))];
  return re.regexp.test(data) ? [] : [invalid(field, data, say(`should match '${pattern}'`))];
}

/**
 * numberValidator: multipleOf, then minimum, then maximum (each `exclusive*` a boolean, as in
 * apiextensions.k8s.io/v1). An integer is checked against the bound or factor truncated to an
 * integer, and the message prints it so (MaximumInt, MultipleOfInt); a float against the float,
 * printed as Go's `%v`.
 */
function numberErrors(schema: ValueMap, data: number | bigint, name: string, field: string, say: (t: string) => string): Found[] {
  const out: Found[] = [];
  const int = isInt(data);
  const value = Number(data);
  const bound = (b: number) => (int ? Math.trunc(b) : b);
  const show = (b: number) => (int ? String(Math.trunc(b)) : formatGoFloat(b));
  const factor = num(schema, 'multipleOf');
  if (factor !== undefined) {
    const f = bound(factor);
    if (f <= 0) out.push(invalid(field, int ? f : factor, `factor MultipleOf declared for ${name} must be positive: ${show(factor)}`));
    else if (int ? typeof data === 'bigint' ? data % BigInt(f) !== 0n : value % f !== 0 : !isJsonInteger(f < 1 ? (1 / f) * value : value / f)) out.push(invalid(field, data, say(`should be a multiple of ${show(factor)}`)));
  }
  const min = num(schema, 'minimum');
  if (min !== undefined) {
    const exclusive = getKey(schema, 'exclusiveMinimum') === true;
    if (exclusive ? value <= bound(min) : value < bound(min)) out.push(invalid(field, data, say(`should be greater than ${exclusive ? '' : 'or equal to '}${show(min)}`)));
  }
  const max = num(schema, 'maximum');
  if (max !== undefined) {
    const exclusive = getKey(schema, 'exclusiveMaximum') === true;
    if (exclusive ? value >= bound(max) : value > bound(max)) out.push(invalid(field, data, say(`should be less than ${exclusive ? '' : 'or equal to '}${show(max)}`)));
  }
  return out;
}

/** schemaSliceValidator: each item against `items`, then minItems, maxItems and uniqueItems. */
function listErrors(schema: ValueMap, data: Value[], name: string, ctx: Context, field: string, say: (t: string) => string, old: Value | undefined): Result {
  const r: Result = { errors: [], count: 0 };
  const items = getKey(schema, 'items');
  if (isMap(items)) data.forEach((item, i) => merge(r, validate(items, item, `${name}[${i}]`, ctx, oldItem(schema, old, item), true)));
  const min = num(schema, 'minItems');
  if (min !== undefined && data.length < min) add(r, invalid(field, data.length, say(`should have at least ${min} items`)));
  const max = num(schema, 'maxItems');
  if (max !== undefined && data.length > max) add(r, { message: say(`should have at most ${max} items`), error: { type: 'FieldValueTooMany', field, value: String(data.length), detail: `must have at most ${max} items` } });
  if (getKey(schema, 'uniqueItems') === true && data.some((v, i) => data.slice(0, i).some((u) => deepEqual(u, v)))) add(r, invalid(field, '', say("shouldn't contain duplicates")));
  r.count++;
  return r;
}

/** basicCommonValidator: `enum`, its values listed as strings or their JSON. */
function enumErrors(schema: ValueMap, data: Value, field: string, say: (t: string) => string): Found[] {
  const values = getKey(schema, 'enum');
  if (!isList(values) || values.length === 0) return [];
  if (data !== null && values.some((v) => sameValue(v, data))) return [];
  return [{ message: say(`should be one of ${JSON.stringify(values)}`), error: notSupported(field, data, values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)))) }];
}

function sameValue(a: Value, b: Value): boolean {
  if (typeof a === 'bigint' || typeof b === 'bigint') return (typeof a === 'number' || typeof a === 'bigint') && (typeof b === 'number' || typeof b === 'bigint') && BigInt(a) === BigInt(b);
  return JSON.stringify(a) === JSON.stringify(b) || (isMap(a) && isMap(b) && JSON.stringify(sorted(a)) === JSON.stringify(sorted(b)));
}
function sorted(m: ValueMap): Value {
  return Object.fromEntries(Object.keys(m).sort().map((k) => [k, isMap(m[k]) ? sorted(m[k] as ValueMap) : m[k]])) as ValueMap;
}

/** A null decoding removed before validation: under a map key whose schema is not nullable and has no default. */
function pruned(schema: ValueMap, value: Value, ctx: Context): boolean {
  return value === null && !ctx.nulls && getKey(schema, 'nullable') !== true && getKey(schema, 'default') === undefined;
}

/**
 * objectValidator: minProperties and maxProperties, additionalProperties' schema for the
 * undeclared keys, each declared property, then `required`.
 */
function objectErrors(schema: ValueMap, data: ValueMap, name: string, ctx: Context, field: string, say: (t: string) => string, old: Value | undefined): Result {
  const r: Result = { errors: [], count: 0 };
  const properties = getKey(schema, 'properties');
  const declared = isMap(properties) ? properties : {};
  const additional = getKey(schema, 'additionalProperties');
  const present = (key: string, sub: ValueMap) => Object.hasOwn(data, key) && !pruned(sub, data[key], ctx);
  const keys = Object.keys(data).filter((k) => {
    const sub = Object.hasOwn(declared, k) ? declared[k] : additional;
    return !(isMap(sub) && pruned(sub, data[k], ctx));
  });
  const min = num(schema, 'minProperties');
  if (min !== undefined && keys.length < min) add(r, invalid(field, keys.length, say(`should have at least ${min} properties`)));
  const max = num(schema, 'maxProperties');
  if (max !== undefined && keys.length > max) add(r, { message: say(`should have at most ${max} properties`), error: { type: 'FieldValueTooMany', field, value: String(keys.length), detail: `must have at most ${max} items` } });
  const child = (key: string) => (name === '' ? key : `${name}.${key}`);
  if (isMap(additional)) {
    for (const key of keys) if (!Object.hasOwn(declared, key)) merge(r, validate(additional, data[key], `${name}.${key}`, ctx, oldKey(old, key), true));
  }
  for (const [key, sub] of Object.entries(declared)) {
    if (isMap(sub) && present(key, sub)) merge(r, validate(sub, data[key], child(key), ctx, oldKey(old, key), true));
  }
  const req = getKey(schema, 'required');
  if (isList(req)) {
    for (const key of req) {
      if (typeof key !== 'string' || keys.includes(key)) continue;
      add(r, { message: `${name}.${key} in body is required`, error: required(joinField(ctx.fieldRoot, child(key))) });
    }
  }
  return r;
}
