/**
 * A REST request as the API server's request: which verb, which object, which options. Pure and
 * separate from the answering, so the recorder (--record) sees the same request the server served.
 */
import { atVersion, findResource } from '../apiserver/registry.js';
import { servesObjectAt } from '../apiserver/object-subresource.js';
import { goYamlReaderProblem } from '../document/input-text.js';
import type { ApiRequest, CatalogLike, ClusterState, KubeObject, ObjectRef, PatchType, ResourceType, StatusObject } from '../apiserver/types.js';
import { deleteOptionsOf } from './delete-options.js';
import { ProtoCodecError } from '../apiserver/protobuf-codec.js';
import { objectFromProtobuf, PROTOBUF_MEDIA_TYPE, servesProtobuf } from '../apiserver/protobuf-envelope.js';
import { readManifests } from '../manifest/read-manifests.js';
import { SsaError } from '../errors/ssa-error.js';
import { mediaType, parseGoBool, patchMediaType, queryValue, selectorsIn, writeOptions } from './request-options.js';
import type { RestPath } from './route.js';
import { badRequest, methodNotAllowed, pathNotFound, unsupportedBody } from './status-json.js';
import type { HttpRequest } from './types.js';
import { unrecognizedJsonBody } from './unrecognized-body.js';
import { YAML_MEDIA_TYPE } from './negotiate.js';

/** The media types a patch may have, by patch type (custom resources take no strategic merge patch). */
const PATCH_TYPES: Readonly<Record<string, PatchType>> = {
  'application/json-patch+json': 'json',
  'application/merge-patch+json': 'merge',
  'application/strategic-merge-patch+json': 'strategic',
  'application/apply-patch+yaml': 'apply',
};

/** What create and update bodies may be: JSON and YAML, and protobuf for built-in kinds. */
export const OBJECT_MEDIA_TYPES = ['application/json', 'application/yaml'];

export type RestAction =
  | { readonly kind: 'api'; readonly request: ApiRequest; readonly resource: ResourceType; readonly apiVersion: string }
  | { readonly kind: 'watch'; readonly resource: ResourceType; readonly apiVersion: string; readonly namespace?: string }
  | { readonly kind: 'deletecollection'; readonly resource: ResourceType; readonly apiVersion: string; readonly namespace?: string; readonly dryRun?: readonly string[] }
  | { readonly kind: 'failure'; readonly status: StatusObject };

function fail(status: StatusObject): RestAction {
  return { kind: 'failure', status };
}

/**
 * Decodes a create or update body (JSON or YAML, one object; or a protobuf envelope of a kind
 * whose message ssa-sim knows, for the resources of built-in kinds).
 */
export function decodeObjectBody(req: HttpRequest, catalog: CatalogLike, resource: ResourceType): { ok: true; object: KubeObject } | { ok: false; status: StatusObject } {
  const type = mediaType(req.headers.contentType);
  const protobuf = servesProtobuf(catalog, resource);
  const accepted = protobuf ? [...OBJECT_MEDIA_TYPES, PROTOBUF_MEDIA_TYPE] : OBJECT_MEDIA_TYPES;
  if (type !== '' && !accepted.includes(type)) return { ok: false, status: unsupportedBody(accepted) };
  if (type === PROTOBUF_MEDIA_TYPE) {
    try {
      return { ok: true, object: objectFromProtobuf(catalog, req.body) as KubeObject };
    } catch (e) {
      if (e instanceof ProtoCodecError) return { ok: false, status: badRequest(`the request body could not be decoded: ${e.message}`) };
      throw e;
    }
  }
  const text = Buffer.from(req.body).toString('utf8');
  if (type !== YAML_MEDIA_TYPE) {
    const unrecognized = unrecognizedJsonBody(req.body, resource.kind);
    if (unrecognized !== undefined) return { ok: false, status: badRequest(unrecognized) };
  }
  try {
    const read = readManifests(text, { file: 'request body', flattenLists: false });
    if (read.manifests.length !== 1) return { ok: false, status: badRequest(`the request body must hold exactly one object, not ${read.manifests.length}`) };
    return { ok: true, object: read.manifests[0].object as KubeObject };
  } catch (e) {
    if (e instanceof SsaError) return { ok: false, status: badRequest(`the request body could not be decoded: ${e.message}`) };
    throw e;
  }
}

/** The action a REST path and method ask for. */
export function restAction(state: ClusterState, req: HttpRequest, path: RestPath, now: string): RestAction {
  const apiVersion = path.group ? `${path.group}/${path.version}` : path.version;
  const found = findResource(state.config.resources, apiVersion, { resource: path.resource });
  if (!found) return fail(pathNotFound());
  const r = atVersion(found.resource, found.version);
  if (path.namespace !== undefined && !r.namespaced) return fail(pathNotFound());
  if (path.name !== undefined && r.namespaced && path.namespace === undefined) return fail(pathNotFound());
  const sub = path.subresource;
  if (sub === 'scale' ? !r.scale : !servesObjectAt(r, sub)) return fail(pathNotFound());
  const ns = r.namespaced ? path.namespace : undefined;
  const ref = (name: string): ObjectRef => ({ apiVersion, resource: r.resource, ...(ns !== undefined ? { namespace: ns } : {}), name });
  const api = (request: ApiRequest): RestAction => ({ kind: 'api', request, resource: r, apiVersion });
  const method = req.method.toUpperCase();
  const options = writeOptions(req.query, req.headers.userAgent, now, sub);
  if ('problem' in options) return fail(badRequest(options.problem));

  if (path.name === undefined) {
    const watch = queryValue(req.query, 'watch');
    if (method === 'GET' && watch !== undefined && parseGoBool(watch === '' ? 'true' : watch)) {
      return { kind: 'watch', resource: r, apiVersion, ...(ns !== undefined ? { namespace: ns } : {}) };
    }
    if (method === 'GET') return api({ verb: 'list', apiVersion, resource: r.resource, ...(ns !== undefined ? { namespace: ns } : {}), ...selectorsIn(req.query) });
    if (method === 'POST' && (ns !== undefined || !r.namespaced)) {
      const body = decodeObjectBody(req, state.config.catalog, r);
      if (!body.ok) return fail(body.status);
      return api({ verb: 'create', body: body.object, target: { apiVersion, resource: r.resource, ...(ns !== undefined ? { namespace: ns } : {}) }, options });
    }
    if (method === 'DELETE') {
      const read = deleteOptionsOf(req);
      if (!read.ok) return fail(read.status);
      return { kind: 'deletecollection', resource: r, apiVersion, ...(ns !== undefined ? { namespace: ns } : {}), ...read.options };
    }
    return fail(methodNotAllowed());
  }
  const target = ref(path.name);
  switch (method) {
    case 'GET':
      return api({ verb: 'get', target, ...(sub ? { subresource: sub } : {}) });
    case 'PUT': {
      const body = decodeObjectBody(req, state.config.catalog, r);
      if (!body.ok) return fail(body.status);
      return api({ verb: 'update', body: body.object, target, options });
    }
    case 'PATCH': {
      const type = patchMediaType(req.headers.contentType);
      const patchType = Object.hasOwn(PATCH_TYPES, type) ? PATCH_TYPES[type] : undefined;
      const accepted = Object.keys(PATCH_TYPES).filter((t) => !(r.custom && PATCH_TYPES[t] === 'strategic'));
      if (!patchType || (r.custom && patchType === 'strategic')) return fail(unsupportedBody(accepted));
      if (patchType === 'apply') {
        // go-yaml reads every apply body (a JSON one too) and refuses bytes that are not text.
        const problem = goYamlReaderProblem(req.body);
        if (problem !== undefined) {
          const json = /^[\t\n\v\f\r ]*\{/.test(Buffer.from(req.body.subarray(0, 64)).toString('latin1'));
          return fail(badRequest(json ? `error decoding YAML: error converting YAML to JSON: yaml: ${problem}` : `error encoding patch: yaml: ${problem}`));
        }
      }
      return api({ verb: 'patch', target, patchType, patch: Buffer.from(req.body).toString('utf8'), options });
    }
    case 'DELETE': {
      if (sub) return fail(methodNotAllowed());
      const read = deleteOptionsOf(req);
      if (!read.ok) return fail(read.status);
      return api({ verb: 'delete', target, options: { ...read.options, now } });
    }
    default:
      return fail(methodNotAllowed());
  }
}
