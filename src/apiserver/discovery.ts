/**
 * What the server serves, as discovery reports it (`kubectl api-resources`, `/apis/<group>/<version>`):
 * one entry per resource and served version, with the verbs this server answers.
 */
import type { ClusterState, ResourceType } from './types.js';
import { atVersion } from './registry.js';

/**
 * The verbs a resource is served with, as kube-apiserver lists them for a resource with the
 * standard storage. The cluster answers create, delete, get, list, patch and update; the HTTP
 * server answers watch and deletecollection over them (src/server).
 */
export const RESOURCE_VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'] as const;
/** The verbs it answers on the status and scale subresources. */
export const SUBRESOURCE_VERBS = ['get', 'patch', 'update'] as const;

export interface ServedKind {
  /** `''` for the core group. */
  readonly group: string;
  readonly version: string;
  readonly kind: string;
  /** Plural resource name: `daemonsets`. */
  readonly resource: string;
  /** Lower-case singular: `daemonset`. */
  readonly singular: string;
  readonly namespaced: boolean;
  readonly shortNames: readonly string[];
  readonly categories: readonly string[];
  /** `status` and/or `scale`, in that order. */
  readonly subresources: readonly ('status' | 'scale')[];
  readonly verbs: readonly string[];
  /** The group's preferred version of this resource (the first it serves). */
  readonly preferred: boolean;
  /** Served as a custom resource (from a CRD). */
  readonly custom: boolean;
}

/** Every resource the cluster serves, once per served version, in the order the resources were built. */
export function servedKinds(state: ClusterState): ServedKind[] {
  return state.config.resources.flatMap((r) => r.versions.map((version, i) => servedKind(atVersion(r, version), version, i === 0)));
}

function servedKind(r: ResourceType, version: string, preferred: boolean): ServedKind {
  return {
    group: r.group,
    version,
    kind: r.kind,
    resource: r.resource,
    singular: r.singular,
    namespaced: r.namespaced,
    shortNames: r.shortNames,
    categories: r.categories,
    subresources: [...(r.status ? (['status'] as const) : []), ...(r.scale ? (['scale'] as const) : [])],
    verbs: RESOURCE_VERBS,
    preferred,
    custom: r.custom,
  };
}
