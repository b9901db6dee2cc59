/**
 * OpenAPI v2 as kube-apiserver serves it at `/openapi/v2`: one Swagger 2.0 document with the REST
 * paths of every served group/version and the definitions of every kind they serve and every type
 * those reach (`x-kubernetes-group-version-kind`, list types, map keys, patch strategies and merge
 * keys), properties referring to definitions with a plain `$ref`.
 */
import type { CatalogLike, ResourceType } from '../apiserver/types.js';
import { servedGroups } from './discovery.js';
import { addRoots, groupVersionPaths, refPrefix } from './openapi-paths.js';
import { BUILTIN_GO_TYPES } from './openapi-go-facts.js';
import { schemasFor, type GroupVersionKind } from './openapi-schemas.js';

export function openApiV2Document(catalog: CatalogLike, resources: readonly ResourceType[], serverVersion: string): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  const roots = new Map<string, GroupVersionKind[]>();
  const lists = new Map<string, string>();
  for (const [group, versions] of servedGroups(resources)) {
    for (const version of versions) {
      const at = groupVersionPaths(catalog, resources, group, version, 2);
      if (!at) continue;
      Object.assign(paths, at.paths);
      for (const [type, gvks] of at.roots) {
        if (!roots.has(type)) roots.set(type, []);
        for (const gvk of gvks) addRoots(roots, type, gvk);
      }
      for (const [list, item] of at.lists) lists.set(list, item);
    }
  }
  const sortedPaths = Object.fromEntries(Object.keys(paths).sort().map((p) => [p, paths[p]]));
  const definitions = schemasFor(catalog, roots, refPrefix(2), BUILTIN_GO_TYPES, lists);
  const sortedDefinitions = Object.fromEntries(Object.keys(definitions).sort().map((d) => [d, definitions[d]]));
  return {
    swagger: '2.0',
    info: { title: 'Kubernetes', version: serverVersion },
    paths: sortedPaths,
    definitions: sortedDefinitions,
  };
}
