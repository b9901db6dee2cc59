import fc from 'fast-check';
import { describe, it } from 'vitest';
import { SsaError } from '../../src/errors/ssa-error.js';
import { catalogFromCrd, catalogFromOpenApi } from '../../src/schema/catalog.js';
import type { Value } from '../../src/value/value.js';

// Whatever a file holds, loading it gives a catalog or an SsaError, never a crash (fixed seeds).
const keys = fc.constantFrom(
  'type', 'properties', 'items', 'additionalProperties', '$ref', 'allOf', 'default', 'format',
  'x-kubernetes-list-type', 'x-kubernetes-list-map-keys', 'x-kubernetes-map-type', 'x-kubernetes-patch-strategy',
  'x-kubernetes-patch-merge-key', 'x-kubernetes-preserve-unknown-fields', 'x-kubernetes-int-or-string',
  'x-kubernetes-embedded-resource', 'x-kubernetes-group-version-kind', '__proto__', 'constructor', 'a',
);
const leaf = fc.oneof(fc.constantFrom('object', 'array', 'string', 'integer', 'map', 'set', 'atomic', 'merge', '#/definitions/T', '#/components/schemas/T', true, false, null), fc.integer());
const { node } = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('node'), { maxLength: 3 }), fc.dictionary(keys, tie('node'), { maxKeys: 4 })),
}));

function loads(fn: () => unknown): void {
  try {
    fn();
  } catch (err) {
    if (!(err instanceof SsaError)) throw err;
  }
}

describe('schema sources under random input', () => {
  it('OpenAPI documents: a catalog or an SsaError', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('T', 'U', '__proto__'), node, { maxKeys: 3 }), fc.boolean(), (defs, v3) => {
        const doc = v3 ? { openapi: '3.0.0', components: { schemas: defs } } : { swagger: '2.0', definitions: defs };
        loads(() => {
          const c = catalogFromOpenApi(JSON.parse(JSON.stringify(doc)) as Value, 'fuzz.json');
          for (const name of c.schema.typeNames()) loads(() => c.schema.named(name));
        });
      }),
      { seed: 7331, numRuns: 500 },
    );
  });

  it('CRDs: a catalog or an SsaError', () => {
    fc.assert(
      fc.property(node, fc.constantFrom('apiextensions.k8s.io/v1', 'apiextensions.k8s.io/v1beta1'), (schema, apiVersion) => {
        const crd = {
          apiVersion,
          kind: 'CustomResourceDefinition',
          spec: { group: 'example.com', scope: 'Namespaced', names: { kind: 'W', plural: 'ws' }, versions: [{ name: 'v1', served: true, schema: { openAPIV3Schema: schema } }] },
        };
        loads(() => catalogFromCrd(JSON.parse(JSON.stringify(crd)) as Value, 'fuzz.yaml'));
      }),
      { seed: 4242, numRuns: 500 },
    );
  });
});
