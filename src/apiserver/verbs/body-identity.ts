/**
 * The checks the handlers make on a body's identity before anything else: apiVersion/kind
 * filled from the endpoint when absent, namespace and name matching the URL. A PUT's body and a
 * patch's result must have a name, the URL's (checkName, k8s.io/apiserver handlers/rest.go): an
 * empty one is not filled in but refused, as ContextBasedNaming.ObjectName refuses it.
 */
import { getKey, isMap, newMap, type ValueMap } from '../../value/value.js';
import { metaString, setPath, stringField } from '../object-paths.js';
import type { Target } from '../request-context.js';
import { badRequest } from '../status.js';
import type { StatusObject } from '../types.js';

export function checkIdentity(body: ValueMap, target: Target, opts: { requireName: boolean }): { ok: true; body: ValueMap } | { ok: false; status: StatusObject } {
  let out = body;
  if (!isMap(getKey(out, 'metadata'))) out = setPath(out, ['metadata'], newMap());
  const apiVersion = stringField(out, 'apiVersion');
  const kind = stringField(out, 'kind');
  if (apiVersion === '') out = setPath(out, ['apiVersion'], target.apiVersion);
  else if (apiVersion !== target.apiVersion) {
    return { ok: false, status: badRequest(`the API version in the data (${apiVersion}) does not match the expected API version (${target.apiVersion})`) };
  }
  if (kind === '') out = setPath(out, ['kind'], target.resource.kind);
  else if (kind !== target.resource.kind) {
    return { ok: false, status: badRequest(`the kind in the data (${kind}) does not match the expected kind (${target.resource.kind})`) };
  }
  const ns = metaString(out, 'namespace');
  if (target.resource.namespaced) {
    if (ns === '') out = setPath(out, ['metadata', 'namespace'], target.namespace);
    else if (ns !== target.namespace) return { ok: false, status: badRequest('the namespace of the provided object does not match the namespace sent on the request') };
  } else if (ns !== '') out = setPath(out, ['metadata', 'namespace'], undefined);
  if (opts.requireName) {
    const name = metaString(out, 'name');
    if (name === '') return { ok: false, status: badRequest(`the name of the object (${target.name} based on URL) was undeterminable: name must be provided`) };
    if (name !== target.name) return { ok: false, status: badRequest(`the name of the object (${name}) does not match the name on the URL (${target.name})`) };
  }
  return { ok: true, body: out };
}
