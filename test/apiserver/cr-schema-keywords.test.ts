/**
 * The schema keywords of a custom resource kube-apiserver 1.32 checks beyond type, enum, required,
 * lengths, pattern, items and bounds: multipleOf, min/maxProperties, uniqueItems, the supported
 * string formats, allOf/anyOf/oneOf/not, null items, and patterns read as Go regular expressions.
 * Each text is kube-openapi's (pkg/validation/errors/schema.go, validate/schema_messages.go) as
 * apiextensions-apiserver maps it to a field error (pkg/apiserver/validation/validation.go).
 */
import { describe, expect, it } from 'vitest';
import { createCluster, serve, withExistingObject } from '../../src/apiserver/server.js';
import type { ApiRequest, ClusterState, KubeObject } from '../../src/apiserver/types.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { schemaErrors } from '../../src/apiserver/cr-schema-validation.js';
import { goRegexp } from '../../src/apiserver/go-regexp.js';
import { widgetCrdObject } from '../support/widget-crd.js';

const spec = {
  type: 'object',
  properties: {
    step: { type: 'integer', multipleOf: 5 },
    half: { type: 'number', multipleOf: 0.5 },
    tenth: { type: 'number', multipleOf: 0.1 },
    intHalf: { type: 'integer', multipleOf: 0.5 },
    labels: { type: 'object', minProperties: 1, maxProperties: 2, additionalProperties: { type: 'string' } },
    tags: { type: 'array', items: { type: 'string' } },
    maybe: { type: 'string', nullable: true },
    opt: { type: 'string' },
    when: { type: 'string', format: 'date' },
    at: { type: 'string', format: 'date-time' },
    ip: { type: 'string', format: 'ipv4' },
    id: { type: 'string', format: 'uuid' },
    custom: { type: 'string', format: 'my-format' },
    port: { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] },
    size: { type: 'integer', anyOf: [{ minimum: 10 }, { maximum: 2 }] },
    code: { type: 'string', allOf: [{ pattern: '^a' }, { maxLength: 3 }] },
    user: { type: 'string', not: { enum: ['admin'] } },
    choice: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, oneOf: [{ required: ['a'] }, { required: ['b'] }] },
    tail: { type: 'string', pattern: '^[a-z]+\\z' },
    caseless: { type: 'string', pattern: '(?i)^[a-z]+$' },
    mail: { type: 'string', pattern: '^[a-z]+\\@example\\.com$' },
    anyChar: { type: 'string', pattern: '^a.b$' },
    space: { type: 'string', pattern: '^\\s$' },
    posix: { type: 'string', pattern: '^[[:alpha:]]+$' },
    backref: { type: 'string', pattern: '^(a)\\1$' },
    possessive: { type: 'string', pattern: '^a++$' },
    lookahead: { type: 'string', pattern: '^(?=a)[a-z]$' },
  },
};
const CRD = widgetCrdObject({
  type: 'object',
  properties: {
    spec: { ...spec, properties: { ...spec.properties, replicas: { type: 'integer', maximum: 5 } } },
    status: { type: 'object', properties: { replicas: { type: 'integer' } } },
  },
}, { status: {}, scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas' } }) as unknown as KubeObject;

const target = { apiVersion: 'example.com/v1', kind: 'Widget', namespace: 'default', name: 'w' };
const widget = (s: Record<string, unknown>) => ({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w', namespace: 'default' }, spec: s }) as unknown as KubeObject;

function cluster(): ClusterState {
  const r = serve(createCluster({ catalog: builtinCatalog(), now: '2024-03-01T09:00:00Z' }), { verb: 'create', body: CRD, options: { fieldManager: 'admin' } });
  if (!r.response.ok) throw new Error(r.response.status.message);
  return r.state;
}
function answer(state: ClusterState, request: ApiRequest): [number, string] | 'ok' {
  const r = serve(state, request);
  return r.response.ok ? 'ok' : [r.response.code, r.response.status.message];
}
const create = (s: Record<string, unknown>) => answer(cluster(), { verb: 'create', body: widget(s), options: { fieldManager: 'm' } });
const invalid = (text: string): [number, string] => [422, `Widget.example.com "w" is invalid: ${text}`];

describe('multipleOf, minProperties, maxProperties', () => {
  it('multipleOf: Invalid with the factor; an integer is checked against the factor made an integer', () => {
    expect(create({ step: 7 })).toEqual(invalid('spec.step: Invalid value: 7: spec.step in body should be a multiple of 5'));
    expect(create({ half: 1.25 })).toEqual(invalid('spec.half: Invalid value: 1.25: spec.half in body should be a multiple of 0.5'));
    // 0.3 / 0.1 is not exactly 3 in binary floating point; swag.IsFloat64AJSONInteger allows 1e-9.
    expect(create({ step: 10, half: 1.5, tenth: 0.3 })).toBe('ok');
    // MultipleOfInt truncates the factor 0.5 to 0, which it refuses.
    expect(create({ intHalf: 3 })).toEqual(invalid('spec.intHalf: Invalid value: 0: factor MultipleOf declared for spec.intHalf must be positive: 0'));
  });
  it('minProperties is Invalid with the count, maxProperties TooMany', () => {
    expect(create({ labels: {} })).toEqual(invalid('spec.labels: Invalid value: 0: spec.labels in body should have at least 1 properties'));
    expect(create({ labels: { a: 'x', b: 'y', c: 'z' } })).toEqual(invalid('spec.labels: Too many: 3: must have at most 2 items'));
    expect(create({ labels: { a: 'x' } })).toBe('ok');
  });
});

describe('nulls', () => {
  it('a null list item is checked against the item type; a nullable null passes; a pruned null is no error', () => {
    expect(create({ tags: ['a', null] })).toEqual(invalid('spec.tags[1]: Invalid value: "null": spec.tags[1] in body must be of type string: "null"'));
    expect(create({ maybe: null, opt: null })).toBe('ok');
  });
});

describe('formats: the supported ones checked as strfmt checks them, the others ignored', () => {
  it('a value its format refuses is TypeInvalid naming the format as the schema spells it', () => {
    expect(create({ when: '2024-02-30' })).toEqual(invalid('spec.when: Invalid value: "2024-02-30": spec.when in body must be of type date: "2024-02-30"'));
    expect(create({ at: 'yesterday' })).toEqual(invalid('spec.at: Invalid value: "yesterday": spec.at in body must be of type date-time: "yesterday"'));
    expect(create({ ip: '1.2.3' })).toEqual(invalid('spec.ip: Invalid value: "1.2.3": spec.ip in body must be of type ipv4: "1.2.3"'));
    expect(create({ id: 'xyz' })).toEqual(invalid('spec.id: Invalid value: "xyz": spec.id in body must be of type uuid: "xyz"'));
    expect(create({ when: '2024-02-29', at: '2024-03-01T10:00:00Z', ip: '10.0.0.1', id: '123e4567-e89b-12d3-a456-426614174000', custom: 'anything' })).toBe('ok');
  });
  it('a number where a formatted string is wanted names the format and the number\'s own format', () => {
    expect(create({ when: 5 })).toEqual(invalid('spec.when: Invalid value: "int64": spec.when in body must be of type date: "int64"'));
  });
  it('the registry\'s other checks', () => {
    const ok = (format: string, v: string) => schemaErrors({ type: 'string', format }, v).length === 0;
    expect([ok('email', 'a.b@example.com'), ok('email', 'A <a@b.c>'), ok('email', 'not an email'), ok('email', 'a..b@c')]).toEqual([true, true, false, false]);
    expect([ok('hostname', 'my-host.example.com'), ok('hostname', '-bad'), ok('hostname', 'a'.repeat(64))]).toEqual([true, false, false]);
    expect([ok('ipv6', '::1'), ok('ipv6', '1.2.3.4'), ok('ipv6', 'fe80::1%eth0'), ok('ipv4', '010.1.1.1'), ok('ipv4', '::ffff:1.2.3.4')]).toEqual([true, false, false, true, true]);
    expect([ok('cidr', '10.0.0.0/8'), ok('cidr', '10.0.0.0/33'), ok('cidr', 'fd00::/64')]).toEqual([true, false, true]);
    // ipv4 reads as ParseIPSloppy (Go 1.16's dtoi: any run of leading zeros); ipv6 as net.ParseIP, which refuses one in its IPv4 tail.
    expect([ok('ipv4', '0000000001.2.3.4'), ok('ipv6', '::ffff:01.2.3.4'), ok('ipv6', '::ffff:1.2.3.4'), ok('cidr', '010.0.0.0/8')]).toEqual([true, false, true, true]);
    expect([ok('mac', '00:1a:2b:3c:4d:5e'), ok('mac', '001a.2b3c.4d5e'), ok('mac', '00:1a:2b')]).toEqual([true, true, false]);
    expect([ok('uri', 'https://example.com/x?y=1'), ok('uri', '/relative/path'), ok('uri', 'relative'), ok('uri', 'http://host:port/'), ok('uri', 'mailto:%zz'), ok('uri', '/a%zz'), ok('uri', ':x')]).toEqual([true, true, false, false, true, false, false]);
    expect([ok('duration', '1h30m'), ok('duration', '3 days'), ok('duration', 'soon')]).toEqual([true, true, false]);
    expect([ok('byte', 'aGVsbG8='), ok('byte', 'hello!')]).toEqual([true, false]);
    expect([ok('isbn10', '0-321-75104-3'), ok('isbn13', '978-0321751041'), ok('isbn', '1234567890')]).toEqual([true, true, false]);
    expect([ok('creditcard', '4111 1111 1111 1111'), ok('creditcard', '4111 1111 1111 1112')]).toEqual([true, false]);
    expect([ok('ssn', '123-45-6789'), ok('hexcolor', '#FFF'), ok('rgbcolor', 'rgb(255, 0, 0)'), ok('bsonobjectid', '507f1f77bcf86cd799439011'), ok('password', '')]).toEqual([true, true, true, true, true]);
    expect([ok('date-time', '2024-01-01t23:59:59.5+01:00'), ok('datetime', '2024-01-01T24:00:00Z')]).toEqual([true, false]);
  });
});

describe('allOf, anyOf, oneOf, not: the junctor\'s error at the validator\'s root (<nil>), then the branch\'s', () => {
  it('anyOf: none matched, with the errors of the first branch that ran the most checks', () => {
    expect(create({ size: 5 })).toEqual(
      invalid('[<nil>: Invalid value: "": "spec.size" must validate at least one schema (anyOf), spec.size: Invalid value: 5: spec.size in body should be greater than or equal to 10]'),
    );
    expect(create({ size: 12 })).toBe('ok');
  });
  it('x-kubernetes-int-or-string with its anyOf of the two types', () => {
    expect(create({ port: 80 })).toBe('ok');
    expect(create({ port: 'http' })).toBe('ok');
    expect(create({ port: true })).toEqual(
      invalid(
        '[spec.port: Invalid value: "boolean": spec.port in body must be of type integer,string: "boolean", <nil>: Invalid value: "": "spec.port" must validate at least one schema (anyOf), spec.port: Invalid value: "boolean": spec.port in body must be of type integer: "boolean"]',
      ),
    );
  });
  it('allOf: every branch\'s errors, then the summary', () => {
    expect(create({ code: 'bcdef' })).toEqual(
      invalid("[spec.code: Invalid value: \"bcdef\": spec.code in body should match '^a', spec.code: Too long: may not be more than 3 bytes, <nil>: Invalid value: \"\": \"spec.code\" must validate all the schemas (allOf). None validated]"),
    );
    expect(create({ code: 'abcd' })).toEqual(invalid('[spec.code: Too long: may not be more than 3 bytes, <nil>: Invalid value: "": "spec.code" must validate all the schemas (allOf)]'));
    expect(create({ code: 'ab' })).toBe('ok');
  });
  it('oneOf: none or several valid; not', () => {
    expect(create({ choice: {} })).toEqual(invalid('[<nil>: Invalid value: "": "spec.choice" must validate one and only one schema (oneOf). Found none valid, spec.choice.a: Required value]'));
    expect(create({ choice: { a: 'x', b: 'y' } })).toEqual(invalid('<nil>: Invalid value: "": "spec.choice" must validate one and only one schema (oneOf). Found 2 valid alternatives'));
    expect(create({ choice: { b: 'y' } })).toBe('ok');
    expect(create({ user: 'admin' })).toEqual(invalid('<nil>: Invalid value: "": "spec.user" must not validate the schema (not)'));
    expect(create({ user: 'bob' })).toBe('ok');
  });
});

describe('patterns are Go regular expressions (RE2), not JavaScript ones', () => {
  it('what Go reads differently: \\z, (?i), escaped punctuation, ., \\s, POSIX classes', () => {
    expect(create({ tail: 'ABC' })).toEqual(invalid("spec.tail: Invalid value: \"ABC\": spec.tail in body should match '^[a-z]+\\z'"));
    expect(create({ caseless: '123' })).toEqual(invalid("spec.caseless: Invalid value: \"123\": spec.caseless in body should match '(?i)^[a-z]+$'"));
    expect(create({ mail: 'bob@other.org' })).toEqual(invalid("spec.mail: Invalid value: \"bob@other.org\": spec.mail in body should match '^[a-z]+\\@example\\.com$'"));
    expect(create({ space: '\v' })).toEqual(invalid("spec.space: Invalid value: \"\\v\": spec.space in body should match '^\\s$'"));
    expect(create({ posix: 'ab1' })).toEqual(invalid("spec.posix: Invalid value: \"ab1\": spec.posix in body should match '^[[:alpha:]]+$'"));
    expect(create({ tail: 'abc', caseless: 'ABC', mail: 'bob@example.com', anyChar: 'a\rb', space: ' ', posix: 'Ab' })).toBe('ok');
  });
  it('what RE2 refuses is refused for every value, with Go\'s compile error', () => {
    expect(create({ backref: 'aa' })).toEqual(invalid("spec.backref: Invalid value: \"aa\": spec.backref in body should match '^(a)\\1$, but pattern is invalid: error parsing regexp: invalid escape sequence: `\\1`'"));
    expect(create({ possessive: 'aa' })).toEqual(invalid("spec.possessive: Invalid value: \"aa\": spec.possessive in body should match '^a++$, but pattern is invalid: error parsing regexp: invalid nested repetition operator: `++`'"));
    expect(create({ lookahead: 'a' })).toEqual(invalid("spec.lookahead: Invalid value: \"a\": spec.lookahead in body should match '^(?=a)[a-z]$, but pattern is invalid: error parsing regexp: invalid or unsupported Perl syntax: `(?=`'"));
  });
  it('the translation, case by case', () => {
    const m = (p: string, s: string) => {
      const r = goRegexp(p);
      return 'error' in r ? r.error : r.regexp.test(s);
    };
    expect(m('\\Aab\\z', 'ab')).toBe(true);
    expect(m('^ab$', 'ab\n')).toBe(false);
    expect(m('(?m)^b$', 'a\nb\nc')).toBe(true);
    expect(m('(?s)^a.b$', 'a\nb')).toBe(true);
    expect(m('^a.b$', 'a\nb')).toBe(false);
    expect(m('^x(?i:ab)y$', 'xABy')).toBe(true);
    expect(m('^x(?i:ab)y$', 'XABy')).toBe(false);
    expect(m('^(?i)[a-c]+$', 'AbC')).toBe(true);
    expect(m('^\\pL+$', 'héllo')).toBe(true);
    expect(m('^\\p{Greek}+$', 'αβγ')).toBe(true);
    expect(m('^\\x{263a}$', '☺')).toBe(true);
    expect(m('^\\Q*+\\E$', '*+')).toBe(true);
    expect(m('^[]a]+$', ']a')).toBe(true);
    expect(m('^a{,2}$', 'a{,2}')).toBe(true);
    expect(m('^(?P<first>a)(?<second>b)$', 'ab')).toBe(true);
    expect(m('a**', 'a')).toBe('error parsing regexp: invalid nested repetition operator: `**`');
    expect(m('*a', 'a')).toBe('error parsing regexp: missing argument to repetition operator: `*`');
    expect(m('a{1001}', 'a')).toBe('error parsing regexp: invalid repeat count: `{1001}`');
    expect(m('(?<=a)b', 'b')).toBe('error parsing regexp: invalid named capture: `(?<=a)b`');
    expect(m('(?>a)', 'a')).toBe('error parsing regexp: invalid or unsupported Perl syntax: `(?>`');
    expect(m('a\\Z', 'a')).toBe('error parsing regexp: invalid escape sequence: `\\Z`');
    expect(m('[[:word2:]]', 'a')).toBe('error parsing regexp: invalid character class range: `[:word2:]`');
    expect(m('(a', 'a')).toBe('error parsing regexp: missing closing ): `(a`');
    expect(m('a)', 'a')).toBe('error parsing regexp: unexpected ): `a)`');
    expect(m('[a', 'a')).toBe('error parsing regexp: missing closing ]: `[a`');
    expect(m('[z-a]', 'a')).toBe('error parsing regexp: invalid character class range: `z-a`');
  });
});

describe('ratcheting applies to the new keywords as to the others', () => {
  function stored(s: Record<string, unknown>): ClusterState {
    const seeded = withExistingObject(cluster(), { ...(widget(s) as Record<string, unknown>), metadata: { name: 'w', namespace: 'default', resourceVersion: '5', uid: 'u1' } } as unknown as KubeObject);
    if ('problem' in seeded) throw new Error(seeded.problem);
    return seeded.state;
  }
  const patch = (state: ClusterState, p: Record<string, unknown>) => answer(state, { verb: 'patch', patchType: 'merge', target, patch: p as KubeObject, options: { fieldManager: 'm' } });
  it('an unchanged invalid value passes while another field changes; changing it to another invalid value fails', () => {
    const state = stored({ step: 7, when: 'someday', labels: {}, size: 5 });
    expect(patch(state, { spec: { opt: 'x' } })).toBe('ok');
    expect(patch(state, { spec: { step: 8 } })).toEqual(invalid('spec.step: Invalid value: 8: spec.step in body should be a multiple of 5'));
    expect(patch(state, { spec: { when: 'tomorrow' } })).toEqual(invalid('spec.when: Invalid value: "tomorrow": spec.when in body must be of type date: "tomorrow"'));
    expect(patch(state, { spec: { size: 6 } })).toEqual(
      invalid('[<nil>: Invalid value: "": "spec.size" must validate at least one schema (anyOf), spec.size: Invalid value: 6: spec.size in body should be greater than or equal to 10]'),
    );
  });
});

describe('a write through /scale is validated by the main resource\'s strategy, schema included', () => {
  it('a replica count the schema refuses is the 422 of the custom resource', () => {
    const created = serve(cluster(), { verb: 'create', body: widget({ replicas: 1 }), options: { fieldManager: 'm' } });
    if (!created.response.ok) throw new Error(created.response.status.message);
    const scale = (replicas: number) =>
      answer(created.state, {
        verb: 'patch',
        patchType: 'merge',
        target,
        patch: { spec: { replicas } } as unknown as KubeObject,
        options: { fieldManager: 'm', subresource: 'scale' },
      });
    expect(scale(10)).toEqual(invalid('spec.replicas: Invalid value: 10: spec.replicas in body should be less than or equal to 5'));
    expect(scale(3)).toBe('ok');
  });
});

describe('uniqueItems and the junctors\' root path', () => {
  it('uniqueItems (which a CRD cannot declare in 1.32, but a stored one may carry): Invalid with an empty value', () => {
    const schema = { type: 'object', properties: { tags: { type: 'array', uniqueItems: true, items: { type: 'object' } } } };
    expect(schemaErrors(schema, { tags: [{ a: 1 }, { b: 1 }, { a: 1 }] })).toEqual([{ type: 'FieldValueInvalid', field: 'tags', value: '""', detail: "tags in body shouldn't contain duplicates" }]);
    expect(schemaErrors(schema, { tags: [{ a: 1 }, { a: 2 }] })).toEqual([]);
  });
  it('the status validator\'s root is `status`: a junctor\'s error is there, not at <nil>', () => {
    const status = { type: 'object', properties: { phase: { type: 'string', not: { enum: ['Bad'] } } } };
    expect(schemaErrors(status, { phase: 'Bad' }, 'status')).toEqual([{ type: 'FieldValueInvalid', field: 'status', value: '""', detail: '"phase" must not validate the schema (not)' }]);
  });
});

describe('decoding prunes the nulls the schema does not allow (PruneNonNullableNullsWithoutDefaults)', () => {
  it('a null under a non-nullable property or additionalProperties is not stored nor owned; a nullable null is', () => {
    const r = serve(cluster(), { verb: 'create', body: widget({ opt: null, maybe: null, labels: { a: null, b: 'x' } }), options: { fieldManager: 'm' } });
    if (!r.response.ok) throw new Error(r.response.status.message);
    const obj = r.response.object as { spec: unknown; metadata: { managedFields: { fieldsV1: unknown }[] } };
    expect(obj.spec).toEqual({ maybe: null, labels: { b: 'x' } });
    expect(obj.metadata.managedFields[0].fieldsV1).toEqual({ 'f:spec': { '.': {}, 'f:labels': { '.': {}, 'f:b': {} }, 'f:maybe': {} } });
  });
});

describe('a custom resource with /scale: its replica paths are checked on every write (ValidateScaleSpec, ValidateScaleStatus)', () => {
  it('a negative, too large or mistyped replica count is Invalid at the path as the CRD spells it', () => {
    expect(create({ replicas: -1 })).toEqual(invalid('.spec.replicas: Invalid value: -1: should be a non-negative integer'));
    const r = serve(cluster(), { verb: 'create', body: { ...(widget({}) as Record<string, unknown>), status: { replicas: 2147483648 } } as unknown as KubeObject, options: { fieldManager: 'm' } });
    // status is reset on create (the status subresource is enabled): nothing to check.
    expect(r.response.ok).toBe(true);
    if (!r.response.ok) return;
    const rv = (r.response.object as { metadata: { resourceVersion: string } }).metadata.resourceVersion;
    const status = (replicas: unknown) =>
      answer(r.state, {
        verb: 'update',
        body: { ...(widget({}) as Record<string, unknown>), metadata: { name: 'w', namespace: 'default', resourceVersion: rv }, status: { replicas } } as unknown as KubeObject,
        options: { fieldManager: 'm', subresource: 'status' },
      });
    expect(status(2147483648)).toEqual(invalid('.status.replicas: Invalid value: 2147483648: should be less than or equal to 2147483647'));
    expect(status('two')).toEqual(
      invalid('[status.replicas: Invalid value: "string": replicas in body must be of type integer: "string", .status.replicas: Invalid value: 0: .status.replicas accessor error: two is of the type string, expected int64]'),
    );
    expect(status(2)).toBe('ok');
  });
});
