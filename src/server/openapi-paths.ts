/**
 * The REST paths of one group/version as OpenAPI describes them, in either dialect kube-apiserver
 * serves: v2 (`/openapi/v2`: typed parameters, `schema` on responses and body parameters,
 * `consumes`/`produces`) or v3 (`/openapi/v3/...`: `schema` inside parameters and `content`).
 * Operations carry `x-kubernetes-action` and `x-kubernetes-group-version-kind`, and the
 * operation ids kube-apiserver gives them (`patchAppsV1NamespacedDaemonSet`).
 */
import type { CatalogLike, ResourceType } from '../apiserver/types.js';
import { resourcesAt, type DiscoveredResource } from './discovery.js';
import type { GroupVersionKind, RefPrefix } from './openapi-schemas.js';
import { PROTOBUF_MEDIA_TYPE, servesProtobuf } from '../apiserver/protobuf-envelope.js';

type Json = Record<string, unknown>;

export type OpenApiDialect = 2 | 3;

export function refPrefix(dialect: OpenApiDialect): RefPrefix {
  return dialect === 2 ? '#/definitions/' : '#/components/schemas/';
}

const PATCH_MEDIA_TYPES = ['application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json', 'application/apply-patch+yaml'];
/**
 * A custom resource's: no strategic merge patch, and JSON or YAML for the other bodies (the CRD
 * OpenAPI builder of apiextensions-apiserver 1.32). kubectl's client-side apply reads these to
 * choose its patch type.
 */
const CUSTOM_PATCH_MEDIA_TYPES = ['application/json-patch+json', 'application/merge-patch+json', 'application/apply-patch+yaml'];
const CUSTOM_CONSUMES = ['application/json', 'application/yaml'];
const PRODUCES = ['application/json', 'application/yaml'];
const PRODUCES_PROTOBUF = [...PRODUCES, PROTOBUF_MEDIA_TYPE];

/** What a DELETE answers and takes (meta/v1's types, openapi-meta-schemas.ts). */
const STATUS_TYPE = 'io.k8s.apimachinery.pkg.apis.meta.v1.Status';
const DELETE_OPTIONS_TYPE = 'io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions';
const PATCH_TYPE = 'io.k8s.apimachinery.pkg.apis.meta.v1.Patch';

/** Query parameters that are not strings. */
const PARAM_TYPES: Readonly<Record<string, 'boolean' | 'integer'>> = {
  allowWatchBookmarks: 'boolean',
  force: 'boolean',
  ignoreStoreReadErrorWithClusterBreakingPotential: 'boolean',
  orphanDependents: 'boolean',
  sendInitialEvents: 'boolean',
  watch: 'boolean',
  gracePeriodSeconds: 'integer',
  limit: 'integer',
  timeoutSeconds: 'integer',
};

// kube-openapi lists an operation's parameters by name (the body first).
const WRITE_PARAMS = ['dryRun', 'fieldManager', 'fieldValidation'];
const LIST_PARAMS = ['allowWatchBookmarks', 'continue', 'fieldSelector', 'labelSelector', 'limit', 'resourceVersion', 'resourceVersionMatch', 'sendInitialEvents', 'timeoutSeconds', 'watch'];
const DELETE_PARAMS = ['dryRun', 'gracePeriodSeconds', 'ignoreStoreReadErrorWithClusterBreakingPotential', 'orphanDependents', 'propagationPolicy'];
/** A delete of a collection takes a list's parameters (but for watching) and a delete's. */
const DELETECOLLECTION_PARAMS = [...new Set([...LIST_PARAMS.filter((p) => p !== 'allowWatchBookmarks' && p !== 'watch'), ...DELETE_PARAMS])].sort();

/** What a response carries: the kind's object, its List, or a Status. */
type Answer = 'object' | 'list' | 'status';
const DESCRIPTIONS: Readonly<Record<string, string>> = { '200': 'OK', '201': 'Created', '202': 'Accepted', '401': 'Unauthorized' };

interface Operation {
  readonly method: 'get' | 'put' | 'patch' | 'delete' | 'post';
  /** `x-kubernetes-action` */
  readonly action: string;
  /** The verb of the operation id (`read`, `replace`, `create`...). */
  readonly verb: string;
  readonly params: readonly string[];
  /** The body: the object, a patch, or DeleteOptions (v3 declares none for a patch). */
  readonly body?: 'object' | 'patch' | 'deleteOptions';
  /** Response codes and what they carry (every operation also has `401`). */
  readonly responses: readonly (readonly [string, Answer])[];
}

const OBJECT_OPS: readonly Operation[] = [
  { method: 'get', action: 'get', verb: 'read', params: [], responses: [['200', 'object']] },
  { method: 'put', action: 'put', verb: 'replace', params: WRITE_PARAMS, body: 'object', responses: [['200', 'object'], ['201', 'object']] },
  { method: 'patch', action: 'patch', verb: 'patch', params: [...WRITE_PARAMS, 'force'], body: 'patch', responses: [['200', 'object'], ['201', 'object']] },
  { method: 'delete', action: 'delete', verb: 'delete', params: DELETE_PARAMS, body: 'deleteOptions', responses: [['200', 'status'], ['202', 'status']] },
];
const SUBRESOURCE_OPS = OBJECT_OPS.filter((o) => o.method !== 'delete');
const LIST_OP: Operation = { method: 'get', action: 'list', verb: 'list', params: LIST_PARAMS, responses: [['200', 'list']] };
/** The list across namespaces takes its query parameters at the path. */
const LIST_ALL_OP: Operation = { ...LIST_OP, params: [] };
const COLLECTION_OPS: readonly Operation[] = [
  LIST_OP,
  { method: 'post', action: 'post', verb: 'create', params: WRITE_PARAMS, body: 'object', responses: [['200', 'object'], ['201', 'object'], ['202', 'object']] },
  { method: 'delete', action: 'deletecollection', verb: 'delete', params: DELETECOLLECTION_PARAMS, body: 'deleteOptions', responses: [['200', 'status']] },
];

function capitalize(s: string): string {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

/** `apps` → `Apps`, `` → `Core`, `rbac.authorization.k8s.io` → `RbacAuthorization`, `example.com` → `ExampleCom`. */
function groupId(group: string): string {
  if (group === '') return 'Core';
  return group.replace(/\.k8s\.io$/, '').split(/[.-]/).map(capitalize).join('');
}

/** The tag of a group/version's operations: `core_v1`, `apps_v1`, `rbacAuthorization_v1`. */
function tag(group: string, version: string): string {
  const id = groupId(group);
  return `${id[0].toLowerCase()}${id.slice(1)}_${version}`;
}

function queryParam(dialect: OpenApiDialect, name: string): Json {
  const type = Object.hasOwn(PARAM_TYPES, name) ? PARAM_TYPES[name] : 'string';
  return dialect === 2 ? { name, in: 'query', type, uniqueItems: true } : { name, in: 'query', schema: { type, uniqueItems: true } };
}

function pathParam(dialect: OpenApiDialect, name: string): Json {
  return dialect === 2 ? { name, in: 'path', required: true, type: 'string', uniqueItems: true } : { name, in: 'path', required: true, schema: { type: 'string', uniqueItems: true } };
}

interface OperationContext {
  readonly dialect: OpenApiDialect;
  readonly gvk: GroupVersionKind;
  readonly schemaRef: string | undefined;
  /** What a list answers: the kind's List. */
  readonly listRef: string | undefined;
  /** `AppsV1Namespaced` + the kind: what follows the verb in an operation id. */
  readonly idGroup: string;
  readonly idKind: string;
  readonly tag: string;
  /** Whether the kind is served as protobuf too. */
  readonly protobuf: boolean;
  /** A custom resource (a CRD's): its own request media types. */
  readonly custom: boolean;
}

function operations(ops: readonly Operation[], c: OperationContext, idSuffix = ''): Json {
  const out: Json = {};
  const prefix = refPrefix(c.dialect);
  const refOf = (answer: Answer): Json | undefined => {
    const name = answer === 'status' ? prefix + STATUS_TYPE : answer === 'list' ? c.listRef : c.schemaRef;
    return name ? { $ref: name } : undefined;
  };
  const objectTypes = c.protobuf ? PRODUCES_PROTOBUF : PRODUCES;
  for (const op of ops) {
    // Lists also answer watch streams (`?watch=1`) in the types that stream.
    const produces = op.action === 'list' ? [...objectTypes, ...objectTypes.filter((t) => t !== 'application/yaml').map((t) => `${t};stream=watch`)] : objectTypes;
    const collection = op.action === 'deletecollection' ? 'Collection' : '';
    const parameters = op.params.map((p) => queryParam(c.dialect, p));
    const bodySchema = op.body === 'deleteOptions' ? { $ref: prefix + DELETE_OPTIONS_TYPE } : op.body === 'object' ? refOf('object') : undefined;
    const responses: Json = {};
    for (const [code, answer] of op.responses) {
      const schema = refOf(answer);
      if (c.dialect === 2) responses[code] = { description: DESCRIPTIONS[code], ...(schema ? { schema } : {}) };
      else responses[code] = { ...(schema ? { content: Object.fromEntries([...produces].sort().map((t) => [t, { schema }])) } : {}), description: DESCRIPTIONS[code] };
    }
    responses['401'] = { description: DESCRIPTIONS['401'] };
    let operation: Json;
    if (c.dialect === 2) {
      if (bodySchema) parameters.unshift({ name: 'body', in: 'body', ...(op.body === 'deleteOptions' ? {} : { required: true }), schema: bodySchema });
      if (op.body === 'patch') parameters.unshift({ name: 'body', in: 'body', required: true, schema: { $ref: prefix + PATCH_TYPE } });
      const consumes = op.body === 'patch' ? (c.custom ? CUSTOM_PATCH_MEDIA_TYPES : PATCH_MEDIA_TYPES) : c.custom ? CUSTOM_CONSUMES : ['*/*'];
      operation = { consumes, produces, schemes: ['https'], tags: [c.tag], responses };
    } else {
      // A body's media types, as the v3 builder makes them from what the operation consumes.
      const types = op.body === 'patch' ? (c.custom ? CUSTOM_PATCH_MEDIA_TYPES : PATCH_MEDIA_TYPES) : c.custom ? CUSTOM_CONSUMES : ['*/*'];
      const schema = op.body === 'patch' ? { $ref: prefix + PATCH_TYPE } : bodySchema;
      const content = Object.fromEntries([...types].sort().map((t) => [t, { schema }]));
      const requestBody = schema ? { requestBody: { content, ...(op.body === 'deleteOptions' ? {} : { required: true }) } } : {};
      operation = { ...requestBody, responses, tags: [c.tag] };
    }
    out[op.method] = {
      operationId: `${op.verb}${c.idGroup}${collection}${c.idKind}${idSuffix}`,
      ...(parameters.length > 0 ? { parameters } : {}),
      ...operation,
      'x-kubernetes-action': op.action,
      'x-kubernetes-group-version-kind': { group: c.gvk.group, kind: c.gvk.kind, version: c.gvk.version },
    };
  }
  return out;
}

function groupVersion(group: string, version: string): string {
  return group ? `${group}/${version}` : version;
}

function typeFor(catalog: CatalogLike, d: DiscoveredResource, version: string): string | undefined {
  if (d.group !== undefined) return catalog.typeFor(groupVersion(d.group, d.version!), d.kind);
  return d.resource.typeNames[version] ?? catalog.typeFor(groupVersion(d.resource.group, version), d.kind);
}

/** `api/v1`, `apis/apps/v1`: a group/version's key in the index and its URL prefix without `/`. */
export function groupVersionPath(group: string, version: string): string {
  return group ? `apis/${group}/${version}` : `api/${version}`;
}

export interface GroupVersionPaths {
  readonly paths: Json;
  /** The named types the paths' operations answer with, and the kinds each is served as. */
  readonly roots: Map<string, GroupVersionKind[]>;
  /** The List types lists answer with (`io.k8s.api.apps.v1.DeploymentList`) → their item type. */
  readonly lists: Map<string, string>;
}

/** Notes that `type` is served as `gvk` (each kind once). */
export function addRoots(roots: Map<string, GroupVersionKind[]>, type: string, gvk: GroupVersionKind): void {
  const list = roots.get(type) ?? [];
  if (!list.some((g) => g.group === gvk.group && g.version === gvk.version && g.kind === gvk.kind)) list.push(gvk);
  roots.set(type, list);
}

/** The paths of a group/version, or undefined when nothing is served there. */
export function groupVersionPaths(catalog: CatalogLike, resources: readonly ResourceType[], group: string, version: string, dialect: OpenApiDialect): GroupVersionPaths | undefined {
  const at = resourcesAt(resources, group, version);
  if (!at) return undefined;
  const base = '/' + groupVersionPath(group, version);
  const paths: Json = {};
  const roots = new Map<string, GroupVersionKind[]>();
  const lists = new Map<string, string>();
  const gvId = groupId(group) + capitalize(version);
  for (const d of at) {
    const gvk = { group: d.group ?? group, version: d.version ?? version, kind: d.kind };
    const type = typeFor(catalog, d, version);
    if (type) addRoots(roots, type, gvk);
    const r = d.resource;
    const [plural, sub] = d.name.split('/');
    // A kind's List is named for it (`DeploymentList`, `WidgetList`), as Kubernetes names them.
    const list = type && !sub ? `${type}List` : undefined;
    if (list) {
      lists.set(list, type!);
      addRoots(roots, list, { ...gvk, kind: `${gvk.kind}List` });
    }
    const scope = r.namespaced ? `${base}/namespaces/{namespace}/${plural}` : `${base}/${plural}`;
    const pretty = queryParam(dialect, 'pretty');
    const pathParams = [...(r.namespaced ? ['name', 'namespace'] : ['name']).map((p) => pathParam(dialect, p)), pretty];
    const c: OperationContext = {
      dialect,
      gvk,
      schemaRef: type ? refPrefix(dialect) + type : undefined,
      listRef: list ? refPrefix(dialect) + list : undefined,
      idGroup: gvId + (r.namespaced ? 'Namespaced' : ''),
      idKind: r.kind,
      tag: tag(group, version),
      protobuf: servesProtobuf(catalog, r),
      custom: r.custom,
    };
    if (sub) {
      paths[`${scope}/{name}/${sub}`] = { ...operations(SUBRESOURCE_OPS, c, capitalize(sub)), parameters: pathParams };
      continue;
    }
    // DELETE answers a Status and takes DeleteOptions.
    roots.set(STATUS_TYPE, [{ group: '', version: 'v1', kind: 'Status' }]);
    if (!roots.has(DELETE_OPTIONS_TYPE)) roots.set(DELETE_OPTIONS_TYPE, []);
    if (!roots.has(PATCH_TYPE)) roots.set(PATCH_TYPE, []);
    paths[scope] = { ...operations(COLLECTION_OPS, c), parameters: [...(r.namespaced ? [pathParam(dialect, 'namespace')] : []), pretty] };
    paths[`${scope}/{name}`] = { ...operations(OBJECT_OPS, c), parameters: pathParams };
    if (r.namespaced) paths[`${base}/${plural}`] = { ...operations([LIST_ALL_OP], { ...c, idGroup: gvId }, 'ForAllNamespaces'), parameters: [...LIST_PARAMS, 'pretty'].sort().map((p) => queryParam(dialect, p)) };
  }
  return { paths, roots, lists };
}
