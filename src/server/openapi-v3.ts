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
import { resourcesAt, servedGroups, type DiscoveredResource } from './discovery.js';
import { type GroupVersionKind, schemasFor, type RefPrefix } from './openapi-schemas.js';

type Json = Record<string, unknown>;

const WRITE_PARAMS = ['dryRun', 'fieldManager', 'fieldValidation'];

function queryParam(name: string): Json {
  return { name, in: 'query', schema: { type: name === 'force' ? 'boolean' : 'string', uniqueItems: true } };
}

const PATH_PARAMS = {
  name: { name: 'name', in: 'path', required: true, schema: { type: 'string', uniqueItems: true } },
  namespace: { name: 'namespace', in: 'path', required: true, schema: { type: 'string', uniqueItems: true } },
};

function groupVersion(group: string, version: string): string {
  return group ? `${group}/${version}` : version;
}

/** `api/v1`, `apis/apps/v1`: a group/version's key in the index and its URL prefix without `/`. */
export function groupVersionPath(group: string, version: string): string {
  return group ? `apis/${group}/${version}` : `api/${version}`;
}

/** Every served group/version as its path key. */
export function servedGroupVersionPaths(resources: readonly ResourceType[]): string[] {
  const out: string[] = [];
  for (const [g, versions] of servedGroups(resources)) for (const v of versions) out.push(groupVersionPath(g, v));
  return out;
}

interface Operation {
  readonly method: 'get' | 'put' | 'patch' | 'delete' | 'post';
  readonly action: string;
  readonly params: readonly string[];
}

const OBJECT_OPS: readonly Operation[] = [
  { method: 'get', action: 'get', params: [] },
  { method: 'put', action: 'put', params: WRITE_PARAMS },
  { method: 'patch', action: 'patch', params: [...WRITE_PARAMS, 'force'] },
  { method: 'delete', action: 'delete', params: ['dryRun'] },
];
const SUBRESOURCE_OPS = OBJECT_OPS.filter((o) => o.method !== 'delete');
const COLLECTION_OPS: readonly Operation[] = [
  { method: 'get', action: 'list', params: ['labelSelector', 'fieldSelector', 'limit', 'continue', 'watch', 'resourceVersion'] },
  { method: 'post', action: 'post', params: WRITE_PARAMS },
  { method: 'delete', action: 'deletecollection', params: ['dryRun', 'labelSelector', 'fieldSelector'] },
];

function operations(ops: readonly Operation[], gvk: GroupVersionKind, schemaRef: string | undefined, id: string): Json {
  const out: Json = {};
  for (const op of ops) {
    out[op.method] = {
      operationId: `${op.action}${id}`,
      parameters: op.params.map(queryParam),
      responses: { '200': { description: 'OK', ...(schemaRef ? { content: { 'application/json': { schema: { $ref: schemaRef } } } } : {}) } },
      'x-kubernetes-action': op.action,
      'x-kubernetes-group-version-kind': { group: gvk.group, kind: gvk.kind, version: gvk.version },
    };
  }
  return out;
}

function typeFor(catalog: CatalogLike, d: DiscoveredResource, version: string): string | undefined {
  if (d.group !== undefined) return catalog.typeFor(groupVersion(d.group, d.version!), d.kind);
  return d.resource.typeNames[version] ?? catalog.typeFor(groupVersion(d.resource.group, version), d.kind);
}

/** The OpenAPI v3 document of one group/version, or undefined when nothing is served there. */
export function openApiV3Document(catalog: CatalogLike, resources: readonly ResourceType[], group: string, version: string, serverVersion: string): Json | undefined {
  return openApiDocument(catalog, resources, group, version, '#/components/schemas/', (paths, schemas) => ({
    openapi: '3.0.0',
    info: { title: 'Kubernetes', version: serverVersion },
    paths,
    components: { schemas },
  }));
}

/** The paths and schemas of a group/version, wrapped by `wrap` into a v2 or v3 document. */
export function openApiDocument(
  catalog: CatalogLike,
  resources: readonly ResourceType[],
  group: string,
  version: string,
  prefix: RefPrefix,
  wrap: (paths: Json, schemas: Record<string, Json>) => Json,
): Json | undefined {
  const at = resourcesAt(resources, group, version);
  if (!at) return undefined;
  const base = '/' + groupVersionPath(group, version);
  const paths: Json = {};
  const roots = new Map<string, GroupVersionKind[]>();
  for (const d of at) {
    const gvk = { group: d.group ?? group, version: d.version ?? version, kind: d.kind };
    const type = typeFor(catalog, d, version);
    if (type) {
      const list = roots.get(type) ?? [];
      if (!list.some((g) => g.group === gvk.group && g.version === gvk.version && g.kind === gvk.kind)) list.push(gvk);
      roots.set(type, list);
    }
    const ref = type ? prefix + type : undefined;
    const r = d.resource;
    const [plural, sub] = d.name.split('/');
    const scope = r.namespaced ? `${base}/namespaces/{namespace}/${plural}` : `${base}/${plural}`;
    const pathParams = r.namespaced ? [PATH_PARAMS.name, PATH_PARAMS.namespace] : [PATH_PARAMS.name];
    const id = `${r.kind}${sub ? sub[0].toUpperCase() + sub.slice(1) : ''}`;
    if (sub) {
      paths[`${scope}/{name}/${sub}`] = { ...operations(SUBRESOURCE_OPS, gvk, ref, id), parameters: pathParams };
      continue;
    }
    paths[scope] = { ...operations(COLLECTION_OPS, gvk, ref, id), ...(r.namespaced ? { parameters: [PATH_PARAMS.namespace] } : {}) };
    paths[`${scope}/{name}`] = { ...operations(OBJECT_OPS, gvk, ref, id), parameters: pathParams };
    if (r.namespaced) paths[`${base}/${plural}`] = operations(COLLECTION_OPS.slice(0, 1), gvk, ref, `${id}ForAllNamespaces`);
  }
  return wrap(paths, schemasFor(catalog, roots, prefix));
}
