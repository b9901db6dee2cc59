/**
 * A CustomResourceDefinition as apiextensions-apiserver 1.32 validates its spec
 * (ValidateCustomResourceDefinition): a CRD that would not be served is refused with a 422, never
 * stored. Texts are kube-apiserver's, the aggregate as `[a, b]` when there are several causes.
 */
import { describe, expect, it } from 'vitest';
import { createCluster, serve, withExistingObject } from '../../src/apiserver/server.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { cluster, fail, obj, ok } from './helpers.js';

const NOW = '2024-02-24T15:24:00Z';
const DNS1035 =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
const schema = { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { a: { type: 'string' } } } } } };
type Spec = Record<string, any>;
const crd = (edit: (spec: Spec) => void = () => {}, name = 'widgets.example.com') => {
  const spec: Spec = { group: 'example.com', names: { kind: 'Widget', plural: 'widgets' }, scope: 'Namespaced', versions: [{ name: 'v1', served: true, storage: true, schema }] };
  edit(spec);
  return obj({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name }, spec });
};
const real = () => cluster({ harness: false, now: NOW });
const refused = (c: ReturnType<typeof real>, body: ReturnType<typeof crd>) => {
  const r = fail(c.create(body, { fieldManager: 'admin' }));
  return [r.code, r.message];
};
const invalid = (name: string, causes: string[]) => [422, `CustomResourceDefinition.apiextensions.k8s.io "${name}" is invalid: ${causes.length === 1 ? causes[0] : `[${causes.join(', ')}]`}`];

describe('CustomResourceDefinition create', () => {
  it('a valid CRD is stored', () => {
    expect(ok(real().create(crd(), { fieldManager: 'admin' })).metadata).toBeDefined();
  });

  it('an apiextensions.k8s.io/v1 CRD needs a schema for every version', () => {
    const body = crd((s) => {
      delete s.versions[0].schema;
      s.versions.push({ name: 'v2', served: false, storage: false });
    });
    expect(refused(real(), body)).toEqual(
      invalid('widgets.example.com', ['spec.versions[0].schema.openAPIV3Schema: Required value: schemas are required', 'spec.versions[1].schema.openAPIV3Schema: Required value: schemas are required']),
    );
    const one = crd((s) => delete s.versions[0].schema);
    expect(refused(real(), one)).toEqual(invalid('widgets.example.com', ['spec.versions[0].schema.openAPIV3Schema: Required value: schemas are required']));
  });

  it('the group is a domain with at least one dot', () => {
    expect(refused(real(), crd((s) => (s.group = 'example'), 'widgets.example'))).toEqual(invalid('widgets.example', ['spec.group: Invalid value: "example": should be a domain with at least one dot']));
    expect(refused(real(), crd((s) => (s.group = ''), 'widgets.'))[1]).toContain('spec.group: Required value');
  });

  it('the scope is Cluster or Namespaced', () => {
    expect(refused(real(), crd((s) => (s.scope = 'Global')))).toEqual(invalid('widgets.example.com', ['spec.scope: Unsupported value: "Global": supported values: "Cluster", "Namespaced"']));
  });

  it('version names are DNS-1035 labels', () => {
    expect(refused(real(), crd((s) => (s.versions[0].name = 'V1')))).toEqual(invalid('widgets.example.com', [`spec.versions[0].name: Invalid value: "V1": ${DNS1035}`]));
  });

  it('names: the kind may have mixed case, the names defaulted from it are checked too', () => {
    expect(refused(real(), crd((s) => (s.names.kind = 'My_Widget')))).toEqual(
      invalid('widgets.example.com', [
        `spec.names.singular: Invalid value: "my_widget": ${DNS1035}`,
        `spec.names.kind: Invalid value: "My_Widget": may have mixed case, but should otherwise match: ${DNS1035}`,
        `spec.names.listKind: Invalid value: "My_WidgetList": may have mixed case, but should otherwise match: ${DNS1035}`,
      ]),
    );
    expect(refused(real(), crd((s) => (s.names.shortNames = ['wd', 'W'])))).toEqual(invalid('widgets.example.com', [`spec.names.shortNames[1]: Invalid value: "W": ${DNS1035}`]));
    expect(refused(real(), crd((s) => (s.names.listKind = 'Widget')))).toEqual(invalid('widgets.example.com', ['spec.names.listKind: Invalid value: "Widget": kind and listKind may not be the same']));
  });
});

describe('CustomResourceDefinition update', () => {
  it('an established CRD keeps its scope and kind', () => {
    const c = real();
    ok(c.apply(crd(), { fieldManager: 'admin' }));
    const r = fail(
      c.apply(
        crd((s) => {
          s.scope = 'Cluster';
          s.names.kind = 'Gadget';
        }),
        { fieldManager: 'admin' },
      ),
    );
    expect([r.code, r.message]).toEqual(invalid('widgets.example.com', ['spec.scope: Invalid value: "Cluster": field is immutable', 'spec.names.kind: Invalid value: "Gadget": field is immutable']));
  });

  it('may not drop the schema of a CRD that has one for every version', () => {
    const c = real();
    ok(c.apply(crd(), { fieldManager: 'admin' }));
    const r = fail(c.apply(crd((s) => delete s.versions[0].schema), { fieldManager: 'admin' }));
    expect([r.code, r.message]).toEqual(invalid('widgets.example.com', ['spec.versions[0].schema.openAPIV3Schema: Required value: schemas are required']));
  });
});

describe('CustomResourceDefinition create: the schema must be structural', () => {
  const withSchema = (openAPIV3Schema: unknown) => crd((s) => (s.versions[0].schema = { openAPIV3Schema }));
  const P = 'spec.validation.openAPIV3Schema';

  it('a schema every version shares is reported at spec.validation, after the names', () => {
    const body = withSchema({ type: 'object', properties: { spec: { properties: { a: { type: 'string' } } } } });
    expect(refused(real(), body)).toEqual(invalid('widgets.example.com', [`${P}.properties[spec].type: Required value: must not be empty for specified object fields`]));
    const both = crd((s) => {
      s.names.listKind = 'Widget';
      s.versions[0].schema = { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'array' } } } };
    });
    expect(refused(real(), both)).toEqual(
      invalid('widgets.example.com', ['spec.names.listKind: Invalid value: "Widget": kind and listKind may not be the same', `${P}.properties[spec].items: Required value: must be specified`]),
    );
  });

  it('array items need a type; the root is an object with a type and no additionalProperties', () => {
    expect(refused(real(), withSchema({ type: 'object', properties: { list: { type: 'array', items: { description: 'x' } } } }))).toEqual(
      invalid('widgets.example.com', [`${P}.properties[list].items.type: Required value: must not be empty for specified array items`]),
    );
    expect(refused(real(), withSchema({ properties: { a: { type: 'string' } } }))).toEqual(invalid('widgets.example.com', [`${P}.type: Required value: must not be empty at the root`]));
    expect(refused(real(), withSchema({ type: 'array', items: { type: 'string' } }))).toEqual(invalid('widgets.example.com', [`${P}.type: Invalid value: "array": must be object at the root`]));
    expect(refused(real(), withSchema({ type: 'object', additionalProperties: { type: 'string' } }))).toEqual(invalid('widgets.example.com', [`${P}.additionalProperties: Forbidden: must not be used at the root`]));
  });

  it('int-or-string and preserve-unknown-fields nodes may leave out the type', () => {
    const body = withSchema({ type: 'object', properties: { port: { 'x-kubernetes-int-or-string': true }, raw: { 'x-kubernetes-preserve-unknown-fields': true } } });
    expect(ok(real().create(body, { fieldManager: 'admin' })).metadata).toBeDefined();
  });

  it('the root metadata may say only name and generateName', () => {
    expect(ok(real().create(withSchema({ type: 'object', properties: { metadata: { type: 'object', properties: { name: { type: 'string' } } } } }), { fieldManager: 'admin' })).metadata).toBeDefined();
  });

  it('metadata with other fields is refused', () => {
    expect(refused(real(), withSchema({ type: 'object', properties: { metadata: { type: 'object', properties: { labels: { type: 'object' } } } } }))).toEqual(
      invalid('widgets.example.com', [`${P}.properties[metadata]: Forbidden: must not specify anything other than name and generateName, but metadata is implicitly specified`]),
    );
  });

  it('schemas that differ between versions are reported per version', () => {
    const body = crd((s) => {
      s.versions[0].storage = false;
      s.versions.push({ name: 'v2', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'array' } } } } });
    });
    expect(refused(real(), body)).toEqual(invalid('widgets.example.com', ['spec.versions[1].schema.openAPIV3Schema.properties[spec].items: Required value: must be specified']));
  });
});

describe('CustomResourceDefinition create: list annotations', () => {
  const P = 'spec.validation.openAPIV3Schema.properties[ports]';
  const withPorts = (ports: Record<string, unknown>) => crd((s) => (s.versions[0].schema = { openAPIV3Schema: { type: 'object', properties: { ports } } }));
  const item = (extra: Record<string, unknown> = {}) => ({ type: 'object', properties: { name: { type: 'string' }, port: { type: 'integer' } }, ...extra });

  it('a map list needs its keys, and each key must be required or have a default', () => {
    expect(refused(real(), withPorts({ type: 'array', 'x-kubernetes-list-type': 'map', items: item({ required: ['name'] }) }))).toEqual(
      invalid('widgets.example.com', [`${P}.x-kubernetes-list-map-keys: Required value: must not be empty if x-kubernetes-list-type is map`]),
    );
    expect(refused(real(), withPorts({ type: 'array', 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['name'], items: item() }))).toEqual(
      invalid('widgets.example.com', [`${P}.items.properties[name].default: Required value: this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property`]),
    );
    expect(ok(real().create(withPorts({ type: 'array', 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['name'], items: item({ required: ['name'] }) }), { fieldManager: 'admin' })).metadata).toBeDefined();
  });

  it('map keys are scalar item properties; keys need list-type map; list types are atomic, set or map', () => {
    expect(refused(real(), withPorts({ type: 'array', 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['id', 'name'], items: item({ required: ['name'] }) }))).toEqual(
      invalid('widgets.example.com', [`${P}.x-kubernetes-list-map-keys: Invalid value: []string{"id", "name"}: entries must all be names of item properties`]),
    );
    expect(refused(real(), withPorts({ type: 'array', 'x-kubernetes-list-map-keys': ['name'], items: item({ required: ['name'] }) }))).toEqual(
      invalid('widgets.example.com', [`${P}.x-kubernetes-list-type: Required value: must be map if x-kubernetes-list-map-keys is non-empty`]),
    );
    expect(refused(real(), withPorts({ type: 'array', 'x-kubernetes-list-type': 'list', items: { type: 'string' } }))).toEqual(
      invalid('widgets.example.com', [`${P}.x-kubernetes-list-type: Unsupported value: "list": supported values: "atomic", "set", "map"`]),
    );
    expect(refused(real(), withPorts({ type: 'object', 'x-kubernetes-list-type': 'atomic' }))).toEqual(
      invalid('widgets.example.com', [`${P}.type: Invalid value: "object": must be array if x-kubernetes-list-type is specified`]),
    );
  });

  it('a set of objects needs atomic items', () => {
    expect(refused(real(), withPorts({ type: 'array', 'x-kubernetes-list-type': 'set', items: item() }))).toEqual(
      invalid('widgets.example.com', [`${P}.items.x-kubernetes-map-type: Invalid value: "null": must be atomic as item of a list with x-kubernetes-list-type=set`]),
    );
  });
});

describe('CustomResourceDefinition create: the scale subresource', () => {
  const withScale = (scale: Record<string, unknown>) => crd((s) => (s.versions[0].subresources = { status: {}, scale }));

  it('scale paths are json paths under .spec and .status; subresources every version shares are reported at spec.subresources', () => {
    expect(refused(real(), withScale({ specReplicasPath: 'spec.replicas', statusReplicasPath: '.spec.replicas', labelSelectorPath: '.metadata.labels' }))).toEqual(
      invalid('widgets.example.com', [
        'spec.subresources.scale.specReplicasPath: Invalid value: "spec.replicas": must be a simple json path starting with .',
        'spec.subresources.scale.statusReplicasPath: Invalid value: ".spec.replicas": should be a json path under .status',
        'spec.subresources.scale.labelSelectorPath: Invalid value: ".metadata.labels": should be a json path under either .spec or .status',
      ]),
    );
    expect(refused(real(), withScale({}))).toEqual(invalid('widgets.example.com', ['spec.subresources.scale.specReplicasPath: Required value', 'spec.subresources.scale.statusReplicasPath: Required value']));
    expect(ok(real().create(withScale({ specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas' }), { fieldManager: 'admin' })).metadata).toBeDefined();
  });

  it('subresources that differ between versions are reported per version', () => {
    const body = crd((s) => {
      s.versions[0].storage = false;
      s.versions.push({ name: 'v2', served: true, storage: true, schema, subresources: { scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.replicas' } } });
    });
    expect(refused(real(), body)).toEqual(invalid('widgets.example.com', ['spec.versions[1].subresources.scale.statusReplicasPath: Invalid value: ".replicas": should be a json path under .status']));
  });
});

describe('CustomResourceDefinition create: conversion', () => {
  const withConversion = (conversion: Record<string, unknown>) => crd((s) => (s.conversion = conversion));
  const service = { service: { name: 'conv', namespace: 'default', path: '/convert' } };

  it('a Webhook strategy needs a client config and review versions it knows', () => {
    expect(refused(real(), withConversion({ strategy: 'Webhook' }))).toEqual(
      invalid('widgets.example.com', ['spec.conversion.webhookClientConfig: Required value: required when strategy is set to Webhook', 'spec.conversion.conversionReviewVersions: Required value']),
    );
    expect(refused(real(), withConversion({ strategy: 'Webhook', webhook: { clientConfig: service, conversionReviewVersions: ['v2'] } }))).toEqual(
      invalid('widgets.example.com', ['spec.conversion.conversionReviewVersions: Invalid value: []string{"v2"}: must include at least one of v1, v1beta1']),
    );
    expect(refused(real(), withConversion({ strategy: 'Webhook', webhook: { clientConfig: { url: 'https://x/convert', ...service }, conversionReviewVersions: ['v1', 'v1'] } }))).toEqual(
      invalid('widgets.example.com', ['spec.conversion.webhookClientConfig: Required value: exactly one of url or service is required', 'spec.conversion.conversionReviewVersions[1]: Invalid value: "v1": duplicate version']),
    );
    expect(ok(real().create(withConversion({ strategy: 'Webhook', webhook: { clientConfig: service, conversionReviewVersions: ['v1'] } }), { fieldManager: 'admin' })).metadata).toBeDefined();
  });

  it("a webhook url Go's url.Parse refuses is required, with the parse error (apiserver pkg/util/webhook ValidateWebhookURL)", () => {
    const hook = (url: string) => withConversion({ strategy: 'Webhook', webhook: { clientConfig: { url }, conversionReviewVersions: ['v1'] } });
    const required = (error: string) => invalid('widgets.example.com', [`spec.conversion.webhookClientConfig.url: Required value: url must be a valid URL: ${error}; desired format: https://host[/path]`]);
    expect(refused(real(), hook('https://a b/convert'))).toEqual(required('parse "https://a b/convert": invalid character " " in host name'));
    expect(refused(real(), hook('https://host:44x/convert'))).toEqual(required('parse "https://host:44x/convert": invalid port ":44x" after host'));
    expect(refused(real(), hook('https://[::1/convert'))).toEqual(required(`parse "https://[::1/convert": missing ']' in host`));
    expect(refused(real(), hook('https://host/a%zz'))).toEqual(required('parse "https://host/a%zz": invalid URL escape "%zz"'));
    expect(refused(real(), hook('https://host/convert#%x'))).toEqual(required('parse "https://host/convert#%x": invalid URL escape "%x"'));
    expect(refused(real(), hook('://host/convert'))).toEqual(required('parse "://host/convert": missing protocol scheme'));
    expect(refused(real(), hook('https://us er@host/'))).toEqual(required('parse "https://us er@host/": net/url: invalid userinfo'));
  });

  it('a webhook url is https with a host, no user, query or fragment; a service has a name, a namespace, a valid port and path', () => {
    const hook = (clientConfig: Record<string, unknown>) => withConversion({ strategy: 'Webhook', webhook: { clientConfig, conversionReviewVersions: ['v1'] } });
    const U = 'spec.conversion.webhookClientConfig.url';
    const FORM = '; desired format: https://host[/path]';
    expect(refused(real(), hook({ url: 'http://u:p@/convert?x=1#f' }))).toEqual(
      invalid('widgets.example.com', [
        `${U}: Invalid value: "http": 'https' is the only allowed URL scheme${FORM}`,
        `${U}: Invalid value: "": host must be specified${FORM}`,
        `${U}: Invalid value: "u:p": user information is not permitted in the URL`,
        `${U}: Invalid value: "f": fragments are not permitted in the URL`,
        `${U}: Invalid value: "x=1": query parameters are not permitted in the URL`,
      ]),
    );
    const S = 'spec.conversion.webhookClientConfig.service';
    expect(refused(real(), hook({ service: { name: '', namespace: '', port: 70000, path: 'a//B' } }))).toEqual(
      invalid('widgets.example.com', [
        `${S}.name: Required value: service name is required`,
        `${S}.namespace: Required value: service namespace is required`,
        `${S}.port: Invalid value: 70000: port is not valid: must be between 1 and 65535, inclusive`,
        `${S}.path: Invalid value: "a//B": must start with a '/'`,
        `${S}.path: Invalid value: "a//B": segment[0] may not be empty`,
        `${S}.path: Invalid value: "a//B": segment[1] may not be empty`,
        `${S}.path: Invalid value: "a//B": segment[2]: a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
      ]),
    );
    expect(ok(real().create(hook({ url: 'https://conv.example.com:8443/convert' }), { fieldManager: 'admin' })).metadata).toBeDefined();
  });

  it('the strategy is None or Webhook; None takes no webhook', () => {
    expect(refused(real(), withConversion({ strategy: 'Custom' }))).toEqual(invalid('widgets.example.com', ['spec.conversion.strategy: Unsupported value: "Custom": supported values: "None", "Webhook"']));
    expect(refused(real(), withConversion({ strategy: 'None', webhook: { clientConfig: service, conversionReviewVersions: ['v1'] } }))).toEqual(
      invalid('widgets.example.com', [
        'spec.conversion.webhookClientConfig: Forbidden: should not be set when strategy is not set to Webhook',
        'spec.conversion.conversionReviewVersions: Forbidden: should not be set when strategy is not set to Webhook',
      ]),
    );
  });
});

describe('CustomResourceDefinition: a protected community group needs API approval', () => {
  const k8sGroup = (annotations?: Record<string, string>) => {
    const body = crd((s) => (s.group = 'example.k8s.io'), 'widgets.example.k8s.io') as any;
    if (annotations) body.metadata.annotations = annotations;
    return body;
  };

  it('without the annotation, or with one that is neither a URL nor "unapproved...", it is refused', () => {
    expect(refused(real(), k8sGroup())).toEqual(
      invalid('widgets.example.k8s.io', ['metadata.annotations[api-approved.kubernetes.io]: Required value: protected groups must have approval annotation "api-approved.kubernetes.io", see https://github.com/kubernetes/enhancements/pull/1111']),
    );
    expect(refused(real(), k8sGroup({ 'api-approved.kubernetes.io': 'yes' }))).toEqual(
      invalid('widgets.example.k8s.io', [
        'metadata.annotations[api-approved.kubernetes.io]: Invalid value: "yes": protected groups must have approval annotation "api-approved.kubernetes.io" with either a URL or a reason starting with "unapproved", see https://github.com/kubernetes/enhancements/pull/1111',
      ]),
    );
  });

  it('the URL is one url.ParseRequestURI reads, with a scheme and a host', () => {
    const detail = (v: string) =>
      invalid('widgets.example.k8s.io', [
        `metadata.annotations[api-approved.kubernetes.io]: Invalid value: "${v}": protected groups must have approval annotation "api-approved.kubernetes.io" with either a URL or a reason starting with "unapproved", see https://github.com/kubernetes/enhancements/pull/1111`,
      ]);
    for (const v of ['https://github.com/pull/1%zz', 'https://host:port/pull/1', 'https://[::1/pull', 'https://@/pull/1', 'https:pull/1']) {
      expect(refused(real(), k8sGroup({ 'api-approved.kubernetes.io': v }))).toEqual(detail(v));
    }
    expect(ok(real().create(k8sGroup({ 'api-approved.kubernetes.io': 'https://github.com/kubernetes/enhancements/pull/1111#issuecomment-1' }), { fieldManager: 'admin' })).metadata).toBeDefined();
  });

  it('a URL or an "unapproved" reason is accepted', () => {
    expect(ok(real().create(k8sGroup({ 'api-approved.kubernetes.io': 'https://github.com/kubernetes/kubernetes/pull/78458' }), { fieldManager: 'admin' })).metadata).toBeDefined();
    expect(ok(real().create(k8sGroup({ 'api-approved.kubernetes.io': 'unapproved, experimental-only' }), { fieldManager: 'admin' })).metadata).toBeDefined();
  });
});

describe('CustomResourceDefinition update of a CRD stored before the list rules', () => {
  const loose = (extra: Record<string, unknown> = {}) =>
    crd((s) => (s.versions[0].schema = { openAPIV3Schema: { type: 'object', properties: { ports: { type: 'array', 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['name'], items: { type: 'object', properties: { name: { type: 'string' } } } }, ...extra } } }));

  it('is not held to the map-key rule its stored schema already breaks; a new CRD is', () => {
    const seeded = withExistingObject(createCluster({ catalog: builtinCatalog(), now: NOW }), loose());
    if ('problem' in seeded) throw new Error(seeded.problem);
    const r = serve(seeded.state, { verb: 'apply', body: loose({ extra: { type: 'string' } }), options: { fieldManager: 'admin', force: true } });
    expect(r.response.ok ? r.response.code : r.response.status.message).toBe(200);
    expect(refused(real(), loose())).toEqual(
      invalid('widgets.example.com', ['spec.validation.openAPIV3Schema.properties[ports].items.properties[name].default: Required value: this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property']),
    );
  });
});
