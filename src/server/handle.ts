/**
 * One HTTP request in, one answer out, and the cluster state after it: the whole server but the
 * sockets. The API server (`serve`) does every verb; this maps paths, methods, headers and
 * bodies onto it and answers discovery, OpenAPI, version and health itself.
 */
import { serve, withTime } from '../apiserver/server.js';
import type { ApiRequest, ApiResponse, ClusterState, StatusObject } from '../apiserver/types.js';
import { encodeAnswer, statusAnswer } from './encode-answer.js';
import { negotiateOpenApiV2, negotiateOutput, OPENAPI_V2_PROTOBUF_TYPE, SERVED_MEDIA_TYPES, WATCH_MEDIA_TYPES, YAML_MEDIA_TYPE, JSON_MEDIA_TYPE, type EndpointRestrictions } from './negotiate.js';
import { servesProtobuf } from '../apiserver/protobuf-envelope.js';
import { AGGREGATED_DISCOVERY_TYPE, aggregatedDiscovery, wantsAggregated } from './aggregated-discovery.js';
import { apiGroupDocument, apiGroupList, apiResourceList, apiVersions } from './discovery.js';
import type { DocumentCache } from './documents.js';
import { restAction } from './rest-request.js';
import { parseRoute, type RestPath } from './route.js';
import { badRequest as badRequestStatus, jsonResponse, methodNotAllowed, notAcceptable, pathNotFound, rawJsonResponse, unauthorized } from './status-json.js';
import type { HttpRequest, HttpResponse } from './types.js';
import type { VersionInfo } from './version.js';
import { deleteCollection } from './delete-collection.js';
import { pageOfList } from './list-page.js';
import { serviceAccountControllerWrites } from './service-accounts.js';
import { queryValue, selectorsIn } from './request-options.js';
import { tableOf, tableView } from './tables.js';
import { asPartialMetadata } from './partial-metadata.js';
import { watchSpec, type WatchSpec } from './watch-spec.js';
import { inWireOrder, withoutItemTypeMeta } from './go-json-order.js';
import type { ValueMap } from '../value/value.js';
import { createOnlyEndpointAt } from './create-only-endpoints.js';
import { bodyResource, createOnlyAnswer } from './review-answers.js';
import { requestUser } from './request-user.js';

export interface ServerContext {
  readonly version: VersionInfo;
  /** The time of a request, RFC 3339 UTC at second precision. */
  readonly now: () => string;
  readonly documents: DocumentCache;
  /** When set, every request but health and version checks needs `Authorization: Bearer <token>`. */
  readonly token?: string;
}

export interface HandleResult {
  readonly state: ClusterState;
  readonly response: HttpResponse;
  /** The API server requests that changed the stored state (none for reads and failures). */
  readonly writes: readonly ApiRequest[];
  /** Every write the API server answered (failures included), for the session recorder. */
  readonly exchange?: { readonly request: ApiRequest; readonly response: ApiResponse };
  /** Set for a watch: the response is then a stream of events, which the socket side sends. */
  readonly watch?: WatchSpec;
  /** The state after each write when the request led to several (ServeResult.steps). */
  readonly steps?: readonly ClusterState[];
}

function text(status: number, body: string): HttpResponse {
  return { status, contentType: 'text/plain; charset=utf-8', body, warnings: [] };
}

export function handleRequest(state: ClusterState, req: HttpRequest, ctx: ServerContext): HandleResult {
  const route = parseRoute(req.path);
  const method = req.method.toUpperCase();
  const catalog = state.config.catalog;
  const answer = (response: HttpResponse): HandleResult => ({ state, response, writes: [] });
  const failure = (status: StatusObject) => answer(statusAnswer(catalog, req, status));
  if (route.kind === 'health') return method === 'GET' || method === 'HEAD' ? answer(text(200, 'ok')) : failure(methodNotAllowed());
  // kube-apiserver writes the version with WriteRawJSON: indented, whatever the Accept header says.
  if (route.kind === 'version') return method === 'GET' ? answer(rawJsonResponse(200, ctx.version)) : failure(methodNotAllowed());
  if (ctx.token !== undefined && req.headers.authorization !== `Bearer ${ctx.token}`) return failure(unauthorized());
  const resources = state.config.resources;
  if (route.kind === 'rest') {
    const createOnly = createOnlyEndpointAt(route);
    if (createOnly) return handleCreateOnly(state, req, route, createOnly, ctx);
    return handleRest(state, req, route, ctx);
  }
  if (method !== 'GET') return failure(route.kind === 'unknown' ? pathNotFound() : methodNotAllowed());
  const found = (doc: object | undefined) => answer(doc ? jsonResponse(200, doc) : statusAnswer(catalog, req, pathNotFound()));
  switch (route.kind) {
    case 'api-versions':
    case 'api-groups':
      if (wantsAggregated(req.headers.accept)) {
        const doc = aggregatedDiscovery(resources, route.kind === 'api-versions');
        return answer({ status: 200, contentType: AGGREGATED_DISCOVERY_TYPE, body: JSON.stringify(doc), warnings: [] });
      }
      return found(route.kind === 'api-versions' ? apiVersions(resources) : apiGroupList(resources));
    case 'api-group':
      return found(apiGroupDocument(resources, route.group));
    case 'api-resources':
      return found(apiResourceList(resources, route.group, route.version));
    case 'openapi-v3-index':
      return found(ctx.documents.openApiV3Index(catalog, resources));
    case 'openapi-v2': {
      // kubectl's client-side validation and `explain --output=plaintext-openapiv2` ask for protobuf only.
      const form = negotiateOpenApiV2(req.headers.accept);
      if (form === 'protobuf') return answer({ status: 200, contentType: OPENAPI_V2_PROTOBUF_TYPE, body: ctx.documents.openApiV2Protobuf(catalog, resources), warnings: [] });
      if (form === 'json') return answer({ status: 200, contentType: JSON_MEDIA_TYPE, body: ctx.documents.openApiV2(catalog, resources).text, warnings: [] });
      return answer({ status: 406, contentType: '', body: '', warnings: [] });
    }
    case 'openapi-v3': {
      const doc = ctx.documents.openApiV3(catalog, resources, route.group, route.version);
      return answer(doc ? { status: 200, contentType: 'application/json', body: doc.text, warnings: [] } : statusAnswer(catalog, req, pathNotFound()));
    }
    default:
      return failure(pathNotFound());
  }
}

function handleRest(state: ClusterState, req: HttpRequest, path: RestPath, ctx: ServerContext): HandleResult {
  const now = ctx.now();
  const catalog = state.config.catalog;
  const fail = (status: StatusObject, warnings: readonly string[] = []) => statusAnswer(catalog, req, status, warnings);
  const action = restAction(state, req, path, now);
  if (action.kind === 'failure') return { state, response: fail(action.status), writes: [] };
  // The answer's media type is settled before anything is done, as kube-apiserver's handlers do.
  // Custom resources are written in JSON and YAML only, though their serializer lists protobuf too.
  const restrictions: EndpointRestrictions = {
    objectTypes: servesProtobuf(catalog, action.resource) ? SERVED_MEDIA_TYPES : [JSON_MEDIA_TYPE, YAML_MEDIA_TYPE],
    tables: true,
    serverVersion: true,
    partialMetadata: true,
  };
  const negotiated = negotiateOutput(req.headers.accept, restrictions);
  const subresource = action.kind === 'api' && 'subresource' in action.request ? action.request.subresource : undefined;
  if (!negotiated) return { state, response: fail(notAcceptable(SERVED_MEDIA_TYPES)), writes: [] };
  // A Table or metadata is made of what the verb answers (a list's items, or one object); a Status stays one.
  const asTable = (body: ValueMap, list: boolean): ValueMap => {
    if (negotiated.partialMetadata) return asPartialMetadata(negotiated.partialMetadata, action.resource, body, list) as ValueMap;
    if (!negotiated.table || body.kind === 'Status') return list ? withoutItemTypeMeta(action.resource, body) : body;
    const rv = list ? String((body.metadata as ValueMap).resourceVersion ?? '') : '';
    const view = tableView(action.resource, action.apiVersion, subresource);
    return tableOf(view, list ? (body.items as ValueMap[]) : [body], rv, now, includeObject(req.query), list ? (body.metadata as ValueMap) : undefined);
  };
  // A conversion that does not fit the answer is a failure of its own (a 406), negotiated as failures are.
  const reply = (code: number, body: ValueMap, warnings: readonly string[] = []) =>
    body.kind === 'Status' && body.status === 'Failure' ? fail(body as unknown as StatusObject, warnings) : encodeAnswer(catalog, req, negotiated, code, body, warnings);
  const ordered = (body: ValueMap) => inWireOrder(catalog, action.resource, body);
  const timed = withTime(state, now);
  if (action.kind === 'watch') {
    // A watch needs a media type that streams: YAML has none.
    if (negotiated.mediaType === YAML_MEDIA_TYPE) return { state, response: fail(notAcceptable(WATCH_MEDIA_TYPES)), writes: [] };
    const spec = watchSpec(state, action, req.query, negotiated);
    if ('problem' in spec) return { state, response: fail(badRequestStatus(spec.problem)), writes: [] };
    return { state, response: jsonResponse(200, {}), writes: [], watch: spec };
  }
  if (action.kind === 'deletecollection') {
    const r = deleteCollection(timed, { ...action, selectors: selectorsIn(req.query) });
    const response = reply(200, asTable(ordered(r.list), true));
    return r.writes.length > 0 ? { state: r.state, response, writes: r.writes } : { state, response, writes: [] };
  }
  const result = serve(timed, action.request);
  const isWrite = action.request.verb !== 'get' && action.request.verb !== 'list';
  const exchange = (response: ApiResponse) => (isWrite ? { exchange: { request: action.request, response } } : {});
  if (!result.response.ok) return { state, response: fail(result.response.status, result.response.warnings), writes: [], ...exchange(result.response) };
  const ok = result.response;
  let body = ok.object;
  if (action.request.verb === 'list') {
    const page = pageOfList(body, req.query);
    if (!page.ok) return { state, response: fail(badRequestStatus(page.problem)), writes: [] };
    body = page.list;
  }
  const response = reply(ok.code, asTable(ordered(body), action.request.verb === 'list'), ok.warnings);
  // Reads and failures leave the stored state as it was (the clock only moves with writes).
  const changed = result.state.objects !== timed.objects || result.state.resourceVersion !== timed.resourceVersion;
  if (!changed) return { state, response, writes: [], ...exchange(ok) };
  // A new namespace gets its `default` service account from the controller, a write of its own.
  const accounts = serviceAccountControllerWrites(timed, result.state);
  const steps = accounts.length > 0 ? [...(result.steps ?? [result.state]), ...accounts] : result.steps;
  return { state: steps ? steps[steps.length - 1] : result.state, response, writes: [action.request], ...exchange(ok), ...(steps ? { steps } : {}) };
}

/** A review or a service account's token: answered, nothing stored (review-answers.ts). */
function handleCreateOnly(state: ClusterState, req: HttpRequest, path: RestPath, endpoint: NonNullable<ReturnType<typeof createOnlyEndpointAt>>, ctx: ServerContext): HandleResult {
  const catalog = state.config.catalog;
  const resource = bodyResource(endpoint);
  const negotiated = negotiateOutput(req.headers.accept, { objectTypes: SERVED_MEDIA_TYPES, tables: false, serverVersion: true, partialMetadata: false });
  if (!negotiated) return { state, response: statusAnswer(catalog, req, notAcceptable(SERVED_MEDIA_TYPES)), writes: [] };
  const answer = createOnlyAnswer(state, req, { endpoint, path, user: requestUser(ctx.token !== undefined), now: ctx.now() });
  if (!answer.ok) return { state, response: statusAnswer(catalog, req, answer.status), writes: [] };
  return { state, response: encodeAnswer(catalog, req, negotiated, answer.code, inWireOrder(catalog, resource, answer.object), answer.warnings), writes: [] };
}

/** `includeObject=Object` puts whole objects in Table rows (the default is their metadata). */
function includeObject(query: HttpRequest['query']): boolean {
  return queryValue(query, 'includeObject') === 'Object';
}
