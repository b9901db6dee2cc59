/**
 * A CRD whose schema declares `default:` values is checked as apiextensions-apiserver 1.32 checks
 * it (pkg/apiserver/schema/defaulting/validation.go ValidateDefaults, after ValidateStructural):
 * every default outside the resource's metadata must survive pruning against its own schema
 * (`must not have unknown fields`, the default printed as Go's `%#v` of the decoded JSON) and
 * must pass the node's own schema validation (errors under `<node>.default`, kube-openapi's
 * names relative to the default). Defaults are forbidden in the top-level metadata, apiVersion
 * and kind (pkg/apis/apiextensions/validation's specStandardValidatorV3).
 */
import { describe, expect, it } from 'vitest';
import { createCluster, serve, withExistingObject } from '../../src/apiserver/server.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { cluster, fail, obj, ok } from './helpers.js';

const NOW = '2024-02-24T15:24:00Z';
type Spec = Record<string, any>;
const props = (spec: Record<string, unknown>) => ({ openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: spec } } } });
const crd = (schema: unknown, edit: (spec: Spec) => void = () => {}) => {
  const spec: Spec = { group: 'example.com', names: { kind: 'Widget', plural: 'widgets' }, scope: 'Namespaced', versions: [{ name: 'v1', served: true, storage: true, schema }] };
  edit(spec);
  return obj({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'widgets.example.com' }, spec });
};
const real = () => cluster({ harness: false, now: NOW });
const message = (body: ReturnType<typeof crd>) => fail(real().create(body, { fieldManager: 'admin' }));
const invalid = (causes: string[]) => `CustomResourceDefinition.apiextensions.k8s.io "widgets.example.com" is invalid: ${causes.length === 1 ? causes[0] : `[${causes.join(', ')}]`}`;
const P = 'spec.validation.openAPIV3Schema.properties[spec]';

describe('CRD schema defaults', () => {
  it('valid defaults are accepted: scalars, objects within their schema, unknown fields kept under x-kubernetes-preserve-unknown-fields', () => {
    const schema = props({
      replicas: { type: 'integer', default: 1 },
      mode: { type: 'string', enum: ['a', 'b'], default: 'a' },
      ref: { type: 'object', properties: { name: { type: 'string' } }, default: { name: 'x' } },
      free: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, default: { any: 1, thing: [true] } },
      tags: { type: 'array', items: { type: 'string' }, default: ['a'] },
      labels: { type: 'object', additionalProperties: { type: 'string' }, default: { k: 'v' } },
    });
    expect(ok(real().create(crd(schema), { fieldManager: 'admin' })).metadata).toBeDefined();
  });

  it('a default of the wrong type is TypeInvalid under `.default`, kube-openapi naming the root of the default by nothing', () => {
    const r = message(crd(props({ replicas: { type: 'integer', default: 'three' } })));
    expect([r.code, r.message]).toEqual([422, invalid([`${P}.properties[replicas].default: Invalid value: "string":  in body must be of type integer: "string"`])]);
    expect(r.causes).toEqual([{ reason: 'FieldValueTypeInvalid', field: `${P}.properties[replicas].default`, message: 'Invalid value: "string":  in body must be of type integer: "string"' }]);
  });

  it('errors inside an object default name the field below `.default`; enum, pattern and bounds are checked', () => {
    const schema = props({
      ref: { type: 'object', properties: { name: { type: 'string', pattern: '^[a-z]+$' }, port: { type: 'integer', maximum: 10 } }, default: { name: 'X1', port: 80 } },
      mode: { type: 'string', enum: ['a', 'b'], default: 'c' },
    });
    expect(message(crd(schema)).message).toBe(
      invalid([
        `${P}.properties[ref].default.name: Invalid value: "X1": name in body should match '^[a-z]+$'`,
        `${P}.properties[ref].default.port: Invalid value: 80: port in body should be less than or equal to 10`,
        `${P}.properties[mode].default: Unsupported value: "c": supported values: "a", "b"`,
      ]),
    );
  });

  it('a null inside a default where the schema does not allow it is a type error ("null"); a nullable field may be null', () => {
    const schema = props({ ref: { type: 'object', properties: { name: { type: 'string' }, note: { type: 'string', nullable: true } }, default: { name: null, note: null } } });
    expect(message(crd(schema)).message).toBe(invalid([`${P}.properties[ref].default.name: Invalid value: "null": name in body must be of type string: "null"`]));
  });

  it('a default with fields its schema prunes: `must not have unknown fields`, the default as Go prints a map', () => {
    const schema = props({
      ref: { type: 'object', properties: { name: { type: 'string' } }, default: { name: 'x', bar: 42, list: ['a', 1.5, null], nested: { b: true } } },
      holder: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, properties: { inner: { type: 'object', default: { foo: 'abc' } } } },
    });
    expect(message(crd(schema)).message).toBe(
      invalid([
        `${P}.properties[ref].default: Invalid value: map[string]interface {}{"bar":42, "list":[]interface {}{"a", 1.5, interface {}(nil)}, "name":"x", "nested":map[string]interface {}{"b":true}}: must not have unknown fields`,
        `${P}.properties[holder].properties[inner].default: Invalid value: map[string]interface {}{"foo":"abc"}: must not have unknown fields`,
      ]),
    );
  });

  it('items and list defaults are pruned through their item schema', () => {
    const schema = props({ list: { type: 'array', items: { type: 'object', properties: { k: { type: 'string' } } }, default: [{ k: 'a', x: 1 }] } });
    expect(message(crd(schema)).message).toBe(invalid([`${P}.properties[list].default: Invalid value: []interface {}{map[string]interface {}{"k":"a", "x":1}}: must not have unknown fields`]));
  });

  it('defaults are forbidden in the top-level metadata, apiVersion and kind', () => {
    const schema = {
      openAPIV3Schema: {
        type: 'object',
        properties: {
          metadata: { type: 'object', properties: { name: { type: 'string', default: 'n' } } },
          kind: { type: 'string', default: 'Widget' },
          spec: { type: 'object' },
        },
      },
    };
    expect(message(crd(schema)).message).toBe(
      invalid([
        'spec.validation.openAPIV3Schema.properties[metadata].properties[name].default: Forbidden: must not be set in top-level metadata',
        'spec.validation.openAPIV3Schema.properties[kind].default: Forbidden: must not be set in top-level kind',
      ]),
    );
  });

  it('per-version schemas are reported at their version', () => {
    const bad = props({ replicas: { type: 'integer', default: 'three' } });
    const body = crd(bad, (s) => s.versions.push({ name: 'v2', served: true, storage: false, schema: props({ replicas: { type: 'integer', default: 2 } }) }));
    expect(message(body).message).toBe(
      invalid(['spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[replicas].default: Invalid value: "string":  in body must be of type integer: "string"']),
    );
  });

  it('a schema that is not structural is reported as such, its defaults unchecked', () => {
    const schema = props({ replicas: { default: 'three' } });
    expect(message(crd(schema)).message).toBe(invalid([`${P}.properties[replicas].type: Required value: must not be empty for specified object fields`]));
  });

  it('an update may keep a stored default with unknown fields; a CRD stored without one may not gain one', () => {
    const unpruned = (extra: Record<string, unknown> = {}) => crd(props({ ref: { type: 'object', properties: { name: { type: 'string' } }, default: { name: 'x', extra: 1 } }, ...extra }));
    // Stored as an older server stored it: seeded without validation.
    const seeded = withExistingObject(createCluster({ catalog: builtinCatalog(), now: NOW }), unpruned());
    if ('problem' in seeded) throw new Error(seeded.problem);
    const r = serve(seeded.state, { verb: 'apply', body: unpruned({ more: { type: 'string' } }), options: { fieldManager: 'admin', force: true } });
    expect(r.response.ok ? r.response.code : r.response.status.message).toBe(200);
    const c = real();
    ok(c.create(crd(props({ ref: { type: 'object', properties: { name: { type: 'string' } }, default: { name: 'x' } } })), { fieldManager: 'admin' }));
    expect(fail(c.apply(unpruned(), { fieldManager: 'admin', force: true })).message).toBe(
      invalid([`${P}.properties[ref].default: Invalid value: map[string]interface {}{"extra":1, "name":"x"}: must not have unknown fields`]),
    );
  });

  it('spec.preserveUnknownFields true: refused, and with defaults it must be false to use them', () => {
    const body = crd(props({ replicas: { type: 'integer', default: 1 } }), (s) => (s.preserveUnknownFields = true));
    expect(message(body).message).toBe(
      invalid([
        'spec.preserveUnknownFields: Invalid value: true: must be false in order to use defaults in the schema',
        'spec.preserveUnknownFields: Invalid value: true: cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead',
      ]),
    );
  });
});

describe('CRD schema: what an OpenAPI v3 node may not say (specStandardValidatorV3)', () => {
  const R = 'spec.validation.openAPIV3Schema';
  it('unknown and null types, unsupported keywords, uniqueItems, properties with additionalProperties', () => {
    const schema = {
      openAPIV3Schema: {
        type: 'object',
        properties: {
          a: { type: 'text' },
          b: { type: 'null' },
          c: { type: 'string', id: 'x', $ref: '#/x' },
          d: { type: 'array', items: { type: 'string' }, uniqueItems: true },
          e: { type: 'object', properties: { x: { type: 'string' } }, additionalProperties: { type: 'string' } },
          f: { type: 'object', properties: { x: { type: 'string' } }, additionalProperties: true },
          g: { type: 'object', 'x-kubernetes-preserve-unknown-fields': false },
          h: { type: 'string', 'x-kubernetes-map-type': 'atomic' },
          i: { type: 'object', 'x-kubernetes-map-type': 'other' },
        },
      },
    };
    expect(message(crd(schema)).message).toBe(
      invalid([
        `${R}.properties[a].type: Unsupported value: "text": supported values: "array", "boolean", "integer", "number", "object", "string"`,
        `${R}.properties[b].type: Unsupported value: "null": supported values: "array", "boolean", "integer", "number", "object", "string"`,
        `${R}.properties[b].type: Forbidden: type cannot be set to null, use nullable as an alternative`,
        `${R}.properties[c].id: Forbidden: id is not supported`,
        `${R}.properties[c].$ref: Forbidden: $ref is not supported`,
        `${R}.properties[d].uniqueItems: Forbidden: uniqueItems cannot be set to true since the runtime complexity becomes quadratic`,
        `${R}.properties[e].additionalProperties: Forbidden: additionalProperties and properties are mutual exclusive`,
        `${R}.properties[g].x-kubernetes-preserve-unknown-fields: Invalid value: false: must be true or undefined`,
        `${R}.properties[h].type: Invalid value: "string": must be object if x-kubernetes-map-type is specified`,
        `${R}.properties[i].x-kubernetes-map-type: Unsupported value: "other": supported values: "atomic", "granular"`,
      ]),
    );
  });

  it('a nullable root is forbidden; with the status subresource the root must be an object', () => {
    const nullable = { openAPIV3Schema: { type: 'object', nullable: true, properties: { spec: { type: 'object' } } } };
    expect(message(crd(nullable)).message).toBe(invalid([`${R}.nullable: Forbidden: nullable cannot be true at the root`]));
    const stringRoot = { openAPIV3Schema: { type: 'string' } };
    const body = crd(stringRoot, (s) => (s.versions[0].subresources = { status: {} }));
    expect(message(body).message).toBe(
      invalid([`${R}.type: Invalid value: "string": only "object" is allowed as the type at the root of the schema if the status subresource is enabled`, `${R}.type: Invalid value: "string": must be object at the root`]),
    );
  });
});

describe('CRD versions: printer columns and deprecation warnings', () => {
  const ok1 = props({ replicas: { type: 'integer' } });
  it('printer columns need a name, a known type and format, and a simple json path (named JSONPath, as in the internal type)', () => {
    const columns = [
      { type: 'integer', jsonPath: '.spec.replicas' },
      { name: 'B', jsonPath: '.spec.b' },
      { name: 'C', type: 'float', format: 'decimal', jsonPath: 'spec.c' },
      { name: 'D', type: 'string' },
      { name: 'E', type: 'date', format: 'date-time', jsonPath: '.metadata.creationTimestamp' },
    ];
    const C = 'spec.additionalPrinterColumns';
    const body = crd(ok1, (s) => (s.versions[0].additionalPrinterColumns = columns));
    expect(message(body).message).toBe(
      invalid([
        `${C}[0].name: Required value`,
        `${C}[1].type: Required value: must be one of boolean,date,integer,number,string`,
        `${C}[2].type: Invalid value: "float": must be one of boolean,date,integer,number,string`,
        `${C}[2].format: Invalid value: "decimal": must be one of byte,date,date-time,double,float,int32,int64,password`,
        `${C}[2].JSONPath: Invalid value: "spec.c": must be a simple json path starting with .`,
        `${C}[3].JSONPath: Required value`,
      ]),
    );
    // Columns that differ between versions stay at their version, after its schema and subresources.
    const two = crd(ok1, (s) => {
      s.versions[0].additionalPrinterColumns = [{ name: 'A', type: 'integer' }];
      s.versions.push({ name: 'v2', served: true, storage: false, schema: ok1, additionalPrinterColumns: [{ name: 'A', type: 'integer', jsonPath: '.spec.a' }] });
    });
    expect(message(two).message).toBe(invalid(['spec.versions[0].additionalPrinterColumns[0].JSONPath: Required value']));
  });

  it('a deprecation warning only on a deprecated version, not empty, at most 256 bytes, printable', () => {
    const warn = (deprecated: boolean, deprecationWarning: string) => crd(ok1, (s) => Object.assign(s.versions[0], { deprecated, deprecationWarning }));
    expect(message(warn(false, 'use v2')).message).toBe(invalid(['spec.versions[0].deprecationWarning: Invalid value: "use v2": can only be set for deprecated versions']));
    expect(message(warn(true, '')).message).toBe(invalid(['spec.versions[0].deprecationWarning: Invalid value: "": must not be an empty string']));
    expect(message(warn(true, 'é'.repeat(129))).message).toBe(invalid([`spec.versions[0].deprecationWarning: Invalid value: "${'é'.repeat(129)}": must be <= 256 characters long`]));
    expect(message(warn(true, 'use\tv2')).message).toBe(
      invalid(['spec.versions[0].deprecationWarning: Invalid value: "use\\tv2": must only contain printable UTF-8 characters; non-printable character found at index 3']),
    );
    expect(ok(real().create(warn(true, 'use v2'), { fieldManager: 'admin' })).metadata).toBeDefined();
  });
});

describe('CRD schema: more structural invariants (ValidateStructural)', () => {
  const R = 'spec.validation.openAPIV3Schema';
  const root = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ openAPIV3Schema: { type: 'object', properties, ...extra } });

  it('errors are sorted by their text, as ValidateStructural sorts them', () => {
    const schema = root({ a: { properties: {} } }, { additionalProperties: { type: 'string' } });
    expect(message(crd(schema)).message).toBe(
      invalid([
        `${R}.additionalProperties: Forbidden: must not be used at the root`,
        `${R}.properties[a].type: Required value: must not be empty for specified object fields`,
        `${R}.additionalProperties: Forbidden: additionalProperties and properties are mutual exclusive`,
      ]),
    );
  });

  it('embedded resources: an object, with properties or preserve-unknown-fields, no additionalProperties; kind and apiVersion strings, metadata an object', () => {
    const schema = root({
      a: { 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true },
      b: { type: 'object', 'x-kubernetes-embedded-resource': true },
      c: { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true, additionalProperties: { type: 'string' } },
      d: { type: 'object', 'x-kubernetes-embedded-resource': true, properties: { kind: { type: 'integer' }, metadata: { type: 'string' } } },
      kind: { type: 'integer' },
    });
    expect(message(crd(schema)).message).toBe(
      invalid([
        `${R}.properties[a].type: Required value: must be object if x-kubernetes-embedded-resource is true`,
        `${R}.properties[b].properties: Required value: must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields`,
        `${R}.properties[c].additionalProperties: Forbidden: must not be used if x-kubernetes-embedded-resource is set`,
        `${R}.properties[d].properties[kind].type: Invalid value: "integer": must be string`,
        `${R}.properties[d].properties[metadata].type: Invalid value: "string": must be object`,
        `${R}.properties[kind].type: Invalid value: "integer": must be string`,
      ]),
    );
  });

  it('int-or-string excludes preserve-unknown-fields and embedded resources', () => {
    const schema = root({ a: { 'x-kubernetes-int-or-string': true, 'x-kubernetes-preserve-unknown-fields': true } });
    expect(message(crd(schema)).message).toBe(invalid([`${R}.properties[a].x-kubernetes-preserve-unknown-fields: Invalid value: true: must be false if x-kubernetes-int-or-string is true`]));
  });

  it('value validations (allOf, anyOf, oneOf, not) say nothing structural, and name no field the schema does not', () => {
    const schema = root(
      {
        a: { type: 'string', anyOf: [{ type: 'string', default: 'x' }, { description: 'd', nullable: true }] },
        b: { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] },
        c: { type: 'object', not: { properties: { metadata: { maxProperties: 1 } }, 'x-kubernetes-preserve-unknown-fields': true } },
      },
      { allOf: [{ properties: { a: { minLength: 1 }, z: { maxLength: 1 } } }] },
    );
    expect(message(crd(schema)).message).toBe(
      invalid([
        `${R}.properties[a].anyOf[0].default: Forbidden: must be undefined to be structural`,
        `${R}.properties[a].anyOf[0].type: Forbidden: must be empty to be structural`,
        `${R}.properties[a].anyOf[1].description: Forbidden: must be empty to be structural`,
        `${R}.properties[a].anyOf[1].nullable: Forbidden: must be false to be structural`,
        `${R}.properties[c].not.properties[metadata]: Forbidden: must not be specified in a nested context`,
        `${R}.properties[c].not.x-kubernetes-preserve-unknown-fields: Forbidden: must be false to be structural`,
        `${R}.properties[z]: Required value: because it is defined in ${R}.allOf[0].properties[z]`,
      ]),
    );
  });
});

describe('CRD schema: x-kubernetes-validations texts (not their CEL)', () => {
  it('a rule, a one-line message (required when the rule spans lines), a known reason, a fieldPath on one line', () => {
    const rules = [
      { rule: '  ' },
      { rule: 'self.a > 0', message: ' ' },
      { rule: 'self.a > 0', message: 'a\nb' },
      { rule: 'self.a > 0 &&\nself.b > 0' },
      { rule: 'self.a > 0', messageExpression: ' ', reason: 'FieldValueBad' },
      { rule: 'self.a > 0', fieldPath: '.a\n' },
    ];
    const schema = { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, 'x-kubernetes-validations': rules } } } };
    const V = `${P}.x-kubernetes-validations`;
    expect(message(crd(schema)).message).toBe(
      invalid([
        `${V}[0].rule: Required value: rule is not specified`,
        `${V}[1].message: Invalid value: " ": message must be non-empty if specified`,
        `${V}[2].message: Invalid value: "a\\nb": message must not contain line breaks`,
        `${V}[3].message: Required value: message must be specified if rule contains line breaks`,
        `${V}[4].messageExpression: Required value: messageExpression must be non-empty if specified`,
        `${V}[4].reason: Unsupported value: "FieldValueBad": supported values: "FieldValueDuplicate", "FieldValueForbidden", "FieldValueInvalid", "FieldValueRequired"`,
        `${V}[5].fieldPath: Invalid value: ".a\\n": fieldPath must not contain line breaks`,
      ]),
    );
  });
});

describe('CRD selectable fields', () => {
  const schema = props({ a: { type: 'string' }, n: { type: 'integer' }, o: { type: 'object', properties: { x: { type: 'boolean' } } }, m: { type: 'object', additionalProperties: { type: 'string' } } });
  it('a simple path to a string, boolean or integer field outside metadata, each once, at most 8', () => {
    const fields = ['.spec.a', '', 'spec.a', '.spec.b', '.spec.o', '.spec.o[0]', '.spec.a', '.spec.m.k', '.spec.o.x', '.spec.'].map((jsonPath) => ({ jsonPath }));
    const F = 'spec.selectableFields';
    expect(message(crd(schema, (s) => (s.versions[0].selectableFields = fields))).message).toBe(
      invalid([
        `${F}[1].jsonPath: Required value`,
        `${F}[2].jsonPath: Invalid value: "spec.a": is an invalid path: expected [ or . but got: spec`,
        `${F}[3].jsonPath: Invalid value: ".spec.b": is an invalid path: does not refer to a valid field`,
        `${F}[4].jsonPath: Invalid value: ".spec.o": must point to a field of type string, boolean or integer. Enum string fields and strings with formats are allowed.`,
        `${F}[5].jsonPath: Invalid value: ".spec.o[0]": is an invalid path: array notation is not allowed`,
        `${F}[6].jsonPath: Duplicate value: ".spec.a"`,
        `${F}[9].jsonPath: Invalid value: ".spec.": is an invalid path: unexpected end of JSON path`,
      ]),
    );
    const nine = Array.from({ length: 9 }, (_, i) => ({ jsonPath: `.spec.f${i}` }));
    const wide = props(Object.fromEntries(nine.map((_, i) => [`f${i}`, { type: 'string' }])));
    expect(message(crd(wide, (s) => (s.versions[0].selectableFields = nine))).message).toBe(invalid([`${F}: Too many: 9: must have at most 8 items`]));
  });

  it('metadata fields are refused; fields every version shares need the schema every version shares', () => {
    const meta = { openAPIV3Schema: { type: 'object', properties: { metadata: { type: 'object', properties: { name: { type: 'string' } } } } } };
    expect(message(crd(meta, (s) => (s.versions[0].selectableFields = [{ jsonPath: '.metadata.name' }]))).message).toBe(
      invalid(['spec.selectableFields[0].jsonPath: Invalid value: ".metadata.name": must not point to fields in metadata']),
    );
    const other = props({ a: { type: 'string' }, z: { type: 'string' } });
    const body = crd(schema, (s) => {
      s.versions[0].selectableFields = [{ jsonPath: '.spec.a' }];
      s.versions.push({ name: 'v2', served: true, storage: false, schema: other, selectableFields: [{ jsonPath: '.spec.a' }] });
    });
    expect(message(body).message).toBe(invalid(['spec.selectableFields: Invalid value: "": selectableFields may only be set when validations.schema is included']));
  });
});
