/**
 * The OpenAPI schemas of meta/v1's Status and DeleteOptions, which DELETE operations answer and
 * take, and of Patch, which PATCH operations take. Status is its protobuf message's fields (openapi-go-facts.ts) with the TypeMeta the Go
 * type inlines (`kind`, `apiVersion`, which the message leaves to the envelope); DeleteOptions
 * and its Preconditions are not among the messages the kinds reach, so their properties are
 * written here from the Go types (k8s.io/apimachinery/pkg/apis/meta/v1 types.go).
 */
type Json = Record<string, unknown>;
type Ref = (typeName: string) => Json;

const META = 'io.k8s.apimachinery.pkg.apis.meta.v1.';
const TYPE_META: Json = { apiVersion: { type: 'string' }, kind: { type: 'string' } };

/** The schema of a meta/v1 type kept here, given what its message says (if anything); undefined for others. */
export function metaSchema(typeName: string, fromMessage: Json | undefined, ref: Ref): Json | undefined {
  switch (typeName) {
    case `${META}Status`: {
      if (!fromMessage) return undefined;
      const properties = { ...TYPE_META, ...(fromMessage.properties as Json) };
      return { ...fromMessage, properties: { ...properties, metadata: { ...(properties.metadata as Json), default: {} } } };
    }
    case `${META}DeleteOptions`:
      return {
        type: 'object',
        properties: {
          ...TYPE_META,
          dryRun: { type: 'array', items: { type: 'string', default: '' }, 'x-kubernetes-list-type': 'atomic' },
          gracePeriodSeconds: { type: 'integer', format: 'int64' },
          ignoreStoreReadErrorWithClusterBreakingPotential: { type: 'boolean' },
          orphanDependents: { type: 'boolean' },
          preconditions: ref(`${META}Preconditions`),
          propagationPolicy: { type: 'string' },
        },
      };
    case `${META}Patch`:
      // What a PATCH takes: any object, named so that operations can refer to it.
      return { type: 'object' };
    case `${META}Preconditions`:
      return { type: 'object', properties: { resourceVersion: { type: 'string' }, uid: { type: 'string' } } };
    default:
      return undefined;
  }
}
