/**
 * A custom resource's OpenAPI schema as kube-apiserver publishes it: its CRD's own
 * `openAPIV3Schema` (so `integer` stays `integer`, a string keeps its `format`, descriptions,
 * enums, defaults and validations are there), with what apiextensions-apiserver's OpenAPI builder
 * changes:
 *
 * - the root's `apiVersion` and `kind` are strings and its `metadata` is ObjectMeta, whatever the
 *   CRD says of them; an embedded resource (`x-kubernetes-embedded-resource`) gets the same three;
 * - only the keys of a structural schema are kept (no `example`, `externalDocs`, `id`...), and
 *   boolean keywords only when true;
 * - for OpenAPI v2, what v2 cannot say goes (its ToStructuralOpenAPIV2): `allOf`, `anyOf`,
 *   `oneOf` and `not`; a `nullable` value loses its type, items and properties (and is no longer
 *   required by its parent); a value that preserves unknown fields loses its items and
 *   properties; an array left without items loses its type; a root that preserves unknown
 *   fields is published as `{type: object}` alone (builder.go buildKubeNative).
 */
import { getKey, isMap, type Value, type ValueMap } from '../value/value.js';

type Json = Record<string, unknown>;
type Ref = (typeName: string) => Json;

const OBJECT_META = 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta';

/** Keys whose value is copied as it is. */
const VALUE_KEYS = [
  'type', 'format', 'description', 'title', 'default', 'enum', 'maximum', 'minimum', 'maxLength', 'minLength', 'pattern', 'maxItems', 'minItems',
  'multipleOf', 'maxProperties', 'minProperties', 'required', 'x-kubernetes-list-map-keys', 'x-kubernetes-list-type', 'x-kubernetes-map-type', 'x-kubernetes-validations',
];
/** Boolean keywords, written only when true. */
const FLAG_KEYS = ['nullable', 'exclusiveMaximum', 'exclusiveMinimum', 'uniqueItems', 'x-kubernetes-preserve-unknown-fields', 'x-kubernetes-embedded-resource', 'x-kubernetes-int-or-string'];
const JUNCTORS = ['allOf', 'anyOf', 'oneOf'];

export function crdSchema(source: Value, ref: Ref, dialect: 2 | 3): Json {
  // For v2 a root that preserves unknown fields is a bare object, without even apiVersion, kind
  // and metadata: kubectl's v2 validation would refuse every field the schema does not list.
  if (dialect === 2 && isMap(source) && getKey(source, 'x-kubernetes-preserve-unknown-fields') === true) return { type: 'object' };
  const root = node(source, ref, dialect);
  root.properties = { ...(root.properties as Json | undefined), ...typeMetaProperties(ref) };
  return root;
}

function typeMetaProperties(ref: Ref): Json {
  return { apiVersion: { type: 'string' }, kind: { type: 'string' }, metadata: ref(OBJECT_META) };
}

function node(source: Value, ref: Ref, dialect: 2 | 3): Json {
  if (!isMap(source)) return {};
  const s = source as ValueMap;
  const out: Json = {};
  for (const k of VALUE_KEYS) if (getKey(s, k) !== undefined) out[k] = getKey(s, k);
  for (const k of FLAG_KEYS) if (getKey(s, k) === true) out[k] = true;
  const properties = getKey(s, 'properties');
  if (isMap(properties ?? null)) {
    const props: Json = {};
    for (const [name, p] of Object.entries(properties as ValueMap)) props[name] = node(p, ref, dialect);
    out.properties = props;
  }
  const items = getKey(s, 'items');
  if (isMap(items ?? null)) out.items = node(items!, ref, dialect);
  const additional = getKey(s, 'additionalProperties');
  if (typeof additional === 'boolean') out.additionalProperties = additional;
  else if (isMap(additional ?? null)) out.additionalProperties = node(additional!, ref, dialect);
  for (const k of JUNCTORS) {
    const list = getKey(s, k);
    if (Array.isArray(list)) out[k] = list.map((x) => node(x, ref, dialect));
  }
  if (isMap(getKey(s, 'not') ?? null)) out.not = node(getKey(s, 'not')!, ref, dialect);
  if (out['x-kubernetes-embedded-resource'] === true) out.properties = { ...(out.properties as Json | undefined), ...typeMetaProperties(ref) };
  return dialect === 2 ? forV2(out, s) : out;
}

/** What OpenAPI v2 cannot say, taken out of one node (its children are done already). */
function forV2(out: Json, source: ValueMap): Json {
  for (const k of [...JUNCTORS, 'not']) delete out[k];
  const nullableChildren = new Set(Object.entries((getKey(source, 'properties') as ValueMap | undefined) ?? {}).filter(([, p]) => isMap(p) && getKey(p, 'nullable') === true).map(([n]) => n));
  if (Array.isArray(out.required) && nullableChildren.size > 0) {
    const required = (out.required as string[]).filter((r) => !nullableChildren.has(r));
    if (required.length > 0) out.required = required;
    else delete out.required;
  }
  if (out.nullable === true) {
    delete out.nullable;
    delete out.type;
    delete out.items;
    delete out.properties;
  }
  if (out['x-kubernetes-preserve-unknown-fields'] === true) {
    delete out.items;
    delete out.properties;
  }
  if (out.items === undefined && out.type === 'array') delete out.type;
  return out;
}
