/**
 * A v1 CRD schema node as Go's `%#v` prints the internal `apiextensions.JSONSchemaProps` it
 * converts to, the value field.Invalid carries for `only [...] fields are allowed at the root of
 * the schema if the status subresource is enabled`. Facts (k8s.io/apiextensions-apiserver
 * v0.32.9): the struct's fields in pkg/apis/apiextensions/types_jsonschema.go, in the order of
 * JSON_SCHEMA_PROPS_FIELDS; the v1 conversion keeps an empty list or map non-nil and decodes
 * JSON values with k8s.io/apimachinery's json (whole numbers int64). Go's `%#v`: every field
 * `Name:value`, `, ` between; a nil pointer `(*T)(nil)`, a nil slice or map `T(nil)`, a named
 * string type as a quoted string, map entries by sorted key, elements of a slice or map of
 * structs with their type name. A set pointer prints as its memory address, which no two runs
 * share: a schema holding one anywhere is written `apiextensions.JSONSchemaProps{...}`.
 */
import { formatGoNumber, goQuote } from '../fieldpath/format-go-value.js';
import { compareStrings } from '../value/compare-strings.js';
import { getKey, isMap, type Value, type ValueMap } from '../value/value.js';

const P = 'apiextensions.JSONSchemaProps';

/** How a field is held: a pointer (the Go type it points to), or a value kind. */
type Kind = { ptr: string } | 'string' | 'bool' | 'enum' | 'strings' | 'schemas' | 'schemaMap' | 'dependencies' | 'definitions' | 'rules';

/** The internal fields in struct order, with the v1 JSON key each comes from. */
export const JSON_SCHEMA_PROPS_FIELDS: readonly (readonly [string, string, Kind])[] = [
  ['ID', 'id', 'string'],
  ['Schema', '$schema', 'string'],
  ['Ref', '$ref', { ptr: 'string' }],
  ['Description', 'description', 'string'],
  ['Type', 'type', 'string'],
  ['Nullable', 'nullable', 'bool'],
  ['Format', 'format', 'string'],
  ['Title', 'title', 'string'],
  ['Default', 'default', { ptr: 'apiextensions.JSON' }],
  ['Maximum', 'maximum', { ptr: 'float64' }],
  ['ExclusiveMaximum', 'exclusiveMaximum', 'bool'],
  ['Minimum', 'minimum', { ptr: 'float64' }],
  ['ExclusiveMinimum', 'exclusiveMinimum', 'bool'],
  ['MaxLength', 'maxLength', { ptr: 'int64' }],
  ['MinLength', 'minLength', { ptr: 'int64' }],
  ['Pattern', 'pattern', 'string'],
  ['MaxItems', 'maxItems', { ptr: 'int64' }],
  ['MinItems', 'minItems', { ptr: 'int64' }],
  ['UniqueItems', 'uniqueItems', 'bool'],
  ['MultipleOf', 'multipleOf', { ptr: 'float64' }],
  ['Enum', 'enum', 'enum'],
  ['MaxProperties', 'maxProperties', { ptr: 'int64' }],
  ['MinProperties', 'minProperties', { ptr: 'int64' }],
  ['Required', 'required', 'strings'],
  ['Items', 'items', { ptr: 'apiextensions.JSONSchemaPropsOrArray' }],
  ['AllOf', 'allOf', 'schemas'],
  ['OneOf', 'oneOf', 'schemas'],
  ['AnyOf', 'anyOf', 'schemas'],
  ['Not', 'not', { ptr: P }],
  ['Properties', 'properties', 'schemaMap'],
  ['AdditionalProperties', 'additionalProperties', { ptr: 'apiextensions.JSONSchemaPropsOrBool' }],
  ['PatternProperties', 'patternProperties', 'schemaMap'],
  ['Dependencies', 'dependencies', 'dependencies'],
  ['AdditionalItems', 'additionalItems', { ptr: 'apiextensions.JSONSchemaPropsOrBool' }],
  ['Definitions', 'definitions', 'definitions'],
  ['ExternalDocs', 'externalDocs', { ptr: 'apiextensions.ExternalDocumentation' }],
  ['Example', 'example', { ptr: 'apiextensions.JSON' }],
  ['XPreserveUnknownFields', 'x-kubernetes-preserve-unknown-fields', { ptr: 'bool' }],
  ['XEmbeddedResource', 'x-kubernetes-embedded-resource', 'bool'],
  ['XIntOrString', 'x-kubernetes-int-or-string', 'bool'],
  ['XListMapKeys', 'x-kubernetes-list-map-keys', 'strings'],
  ['XListType', 'x-kubernetes-list-type', { ptr: 'string' }],
  ['XMapType', 'x-kubernetes-map-type', { ptr: 'string' }],
  ['XValidations', 'x-kubernetes-validations', 'rules'],
];

/** The field at its Go zero value (reflect.DeepEqual with the zero): absent, null, "", false. */
export function isGoZero(v: Value | undefined, kind: Kind): boolean {
  if (v === undefined || v === null) return true;
  if (kind === 'string') return v === '';
  if (kind === 'bool') return v !== true;
  return false;
}

/** Thrown inside the printer where Go would print an address. */
class Address extends Error {}

const str = (v: Value | undefined): string => goQuote(typeof v === 'string' ? v : '');

/** `%#v` of a value decoded into `interface{}` (maps `map[string]interface {}`, whole numbers int64). */
function anyValue(v: Value, nilType: string): string {
  if (v === null) return `${nilType}(nil)`;
  if (typeof v === 'string') return goQuote(v);
  if (typeof v === 'number' || typeof v === 'bigint') return formatGoNumber(v);
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[]interface {}{${v.map((x) => anyValue(x, 'interface {}')).join(', ')}}`;
  const keys = Object.keys(v).sort(compareStrings);
  return `map[string]interface {}{${keys.map((k) => `${goQuote(k)}:${anyValue(v[k], 'interface {}')}`).join(', ')}}`;
}

function list(type: string, v: Value | undefined, item: (x: Value) => string): string {
  if (!Array.isArray(v)) return `${type}(nil)`;
  return `${type}{${v.map(item).join(', ')}}`;
}

function map(type: string, v: Value | undefined, item: (x: Value) => string): string {
  if (!isMap(v ?? null)) return `${type}(nil)`;
  const m = v as ValueMap;
  return `${type}{${Object.keys(m).sort(compareStrings).map((k) => `${goQuote(k)}:${item(m[k])}`).join(', ')}}`;
}

const asMap = (v: Value): ValueMap => (isMap(v) ? v : ({} as ValueMap));

function rule(r: ValueMap): string {
  for (const k of ['reason', 'optionalOldSelf']) if (isSetPointer(getKey(r, k))) throw new Address();
  return (
    `apiextensions.ValidationRule{Rule:${str(getKey(r, 'rule'))}, Message:${str(getKey(r, 'message'))}, MessageExpression:${str(getKey(r, 'messageExpression'))}, ` +
    `Reason:(*apiextensions.FieldValueErrorReason)(nil), FieldPath:${str(getKey(r, 'fieldPath'))}, OptionalOldSelf:(*bool)(nil)}`
  );
}

const isSetPointer = (v: Value | undefined): boolean => v !== undefined && v !== null;

function field(v: Value | undefined, kind: Kind): string {
  if (typeof kind === 'object') {
    if (isSetPointer(v)) throw new Address();
    return `(*${kind.ptr})(nil)`;
  }
  switch (kind) {
    case 'string':
      return str(v);
    case 'bool':
      return String(v === true);
    case 'enum':
      return list('[]apiextensions.JSON', v, (x) => anyValue(x, 'apiextensions.JSON'));
    case 'strings':
      return list('[]string', v, (x) => str(x));
    case 'schemas':
      return list(`[]${P}`, v, (x) => props(asMap(x)));
    case 'schemaMap':
      return map(`map[string]${P}`, v, (x) => props(asMap(x)));
    case 'definitions':
      return map('apiextensions.JSONSchemaDefinitions', v, (x) => props(asMap(x)));
    case 'dependencies':
      // JSONSchemaPropsOrStringArray: a schema is behind a pointer; a list of names is Property.
      return map('apiextensions.JSONSchemaDependencies', v, (x) => {
        if (!Array.isArray(x)) throw new Address();
        return `apiextensions.JSONSchemaPropsOrStringArray{Schema:(*${P})(nil), Property:${list('[]string', x, (y) => str(y))}}`;
      });
    case 'rules':
      return list('apiextensions.ValidationRules', v, (x) => rule(asMap(x)));
  }
}

function props(s: ValueMap): string {
  return `${P}{${JSON_SCHEMA_PROPS_FIELDS.map(([name, key, kind]) => `${name}:${field(getKey(s, key), kind)}`).join(', ')}}`;
}

/** The schema node as field.Error prints it, or `apiextensions.JSONSchemaProps{...}` where Go prints an address. */
export function goJsonSchemaProps(s: ValueMap): string {
  try {
    return props(s);
  } catch (e) {
    if (e instanceof Address) return `${P}{...}`;
    throw e;
  }
}
