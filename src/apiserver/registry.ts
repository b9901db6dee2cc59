/**
 * Which resources the server serves (discovery): built from the catalog's kinds (their plural
 * resource, scope, short names and subresources: src/schema/builtin/kinds.generated.ts for the
 * built-in kinds, the CRD for custom resources) and, for built-in kinds, the strategy facts of
 * builtin-strategies.ts (reset fields, create-on-update). Callers add or replace resources through
 * `ClusterOptions.resources`.
 */
import { BUILTIN_KINDS } from '../schema/builtin/kinds.js';
import { compareVersionPriority } from './version-priority.js';
import { builtinStrategy } from './builtin-strategies.js';
import type { PrinterColumn } from '../schema/schema-catalog.js';
import type { CatalogKind, CatalogLike, ResourceType, ScaleSubresource, VersionSubresources } from './types.js';

/** Groups whose kinds maintain `metadata.generation` (besides custom resources). */
const GENERATION_GROUPS = new Set(['apps', 'batch', 'policy', 'autoscaling', 'networking.k8s.io', 'apiextensions.k8s.io']);

/** Kinds that are request bodies of subresources, never resources of their own. */
const NOT_RESOURCES = new Set(['autoscaling\nScale']);

export function splitApiVersion(apiVersion: string): { group: string; version: string } {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? { group: '', version: apiVersion } : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}

export function joinApiVersion(group: string, version: string): string {
  return group ? `${group}/${version}` : version;
}

/** English plural the way Kubernetes' RESTMapper guesses it (`UnsafeGuessKindToResource`). */
export function guessResource(kind: string): string {
  const k = kind.toLowerCase();
  if (k.endsWith('endpoints')) return k;
  if (k.endsWith('s')) return k + 'es';
  if (k.endsWith('y')) return k.slice(0, -1) + 'ies';
  return k + 's';
}

/** The resources served for a catalog, plus `extra` (which replace same group/kind). */
export function buildResources(catalog: CatalogLike, extra: readonly ResourceType[] = []): ResourceType[] {
  const byGroupKind = new Map<string, CatalogKind[]>();
  for (const k of catalog.kinds()) {
    const { group } = splitApiVersion(k.apiVersion);
    const key = `${group}\n${k.kind}`;
    if (NOT_RESOURCES.has(key)) continue;
    let e = byGroupKind.get(key);
    if (!e) byGroupKind.set(key, (e = []));
    e.push(k);
  }
  const out = new Map<string, ResourceType>();
  for (const [key, kinds] of byGroupKind) {
    const first = kinds[0];
    const { group } = splitApiVersion(first.apiVersion);
    const typeNames: Record<string, string | undefined> = {};
    const printerColumns: Record<string, readonly PrinterColumn[]> = {};
    const versions: string[] = [];
    for (const k of kinds) {
      const v = splitApiVersion(k.apiVersion).version;
      if (!versions.includes(v)) versions.push(v);
      typeNames[v] = k.typeName;
      if (k.printerColumns) printerColumns[v] = k.printerColumns;
    }
    // The preferred version first, as kube-apiserver orders a group's versions.
    versions.sort(compareVersionPriority);
    // A built-in kind read from another source (--schema FILE) keeps what the server knows of it;
    // the built-in catalog's own kinds are those facts already.
    const builtin = first.custom ? undefined : BUILTIN_KINDS.find((b) => b.group === group && b.kind === first.kind);
    const info = first.custom || builtin === first ? first : { ...builtin, ...definedOnly(first) };
    const perVersion = first.custom ? versionSubresources(kinds) : undefined;
    out.set(
      key,
      first.custom
        ? customResource({
            group,
            kind: first.kind,
            versions,
            typeNames,
            ...(info.resource !== undefined ? { resource: info.resource } : {}),
            ...(info.singular !== undefined ? { singular: info.singular } : {}),
            ...(info.shortNames !== undefined ? { shortNames: info.shortNames } : {}),
            ...(info.categories !== undefined ? { categories: info.categories } : {}),
            ...(info.namespaced !== undefined ? { namespaced: info.namespaced } : {}),
            status: info.subresources?.status ?? false,
            ...(info.subresources?.scale ? { scale: info.subresources.scale } : {}),
            ...(Object.keys(printerColumns).length > 0 ? { printerColumns } : {}),
            ...(perVersion ? { versionSubresources: perVersion } : {}),
          })
        : builtinResource(group, first.kind, versions, typeNames, info),
    );
  }
  for (const r of extra) out.set(`${r.group}\n${r.kind}`, r);
  return [...out.values()];
}

/**
 * Each version's subresources when a CRD's versions differ in them (apiextensions.k8s.io/v1
 * declares them per version); undefined when every version has the same.
 */
function versionSubresources(kinds: readonly CatalogKind[]): Record<string, VersionSubresources> | undefined {
  const out: Record<string, VersionSubresources> = {};
  for (const k of kinds) {
    const v = splitApiVersion(k.apiVersion).version;
    out[v] = { status: k.subresources?.status ?? false, ...(k.subresources?.scale ? { scale: k.subresources.scale } : {}) };
  }
  const all = Object.values(out).map((x) => JSON.stringify(x));
  return all.every((x) => x === all[0]) ? undefined : out;
}

/**
 * The resource as served at `version`: a custom resource whose versions declare different
 * subresources gets that version's status and scale, and the reset fields and status strategy
 * that go with them (apiextensions-apiserver serves each version with its own strategy).
 */
export function atVersion(resource: ResourceType, version: string): ResourceType {
  const own = resource.versionSubresources?.[version];
  if (!own || (own.status === resource.status && JSON.stringify(own.scale) === JSON.stringify(resource.scale))) return resource;
  return customResource({
    group: resource.group,
    kind: resource.kind,
    versions: resource.versions,
    typeNames: resource.typeNames,
    resource: resource.resource,
    singular: resource.singular,
    shortNames: resource.shortNames,
    categories: resource.categories,
    namespaced: resource.namespaced,
    status: own.status,
    ...(own.scale ? { scale: own.scale } : {}),
    ...(resource.printerColumns ? { printerColumns: resource.printerColumns } : {}),
    versionSubresources: resource.versionSubresources!,
  });
}

/** The keys of `k` whose values are defined (so a spread does not overwrite with undefined). */
function definedOnly(k: CatalogKind): Partial<CatalogKind> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(k)) if (value !== undefined) out[key] = value;
  return out as Partial<CatalogKind>;
}

function builtinResource(
  group: string,
  kind: string,
  versions: string[],
  typeNames: Record<string, string | undefined>,
  info: Partial<CatalogKind>,
): ResourceType {
  const strategy = builtinStrategy(group, kind);
  const status = (info.subresources?.status ?? false) && strategy !== undefined;
  const scale = strategy !== undefined ? info.subresources?.scale : undefined;
  const resetFields: Record<string, (readonly string[])[]> = {};
  if (strategy && strategy.main.length > 0) resetFields[''] = [...strategy.main];
  if (status) resetFields['status'] = [...(strategy?.status ?? [])];
  if (scale) resetFields['scale'] = [['status']];
  const others = Object.entries(strategy?.subresources ?? {});
  for (const [name, paths] of others) resetFields[name] = [...paths];
  return {
    group,
    kind,
    resource: info.resource ?? guessResource(kind),
    singular: kind.toLowerCase(),
    shortNames: info.shortNames ?? [],
    categories: info.categories ?? [],
    namespaced: info.namespaced ?? true,
    versions,
    typeNames,
    status,
    ...(scale ? { scale } : {}),
    resetFields,
    ...(strategy?.create ? { createResets: strategy.create } : {}),
    ...(others.length > 0 ? { objectSubresources: others.map(([name]) => name) } : {}),
    generation: GENERATION_GROUPS.has(group),
    allowCreateOnUpdate: strategy?.createOnUpdate ?? false,
    custom: false,
  };
}

/**
 * A custom resource (as a CRD would declare it): served at `versions` with `typeNames` (absent =
 * schema-less), optional status and scale subresources. Reset fields follow the custom resource
 * strategies: with a status subresource, main writes reset `status`; status writes reset `spec`
 * (its only declared reset field) and keep every other field but `status` as stored.
 */
export function customResource(spec: {
  group: string;
  kind: string;
  versions: readonly string[];
  typeNames?: Readonly<Record<string, string | undefined>>;
  resource?: string;
  singular?: string;
  shortNames?: readonly string[];
  categories?: readonly string[];
  namespaced?: boolean;
  status?: boolean;
  scale?: ScaleSubresource;
  printerColumns?: Readonly<Record<string, readonly PrinterColumn[]>>;
  versionSubresources?: Readonly<Record<string, VersionSubresources>>;
}): ResourceType {
  const status = spec.status ?? false;
  const resetFields: Record<string, (readonly string[])[]> = {};
  if (status) {
    resetFields[''] = [['status']];
    resetFields['status'] = [['spec']];
  }
  if (spec.scale) resetFields['scale'] = [['status']];
  return {
    group: spec.group,
    kind: spec.kind,
    resource: spec.resource ?? guessResource(spec.kind),
    singular: spec.singular ?? spec.kind.toLowerCase(),
    shortNames: spec.shortNames ?? [],
    categories: spec.categories ?? [],
    namespaced: spec.namespaced ?? true,
    versions: spec.versions,
    typeNames: spec.typeNames ?? {},
    status,
    ...(spec.scale ? { scale: spec.scale } : {}),
    resetFields,
    ...(status ? { writableOnly: { status: ['status'] } } : {}),
    generation: true,
    allowCreateOnUpdate: false,
    custom: true,
    ...(spec.printerColumns ? { printerColumns: spec.printerColumns } : {}),
    ...(spec.versionSubresources ? { versionSubresources: spec.versionSubresources } : {}),
  };
}

/** The resource serving `apiVersion` + kind (or plural resource name), and the version. */
export function findResource(
  resources: readonly ResourceType[],
  apiVersion: string,
  which: { kind?: string; resource?: string },
): { resource: ResourceType; version: string } | undefined {
  const { group, version } = splitApiVersion(apiVersion);
  for (const r of resources) {
    if (r.group !== group || !r.versions.includes(version)) continue;
    if ((which.kind !== undefined && r.kind === which.kind) || (which.resource !== undefined && r.resource === which.resource)) {
      return { resource: r, version };
    }
  }
  return undefined;
}

/** `deployments.apps` (`pods` for the core group): how messages name a resource. */
export function qualifiedResource(r: ResourceType): string {
  return r.group ? `${r.resource}.${r.group}` : r.resource;
}
