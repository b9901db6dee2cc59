import { compareStrings } from '../../value/compare-strings.js';
import { newMap } from '../../value/value.js';
import { listSelection } from '../list-selection.js';
import { findResource, joinApiVersion } from '../registry.js';
import { isStatus, readAt, resolveTarget } from '../request-context.js';
import { scaleFromParent } from '../scale.js';
import { servesObjectAt } from '../object-subresource.js';
import { failure, notFound, resourceNotServed } from '../status.js';
import type { ClusterState, GetRequest, ListRequest, ServeResult } from '../types.js';

/** GET of an object (with managedFields), its status (or a Pod's ephemeralcontainers: the object too), or its Scale. */
export function get(state: ClusterState, req: GetRequest): ServeResult {
  const target = resolveTarget(state, req.target);
  if (isStatus(target)) return { state, response: failure(target) };
  const sub = req.subresource ?? '';
  if (sub === 'scale' ? !target.resource.scale : !servesObjectAt(target.resource, sub)) {
    return { state, response: failure(resourceNotServed()) };
  }
  const stored = state.objects.get(target.key);
  const obj = stored && readAt(state, target.resource, stored, target.apiVersion);
  if (!obj) return { state, response: failure(notFound(target.resource.group, target.resource.resource, target.name)) };
  const body = sub === 'scale' ? scaleFromParent(obj, target.resource) : obj;
  return { state, response: { ok: true, code: 200, object: body, warnings: [] } };
}

/** LIST: a `<Kind>List` of the objects (one namespace or all) its selectors match, ordered by namespace and name. */
export function list(state: ClusterState, req: ListRequest): ServeResult {
  const found = findResource(state.config.resources, req.apiVersion, { kind: req.kind, resource: req.resource });
  if (!found) return { state, response: failure(resourceNotServed()) };
  const r = found.resource;
  const matches = listSelection(r, req);
  if (typeof matches !== 'function') return { state, response: failure(matches) };
  const prefix = `${r.group}/${r.resource}/${r.namespaced && req.namespace ? req.namespace + '/' : ''}`;
  const keys = [...state.objects.keys()].filter((k) => k.startsWith(prefix)).sort(compareStrings);
  const apiVersion = joinApiVersion(r.group, found.version);
  const out = newMap();
  out.apiVersion = apiVersion;
  out.items = keys.filter((k) => matches(state.objects.get(k)!)).map((k) => readAt(state, r, state.objects.get(k)!, apiVersion));
  out.kind = `${r.kind}List`;
  const meta = newMap();
  meta.resourceVersion = String(state.resourceVersion);
  out.metadata = meta;
  return { state, response: { ok: true, code: 200, object: out, warnings: [] } };
}


