/**
 * A custom resource is checked against its CRD's OpenAPI v3 schema by apiextensions-apiserver's
 * schema validator (kube-openapi's validate package, its errors mapped to field errors by
 * kubeOpenAPIResultToFieldErrors) in the strategy's Validate and ValidateUpdate: a 422 Invalid,
 * never the 400 `cannot be handled` of a built-in kind's Go decoder (a custom resource is decoded
 * unstructured).
 */
import { describe, expect, it } from 'vitest';
import { createCluster, serve, withExistingObject } from '../../src/apiserver/server.js';
import type { ApiRequest, ClusterState, KubeObject } from '../../src/apiserver/types.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';

const schema = {
  openAPIV3Schema: {
    type: 'object',
    properties: {
      spec: {
        type: 'object',
        required: ['name'],
        properties: {
          name: { type: 'string' },
          x: { type: 'integer' },
          r: { type: 'number' },
          io: { 'x-kubernetes-int-or-string': true },
          i32: { type: 'integer', format: 'int32' },
          items: { type: 'array', items: { type: 'object', properties: { value: { type: 'string' } } } },
          color: { type: 'string', enum: ['red', 'green'] },
          level: { type: 'integer', enum: [1, 2] },
          short: { type: 'string', maxLength: 3 },
          long: { type: 'string', minLength: 2 },
          code: { type: 'string', pattern: '^[a-z]+$' },
          few: { type: 'array', maxItems: 2, items: { type: 'string' } },
          many: { type: 'array', minItems: 2, items: { type: 'string' } },
          count: { type: 'integer', minimum: 1, maximum: 10 },
          ports: {
            type: 'array',
            'x-kubernetes-list-type': 'map',
            'x-kubernetes-list-map-keys': ['port'],
            items: { type: 'object', required: ['port'], properties: { port: { type: 'integer' }, name: { type: 'string', maxLength: 3 } } },
          },
          ratio: { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 1.5, exclusiveMaximum: true },
        },
      },
      status: { type: 'object', properties: { count: { type: 'integer' } } },
    },
  },
};
const CRD = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.example.com' },
  spec: {
    group: 'example.com',
    names: { kind: 'Widget', plural: 'widgets' },
    scope: 'Namespaced',
    versions: [{ name: 'v1', served: true, storage: true, subresources: { status: {} }, schema }],
  },
} as unknown as KubeObject;

const target = { apiVersion: 'example.com/v1', kind: 'Widget', namespace: 'default', name: 'w' };
const widget = (spec: Record<string, unknown>, resourceVersion?: string) =>
  ({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w', namespace: 'default', ...(resourceVersion ? { resourceVersion } : {}) }, spec }) as unknown as KubeObject;

function cluster(): ClusterState {
  const r = serve(createCluster({ catalog: builtinCatalog(), now: '2024-03-01T09:00:00Z' }), { verb: 'create', body: CRD, options: { fieldManager: 'admin' } });
  if (!r.response.ok) throw new Error(r.response.status.message);
  return r.state;
}
function withWidget(): { state: ClusterState; rv: string } {
  const r = serve(cluster(), { verb: 'create', body: widget({ name: 'n', x: 1 }), options: { fieldManager: 'm' } });
  if (!r.response.ok) throw new Error(r.response.status.message);
  return { state: r.state, rv: (r.response.object as { metadata: { resourceVersion: string } }).metadata.resourceVersion };
}
function answer(state: ClusterState, request: ApiRequest): [number, string] | 'ok' {
  const r = serve(state, request);
  return r.response.ok ? 'ok' : [r.response.code, r.response.status.message];
}
const create = (spec: Record<string, unknown>) => answer(cluster(), { verb: 'create', body: widget(spec), options: { fieldManager: 'm' } });
const invalid = (text: string): [number, string] => [422, `Widget.example.com "w" is invalid: ${text}`];

describe('a custom resource value of the wrong type is the schema validator\'s 422', () => {
  it('on create: TypeInvalid with the JSON type found, the path in the message too', () => {
    expect(create({ name: 'n', x: 'string' })).toEqual(invalid('spec.x: Invalid value: "string": spec.x in body must be of type integer: "string"'));
    expect(create({ name: 'n', x: 1.5 })).toEqual(invalid('spec.x: Invalid value: "number": spec.x in body must be of type integer: "number"'));
    expect(create({ name: 'n', items: [{ value: true }] })).toEqual(invalid('spec.items[0].value: Invalid value: "boolean": spec.items[0].value in body must be of type string: "boolean"'));
    expect(create({ name: 'n', items: { value: 'a' } })).toEqual(invalid('spec.items: Invalid value: "object": spec.items in body must be of type array: "object"'));
    expect(create({ name: 'n', io: true })).toEqual(invalid('spec.io: Invalid value: "boolean": spec.io in body must be of type integer,string: "boolean"'));
    // int32 is not among apiextensions' supportedFormats: it is dropped before validation
    // (StripUnsupportedFormatsPostProcess), so only the type is named.
    expect(create({ name: 'n', i32: 'seven' })).toEqual(invalid('spec.i32: Invalid value: "string": spec.i32 in body must be of type integer: "string"'));
    expect(create({ name: 'n', i32: true })).toEqual(invalid('spec.i32: Invalid value: "boolean": spec.i32 in body must be of type integer: "boolean"'));
  });
  it('what fits is stored: an integer where a number is wanted, both int-or-string forms', () => {
    expect(create({ name: 'n', r: 2, io: 'x', x: 3 })).toBe('ok');
    expect(create({ name: 'n', io: 4 })).toBe('ok');
  });
  it('on update, json and merge patch: the same 422, where the strategy validates', () => {
    const { state, rv } = withWidget();
    expect(answer(state, { verb: 'update', body: widget({ name: 'n', x: 'two' }, rv), options: { fieldManager: 'm' } })).toEqual(invalid('spec.x: Invalid value: "string": spec.x in body must be of type integer: "string"'));
    expect(answer(state, { verb: 'patch', patchType: 'merge', target, patch: { spec: { x: true } }, options: { fieldManager: 'm' } })).toEqual(invalid('spec.x: Invalid value: "boolean": spec.x in body must be of type integer: "boolean"'));
    expect(answer(state, { verb: 'patch', patchType: 'json', target, patch: [{ op: 'replace', path: '/spec/x', value: [1] }], options: { fieldManager: 'm' } })).toEqual(invalid('spec.x: Invalid value: "array": spec.x in body must be of type integer: "array"'));
  });
  it('on the status subresource: the status schema, the field under status, the message without it', () => {
    const { state, rv } = withWidget();
    const body = { ...(widget({ name: 'n', x: 1 }, rv) as Record<string, unknown>), status: { count: 'many' } } as unknown as KubeObject;
    expect(answer(state, { verb: 'update', body, options: { fieldManager: 'm', subresource: 'status' } })).toEqual(invalid('status.count: Invalid value: "string": count in body must be of type integer: "string"'));
  });
  it('a server-side apply of a wrong type fails to type the patch first: structured-merge-diff\'s 500', () => {
    const r = answer(cluster(), { verb: 'patch', patchType: 'apply', target, patch: widget({ name: 'n', x: 'string' }), options: { fieldManager: 'm' } });
    expect(r).toEqual([500, 'failed to create typed patch object (default/w; example.com/v1, Kind=Widget): .spec.x: expected numeric (int or float), got string']);
  });
});

describe('the other rules of the schema, each mapped to its field error', () => {
  it('enum: NotSupported, the allowed values quoted, non-strings as their JSON', () => {
    expect(create({ name: 'n', color: 'blue' })).toEqual(invalid('spec.color: Unsupported value: "blue": supported values: "red", "green"'));
    expect(create({ name: 'n', level: 3 })).toEqual(invalid('spec.level: Unsupported value: 3: supported values: "1", "2"'));
    expect(create({ name: 'n', color: 'red', level: 2 })).toBe('ok');
  });
  it('required: a Required value under the object that lacks it', () => {
    expect(create({ x: 1 })).toEqual(invalid('spec.name: Required value'));
  });
  it('maxLength is TooLong, minLength and pattern are Invalid with kube-openapi\'s text', () => {
    expect(create({ name: 'n', short: 'abcd' })).toEqual(invalid('spec.short: Too long: may not be more than 3 bytes'));
    expect(create({ name: 'n', short: 'äöü' })).toBe('ok');
    expect(create({ name: 'n', long: 'a' })).toEqual(invalid('spec.long: Invalid value: "a": spec.long in body should be at least 2 chars long'));
    expect(create({ name: 'n', code: 'A1' })).toEqual(invalid("spec.code: Invalid value: \"A1\": spec.code in body should match '^[a-z]+$'"));
  });
  it('maxItems is TooMany, minItems Invalid with the count', () => {
    expect(create({ name: 'n', few: ['a', 'b', 'c'] })).toEqual(invalid('spec.few: Too many: 3: must have at most 2 items'));
    expect(create({ name: 'n', many: ['a'] })).toEqual(invalid('spec.many: Invalid value: 1: spec.many in body should have at least 2 items'));
  });
  it('minimum and maximum, inclusive and exclusive', () => {
    expect(create({ name: 'n', count: 15 })).toEqual(invalid('spec.count: Invalid value: 15: spec.count in body should be less than or equal to 10'));
    expect(create({ name: 'n', count: 0 })).toEqual(invalid('spec.count: Invalid value: 0: spec.count in body should be greater than or equal to 1'));
    expect(create({ name: 'n', ratio: 1.5 })).toEqual(invalid('spec.ratio: Invalid value: 1.5: spec.ratio in body should be less than 1.5'));
    expect(create({ name: 'n', ratio: 0 })).toEqual(invalid('spec.ratio: Invalid value: 0: spec.ratio in body should be greater than 0'));
    expect(create({ name: 'n', count: 10, ratio: 0.5 })).toBe('ok');
  });
  it('several errors are listed together, the properties in the schema\'s order, required last', () => {
    expect(create({ x: 'a', color: 'blue' })).toEqual(
      invalid('[spec.x: Invalid value: "string": spec.x in body must be of type integer: "string", spec.color: Unsupported value: "blue": supported values: "red", "green", spec.name: Required value]'),
    );
  });
});

describe('ratcheting (CRDValidationRatcheting, on in 1.32): an update keeps what was invalid and did not change', () => {
  /** A stored Widget that breaks the schema (stored before the schema said so). */
  function stored(spec: Record<string, unknown>): ClusterState {
    const seeded = withExistingObject(cluster(), { ...(widget(spec) as Record<string, unknown>), metadata: { name: 'w', namespace: 'default', resourceVersion: '5', uid: 'u1' } } as unknown as KubeObject);
    if ('problem' in seeded) throw new Error(seeded.problem);
    return seeded.state;
  }
  const patch = (state: ClusterState, p: Record<string, unknown>) => answer(state, { verb: 'patch', patchType: 'merge', target, patch: p as KubeObject, options: { fieldManager: 'm' } });
  it('an unchanged invalid field passes while another field changes; changing it fails', () => {
    const state = stored({ name: 'n', color: 'blue', x: 1 });
    expect(patch(state, { metadata: { labels: { a: 'b' } } })).toBe('ok');
    expect(patch(state, { spec: { x: 2 } })).toBe('ok');
    expect(patch(state, { spec: { color: 'pink' } })).toEqual(invalid('spec.color: Unsupported value: "pink": supported values: "red", "green"'));
  });
  it('a missing required field stays allowed only while its object is unchanged', () => {
    const state = stored({ x: 1, color: 'red' });
    expect(patch(state, { metadata: { labels: { a: 'b' } } })).toBe('ok');
    expect(patch(state, { spec: { x: 2 } })).toEqual(invalid('spec.name: Required value'));
  });
  it('map-list items correlate by their keys; other lists do not correlate item by item', () => {
    const state = stored({ name: 'n', ports: [{ port: 1, name: 'toolong' }], few: ['a', 'b', 'c'] });
    expect(patch(state, { spec: { ports: [{ port: 2, name: 'ok' }, { port: 1, name: 'toolong' }] } })).toBe('ok');
    expect(patch(state, { spec: { ports: [{ port: 1, name: 'longer' }] } })).toEqual(invalid('spec.ports[0].name: Too long: may not be more than 3 bytes'));
    expect(patch(state, { spec: { few: ['a', 'b', 'd'] } })).toEqual(invalid('spec.few: Too many: 3: must have at most 2 items'));
  });
});

