/**
 * Integers of custom resources. kube-apiserver serves a CRD's `type: integer` as `type:
 * integer` in both OpenAPI documents (with the CRD's own `format`, none added; its OpenAPI is
 * the CRD's schema, so formatted strings and int-or-string keep their words), and a custom
 * resource's JSON keeps every digit of an int64 (unstructured JSON reads integers as int64), as
 * the built-in kinds do (big-integers.test.ts): through create, get, list and apply.
 */
import { describe, expect, it } from 'vitest';
import { call, JSON_HEADERS, start } from './http-client.js';

const CRD = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.example.com' },
  spec: {
    group: 'example.com',
    names: { kind: 'Widget', plural: 'widgets', singular: 'widget', listKind: 'WidgetList' },
    scope: 'Namespaced',
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              spec: {
                type: 'object',
                properties: {
                  count: { type: 'integer' },
                  port: { type: 'integer', format: 'int32' },
                  ratio: { type: 'number' },
                  sizes: { type: 'array', items: { type: 'integer' } },
                  limits: { type: 'object', additionalProperties: { type: 'integer' } },
                  when: { type: 'string', format: 'date-time' },
                  either: { 'x-kubernetes-int-or-string': true },
                  maybe: { type: 'integer', nullable: true },
                },
              },
            },
          },
        },
      },
    ],
  },
};

const WIDGET = '{"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"w"},"spec":{"count":9007199254740993,"port":80,"ratio":1.5,"sizes":[9007199254740995],"limits":{"a":-9223372036854775808}}}';

describe('integers of custom resources', () => {
  it('are integers in /openapi/v2 and /openapi/v3, with the format the CRD gives', async () => {
    const s = await start();
    expect((await call(s, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', JSON.stringify(CRD), JSON_HEADERS)).status).toBe(201);
    const v3 = (await call(s, 'GET', '/openapi/v3/apis/example.com/v1')).json;
    const v2 = (await call(s, 'GET', '/openapi/v2')).json;
    for (const [doc, spec] of [
      ['v3', v3.components.schemas['com.example.v1.Widget'].properties.spec],
      ['v2', v2.definitions['com.example.v1.Widget'].properties.spec],
    ] as const) {
      const p = spec.properties;
      expect(p.count, doc).toEqual({ type: 'integer' });
      expect(p.port, doc).toEqual({ type: 'integer', format: 'int32' });
      expect(p.ratio, doc).toEqual({ type: 'number' });
      expect(p.sizes.items, doc).toEqual({ type: 'integer' });
      expect(p.limits.additionalProperties, doc).toEqual({ type: 'integer' });
      // A formatted string keeps its format (the catalog reads it as a scalar of no one type).
      expect(p.when, doc).toEqual({ type: 'string', format: 'date-time' });
      expect(p.either, doc).toEqual({ 'x-kubernetes-int-or-string': true });
    }
    // v3 says nullable; v2 cannot, so the value is left untyped there.
    expect(v3.components.schemas['com.example.v1.Widget'].properties.spec.properties.maybe).toEqual({ type: 'integer', nullable: true });
    expect(v2.definitions['com.example.v1.Widget'].properties.spec.properties.maybe).toEqual({});
  });

  it('keep every digit through create, get, list and apply', async () => {
    const s = await start();
    await call(s, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', JSON.stringify(CRD), JSON_HEADERS);
    const created = await call(s, 'POST', '/apis/example.com/v1/namespaces/default/widgets', WIDGET, JSON_HEADERS);
    expect(created.status).toBe(201);
    for (const text of ['"count":9007199254740993', '"sizes":[9007199254740995]', '"limits":{"a":-9223372036854775808}', '"ratio":1.5']) expect(created.body).toContain(text);
    const applied = await call(
      s,
      'PATCH',
      '/apis/example.com/v1/namespaces/default/widgets/w?fieldManager=m&force=true',
      'apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec:\n  count: 9223372036854775807\n',
      { 'Content-Type': 'application/apply-patch+yaml' },
    );
    expect(applied.status).toBe(200);
    expect(applied.body).toContain('"count":9223372036854775807');
    expect((await call(s, 'GET', '/apis/example.com/v1/namespaces/default/widgets/w')).body).toContain('"count":9223372036854775807');
    expect((await call(s, 'GET', '/apis/example.com/v1/namespaces/default/widgets')).body).toContain('"sizes":[9007199254740995]');
  });
});
