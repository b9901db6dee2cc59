/**
 * Legacy discovery documents (`/api`, `/apis`, `/apis/G`, `/api/v1`, `/apis/G/V`) for the
 * resources the API server serves: what kubectl caches to map kinds and short names to URLs.
 */
import type { ResourceType } from '../apiserver/types.js';
import { compareVersionPriority } from '../apiserver/version-priority.js';
import { atVersion } from '../apiserver/registry.js';
import { RESOURCE_VERBS, SUBRESOURCE_VERBS } from '../apiserver/discovery.js';
import { CREATE_ONLY_ENDPOINTS, type CreateOnlyEndpoint } from './create-only-endpoints.js';


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

/**
 * The group versions discovery lists: the served resources' and those of the create-only
 * endpoints (authentication.k8s.io, authorization.k8s.io), a new group in its alphabetical place
 * among the named groups.
 */
export function discoveryGroups(resources: readonly ResourceType[]): Map<string, string[]> {
  const served = servedGroups(resources);
  const extra = new Map<string, string[]>();
  for (const e of CREATE_ONLY_ENDPOINTS) {
    const versions = served.get(e.group) ?? extra.get(e.group);
    if (versions) {
      if (!versions.includes(e.version)) versions.push(e.version);
    } else extra.set(e.group, [e.version]);
  }
  const pending = [...extra.keys()].sort();
  const out = new Map<string, string[]>();
  const flush = (before?: string) => {
    while (pending.length > 0 && (before === undefined || pending[0] < before)) {
      const g = pending.shift()!;
      out.set(g, extra.get(g)!);
    }
  };
  for (const [g, versions] of served) {
    if (g !== '') flush(g);
    out.set(g, versions);
  }
  flush();
  return out;
}

/** The create-only endpoints at group/version. */
export function createOnlyAt(group: string, version: string): CreateOnlyEndpoint[] {
  return CREATE_ONLY_ENDPOINTS.filter((e) => e.group === group && e.version === version);
}

function groupVersion(group: string, version: string): string {
  return group ? `${group}/${version}` : version;
}

/** `/api`: the core group's versions. */
export function apiVersions(resources: readonly ResourceType[]): object {
  return {
    kind: 'APIVersions',
    versions: discoveryGroups(resources).get('') ?? [],
    serverAddressByClientCIDRs: null,
  };
}

function apiGroup(name: string, versions: readonly string[]): object {
  const list = versions.map((v) => ({ groupVersion: groupVersion(name, v), version: v }));
  return { name, versions: list, preferredVersion: list[0] };
}

/** `/apis`: every named group. */
export function apiGroupList(resources: readonly ResourceType[]): object {
  const groups = [...discoveryGroups(resources)].filter(([g]) => g !== '').map(([g, versions]) => apiGroup(g, versions));
  return { kind: 'APIGroupList', apiVersion: 'v1', groups };
}

/** `/apis/G`, or undefined when the group is not served. */
export function apiGroupDocument(resources: readonly ResourceType[], group: string): object | undefined {
  const versions = group === '' ? undefined : discoveryGroups(resources).get(group);
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
  for (const served of at) {
    const r = atVersion(served, version);
    out.push({ resource: r, name: r.resource, kind: r.kind, verbs: RESOURCE_VERBS });
    if (r.status) out.push({ resource: r, name: `${r.resource}/status`, kind: r.kind, verbs: SUBRESOURCE_VERBS });
    for (const sub of r.objectSubresources ?? []) out.push({ resource: r, name: `${r.resource}/${sub}`, kind: r.kind, verbs: SUBRESOURCE_VERBS });
    if (r.scale) out.push({ resource: r, name: `${r.resource}/scale`, kind: 'Scale', group: 'autoscaling', version: 'v1', verbs: SUBRESOURCE_VERBS });
  }
  return out;
}

/** `/api/v1`, `/apis/G/V`, or undefined when nothing is served there. */
export function apiResourceList(resources: readonly ResourceType[], group: string, version: string): object | undefined {
  const at = resourcesAt(resources, group, version);
  const createOnly = createOnlyAt(group, version);
  if (!at && createOnly.length === 0) return undefined;
  const entries: object[] = [];
  const createOnlyEntry = (e: CreateOnlyEndpoint) => ({
    name: e.subresource !== undefined ? `${e.resource}/${e.subresource}` : e.resource,
    singularName: e.singular,
    namespaced: e.namespaced,
    ...(e.subresource !== undefined ? { group: e.kindGroup, version: e.kindVersion } : {}),
    kind: e.kind,
    verbs: ['create'],
  });
  for (const d of at ?? []) {
    const main = !d.name.includes('/');
    entries.push({
      name: d.name,
      singularName: main ? d.resource.singular : '',
      namespaced: d.resource.namespaced,
      ...(d.group !== undefined ? { group: d.group, version: d.version } : {}),
      kind: d.kind,
      verbs: d.verbs,
      ...(main && d.resource.shortNames.length > 0 ? { shortNames: d.resource.shortNames } : {}),
      ...(main && d.resource.categories.length > 0 ? { categories: d.resource.categories } : {}),
    });
    // A create-only subresource (serviceaccounts/token) after its resource's own.
    const next = at![at!.indexOf(d) + 1];
    if (next === undefined || next.resource !== d.resource) {
      for (const e of createOnly) if (e.subresource !== undefined && e.resource === d.resource.resource) entries.push(createOnlyEntry(e));
    }
  }
  for (const e of createOnly) if (e.subresource === undefined) entries.push(createOnlyEntry(e));
  return { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: groupVersion(group, version), resources: entries };
}
