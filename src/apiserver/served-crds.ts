/**
 * A stored CustomResourceDefinition is served at once, as apiextensions-apiserver serves a CRD as
 * soon as it is established: after every write that changes the stored CRDs, the schema catalog
 * and the served resources are rebuilt from the cluster's base (the catalog and resources it was
 * created with) and the CRDs stored now (their kinds, versions, scope, names and subresources).
 * A deleted CRD's kinds go back to what the base says; its objects stay stored.
 */
import { buildResources, customResource } from './registry.js';
import type { ClusterState, KubeObject, ResourceType } from './types.js';
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

/** The CRDs stored in `state`, in storage-key order. */
function storedCrds(state: ClusterState): [string, KubeObject][] {
  const out: [string, KubeObject][] = [];
  for (const entry of state.objects) if (entry[0].startsWith(CRD_PREFIX)) out.push(entry);
  return out.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * `state` serving its base catalog and resources plus every CRD it stores. A CRD whose schema
 * cannot be read is not served (the real server would have refused it); its name is in `skipped`.
 */
export function withServedCrds(state: ClusterState): { state: ClusterState; skipped: string[] } {
  const base = state.config.baseCatalog;
  const crds = storedCrds(state).map(([, o]) => o);
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
  const config = { ...state.config, catalog, resources: buildResources(catalog, [...state.config.baseResources, ...resources]) };
  return { state: { ...state, config }, skipped };
}

/** Whether `after` stores other CRDs than `before` (a CRD created, changed or deleted). */
export function crdsChanged(before: ClusterState, after: ClusterState): boolean {
  if (before.objects === after.objects) return false;
  const a = storedCrds(before);
  const b = storedCrds(after);
  return a.length !== b.length || a.some(([k, o], i) => b[i][0] !== k || b[i][1] !== o);
}

/** `after` serving its stored CRDs when they differ from `before`'s. */
export function servingStoredCrds(before: ClusterState, after: ClusterState): ClusterState {
  return crdsChanged(before, after) ? withServedCrds(after).state : after;
}
