/**
 * Kinds that are only the bodies of create-only endpoints kube-apiserver answers without storing
 * anything: the authentication and authorization reviews and the TokenRequest of
 * `serviceaccounts/token`. They are no resources of the schema catalog (nothing is stored, so
 * nothing owns their fields for long), but clients send them in protobuf (kubectl's `auth can-i`,
 * `auth whoami`, `create token`), so the protobuf tables carry their messages
 * (tools/gen-proto-tables.mjs reads this list) and the envelope finds them here.
 */
export interface RequestKind {
  readonly apiVersion: string;
  readonly kind: string;
  /** The Go type's name as the API's OpenAPI names it (`io.k8s.api.<group>.<version>.<Kind>`). */
  readonly typeName: string;
}

export const REQUEST_KINDS: readonly RequestKind[] = [
  { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview', typeName: 'io.k8s.api.authentication.v1.SelfSubjectReview' },
  { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', typeName: 'io.k8s.api.authentication.v1.TokenRequest' },
  { apiVersion: 'authorization.k8s.io/v1', kind: 'LocalSubjectAccessReview', typeName: 'io.k8s.api.authorization.v1.LocalSubjectAccessReview' },
  { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectAccessReview', typeName: 'io.k8s.api.authorization.v1.SelfSubjectAccessReview' },
  { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectRulesReview', typeName: 'io.k8s.api.authorization.v1.SelfSubjectRulesReview' },
  { apiVersion: 'authorization.k8s.io/v1', kind: 'SubjectAccessReview', typeName: 'io.k8s.api.authorization.v1.SubjectAccessReview' },
];

/** The request kind of an apiVersion and kind, if it is one. */
export function requestKind(apiVersion: string, kind: string): RequestKind | undefined {
  return REQUEST_KINDS.find((k) => k.apiVersion === apiVersion && k.kind === kind);
}
