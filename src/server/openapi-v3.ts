/**
 * OpenAPI v3 as kube-apiserver serves it: `/openapi/v3` lists one document per group/version
 * (with a content hash kubectl caches on), and each document has the REST paths of that
 * group/version, their operations tagged with `x-kubernetes-group-version-kind` and the query
 * parameters they accept (kubectl checks `fieldValidation` there before it writes), and the
 * schemas of the kinds served.
 *
 * PATCH operations declare no request body, so kubectl computes strategic merge patches from its
 * compiled-in types for built-in kinds (what the real types say) rather than from this document.
 */
import type { CatalogLike, ResourceType } from '../apiserver/types.js';
import { servedGroups } from './discovery.js';
import { groupVersionPath, groupVersionPaths, refPrefix } from './openapi-paths.js';
import { BUILTIN_GO_TYPES } from './openapi-go-facts.js';
import { schemasFor } from './openapi-schemas.js';

export { groupVersionPath } from './openapi-paths.js';

/** Every served group/version as its path key. */
export function servedGroupVersionPaths(resources: readonly ResourceType[]): string[] {
  const out: string[] = [];
  for (const [g, versions] of servedGroups(resources)) for (const v of versions) out.push(groupVersionPath(g, v));
  return out;
}

/** The OpenAPI v3 document of one group/version, or undefined when nothing is served there. */
export function openApiV3Document(catalog: CatalogLike, resources: readonly ResourceType[], group: string, version: string, serverVersion: string): Record<string, unknown> | undefined {
  const at = groupVersionPaths(catalog, resources, group, version, 3);
  if (!at) return undefined;
  return {
    openapi: '3.0.0',
    info: { title: 'Kubernetes', version: serverVersion },
    paths: at.paths,
    components: { schemas: schemasFor(catalog, at.roots, refPrefix(3), BUILTIN_GO_TYPES, at.lists) },
  };
}
