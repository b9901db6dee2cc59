/**
 * Legacy discovery documents (`/api`, `/apis`, `/apis/G`, `/api/v1`, `/apis/G/V`) for the
 * resources the API server serves: what kubectl caches to map kinds and short names to URLs.
 */
import type { ResourceType } from '../apiserver/types.js';
import { compareVersionPriority } from '../apiserver/version-priority.js';

const MAIN_VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];
const SUBRESOURCE_VERBS = ['get', 'patch', 'update'];

/**
 * Group versions served, each group's versions preferred first (kube-apiserver's version
 * priority: GA, beta, alpha, higher numbers first), groups in the order of the resources.
 */
export function servedGroups(resources: readonly ResourceType[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const r of resources) {
    let versions = groups.get(r.group);
    if (!versions) groups.set(r.group, (versions = []));
    for (const v of r.versions) if (!versions.includes(v)) versions.push(v);
  }
  for (const versions of groups.values()) versions.sort(compareVersionPriority);
  return groups;
}

function groupVersion(group: string, version: string): string {
  return group ? `${group}/${version}` : version;
}

/** `/api`: the core group's versions. */
export function apiVersions(resources: readonly ResourceType[]): object {
  return {
    kind: 'APIVersions',
    versions: servedGroups(resources).get('') ?? [],
    serverAddressByClientCIDRs: null,
  };
}

function apiGroup(name: string, versions: readonly string[]): object {
  const list = versions.map((v) => ({ groupVersion: groupVersion(name, v), version: v }));
  return { name, versions: list, preferredVersion: list[0] };
}

/** `/apis`: every named group. */
export function apiGroupList(resources: readonly ResourceType[]): object {
  const groups = [...servedGroups(resources)].filter(([g]) => g !== '').map(([g, versions]) => apiGroup(g, versions));
  return { kind: 'APIGroupList', apiVersion: 'v1', groups };
}

/** `/apis/G`, or undefined when the group is not served. */
export function apiGroupDocument(resources: readonly ResourceType[], group: string): object | undefined {
  const versions = group === '' ? undefined : servedGroups(resources).get(group);
  if (!versions) return undefined;
  return { kind: 'APIGroup', apiVersion: 'v1', ...apiGroup(group, versions) };
}

/** One served resource at one version, as discovery describes it (with its subresources). */
export interface DiscoveredResource {
  readonly resource: ResourceType;
  readonly name: string;
  readonly kind: string;
  /** Set for subresources whose kind is of another group (`scale` → autoscaling/v1 Scale). */
  readonly group?: string;
  readonly version?: string;
  readonly verbs: readonly string[];
}

/** The resources and subresources served at group/version, or undefined when none are. */
export function resourcesAt(resources: readonly ResourceType[], group: string, version: string): DiscoveredResource[] | undefined {
  const at = resources.filter((r) => r.group === group && r.versions.includes(version));
  if (at.length === 0) return undefined;
  const out: DiscoveredResource[] = [];
  for (const r of at) {
    out.push({ resource: r, name: r.resource, kind: r.kind, verbs: MAIN_VERBS });
    if (r.status) out.push({ resource: r, name: `${r.resource}/status`, kind: r.kind, verbs: SUBRESOURCE_VERBS });
    if (r.scale) out.push({ resource: r, name: `${r.resource}/scale`, kind: 'Scale', group: 'autoscaling', version: 'v1', verbs: SUBRESOURCE_VERBS });
  }
  return out;
}

/** `/api/v1`, `/apis/G/V`, or undefined when nothing is served there. */
export function apiResourceList(resources: readonly ResourceType[], group: string, version: string): object | undefined {
  const at = resourcesAt(resources, group, version);
  if (!at) return undefined;
  return {
    kind: 'APIResourceList',
    apiVersion: 'v1',
    groupVersion: groupVersion(group, version),
    resources: at.map((d) => {
      const main = !d.name.includes('/');
      return {
        name: d.name,
        singularName: main ? d.resource.singular : '',
        namespaced: d.resource.namespaced,
        ...(d.group !== undefined ? { group: d.group, version: d.version } : {}),
        kind: d.kind,
        verbs: d.verbs,
        ...(main && d.resource.shortNames.length > 0 ? { shortNames: d.resource.shortNames } : {}),
        ...(main && d.resource.categories.length > 0 ? { categories: d.resource.categories } : {}),
      };
    }),
  };
}
