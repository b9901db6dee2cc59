/**
 * The structural-schema invariants apiextensions-apiserver 1.32 checks on a CRD's
 * `openAPIV3Schema` before storing the CRD (k8s.io/apiextensions-apiserver pkg/apiserver/schema,
 * ValidateStructural), as 422 field errors: an array's `items` (`must be specified`), a `type` on
 * every node that is not int-or-string or preserve-unknown-fields (`must not be empty at the
 * root` / `for specified array items` / `for specified object fields`), `object` at the root, no
 * `additionalProperties` at the root, a root `metadata` that says nothing but `name` and
 * `generateName`; embedded resources (an object, with properties unless preserving unknown
 * fields, no additionalProperties; `kind` and `apiVersion` strings and `metadata` an object there
 * and at the root); int-or-string without preserve-unknown-fields or embedded resource; value
 * validations (allOf, anyOf, oneOf, not) that say nothing structural (`must be empty to be
 * structural`, the int-or-string anyOf excepted) and, at the root, name no property or items the
 * schema lacks (complete.go). Sorted by their text, as Go sorts them. Then (openAPISchemaErrors)
 * the rules ValidateCustomResourceDefinitionOpenAPISchema adds: supported types and keywords,
 * forbidden defaults, map and list annotations, each node's own before its children's, properties
 * in the manifest's order (Go's map order is random). Not modelled: `pattern`s RE2 cannot compile
 * (Go's message is RE2's parse error).
 */
import { getKey, isMap, type Value, type ValueMap } from '../value/value.js';
import { forbidden, invalidValue, notSupported, required } from './field-error.js';
import { goStringSlice } from './go-syntax.js';
import { fieldErrorBody, type FieldError } from './status.js';
import { compareStrings } from '../value/compare-strings.js';

type Level = 'root' | 'item' | 'field';

const str = (v: Value | undefined): string => (typeof v === 'string' ? v : '');
const set = (v: Value | undefined): boolean => v !== undefined && v !== null;

/** What a root `metadata` schema may say: its type, a default, and properties name and generateName only. */
const METADATA_HARMLESS = new Set(['type', 'default', 'properties', 'example', 'externalDocs', 'id', '$schema']);

/** validateStructuralMetadataInvariants: an object where metadata is checked (the root, an embedded resource); at the root, name and generateName only. */
function metadataErrors(metadata: ValueMap, checkMetadata: boolean, level: Level, path: string): FieldError[] {
  const out: FieldError[] = [];
  if (checkMetadata && str(getKey(metadata, 'type')) !== 'object') out.push(invalidValue(`${path}.type`, str(getKey(metadata, 'type')), 'must be object'));
  if (level !== 'root') return out;
  const props = getKey(metadata, 'properties');
  const names = isMap(props ?? null) ? Object.keys(props as ValueMap) : [];
  const onlyNames = names.every((n) => n === 'name' || n === 'generateName');
  const extra = Object.keys(metadata).some((k) => !METADATA_HARMLESS.has(k) && set(getKey(metadata, k)));
  if (extra || !onlyNames) out.push(forbidden(path, 'must not specify anything other than name and generateName, but metadata is implicitly specified'));
  return out;
}

const mapAt = (s: ValueMap, k: string): ValueMap | undefined => (isMap(getKey(s, k) ?? null) ? (getKey(s, k) as ValueMap) : undefined);
const listAt = (s: ValueMap, k: string): Value[] => (Array.isArray(getKey(s, k)) ? (getKey(s, k) as Value[]) : []);

/** `anyOf: [{type: integer}, {type: string}]`, the int-or-string pattern structural schemas allow (intOrStringAnyOf). */
function isIntOrStringAnyOf(s: ValueMap | undefined): boolean {
  const anyOf = s ? listAt(s, 'anyOf') : [];
  const only = (v: Value, type: string) => isMap(v) && Object.keys(v).length === 1 && getKey(v as ValueMap, 'type') === type;
  return anyOf.length === 2 && only(anyOf[0], 'integer') && only(anyOf[1], 'string');
}

/** validateValueValidation: the junctors of `s` (allOf, anyOf, oneOf, not), each a nested value validation. */
function valueValidationErrors(s: ValueMap, skipAnyOf: boolean, skipFirstAllOfAnyOf: boolean, path: string): FieldError[] {
  const out: FieldError[] = [];
  if (!skipAnyOf) listAt(s, 'anyOf').forEach((v, i) => out.push(...nestedErrors(v, false, `${path}.anyOf[${i}]`)));
  listAt(s, 'allOf').forEach((v, i) => out.push(...nestedErrors(v, skipFirstAllOfAnyOf && i === 0, `${path}.allOf[${i}]`)));
  listAt(s, 'oneOf').forEach((v, i) => out.push(...nestedErrors(v, false, `${path}.oneOf[${i}]`)));
  if (set(getKey(s, 'not'))) out.push(...nestedErrors(getKey(s, 'not'), false, `${path}.not`));
  return out;
}

/** What a schema inside a value validation may not say (validateNestedValueValidation). */
const NESTED_FORBIDDEN: readonly [string, (v: Value | undefined) => boolean, string][] = [
  ['type', (v) => str(v) !== '', 'must be empty to be structural'],
  ['additionalProperties', set, 'must be undefined to be structural'],
  ['default', set, 'must be undefined to be structural'],
  ['title', (v) => str(v) !== '', 'must be empty to be structural'],
  ['description', (v) => str(v) !== '', 'must be empty to be structural'],
  ['nullable', (v) => v === true, 'must be false to be structural'],
  ['x-kubernetes-preserve-unknown-fields', (v) => v === true, 'must be false to be structural'],
  ['x-kubernetes-embedded-resource', (v) => v === true, 'must be false to be structural'],
  ['x-kubernetes-int-or-string', (v) => v === true, 'must be false to be structural'],
  ['x-kubernetes-list-map-keys', (v) => Array.isArray(v) && v.length > 0, 'must be empty to be structural'],
  ['x-kubernetes-list-type', set, 'must be undefined to be structural'],
  ['x-kubernetes-map-type', set, 'must be undefined to be structural'],
  ['x-kubernetes-validations', (v) => Array.isArray(v) && v.length > 0, 'must be empty to be structural'],
];

function nestedErrors(node: Value | undefined, skipAnyOf: boolean, path: string): FieldError[] {
  if (!isMap(node ?? null)) return [];
  const v = node as ValueMap;
  const out = valueValidationErrors(v, skipAnyOf, false, path);
  const items = mapAt(v, 'items');
  if (items) out.push(...nestedErrors(items, false, `${path}.items`));
  const props = mapAt(v, 'properties');
  if (props) for (const k of Object.keys(props)) out.push(...nestedErrors(props[k], false, `${path}.properties[${k}]`));
  for (const [k, bad, detail] of NESTED_FORBIDDEN) if (bad(getKey(v, k))) out.push(forbidden(`${path}.${k}`, detail));
  if (props && Object.hasOwn(props, 'metadata')) out.push(forbidden(`${path}.properties[metadata]`, 'must not be specified in a nested context'));
  return out;
}

/** validateStructuralCompleteness: every property or items a root junctor names is in the schema itself. */
function completenessErrors(v: ValueMap, s: ValueMap | undefined, sPath: string, vPath: string): FieldError[] {
  if (!s) return [required(sPath, `because it is defined in ${vPath}`)];
  const out: FieldError[] = [];
  if (set(getKey(v, 'not'))) out.push(...nestedCompleteness(getKey(v, 'not'), s, sPath, `${vPath}.not`));
  for (const junctor of ['allOf', 'anyOf', 'oneOf']) listAt(v, junctor).forEach((j, i) => out.push(...nestedCompleteness(j, s, sPath, `${vPath}.${junctor}[${i}]`)));
  return out;
}

function nestedCompleteness(node: Value | undefined, s: ValueMap | undefined, sPath: string, vPath: string): FieldError[] {
  if (!isMap(node ?? null)) return [];
  if (!s) return [required(sPath, `because it is defined in ${vPath}`)];
  const v = node as ValueMap;
  const out = completenessErrors(v, s, sPath, vPath);
  if (set(getKey(v, 'items'))) out.push(...nestedCompleteness(getKey(v, 'items'), mapAt(s, 'items'), `${sPath}.items`, `${vPath}.items`));
  const props = mapAt(v, 'properties');
  const sProps = mapAt(s, 'properties');
  if (props) {
    for (const k of Object.keys(props)) {
      const sFld = sProps ? mapAt(sProps, k) : undefined;
      if (!sFld) out.push(required(`${sPath}.properties[${k}]`, `because it is defined in ${vPath}.properties[${k}]`));
      else out.push(...nestedCompleteness(props[k], sFld, `${sPath}.properties[${k}]`, `${vPath}.properties[${k}]`));
    }
  }
  return out;
}

function walk(node: Value | undefined, level: Level, path: string): FieldError[] {
  if (!isMap(node ?? null)) return [];
  const s = node as ValueMap;
  const out: FieldError[] = [];
  const type = str(getKey(s, 'type'));
  const items = getKey(s, 'items');
  if (type === 'array' && !set(items)) out.push(required(`${path}.items`, 'must be specified'));
  if (isMap(items ?? null)) out.push(...walk(items, 'item', `${path}.items`));
  const props = getKey(s, 'properties');
  const properties = isMap(props ?? null) ? (props as ValueMap) : undefined;
  if (properties) for (const k of Object.keys(properties)) out.push(...walk(properties[k], 'field', `${path}.properties[${k}]`));
  const additional = getKey(s, 'additionalProperties');
  if (set(additional)) {
    if (level === 'root') out.push(forbidden(`${path}.additionalProperties`, 'must not be used at the root'));
    if (isMap(additional ?? null)) out.push(...walk(additional, 'field', `${path}.additionalProperties`));
  }
  const intOrString = getKey(s, 'x-kubernetes-int-or-string') === true;
  const preserve = getKey(s, 'x-kubernetes-preserve-unknown-fields') === true;
  const embedded = getKey(s, 'x-kubernetes-embedded-resource') === true;
  // validateExtensions
  if (intOrString && preserve) out.push(invalidValue(`${path}.x-kubernetes-preserve-unknown-fields`, true, 'must be false if x-kubernetes-int-or-string is true'));
  if (intOrString && embedded) out.push(invalidValue(`${path}.x-kubernetes-embedded-resource`, true, 'must be false if x-kubernetes-int-or-string is true'));
  const allOf = listAt(s, 'allOf');
  const firstAllOf = isMap(allOf[0] ?? null) ? (allOf[0] as ValueMap) : undefined;
  out.push(...valueValidationErrors(s, isIntOrStringAnyOf(s), isIntOrStringAnyOf(firstAllOf), path));
  if (embedded && type !== 'object') {
    if (type === '') out.push(required(`${path}.type`, 'must be object if x-kubernetes-embedded-resource is true'));
    else out.push(invalidValue(`${path}.type`, type, 'must be object if x-kubernetes-embedded-resource is true'));
  } else if (type === '' && !intOrString && !preserve) {
    const where = level === 'root' ? 'at the root' : level === 'item' ? 'for specified array items' : 'for specified object fields';
    out.push(required(`${path}.type`, `must not be empty ${where}`));
  }
  if (embedded && set(additional)) out.push(forbidden(`${path}.additionalProperties`, 'must not be used if x-kubernetes-embedded-resource is set'));
  if (level === 'root' && type !== '' && type !== 'object') out.push(invalidValue(`${path}.type`, type, 'must be object at the root'));
  const checkMetadata = level === 'root' || embedded;
  for (const k of ['kind', 'apiVersion']) {
    const prop = properties ? mapAt(properties, k) : undefined;
    if (checkMetadata && prop && str(getKey(prop, 'type')) !== 'string') out.push(invalidValue(`${path}.properties[${k}].type`, str(getKey(prop, 'type')), 'must be string'));
  }
  const metadata = properties ? properties.metadata : undefined;
  if (isMap(metadata ?? null)) out.push(...metadataErrors(metadata as ValueMap, checkMetadata, level, `${path}.properties[metadata]`));
  if (embedded && !preserve && (!properties || Object.keys(properties).length === 0)) {
    out.push(required(`${path}.properties`, 'must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields'));
  }
  return out;
}

/** ValidateStructural's errors for the schema at `path` (`spec.validation.openAPIV3Schema` or a version's). */
export function structuralSchemaErrors(schema: Value | undefined, path: string): FieldError[] {
  const out = walk(schema, 'root', path);
  if (isMap(schema ?? null)) out.push(...completenessErrors(schema as ValueMap, schema as ValueMap, path, path));
  // Go sorts them by their text, its map walks being in random order.
  const text = (e: FieldError) => `${e.field}: ${fieldErrorBody(e)}`;
  return out.sort((a, b) => compareStrings(text(a), text(b)));
}

/**
 * The list annotations ValidateCustomResourceDefinitionOpenAPISchema checks (after the structural
 * invariants): `x-kubernetes-list-type` only on arrays and one of atomic, set, map; a map list
 * needs `x-kubernetes-list-map-keys`, object items, keys that are scalar item properties (no
 * repeats) and, each, required or defaulted and not nullable; a set's object items must be
 * atomic maps; set and map items not nullable. Children first, as Go walks (additionalProperties,
 * properties, then items).
 */
export interface ListChecks {
  /** requireAtomicSetType: off for an update of a CRD whose stored schema already has a granular set. */
  readonly atomicSet: boolean;
  /** requireMapListKeysMapSetValidation: off for an update of a CRD whose stored schema already breaks it. */
  readonly mapListKeys: boolean;
}
const ALL_CHECKS: ListChecks = { atomicSet: true, mapListKeys: true };

export const ATOMIC_SET_DETAIL = 'must be atomic as item of a list with x-kubernetes-list-type=set';
const NULLABLE_ITEMS = 'cannot be nullable when x-kubernetes-list-type is ';
const KEY_DEFAULT = 'this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property';
const KEY_NULLABLE = 'this property is in x-kubernetes-list-map-keys, so it cannot be nullable';

/** Which list checks an update is held to, from the stored CRD's schemas (Go's requireAtomicSetType, requireMapListKeysMapSetValidation). */
export function listChecksFor(oldSchemas: readonly (Value | undefined)[]): ListChecks {
  const errs = oldSchemas.flatMap((s) => openAPISchemaErrors(s, ''));
  return {
    atomicSet: !errs.some((e) => e.detail === ATOMIC_SET_DETAIL),
    mapListKeys: !errs.some((e) => e.detail === KEY_DEFAULT || e.detail === KEY_NULLABLE || e.detail.startsWith(NULLABLE_ITEMS)),
  };
}

/**
 * What specStandardValidatorV3 carries down the walk: whether a default may be set here (and why
 * not), and whether the node describes a resource's metadata, apiVersion or kind.
 */
interface Walk {
  readonly allowDefaults: boolean;
  readonly reason: string;
  readonly insideMeta: boolean;
}
const ROOT_WALK: Walk = { allowDefaults: true, reason: '', insideMeta: false };
const forbidDefaults = (w: Walk, reason: string): Walk => ({ ...w, allowDefaults: false, reason });

const OPENAPI_V3_TYPES = ['array', 'boolean', 'integer', 'number', 'object', 'string'];
const META_FIELDS = new Set(['metadata', 'kind', 'apiVersion']);

/** specStandardValidatorV3.validate: what a CRD schema node may not say (before its children). */
function nodeErrors(s: ValueMap, path: string, w: Walk): FieldError[] {
  const out: FieldError[] = [];
  const type = str(getKey(s, 'type'));
  if (type !== '' && !OPENAPI_V3_TYPES.includes(type)) out.push(notSupported(`${path}.type`, type, OPENAPI_V3_TYPES));
  if (set(getKey(s, 'default')) && !w.allowDefaults) out.push(forbidden(`${path}.default`, w.reason ? `must not be set ${w.reason}` : 'must not be set'));
  if (str(getKey(s, 'id')) !== '') out.push(forbidden(`${path}.id`, 'id is not supported'));
  if (set(getKey(s, 'additionalItems'))) out.push(forbidden(`${path}.additionalItems`, 'additionalItems is not supported'));
  const nonEmpty = (k: string) => isMap(getKey(s, k) ?? null) && Object.keys(getKey(s, k) as ValueMap).length > 0;
  if (nonEmpty('patternProperties')) out.push(forbidden(`${path}.patternProperties`, 'patternProperties is not supported'));
  if (nonEmpty('definitions')) out.push(forbidden(`${path}.definitions`, 'definitions is not supported'));
  if (set(getKey(s, 'dependencies'))) out.push(forbidden(`${path}.dependencies`, 'dependencies is not supported'));
  if (set(getKey(s, '$ref'))) out.push(forbidden(`${path}.$ref`, '$ref is not supported'));
  if (type === 'null') out.push(forbidden(`${path}.type`, 'type cannot be set to null, use nullable as an alternative'));
  const items = getKey(s, 'items');
  if (Array.isArray(items) && items.length > 0) out.push(forbidden(`${path}.items`, 'items must be a schema object and not an array'));
  if (w.insideMeta && getKey(s, 'x-kubernetes-embedded-resource') === true) out.push(forbidden(`${path}.x-kubernetes-embedded-resource`, 'must not be used inside of resource meta'));
  if (getKey(s, 'uniqueItems') === true) out.push(forbidden(`${path}.uniqueItems`, 'uniqueItems cannot be set to true since the runtime complexity becomes quadratic'));
  const additional = getKey(s, 'additionalProperties');
  if (set(additional) && nonEmpty('properties') && additional !== true) out.push(forbidden(`${path}.additionalProperties`, 'additionalProperties and properties are mutual exclusive'));
  return out;
}

/**
 * ValidateCustomResourceDefinitionOpenAPISchema's errors for the schema at `path`: each node's
 * own rules (nodeErrors), then its children (additionalProperties, properties, not, allOf,
 * oneOf, anyOf, definitions, items, dependencies), then its extensions: preserve-unknown-fields
 * false, the map type, the list annotations (below). Defaults are forbidden in the root's
 * metadata, apiVersion and kind (`in top-level <name>`) and, inside any resource's metadata,
 * under additionalProperties.
 */
export function openAPISchemaErrors(schema: Value | undefined, path: string, checks: ListChecks = ALL_CHECKS): FieldError[] {
  return openAPIWalk(schema, path, checks, ROOT_WALK, true);
}

function openAPIWalk(schema: Value | undefined, path: string, checks: ListChecks, w: Walk, root: boolean): FieldError[] {
  if (!isMap(schema ?? null)) return [];
  const s = schema as ValueMap;
  const out: FieldError[] = nodeErrors(s, path, w);
  const embedded = getKey(s, 'x-kubernetes-embedded-resource') === true;
  const additional = getKey(s, 'additionalProperties');
  if (isMap(additional ?? null)) {
    const sub = w.insideMeta ? forbidDefaults(w, 'inside additionalProperties applying to object metadata') : w;
    out.push(...openAPIWalk(additional, `${path}.additionalProperties`, checks, sub, false));
  }
  const props = getKey(s, 'properties');
  if (isMap(props ?? null)) {
    for (const k of Object.keys(props as ValueMap)) {
      let sub = w;
      if ((root || embedded) && META_FIELDS.has(k)) {
        sub = { ...sub, insideMeta: true };
        if (root) sub = forbidDefaults(sub, `in top-level ${k}`);
      }
      out.push(...openAPIWalk((props as ValueMap)[k], `${path}.properties[${k}]`, checks, sub, false));
    }
  }
  out.push(...openAPIWalk(getKey(s, 'not'), `${path}.not`, checks, w, false));
  for (const junctor of ['allOf', 'oneOf', 'anyOf']) {
    const list = getKey(s, junctor);
    if (Array.isArray(list)) list.forEach((j, i) => out.push(...openAPIWalk(j, `${path}.${junctor}[${i}]`, checks, w, false)));
  }
  const definitions = getKey(s, 'definitions');
  if (isMap(definitions ?? null)) for (const k of Object.keys(definitions as ValueMap)) out.push(...openAPIWalk((definitions as ValueMap)[k], `${path}.definitions[${k}]`, checks, w, false));
  const itemsValue = getKey(s, 'items');
  if (isMap(itemsValue ?? null)) out.push(...openAPIWalk(itemsValue, `${path}.items`, checks, w, false));
  else if (Array.isArray(itemsValue)) itemsValue.forEach((it, i) => out.push(...openAPIWalk(it, `${path}.items[${i}]`, checks, w, false)));
  const dependencies = getKey(s, 'dependencies');
  if (isMap(dependencies ?? null)) {
    for (const k of Object.keys(dependencies as ValueMap)) {
      const d = (dependencies as ValueMap)[k];
      if (isMap(d ?? null)) out.push(...openAPIWalk(d, `${path}.dependencies[${k}]`, checks, w, false));
    }
  }
  if (getKey(s, 'x-kubernetes-preserve-unknown-fields') === false) out.push(invalidValue(`${path}.x-kubernetes-preserve-unknown-fields`, false, 'must be true or undefined'));
  const type = str(getKey(s, 'type'));
  const mapType = getKey(s, 'x-kubernetes-map-type');
  if (set(mapType) && type !== 'object') {
    if (type === '') out.push(required(`${path}.type`, 'must be object if x-kubernetes-map-type is specified'));
    else out.push(invalidValue(`${path}.type`, type, 'must be object if x-kubernetes-map-type is specified'));
  }
  if (set(mapType) && mapType !== 'atomic' && mapType !== 'granular') out.push(notSupported(`${path}.x-kubernetes-map-type`, str(mapType), ['atomic', 'granular']));
  out.push(...listRuleErrors(s, path, checks));
  out.push(...celRuleTextErrors(s, path));
  return out;
}

const VALIDATION_REASONS = ['FieldValueDuplicate', 'FieldValueForbidden', 'FieldValueInvalid', 'FieldValueRequired'];
const hasNewlines = (t: string): boolean => /[\n\r]/.test(t);

/**
 * The texts of each `x-kubernetes-validations` rule (its CEL is not compiled here): a rule, a
 * message not blank and on one line (required when the rule has line breaks), a messageExpression
 * not blank, a known reason, a fieldPath not blank and on one line.
 */
function celRuleTextErrors(s: ValueMap, path: string): FieldError[] {
  const out: FieldError[] = [];
  const rules = getKey(s, 'x-kubernetes-validations');
  if (!Array.isArray(rules)) return out;
  rules.forEach((r, i) => {
    const rule = isMap(r ?? null) ? (r as ValueMap) : ({} as ValueMap);
    const at = `${path}.x-kubernetes-validations[${i}]`;
    const text = str(getKey(rule, 'rule')).trim();
    const message = str(getKey(rule, 'message'));
    if (text === '') out.push(required(`${at}.rule`, 'rule is not specified'));
    else if (message !== '' && message.trim() === '') out.push(invalidValue(`${at}.message`, message, 'message must be non-empty if specified'));
    else if (hasNewlines(message.trim())) out.push(invalidValue(`${at}.message`, message, 'message must not contain line breaks'));
    else if (hasNewlines(text) && message.trim() === '') out.push(required(`${at}.message`, 'message must be specified if rule contains line breaks'));
    const messageExpression = str(getKey(rule, 'messageExpression'));
    if (messageExpression !== '' && messageExpression.trim() === '') out.push(required(`${at}.messageExpression`, 'messageExpression must be non-empty if specified'));
    const reason = getKey(rule, 'reason');
    if (typeof reason === 'string' && !VALIDATION_REASONS.includes(reason)) out.push(notSupported(`${at}.reason`, reason, VALIDATION_REASONS));
    const fieldPath = str(getKey(rule, 'fieldPath'));
    if (fieldPath !== '' && fieldPath.trim() === '') out.push(invalidValue(`${at}.fieldPath`, fieldPath, 'fieldPath must be non-empty if specified'));
    if (hasNewlines(fieldPath)) out.push(invalidValue(`${at}.fieldPath`, fieldPath, 'fieldPath must not contain line breaks'));
  });
  return out;
}

/** The list annotations' rules for one node (Go checks them after the node's children). */
function listRuleErrors(s: ValueMap, path: string, checks: ListChecks): FieldError[] {
  const out: FieldError[] = [];
  const itemsValue = getKey(s, 'items');
  const items = isMap(itemsValue ?? null) ? (itemsValue as ValueMap) : undefined;
  const type = str(getKey(s, 'type'));
  const listTypeValue = getKey(s, 'x-kubernetes-list-type');
  const listType = set(listTypeValue) ? str(listTypeValue) : undefined;
  const keysValue = getKey(s, 'x-kubernetes-list-map-keys');
  const keys = Array.isArray(keysValue) ? keysValue.map((k) => str(k)) : [];
  const itemType = items ? str(getKey(items, 'type')) : '';
  const itemProps = items && isMap(getKey(items, 'properties') ?? null) ? (getKey(items, 'properties') as ValueMap) : undefined;
  const keysValueText = goStringSlice(keys);
  const badKeys = (detail: string): FieldError => ({ type: 'FieldValueInvalid', field: `${path}.x-kubernetes-list-map-keys`, value: keysValueText, detail });

  if (listType !== undefined && type !== 'array') {
    if (type === '') out.push(required(`${path}.type`, 'must be array if x-kubernetes-list-type is specified'));
    else out.push(invalidValue(`${path}.type`, type, 'must be array if x-kubernetes-list-type is specified'));
  } else if (checks.atomicSet && listType === 'set' && items && itemType === 'array') {
    const inner = getKey(items, 'x-kubernetes-list-type');
    if (set(inner) && inner !== 'atomic') out.push(invalidValue(`${path}.items.x-kubernetes-list-type`, str(inner), ATOMIC_SET_DETAIL));
  } else if (checks.atomicSet && listType === 'set' && items && itemType === 'object' && getKey(items, 'x-kubernetes-map-type') !== 'atomic') {
    // Go prints the items' list type here (a nil pointer prints as "null").
    const inner = getKey(items, 'x-kubernetes-list-type');
    out.push(invalidValue(`${path}.items.x-kubernetes-map-type`, set(inner) ? str(inner) : 'null', ATOMIC_SET_DETAIL));
  }
  if (listType !== undefined && listType !== 'atomic' && listType !== 'set' && listType !== 'map') {
    out.push(notSupported(`${path}.x-kubernetes-list-type`, listType, ['atomic', 'set', 'map']));
  }
  if (keys.length > 0) {
    if (listType === undefined) out.push(required(`${path}.x-kubernetes-list-type`, 'must be map if x-kubernetes-list-map-keys is non-empty'));
    else if (listType !== 'map') out.push(invalidValue(`${path}.x-kubernetes-list-type`, listType, 'must be map if x-kubernetes-list-map-keys is non-empty'));
  }
  if (listType === 'map') {
    if (keys.length === 0) out.push(required(`${path}.x-kubernetes-list-map-keys`, 'must not be empty if x-kubernetes-list-type is map'));
    if (!set(itemsValue)) out.push(required(`${path}.items`, 'must have a schema if x-kubernetes-list-type is map'));
    if (items && itemType !== 'object') out.push(invalidValue(`${path}.items.type`, itemType, "must be object if parent array's x-kubernetes-list-type is map"));
    if (items && itemType === 'object') {
      const seen = new Set<string>();
      for (const k of keys) {
        const prop = itemProps && isMap(getKey(itemProps, k) ?? null) ? (getKey(itemProps, k) as ValueMap) : undefined;
        if (prop) {
          const kt = str(getKey(prop, 'type'));
          // Go prints the items' type here, not the key's.
          if (kt === 'array' || kt === 'object') out.push(invalidValue(`${path}.items.properties[${k}].type`, itemType, "must be a scalar type if parent array's x-kubernetes-list-type is map"));
        } else out.push(badKeys('entries must all be names of item properties'));
        if (seen.has(k)) out.push(badKeys('must not contain duplicate entries'));
        seen.add(k);
      }
    }
  }
  // validateMapListKeysMapSet
  if (checks.mapListKeys && items && (listType === 'set' || listType === 'map')) {
    if (getKey(items, 'nullable') === true) out.push(forbidden(`${path}.items.nullable`, `${NULLABLE_ITEMS}${listType}`));
    if (listType === 'map') {
      const req = getKey(items, 'required');
      const requiredKeys = new Set(Array.isArray(req) ? req.map((r) => str(r)) : []);
      for (const k of keys) {
        const prop = itemProps && isMap(getKey(itemProps, k) ?? null) ? (getKey(itemProps, k) as ValueMap) : undefined;
        if (!prop) continue;
        if (!requiredKeys.has(k) && !set(getKey(prop, 'default'))) {
          out.push(required(`${path}.items.properties[${k}].default`, KEY_DEFAULT));
        }
        if (getKey(prop, 'nullable') === true) out.push(forbidden(`${path}.items.properties[${k}].nullable`, KEY_NULLABLE));
      }
    }
  }
  return out;
}
