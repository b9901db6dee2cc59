/**
 * The create-only endpoints kube-apiserver serves without storing anything: the authentication
 * and authorization reviews (`kubectl auth whoami`, `kubectl auth can-i`) and the `token`
 * subresource of service accounts (`kubectl create token`). Discovery lists them as kube-apiserver
 * does (verbs `create` only); review-answers.ts and token-request.ts answer them.
 */
import type { RestPath } from './route.js';

export interface CreateOnlyEndpoint {
  readonly group: string;
  readonly version: string;
  /** The resource (`selfsubjectaccessreviews`), or the parent of a subresource (`serviceaccounts`). */
  readonly resource: string;
  /** Set for a subresource (`token`). */
  readonly subresource?: string;
  readonly singular: string;
  readonly namespaced: boolean;
  /** The body's group, version and kind. */
  readonly kindGroup: string;
  readonly kindVersion: string;
  readonly kind: string;
}

const review = (group: string, resource: string, kind: string, namespaced = false): CreateOnlyEndpoint => ({
  group,
  version: 'v1',
  resource,
  singular: resource.slice(0, -1),
  namespaced,
  kindGroup: group,
  kindVersion: 'v1',
  kind,
});

export const CREATE_ONLY_ENDPOINTS: readonly CreateOnlyEndpoint[] = [
  review('authentication.k8s.io', 'selfsubjectreviews', 'SelfSubjectReview'),
  review('authorization.k8s.io', 'localsubjectaccessreviews', 'LocalSubjectAccessReview', true),
  review('authorization.k8s.io', 'selfsubjectaccessreviews', 'SelfSubjectAccessReview'),
  review('authorization.k8s.io', 'selfsubjectrulesreviews', 'SelfSubjectRulesReview'),
  review('authorization.k8s.io', 'subjectaccessreviews', 'SubjectAccessReview'),
  {
    group: '',
    version: 'v1',
    resource: 'serviceaccounts',
    subresource: 'token',
    singular: '',
    namespaced: true,
    kindGroup: 'authentication.k8s.io',
    kindVersion: 'v1',
    kind: 'TokenRequest',
  },
];

/** The create-only endpoint a REST path names (a review's collection, a service account's `token`), if any. */
export function createOnlyEndpointAt(path: RestPath): CreateOnlyEndpoint | undefined {
  return CREATE_ONLY_ENDPOINTS.find((e) => {
    if (e.group !== path.group || e.version !== path.version || e.resource !== path.resource) return false;
    if (e.subresource !== undefined) return path.subresource === e.subresource && path.name !== undefined && path.namespace !== undefined;
    return path.name === undefined && path.subresource === '' && (path.namespace !== undefined) === e.namespaced;
  });
}

/** The apiVersion of an endpoint's body (`authentication.k8s.io/v1`). */
export function kindApiVersion(e: CreateOnlyEndpoint): string {
  return e.kindGroup ? `${e.kindGroup}/${e.kindVersion}` : e.kindVersion;
}
