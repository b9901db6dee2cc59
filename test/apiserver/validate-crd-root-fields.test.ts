/**
 * With the status subresource, the root of a CRD schema may set only the fields of
 * allowedFieldsAtRootSchema; the first other field (in the internal struct's order) is refused
 * with the whole root as Go's `%#v` prints the internal `apiextensions.JSONSchemaProps`. Facts:
 * k8s.io/apiextensions-apiserver v0.32.9 pkg/apis/apiextensions/validation/validation.go
 * (validateCustomResourceDefinitionValidation, allowedFieldsAtRootSchema),
 * pkg/apis/apiextensions/types_jsonschema.go (the fields, in order), apimachinery v0.32.13
 * field.Error (a struct value printed with `%#v`).
 */
import { describe, expect, it } from 'vitest';
import { cluster, fail, obj, ok } from './helpers.js';

const NOW = '2024-02-24T15:24:00Z';
const crd = (openAPIV3Schema: unknown, subresources: unknown = { status: {} }) =>
  obj({
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.example.com' },
    spec: { group: 'example.com', names: { kind: 'Widget', plural: 'widgets' }, scope: 'Namespaced', versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema }, subresources }] },
  });
const real = () => cluster({ harness: false, now: NOW });
const refused = (body: ReturnType<typeof crd>) => {
  const r = fail(real().create(body, { fieldManager: 'admin' }));
  return [r.code, r.message];
};
const invalid = (causes: string[]) => [422, `CustomResourceDefinition.apiextensions.k8s.io "widgets.example.com" is invalid: ${causes.length === 1 ? causes[0] : `[${causes.join(', ')}]`}`];

/** The internal struct at its zero value, written out from types_jsonschema.go. */
const ZERO =
  'apiextensions.JSONSchemaProps{ID:"", Schema:"", Ref:(*string)(nil), Description:"", Type:"", Nullable:false, Format:"", Title:"", ' +
  'Default:(*apiextensions.JSON)(nil), Maximum:(*float64)(nil), ExclusiveMaximum:false, Minimum:(*float64)(nil), ExclusiveMinimum:false, ' +
  'MaxLength:(*int64)(nil), MinLength:(*int64)(nil), Pattern:"", MaxItems:(*int64)(nil), MinItems:(*int64)(nil), UniqueItems:false, ' +
  'MultipleOf:(*float64)(nil), Enum:[]apiextensions.JSON(nil), MaxProperties:(*int64)(nil), MinProperties:(*int64)(nil), Required:[]string(nil), ' +
  'Items:(*apiextensions.JSONSchemaPropsOrArray)(nil), AllOf:[]apiextensions.JSONSchemaProps(nil), OneOf:[]apiextensions.JSONSchemaProps(nil), ' +
  'AnyOf:[]apiextensions.JSONSchemaProps(nil), Not:(*apiextensions.JSONSchemaProps)(nil), Properties:map[string]apiextensions.JSONSchemaProps(nil), ' +
  'AdditionalProperties:(*apiextensions.JSONSchemaPropsOrBool)(nil), PatternProperties:map[string]apiextensions.JSONSchemaProps(nil), ' +
  'Dependencies:apiextensions.JSONSchemaDependencies(nil), AdditionalItems:(*apiextensions.JSONSchemaPropsOrBool)(nil), ' +
  'Definitions:apiextensions.JSONSchemaDefinitions(nil), ExternalDocs:(*apiextensions.ExternalDocumentation)(nil), Example:(*apiextensions.JSON)(nil), ' +
  'XPreserveUnknownFields:(*bool)(nil), XEmbeddedResource:false, XIntOrString:false, XListMapKeys:[]string(nil), XListType:(*string)(nil), ' +
  'XMapType:(*string)(nil), XValidations:apiextensions.ValidationRules(nil)}';
/** ZERO with some fields set: `{ Type: '"object"' }`. */
const FIELDS = ZERO.slice('apiextensions.JSONSchemaProps{'.length, -1).split(', ').map((f) => [f.slice(0, f.indexOf(':')), f.slice(f.indexOf(':') + 1)]);
const props = (set: Record<string, string>) => {
  for (const k of Object.keys(set)) if (!FIELDS.some(([name]) => name === k)) throw new Error(`no field ${k}`);
  return `apiextensions.JSONSchemaProps{${FIELDS.map(([k, v]) => `${k}:${set[k] ?? v}`).join(', ')}}`;
};
const ONLY =
  'only [Description Type Format Title Maximum ExclusiveMaximum Minimum ExclusiveMinimum MaxLength MinLength Pattern MaxItems MinItems UniqueItems ' +
  'MultipleOf Required Items Properties ExternalDocs Example XPreserveUnknownFields XValidations] fields are allowed at the root of the schema if the status subresource is enabled';
const P = 'spec.validation.openAPIV3Schema';

describe('the root of a schema beside the status subresource', () => {
  it('the zero struct helper sets what it is given', () => {
    expect(props({ Type: '"object"', Nullable: 'true' })).toContain('Description:"", Type:"object", Nullable:true, Format:""');
    expect(props({ Enum: '[]apiextensions.JSON{"a"}' })).toContain('Enum:[]apiextensions.JSON{"a"}, MaxProperties:');
  });

  it('anyOf at the root is refused with the whole schema, nested schemas printed in full', () => {
    const body = crd({ type: 'object', properties: { spec: { type: 'string' } }, anyOf: [{ required: ['spec'] }] });
    const root = props({
      Type: '"object"',
      AnyOf: `[]apiextensions.JSONSchemaProps{${props({ Required: '[]string{"spec"}' })}}`,
      Properties: `map[string]apiextensions.JSONSchemaProps{"spec":${props({ Type: '"string"' })}}`,
    });
    expect(refused(body)).toEqual(invalid([`${P}: Invalid value: ${root}: ${ONLY}`]));
    expect(ok(real().create(crd({ type: 'object', properties: { spec: { type: 'string' } }, anyOf: [{ required: ['spec'] }] }, {}), { fieldManager: 'admin' })).metadata).toBeDefined();
  });

  it('nullable and enum: the first field not allowed in struct order is the one reported', () => {
    const body = crd({ type: 'object', nullable: true, enum: [{ a: 1 }, null], properties: { a: { type: 'string' } } });
    const root = props({
      Type: '"object"',
      Nullable: 'true',
      Enum: '[]apiextensions.JSON{map[string]interface {}{"a":1}, apiextensions.JSON(nil)}',
      Properties: `map[string]apiextensions.JSONSchemaProps{"a":${props({ Type: '"string"' })}}`,
    });
    expect(refused(body)[1]).toContain(`${P}: Invalid value: ${root}: ${ONLY}, ${P}.nullable: Forbidden: nullable cannot be true at the root`);
  });

  it('a type other than object comes first when it is set before the field', () => {
    expect(refused(crd({ type: 'string', minProperties: 1 }))[1]).toContain(`${P}.type: Invalid value: "string": only "object" is allowed as the type at the root of the schema if the status subresource is enabled`);
  });

  it('fields before type ($schema) are reported instead of it', () => {
    const body = crd({ $schema: 'http://json-schema.org/draft-04/schema#', type: 'object', properties: { a: { type: 'string' } } });
    const root = props({ Schema: '"http://json-schema.org/draft-04/schema#"', Type: '"object"', Properties: `map[string]apiextensions.JSONSchemaProps{"a":${props({ Type: '"string"' })}}` });
    expect(refused(body)[1]).toContain(`${P}: Invalid value: ${root}: ${ONLY}`);
  });

  it('a schema holding a set pointer (Go prints its address) is written with {...}', () => {
    const body = crd({ type: 'object', minProperties: 1, properties: { a: { type: 'string' } } });
    expect(refused(body)).toEqual(invalid([`${P}: Invalid value: apiextensions.JSONSchemaProps{...}: ${ONLY}`]));
  });
});
