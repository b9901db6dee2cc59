/**
 * The answers of the create-only endpoints (create-only-endpoints.ts), as kube-apiserver 1.32
 * with the AlwaysAllow authorizer gives them (pkg/registry/authorization, pkg/registry/authentication,
 * k8s.io/apiserver's authorizerfactory): nothing is stored, the answer is a 201 with the object.
 *
 * - SelfSubjectAccessReview, SubjectAccessReview, LocalSubjectAccessReview: the request's object,
 *   with the managedFields the create handler's field manager gives it (an Update of what the
 *   body set, by the request's manager) and `status: {allowed: true}`.
 * - SelfSubjectRulesReview: a new object holding AlwaysAllow's rules (every verb on every
 *   resource and every non-resource URL); a spec without a namespace is the 400 `no namespace on
 *   request`.
 * - SelfSubjectReview: a new object, created now, naming the request's user (request-user.ts).
 * - serviceaccounts/token: token-request.ts.
 */
import { customResource } from '../apiserver/registry.js';
import { atomFor } from '../apiserver/request-context.js';
import { fieldManagerUpdate } from '../apiserver/field-manager.js';
import type { Endpoint } from '../apiserver/endpoint.js';
import { goZeroObject } from '../apiserver/go-zero-fields.js';
import { zeroFill } from '../apiserver/builtin-defaults.js';
import { managerName } from '../apiserver/manager-name.js';
import { requestKind } from '../apiserver/request-kinds.js';
import type { ClusterState, KubeObject, ResourceType, StatusObject } from '../apiserver/types.js';
import { getKey, isMap, newMap, type ValueMap } from '../value/value.js';
import { toValue } from '../apiserver/object-paths.js';
import { type CreateOnlyEndpoint, kindApiVersion } from './create-only-endpoints.js';
import { decodeObjectBody } from './rest-request.js';
import { queryValue } from './request-options.js';
import type { RequestUser } from './request-user.js';
import type { RestPath } from './route.js';
import { badRequest, methodNotAllowed } from './status-json.js';
import { tokenRequestAnswer } from './token-request.js';
import type { HttpRequest } from './types.js';

export type CreateOnlyAnswer = { readonly ok: true; readonly code: 201; readonly object: ValueMap; readonly warnings: readonly string[] } | { readonly ok: false; readonly status: StatusObject };

/** What the answer of a create-only endpoint needs to know of the request. */
export interface CreateOnlyRequest {
  readonly endpoint: CreateOnlyEndpoint;
  readonly path: RestPath;
  readonly user: RequestUser;
  readonly now: string;
}

/** A resource standing for an endpoint's body kind: what body decoding and the field manager need. */
export function bodyResource(e: CreateOnlyEndpoint): ResourceType {
  return { ...customResource({ group: e.kindGroup, kind: e.kind, versions: [e.kindVersion], namespaced: e.namespaced, resource: e.resource }), generation: false, custom: false };
}

/** The field manager's endpoint for a body kind: the kind's Go zero value as the baseline. */
function managerEndpoint(state: ClusterState, e: CreateOnlyEndpoint, now: string): Endpoint {
  const resource = bodyResource(e);
  const apiVersion = kindApiVersion(e);
  return {
    resource,
    apiVersion,
    kind: e.kind,
    subresource: e.subresource ?? '',
    ctx: { atom: atomFor(state, resource, e.kindVersion) },
    emptyObject: typedObject(e, newMap()),
    defaultObject: (o) => o,
    knownVersions: new Set([apiVersion]),
    now,
    maxUpdateManagers: state.config.maxUpdateManagers,
  };
}

/** `body` as Go decodes it into the kind's struct: apiVersion and kind, then every field Go always writes. */
export function typedObject(e: CreateOnlyEndpoint, body: ValueMap): ValueMap {
  const out = newMap();
  out.kind = e.kind;
  out.apiVersion = kindApiVersion(e);
  const type = requestKind(kindApiVersion(e), e.kind)?.typeName;
  const zero = (type !== undefined ? goZeroObject(type) : undefined) ?? newMap();
  const filled = zeroFill(body, zero);
  for (const k of Object.keys(filled)) if (k !== 'kind' && k !== 'apiVersion') out[k] = filled[k];
  return out;
}

/** The object with the managedFields of the create handler's field manager (an Update by the request's manager). */
export function withCreateManagedFields(state: ClusterState, req: HttpRequest, e: CreateOnlyEndpoint, object: ValueMap, now: string): ValueMap {
  const manager = managerName(queryValue(req.query, 'fieldManager'), req.headers.userAgent);
  const ep = managerEndpoint(state, e, now);
  return fieldManagerUpdate(ep, ep.emptyObject, object, manager);
}

/** The answer of a create-only endpoint. */
export function createOnlyAnswer(state: ClusterState, req: HttpRequest, r: CreateOnlyRequest): CreateOnlyAnswer {
  if (req.method.toUpperCase() !== 'POST') return { ok: false, status: methodNotAllowed() };
  const e = r.endpoint;
  const decoded = decodeObjectBody(req, state.config.catalog, bodyResource(e));
  if (!decoded.ok) return { ok: false, status: decoded.status };
  const body = decoded.object as ValueMap;
  const expected = kindApiVersion(e);
  if (typeof body.apiVersion === 'string' && body.apiVersion !== '' && body.apiVersion !== expected) {
    return { ok: false, status: badRequest(`the API version in the data (${body.apiVersion}) does not match the expected API version (${expected})`) };
  }
  const object = typedObject(e, body);
  const created = (o: ValueMap): CreateOnlyAnswer => ({ ok: true, code: 201, object: o, warnings: [] });
  switch (e.kind) {
    case 'SelfSubjectAccessReview':
    case 'SubjectAccessReview':
    case 'LocalSubjectAccessReview': {
      const out = withCreateManagedFields(state, req, e, object, r.now);
      const status = newMap();
      status.allowed = true;
      out.status = status;
      return created(out);
    }
    case 'SelfSubjectRulesReview': {
      const spec = getKey(object, 'spec');
      const namespace = isMap(spec) && typeof spec.namespace === 'string' ? spec.namespace : '';
      if (namespace === '') return { ok: false, status: badRequest('no namespace on request') };
      return created(typedObject(e, toValue({ status: { resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }], nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }], incomplete: false } }) as ValueMap));
    }
    case 'SelfSubjectReview':
      return created(typedObject(e, toValue({ metadata: { creationTimestamp: r.now }, status: { userInfo: { username: r.user.username, groups: [...r.user.groups] } } }) as ValueMap));
    case 'TokenRequest':
      return tokenRequestAnswer(state, req, r, object as KubeObject);
    default:
      return { ok: false, status: methodNotAllowed() };
  }
}
