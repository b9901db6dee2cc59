/**
 * Who a request is, as kube-apiserver's authenticators would tell: the user SelfSubjectReview
 * reports and the reviews check. Without `--token` the server takes every request, as a
 * kube-apiserver whose anonymous authenticator is on answers a request without credentials:
 * user `system:anonymous`, group `system:unauthenticated` (k8s.io/apiserver
 * pkg/authentication/request/anonymous). With `--token` the one token is the only credential,
 * like a line of a static token file, naming the user of the kubeconfig serve writes (`ssa-sim`);
 * every authenticated user is in `system:authenticated`, which kube-apiserver's authenticator
 * chain adds.
 */
import { KUBECONFIG_NAME } from './kubeconfig.js';

export interface RequestUser {
  readonly username: string;
  readonly groups: readonly string[];
}

export const ANONYMOUS_USER: RequestUser = { username: 'system:anonymous', groups: ['system:unauthenticated'] };
export const TOKEN_USER: RequestUser = { username: KUBECONFIG_NAME, groups: ['system:authenticated'] };

/** The user of a request the server took (a token server takes only its token). */
export function requestUser(tokenRequired: boolean): RequestUser {
  return tokenRequired ? TOKEN_USER : ANONYMOUS_USER;
}
