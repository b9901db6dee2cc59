/**
 * CustomResourceDefinitions created through the API are served at once: after every write to a
 * CRD, the schema catalog and the served resources are rebuilt from the server's starting
 * catalog and the CRDs stored now (their kinds, versions, scope, names and subresources), so
 * discovery, OpenAPI and the REST paths include them from the next request on.
 */
import { buildResources, customResource } from '../apiserver/registry.js';
import type { CatalogLike, ClusterState, ResourceType } from '../apiserver/types.js';
import { SsaError } from '../errors/ssa-error.js';
import { catalogFromCrd, combineCatalogs, type SchemaCatalog } from '../schema/catalog.js';
import { getKey, isList, isMap, type Value, type ValueMap } from '../value/value.js';

const CRD_PREFIX = 'apiextensions.k8s.io/customresourcedefinitions/';

function str(m: Value | undefined, key: string): string | undefined {
  const v = isMap(m) ? getKey(m, key) : undefined;
  return typeof v === 'string' ? v : undefined;
}

function fieldPath(jsonPath: string | undefined, fallback: readonly string[]): readonly string[] {
  return jsonPath ? jsonPath.replace(/^\./, '').split('.') : fallback;
}

/** The resource a stored CRD declares, or undefined when it is not one the server can serve. */
function crdResource(crd: ValueMap, catalog: SchemaCatalog): ResourceType | undefined {
  const spec = getKey(crd, 'spec');
  const group = str(spec, 'group');
  const names = isMap(spec) ? getKey(spec, 'names') : undefined;
  const kind = str(names, 'kind');
  const plural = str(names, 'plural');
  if (!group || !kind || !plural || !isMap(spec)) return undefined;
  const versions = getKey(spec, 'versions');
  const served = (isList(versions) ? versions : []).filter((v) => isMap(v) && getKey(v, 'served') === true) as ValueMap[];
  if (served.length === 0) return undefined;
  // The storage version first: kubectl and discovery prefer it.
  served.sort((a, b) => Number(getKey(b, 'storage') === true) - Number(getKey(a, 'storage') === true));
  const typeNames: Record<string, string | undefined> = {};
  for (const v of served) typeNames[str(v, 'name')!] = catalog.typeFor(`${group}/${str(v, 'name')}`, kind);
  const sub = getKey(served[0], 'subresources');
  const scale = isMap(sub) ? getKey(sub, 'scale') : undefined;
  const shortNames = getKey(names as ValueMap, 'shortNames');
  return customResource({
    group,
    kind,
    versions: served.map((v) => str(v, 'name')!),
    typeNames,
    resource: plural,
    shortNames: isList(shortNames) ? shortNames.filter((s): s is string => typeof s === 'string') : [],
    namespaced: str(spec, 'scope') !== 'Cluster',
    status: isMap(sub) && getKey(sub, 'status') !== undefined,
    ...(isMap(scale)
      ? {
          scale: {
            specReplicasPath: fieldPath(str(scale, 'specReplicasPath'), ['spec', 'replicas']),
            statusReplicasPath: fieldPath(str(scale, 'statusReplicasPath'), ['status', 'replicas']),
            ...(str(scale, 'labelSelectorPath') ? { labelSelectorPath: fieldPath(str(scale, 'labelSelectorPath'), []) } : {}),
          },
        }
      : {}),
  });
}

/** The CRDs stored in `state`, in storage order. */
function storedCrds(state: ClusterState): ValueMap[] {
  return [...state.objects].filter(([k]) => k.startsWith(CRD_PREFIX)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, o]) => o);
}

/**
 * `state` serving `base` plus every CRD it stores. A CRD whose schema cannot be read is not
 * served (the real server would have refused it); its name is in `skipped`.
 */
export function withServedCrds(state: ClusterState, base: CatalogLike): { state: ClusterState; skipped: string[] } {
  const crds = storedCrds(state);
  const skipped: string[] = [];
  const catalogs: SchemaCatalog[] = [];
  const resources: ResourceType[] = [];
  for (const crd of crds) {
    try {
      const c = catalogFromCrd(crd, `CustomResourceDefinition ${str(getKey(crd, 'metadata'), 'name') ?? ''}`);
      const r = crdResource(crd, c);
      if (!r) throw new SsaError('INPUT', 'no served version');
      catalogs.push(c);
      resources.push(r);
    } catch (e) {
      if (!(e instanceof SsaError)) throw e;
      skipped.push(str(getKey(crd, 'metadata'), 'name') ?? '');
    }
  }
  const catalog = catalogs.length > 0 ? combineCatalogs(base as SchemaCatalog, ...catalogs) : base;
  return { state: { ...state, config: { ...state.config, catalog, resources: buildResources(catalog, resources) } }, skipped };
}

/** Whether a storage key is a CRD's (a write to it changes what is served). */
export function isCrdKey(key: string): boolean {
  return key.startsWith(CRD_PREFIX);
}
