/**
 * What every verb needs: which resource and object a request addresses, the field manager
 * endpoint it writes through, and the server's decode-time defaulting for the kind.
 */
import { objectKey } from './storage-key.js';
import { withoutEmptyGoMaps } from './omitempty.js';
import { withTemplateGeneration } from './template-generation.js';
import { DEDUCED_TYPE_NAME, deducedSchemaDecl } from '../schema/deduced.js';
import { type Atom, Schema } from '../schema/schema.js';
import { getKey, newMap, type ValueMap } from '../value/value.js';
import { builtinDefaults, builtinEmptyObject, zeroFill } from './builtin-defaults.js';
import { canonicalizeBytes } from './canonical-bytes.js';
import { goMessageOf } from './decode-object.js';
import { builtinProtoTables } from './protobuf-envelope.js';
import { setPath } from './object-paths.js';
import { conversionOf, objectAt, storageApiVersion } from './conversions.js';
import type { EngineContext, VersionConverter } from '../merge/context.js';
import type { Value } from '../value/value.js';
import { isMap } from '../value/value.js';
import { schemaDefaults } from './schema-defaults.js';
import { pruneNonNullableNulls } from './prune-nulls.js';
import { type Endpoint, ignoredFieldsFor } from './endpoint.js';
import { atVersion, findResource, joinApiVersion } from './registry.js';
import { fallbackScaleAtom, SCALE_API_VERSION, SCALE_KIND } from './scale.js';
import { resourceNotServed } from './status.js';
import type { ClusterState, KubeObject, ObjectRef, ResourceType, StatusObject } from './types.js';
import { withoutGoNulls } from './go-nulls.js';

export interface Target {
  readonly resource: ResourceType;
  readonly version: string;
  /** The endpoint's group/version. */
  readonly apiVersion: string;
  readonly namespace: string;
  readonly name: string;
  readonly key: string;
}

export function storageKey(resource: ResourceType, namespace: string, name: string): string {
  return objectKey(resource.group, resource.resource, namespace, name);
}

/** The resource and object a reference names, or the 404 of an unserved URL. */
export function resolveTarget(state: ClusterState, ref: Partial<ObjectRef>): Target | StatusObject {
  const found = findResource(state.config.resources, ref.apiVersion ?? '', { kind: ref.kind, resource: ref.resource });
  if (!found) return resourceNotServed();
  const namespace = found.resource.namespaced ? ref.namespace || 'default' : '';
  const name = ref.name ?? '';
  return {
    resource: atVersion(found.resource, found.version),
    version: found.version,
    apiVersion: joinApiVersion(found.resource.group, found.version),
    namespace,
    name,
    key: storageKey(found.resource, namespace, name),
  };
}

export function isStatus(x: unknown): x is StatusObject {
  return typeof x === 'object' && x !== null && (x as { kind?: unknown }).kind === 'Status';
}

function deducedAtom(state: ClusterState): Atom {
  const schema = state.config.catalog.schema;
  return schema.hasType(DEDUCED_TYPE_NAME) ? schema.named(DEDUCED_TYPE_NAME) : new Schema(deducedSchemaDecl()).named(DEDUCED_TYPE_NAME);
}

/** The schema type name of a resource version, if it has one. */
function typeNameFor(state: ClusterState, resource: ResourceType, version: string): string | undefined {
  return resource.typeNames[version] ?? state.config.catalog.typeFor(joinApiVersion(resource.group, version), resource.kind);
}

/** A custom resource version's `openAPIV3Schema` as its CRD gives it (undefined for built-in kinds). */
export function openApiSchemaFor(state: ClusterState, resource: ResourceType, apiVersion: string): Value | undefined {
  if (!resource.custom) return undefined;
  return state.config.catalog.kinds().find((k) => k.apiVersion === apiVersion && k.kind === resource.kind)?.openApiSchema;
}

/** The schema type of a resource version (the deduced type when it has none). */
export function atomFor(state: ClusterState, resource: ResourceType, version: string): Atom {
  const typeName = typeNameFor(state, resource, version);
  if (!typeName || !state.config.catalog.schema.hasType(typeName)) return deducedAtom(state);
  return state.config.catalog.schema.named(typeName);
}

function scaleAtom(state: ClusterState): Atom {
  const typeName = state.config.catalog.typeFor(SCALE_API_VERSION, SCALE_KIND);
  if (typeName && state.config.catalog.schema.hasType(typeName)) return state.config.catalog.schema.named(typeName);
  return fallbackScaleAtom();
}

/**
 * The kind's empty object: `{apiVersion, kind}` in harness mode and for custom resources, with
 * the Go zero value of a built-in kind's type (and of the Scale of any `/scale`) otherwise.
 */
export function emptyObjectFor(state: ClusterState, resource: ResourceType, apiVersion: string, kind: string): ValueMap {
  const base = newMap();
  base.apiVersion = apiVersion;
  base.kind = kind;
  if (state.config.harness) return base;
  const zero = kind === SCALE_KIND && !resource.emptyObject ? scaleZero(state) : zeroAt(state, resource, apiVersion);
  if (!zero) return base;
  for (const k of Object.keys(zero)) base[k] = zero[k];
  return base;
}

/**
 * The Go zero value of a kind at `apiVersion` (without apiVersion and kind), if modelled: the
 * storage version's converted for a kind whose versions differ.
 */
function zeroAt(state: ClusterState, resource: ResourceType, apiVersion: string): ValueMap | undefined {
  const stored = storageApiVersion(resource, apiVersion);
  const typeName = resource.custom ? undefined : typeNameFor(state, resource, stored.slice(stored.lastIndexOf('/') + 1));
  const zero = resource.emptyObject ?? (typeName === undefined ? undefined : builtinEmptyObject(typeName));
  if (!zero || stored === apiVersion) return zero;
  const at = objectAt(resource, { ...zero, apiVersion: stored, kind: resource.kind }, apiVersion);
  const out = newMap();
  for (const k of Object.keys(at)) if (k !== 'apiVersion' && k !== 'kind') out[k] = at[k];
  return out;
}

/** The Go zero value of the Scale of a `/scale` endpoint (autoscaling/v1, for every kind). */
function scaleZero(state: ClusterState): ValueMap | undefined {
  const typeName = state.config.catalog.typeFor(SCALE_API_VERSION, SCALE_KIND);
  return typeName === undefined ? undefined : builtinEmptyObject(typeName);
}

/**
 * The stored object as the request's endpoint shows it (undefined when there is none): converted
 * to the request's version for a kind whose versions differ (conversions.ts); for the others one
 * schema serves every version, so through another served version an object differs only in its
 * apiVersion (a custom resource's `None` conversion). A write compares with it there, and one that
 * changes nothing through another version is a no-op, as upstream where the store compares
 * objects at their storage version.
 */
export function storedAt(state: ClusterState, target: Target): KubeObject | undefined {
  const obj = state.objects.get(target.key);
  return obj && objectAt(target.resource, obj, target.apiVersion);
}

/**
 * A stored object as a read (GET, LIST, a watch's initial events) returns it at `apiVersion`: a
 * custom resource decoded from storage first gets the defaults of its stored version's schema
 * (the storage codec's unstructuredDefaulter in apiextensions-apiserver's crdhandler), so a
 * default the CRD gained after the object was written shows, owned by nobody. Not in harness
 * mode. A write's field manager and patchers start from it too (liveAt); its other checks
 * read the stored object as it is (storedAt).
 */
export function readAt(state: ClusterState, resource: ResourceType, obj: ValueMap, apiVersion: string): ValueMap {
  let out = obj;
  if (!state.config.harness && resource.custom) {
    const stored = getKey(obj, 'apiVersion');
    const version = typeof stored === 'string' ? stored.slice(stored.lastIndexOf('/') + 1) : '';
    if (version !== '') out = schemaDefaults(pruneNonNullableNulls(obj, openApiSchemaFor(state, resource, stored as string)) as ValueMap, atomFor(state, resource, version));
  }
  return objectAt(resource, out, apiVersion);
}

/** The stored object a write's field manager and patchers start from: read as readAt reads it (a custom resource defaulted). */
export function liveAt(state: ClusterState, target: Target): KubeObject | undefined {
  const obj = state.objects.get(target.key);
  return obj && (readAt(state, target.resource, obj, target.apiVersion) as KubeObject);
}

/**
 * Decode-time defaulting of an object of `resource`: for a built-in kind its zero value and
 * built-in defaults, for a custom resource its structural schema's defaults (not in harness
 * mode, where upstream's unit tests default nothing), then the configured defaulters.
 */
export function defaulterFor(state: ClusterState, resource: ResourceType, apiVersion: string): (obj: ValueMap) => ValueMap {
  const version = apiVersion.slice(apiVersion.lastIndexOf('/') + 1);
  return (obj) => {
    let out = obj;
    if (!state.config.harness && state.config.builtinDefaults && !resource.custom) {
      // The kind's zero value (its storage version's, converted), then Go's zero fields of every
      // struct node by node with the defaults (builtin-defaults.ts).
      // Nulls first, as decoding into the Go struct meets them (go-nulls.ts).
      out = withoutGoNulls(out, atomFor(state, resource, version));
      const zero = zeroAt(state, resource, apiVersion);
      if (zero) out = zeroFill(out, zero);
      out = builtinDefaults(out, atomFor(state, resource, version));
      // builtinDefaults copied the object: its []byte texts are rewritten in place.
      const message = goMessageOf(resource, version);
      if (message !== undefined && out !== obj) canonicalizeBytes(out, message, builtinProtoTables());
      out = withTemplateGeneration(resource, out);
      out = withoutEmptyGoMaps(out, atomFor(state, resource, version));
    }
    if (!state.config.harness && resource.custom) {
      // The codec's unstructuredDefaulter: the nulls the schema does not allow pruned, then the defaults.
      out = pruneNonNullableNulls(out, openApiSchemaFor(state, resource, apiVersion)) as ValueMap;
      out = schemaDefaults(out, atomFor(state, resource, version));
    }
    for (const d of state.config.defaulters) out = d(out, resource, apiVersion);
    return out;
  };
}

/** The field manager endpoint of a resource version and subresource, at time `now`. */
export function endpointFor(state: ClusterState, resource: ResourceType, version: string, subresource: string, now: string): Endpoint {
  const apiVersion = joinApiVersion(resource.group, version);
  const versions = resource.versions.map((v) => joinApiVersion(resource.group, v));
  const resets = resource.resetFields[subresource] ?? [];
  if (subresource === 'scale') {
    const ignored = ignoredFieldsFor(resets, [SCALE_API_VERSION]);
    return {
      resource,
      apiVersion: SCALE_API_VERSION,
      kind: SCALE_KIND,
      subresource,
      ctx: { atom: scaleAtom(state), ...(ignored ? { ignoredFields: ignored } : {}) },
      emptyObject: emptyObjectFor(state, resource, SCALE_API_VERSION, SCALE_KIND),
      defaultObject: (o) => o,
      knownVersions: new Set([SCALE_API_VERSION]),
      now,
      maxUpdateManagers: state.config.maxUpdateManagers,
    };
  }
  const ignored = ignoredFieldsFor(resets, versions);
  const converter = versionConverter(state, resource);
  const ctx: EngineContext = { atom: atomFor(state, resource, version), ...(ignored ? { ignoredFields: ignored } : {}), ...(converter ? { versions: converter } : {}) };
  return {
    resource,
    apiVersion,
    kind: resource.kind,
    subresource,
    ctx,
    emptyObject: emptyObjectFor(state, resource, apiVersion, resource.kind),
    defaultObject: defaulterFor(state, resource, apiVersion),
    knownVersions: new Set(versions),
    now,
    maxUpdateManagers: state.config.maxUpdateManagers,
  };
}

/**
 * For a kind whose versions differ, how the field manager sees the object at another served
 * version: that version's type, and the object converted through the storage version. Managers
 * whose sets were recorded at another version are compared there (engine-semantics §5.6).
 */
export function versionConverter(state: ClusterState, resource: ResourceType): VersionConverter | undefined {
  if (!conversionOf(resource)) return undefined;
  const served = new Map(resource.versions.map((v) => [joinApiVersion(resource.group, v), v]));
  return {
    atomAt: (apiVersion) => {
      const v = served.get(apiVersion);
      return v === undefined ? undefined : atomFor(state, resource, v);
    },
    convert: (value: Value, from: string, to: string): Value => {
      if (!isMap(value)) return value;
      const labelled = value.apiVersion === from ? value : setPath(value, ['apiVersion'], from);
      return objectAt(resource, labelled, to);
    },
  };
}
