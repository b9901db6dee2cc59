/**
 * Naming objects the way clients do: the resource a kind is served as, request URIs, kubectl's
 * resource arguments (`ds`, `daemonsets.apps`, `deploy/nginx`) and the names kubectl prints.
 */
import { managerName } from '../apiserver/manager-name.js';
import { findResource, guessResource, splitApiVersion } from '../apiserver/registry.js';
import type { ClusterState, ResourceType } from '../apiserver/types.js';
import { SsaError } from '../errors/ssa-error.js';

/** The resource serving apiVersion + kind, if the cluster knows it (in another version if need be). */
export function resourceFor(state: ClusterState, apiVersion: string, kind: string): ResourceType | undefined {
  const { group } = splitApiVersion(apiVersion);
  return findResource(state.config.resources, apiVersion, { kind })?.resource ?? state.config.resources.find((r) => r.group === group && r.kind === kind);
}

export interface ObjectCoordinates {
  readonly apiVersion: string;
  readonly kind: string;
  readonly group: string;
  readonly version: string;
  readonly resource: string;
  readonly namespaced: boolean;
  /** '' for cluster-scoped objects. */
  readonly namespace: string;
  readonly name: string;
  readonly custom: boolean;
}

/** Where an object lives, with the namespace defaulted (`default`) for namespaced kinds. */
export function coordinates(state: ClusterState, apiVersion: string, kind: string, name: string, namespace: string | undefined): ObjectCoordinates {
  const { group, version } = splitApiVersion(apiVersion);
  const r = resourceFor(state, apiVersion, kind);
  const namespaced = r?.namespaced ?? true;
  return {
    apiVersion,
    kind,
    group,
    version,
    resource: r?.resource ?? guessResource(kind),
    namespaced,
    namespace: namespaced ? namespace || 'default' : '',
    name,
    custom: r?.custom ?? true,
  };
}

/** `/apis/apps/v1/namespaces/kube-system/daemonsets/aws-node[/status]` (`/api/v1/...` for the core group). */
export function objectPath(c: ObjectCoordinates, subresource?: string): string {
  const base = c.group ? `/apis/${c.group}/${c.version}` : `/api/${c.version}`;
  const ns = c.namespaced ? `/namespaces/${c.namespace}` : '';
  return `${base}${ns}/${c.resource}/${c.name}${subresource ? `/${subresource}` : ''}`;
}

/** The collection URI a POST goes to. */
export function collectionPath(c: ObjectCoordinates): string {
  const base = c.group ? `/apis/${c.group}/${c.version}` : `/api/${c.version}`;
  const ns = c.namespaced ? `/namespaces/${c.namespace}` : '';
  return `${base}${ns}/${c.resource}`;
}

/** `?a=1&b=2` with keys sorted, as Go's url.Values encodes a query; '' when empty. */
export function query(params: Readonly<Record<string, string | undefined>>): string {
  const keys = Object.keys(params)
    .filter((k) => params[k] !== undefined)
    .sort();
  if (keys.length === 0) return '';
  return '?' + keys.map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(params[k]!)}`).join('&');
}

/** A kubectl resource argument resolved against the cluster's resources. */
export interface ResolvedResource {
  readonly type: ResourceType;
  /** The preferred version's apiVersion (`apps/v1`). */
  readonly apiVersion: string;
}

/**
 * Resolves `daemonset`, `daemonsets`, `ds`, `DaemonSet`, `daemonsets.apps`, `daemonset.apps`,
 * `daemonsets.v1.apps` as kubectl does; an unknown one is kubectl's error
 * `the server doesn't have a resource type "x"`.
 */
export function resolveResourceArg(state: ClusterState, arg: string): ResolvedResource {
  const lower = arg.toLowerCase();
  const dot = lower.indexOf('.');
  const name = dot < 0 ? lower : lower.slice(0, dot);
  let rest = dot < 0 ? undefined : lower.slice(dot + 1);
  let version: string | undefined;
  if (rest !== undefined) {
    const parts = rest.split('.');
    if (parts.length > 1 && /^v\d+((alpha|beta)\d+)?$/.test(parts[0])) {
      version = parts[0];
      rest = parts.slice(1).join('.');
    }
  }
  const matches = state.config.resources.filter(
    (r) =>
      (r.resource === name || r.singular === name || r.kind.toLowerCase() === name || r.shortNames.includes(name)) &&
      (rest === undefined || r.group === rest) &&
      (version === undefined || r.versions.includes(version)),
  );
  // Without a group, kubectl prefers the core group, then `apps`, then the others in order.
  const priority = (r: ResourceType) => (r.group === '' ? 0 : r.group === 'apps' ? 1 : 2);
  const type = matches.sort((a, b) => priority(a) - priority(b))[0];
  if (!type) throw new SsaError('INPUT', `the server doesn't have a resource type "${arg}"`);
  const v = version ?? type.versions[0];
  return { type, apiVersion: type.group ? `${type.group}/${v}` : v };
}

/** Splits `daemonset/aws-node` into its type and name; `name` given separately wins when both exist. */
export function splitTarget(resource: string, name: string | undefined): { resource: string; name: string } {
  const i = resource.indexOf('/');
  if (i >= 0) return { resource: resource.slice(0, i), name: name ?? resource.slice(i + 1) };
  if (name === undefined || name === '') throw new SsaError('INPUT', `resource(s) were provided, but no name was specified`);
  return { resource, name };
}

/**
 * The manager the server records when a request carries no `fieldManager`: the API server's own
 * rule (the user agent up to its first `/`, printable characters only, at most 128 bytes),
 * `unknown` when that is empty.
 */
export function managerFromUserAgent(userAgent: string): string {
  return managerName(undefined, userAgent) || 'unknown';
}
