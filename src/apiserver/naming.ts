/**
 * Names that are properties of the server's resources: request URIs (as an audit log shows them)
 * and kubectl's `<kind>.<group>/<name>`.
 */
import { findResource, splitApiVersion } from './registry.js';
import type { ClusterState, ObjectRef, PatchOptions } from './types.js';

/** `deployment.apps/nginx`, `configmap/x`: kubectl's name for an object (core group: no suffix). */
export function objectDisplayName(kind: string, group: string, name: string): string {
  return `${kind.toLowerCase()}${group ? `.${group}` : ''}/${name}`;
}

/**
 * The request URI of a write, query in the order clients send it:
 * `/apis/apps/v1/namespaces/kube-system/daemonsets/aws-node?dryRun=All&fieldManager=eks&force=false`.
 */
export function requestUri(state: ClusterState, ref: ObjectRef, opts: PatchOptions & { omitName?: boolean } = {}): string {
  const found = findResource(state.config.resources, ref.apiVersion, { kind: ref.kind, resource: ref.resource });
  const { group, version } = splitApiVersion(ref.apiVersion);
  const resource = found?.resource.resource ?? (ref.resource ?? `${(ref.kind ?? '').toLowerCase()}s`);
  const namespaced = found?.resource.namespaced ?? true;
  let path = group ? `/apis/${group}/${version}` : `/api/${version}`;
  if (namespaced) path += `/namespaces/${ref.namespace || 'default'}`;
  path += `/${resource}`;
  if (!opts.omitName) path += `/${ref.name}`;
  if (opts.subresource) path += `/${opts.subresource}`;
  const q: string[] = [];
  if (opts.dryRun === true || (Array.isArray(opts.dryRun) && opts.dryRun.length > 0)) q.push('dryRun=All');
  if (opts.fieldManager) q.push(`fieldManager=${encodeURIComponent(opts.fieldManager)}`);
  if (opts.force !== undefined) q.push(`force=${opts.force}`);
  return q.length ? `${path}?${q.join('&')}` : path;
}
