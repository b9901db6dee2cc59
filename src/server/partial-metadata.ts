/**
 * The metadata-only answers (`Accept: ...;as=PartialObjectMetadata;g=meta.k8s.io;v=v1`, and
 * `as=PartialObjectMetadataList`, `v=v1beta1`), as kube-apiserver's handlers transform an answer
 * after the verb has run (`asPartialObjectMetadata`, `asPartialObjectMetadataList`): the object's
 * ObjectMeta under TypeMeta `meta.k8s.io/<version>` `PartialObjectMetadata`; a List's items so, each
 * with its kind, under the List's resourceVersion, continue and remainingItemCount. A Status stays a
 * Status. Asking for one object's form of a list, or a list's of one object, is the 406 naming the Go
 * type the handler held (the API server's internal type: `*apps.DeploymentList`,
 * `*unstructured.Unstructured` for custom resources).
 */
import type { ResourceType, StatusObject } from '../apiserver/types.js';
import { statusFailure } from '../apiserver/status.js';
import { internalPackage } from '../apiserver/internal-go-type.js';
import { getKey, isList, isMap, newMap, type ValueMap } from '../value/value.js';
import { inObjectMetaOrder } from './go-json-order.js';
import type { PartialMetadataConversion } from './negotiate.js';

/** The Go type (`%T`) of what the handler held: the internal type of a built-in kind, or unstructured. */
function goTypeOf(resource: ResourceType, kind: string, list: boolean): string {
  if (resource.custom && kind !== 'Scale') return list ? '*unstructured.UnstructuredList' : '*unstructured.Unstructured';
  const group = kind === 'Scale' ? 'autoscaling' : resource.group;
  return `*${internalPackage(group)}.${kind}${list ? 'List' : ''}`;
}

function notAcceptable(message: string): StatusObject {
  return statusFailure(406, message, 'NotAcceptable');
}

/** One object's metadata as a PartialObjectMetadata (Go writes ObjectMeta's zero creationTimestamp as null). */
export function partialObjectMetadata(object: ValueMap, version: string): ValueMap {
  const out = newMap();
  out.kind = 'PartialObjectMetadata';
  out.apiVersion = `meta.k8s.io/${version}`;
  const meta = getKey(object, 'metadata');
  const m = newMap();
  if (isMap(meta)) for (const k of Object.keys(meta)) m[k] = meta[k];
  if (!Object.hasOwn(m, 'creationTimestamp')) m.creationTimestamp = null;
  out.metadata = inObjectMetaOrder(m);
  return out;
}

/**
 * The answer `body` (an object, a List, a Status) as the conversion asks, or the 406 when the
 * conversion does not fit what the verb answered.
 */
export function asPartialMetadata(conversion: PartialMetadataConversion, resource: ResourceType, body: ValueMap, list: boolean): ValueMap | StatusObject {
  if (body.kind === 'Status') return body;
  const kind = list ? resource.kind : typeof body.kind === 'string' ? body.kind : resource.kind;
  if (conversion.kind === 'PartialObjectMetadata') {
    if (list) return notAcceptable(`you requested PartialObjectMetadata, but the requested object is a list (${goTypeOf(resource, kind, true)})`);
    return partialObjectMetadata(body, conversion.version);
  }
  if (!list) return notAcceptable(`you requested PartialObjectMetadataList, but the requested object is not a list (${goTypeOf(resource, kind, false)})`);
  const out = newMap();
  out.kind = 'PartialObjectMetadataList';
  out.apiVersion = `meta.k8s.io/${conversion.version}`;
  const from = getKey(body, 'metadata');
  const meta = newMap();
  for (const k of ['resourceVersion', 'continue', 'remainingItemCount']) {
    const v = isMap(from) ? getKey(from, k) : undefined;
    if (v !== undefined && v !== '') meta[k] = v;
  }
  out.metadata = meta;
  const items = getKey(body, 'items');
  // Items is a Go slice without omitempty: no items is null.
  out.items = isList(items) && items.length > 0 ? items.map((i) => partialObjectMetadata(i as ValueMap, conversion.version)) : null;
  return out;
}
