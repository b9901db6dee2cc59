/**
 * Aggregated discovery (`Accept: application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList`
 * on `/api` and `/apis`): every group, version and resource in one document, as kubectl 1.30+ asks
 * for it first.
 */
import type { ResourceType } from '../apiserver/types.js';
import { createOnlyAt, discoveryGroups, resourcesAt } from './discovery.js';

export const AGGREGATED_DISCOVERY_TYPE = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';

/** Whether an Accept header asks for aggregated discovery v2. */
export function wantsAggregated(accept: string | undefined): boolean {
  return (accept ?? '').split(',').some((part) => {
    const params = part.split(';').map((p) => p.trim());
    return params[0] === 'application/json' && params.includes('g=apidiscovery.k8s.io') && params.includes('v=v2') && params.includes('as=APIGroupDiscoveryList');
  });
}

/** The document for `/api` (`core`: the legacy group only) or `/apis` (every named group). */
export function aggregatedDiscovery(resources: readonly ResourceType[], core: boolean): object {
  const items = [...discoveryGroups(resources)]
    .filter(([g]) => (g === '') === core)
    .map(([group, versions]) => ({
      metadata: { name: group, creationTimestamp: null },
      versions: versions.map((version) => {
        const at = resourcesAt(resources, group, version) ?? [];
        return {
          version,
          resources: at
            .filter((d) => !d.name.includes('/'))
            .map((d) => ({
              resource: d.name,
              responseKind: { group, version, kind: d.kind },
              scope: d.resource.namespaced ? 'Namespaced' : 'Cluster',
              singularResource: d.resource.singular,
              verbs: d.verbs,
              ...(d.resource.shortNames.length > 0 ? { shortNames: d.resource.shortNames } : {}),
              ...(d.resource.categories.length > 0 ? { categories: d.resource.categories } : {}),
              ...(() => {
                const subs = at.filter((x) => x.resource === d.resource && x.name.includes('/'));
                const createOnly = createOnlyAt(group, version).filter((e) => e.subresource !== undefined && e.resource === d.name);
                return subs.length === 0 && createOnly.length === 0
                  ? {}
                  : {
                      subresources: [
                        ...subs.map((x) => ({
                          subresource: x.name.split('/')[1],
                          responseKind: { group: x.group ?? group, version: x.version ?? version, kind: x.kind },
                          verbs: x.verbs,
                        })),
                        ...createOnly.map((e) => ({
                          subresource: e.subresource,
                          responseKind: { group: e.kindGroup, version: e.kindVersion, kind: e.kind },
                          verbs: ['create'],
                        })),
                      ],
                    };
              })(),
            }))
            .concat(
              createOnlyAt(group, version)
                .filter((e) => e.subresource === undefined)
                .map((e) => ({
                  resource: e.resource,
                  responseKind: { group: e.kindGroup, version: e.kindVersion, kind: e.kind },
                  scope: e.namespaced ? 'Namespaced' : 'Cluster',
                  singularResource: e.singular,
                  verbs: ['create'],
                })) as never[],
            ),
          freshness: 'Current',
        };
      }),
    }));
  return { kind: 'APIGroupDiscoveryList', apiVersion: 'apidiscovery.k8s.io/v2', metadata: {}, items };
}
