/**
 * A stored CustomResourceDefinition is served at once, as apiextensions-apiserver serves a CRD as
 * soon as it is established: after every write that changes the stored CRDs, the schema catalog
 * and the served resources are rebuilt from the cluster's base (the catalog and resources it was
 * created with) and the CRDs stored now (their kinds, versions, scope, names and subresources).
 * A deleted CRD's kinds go back to what the base says (its objects were deleted before it:
 * finalizing-controllers.ts).
 */
import { buildResources } from './registry.js';
import { keyName, keyPrefix } from './storage-key.js';
import type { ClusterState, KubeObject } from './types.js';
import { SsaError } from '../errors/ssa-error.js';
import { catalogFromCrd, combineCatalogs, type SchemaCatalog } from '../schema/catalog.js';

const CRD_PREFIX = keyPrefix('apiextensions.k8s.io', 'customresourcedefinitions');

/** The CRDs stored in `state`, in storage-key order. */
export function storedCrds(state: ClusterState): [string, KubeObject][] {
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
  const skipped: string[] = [];
  const catalogs: SchemaCatalog[] = [];
  for (const [key, crd] of storedCrds(state)) {
    const name = keyName(key);
    try {
      // Its kinds, versions, scope, names and subresources, as a --crd file's.
      const c = catalogFromCrd(crd, `CustomResourceDefinition ${name}`);
      if (c.kinds().length === 0) throw new SsaError('INPUT', 'no served version');
      catalogs.push(c);
    } catch (e) {
      if (!(e instanceof SsaError)) throw e;
      skipped.push(name);
    }
  }
  const catalog = catalogs.length > 0 ? combineCatalogs(base as SchemaCatalog, ...catalogs) : base;
  const config = { ...state.config, catalog, resources: buildResources(catalog, state.config.baseResources) };
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
