/**
 * One HTTP request in, one answer out, and the cluster state after it: the whole server but the
 * sockets. The API server (`serve`) does every verb; this maps paths, methods, headers and
 * bodies onto it and answers discovery, OpenAPI, version and health itself.
 */
import { serve, withTime } from '../apiserver/server.js';
import type { ApiRequest, ClusterState } from '../apiserver/types.js';
import { apiGroupDocument, apiGroupList, apiResourceList, apiVersions } from './discovery.js';
import type { DocumentCache } from './documents.js';
import { restAction } from './rest-request.js';
import { parseRoute, type RestPath } from './route.js';
import { jsonResponse, methodNotAllowed, pathNotFound, statusResponse, unauthorized } from './status-json.js';
import type { HttpRequest, HttpResponse } from './types.js';
import type { VersionInfo } from './version.js';
import { deleteCollection } from './delete-collection.js';

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
  /** The API server request served, when the path was a REST path that reached it. */
  readonly request?: ApiRequest;
}

function text(status: number, body: string): HttpResponse {
  return { status, contentType: 'text/plain; charset=utf-8', body, warnings: [] };
}

export function handleRequest(state: ClusterState, req: HttpRequest, ctx: ServerContext): HandleResult {
  const route = parseRoute(req.path);
  const method = req.method.toUpperCase();
  const answer = (response: HttpResponse): HandleResult => ({ state, response });
  if (route.kind === 'health') return answer(method === 'GET' || method === 'HEAD' ? text(200, 'ok') : statusResponse(methodNotAllowed()));
  if (route.kind === 'version') return answer(method === 'GET' ? jsonResponse(200, ctx.version) : statusResponse(methodNotAllowed()));
  if (ctx.token !== undefined && req.headers.authorization !== `Bearer ${ctx.token}`) return answer(statusResponse(unauthorized()));
  const resources = state.config.resources;
  const catalog = state.config.catalog;
  if (route.kind === 'rest') return handleRest(state, req, route, ctx);
  if (method !== 'GET') return answer(statusResponse(route.kind === 'unknown' ? pathNotFound() : methodNotAllowed()));
  const found = (doc: object | undefined) => answer(doc ? jsonResponse(200, doc) : statusResponse(pathNotFound()));
  switch (route.kind) {
    case 'api-versions':
      return found(apiVersions(resources));
    case 'api-groups':
      return found(apiGroupList(resources));
    case 'api-group':
      return found(apiGroupDocument(resources, route.group));
    case 'api-resources':
      return found(apiResourceList(resources, route.group, route.version));
    case 'openapi-v3-index':
      return found(ctx.documents.openApiV3Index(catalog, resources));
    case 'openapi-v3': {
      const doc = ctx.documents.openApiV3(catalog, resources, route.group, route.version);
      return answer(doc ? { status: 200, contentType: 'application/json', body: doc.text, warnings: [] } : statusResponse(pathNotFound()));
    }
    default:
      return answer(statusResponse(pathNotFound()));
  }
}

function handleRest(state: ClusterState, req: HttpRequest, path: RestPath, ctx: ServerContext): HandleResult {
  const now = ctx.now();
  const action = restAction(state, req, path, now);
  if (action.kind === 'failure') return { state, response: statusResponse(action.status) };
  const timed = withTime(state, now);
  if (action.kind === 'deletecollection') {
    const r = deleteCollection(timed, action);
    return { state: r.changed ? r.state : state, response: jsonResponse(200, r.list) };
  }
  const result = serve(timed, action.request);
  const response = result.response.ok
    ? jsonResponse(result.response.code, result.response.object, result.response.warnings)
    : statusResponse(result.response.status, result.response.warnings);
  // Reads and failures leave the stored state as it was (the clock only moves with writes).
  const changed = result.state.objects !== timed.objects || result.state.resourceVersion !== timed.resourceVersion;
  return { state: changed ? result.state : state, response, request: action.request };
}
