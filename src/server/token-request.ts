/**
 * `POST /api/v1/namespaces/NS/serviceaccounts/NAME/token` (`kubectl create token NAME`): a
 * TokenRequest answered as kube-apiserver 1.32's TokenREST answers it
 * (pkg/registry/core/serviceaccount/storage/token.go), with a token that is clearly not a real
 * one: a well-formed unsecured JWT (RFC 7519 §6: header `{"alg":"none","typ":"JWT"}`, an empty
 * signature) whose claims have the shape of a service account token's (`aud`, `exp`, `iat`,
 * `iss`, `jti`, `kubernetes.io` with the namespace, the service account and the bound object,
 * `nbf`, `sub: system:serviceaccount:NS:NAME`). Nothing is stored; no server accepts the token.
 *
 * - `spec.expirationSeconds` defaults to 3600 (the v1 defaulter) before the field manager, so the
 *   requester's Update entry (subresource `token`) owns it; less than 600 or more than 2^32 is the
 *   422 `TokenRequest.authentication.k8s.io "" is invalid: spec.expirationSeconds: Invalid value:
 *   60: may not specify a duration less than 10 minutes`.
 * - `spec.audiences` defaults to the API server's (`https://kubernetes.default.svc.cluster.local`,
 *   the issuer kubeadm and kind configure); name and namespace are the service account's (a body
 *   naming others is a 422); `creationTimestamp` is now, and `status.expirationTimestamp` now plus
 *   the expiration.
 * - A missing service account is its 404; a bound Pod, Secret or Node must exist (404), a pod
 *   must run as the service account (400), a uid given must be the object's (409); other kinds
 *   are the 400 `cannot bind token to object of type ...`.
 */
import { createHash } from 'node:crypto';
import { objectKey } from '../apiserver/storage-key.js';
import { formatTime } from '../apiserver/managed-fields.js';
import { conflict, invalid, notFound, type FieldError } from '../apiserver/status.js';
import { findResource, splitApiVersion } from '../apiserver/registry.js';
import { namespaceLifecycle } from '../apiserver/namespace-lifecycle.js';
import type { ClusterState, KubeObject } from '../apiserver/types.js';
import { goQuote } from '../fieldpath/format-go-value.js';
import { getKey, isMap, newMap, type Value, type ValueMap } from '../value/value.js';
import { toValue } from '../apiserver/object-paths.js';
import type { CreateOnlyAnswer, CreateOnlyRequest } from './review-answers.js';
import { withCreateManagedFields } from './review-answers.js';
import { badRequest } from './status-json.js';
import type { HttpRequest } from './types.js';

const GROUP = 'authentication.k8s.io';
const KIND = 'TokenRequest';
/** kube-apiserver's --api-audiences default: the service account issuer, as kubeadm and kind set it. */
export const API_AUDIENCE = 'https://kubernetes.default.svc.cluster.local';
const DEFAULT_EXPIRATION_SECONDS = 3600;
const MIN_EXPIRATION_SECONDS = 600;
const MAX_EXPIRATION_SECONDS = 2 ** 32;

function str(v: Value | undefined): string {
  return typeof v === 'string' ? v : '';
}

function mapAt(v: Value | undefined): ValueMap {
  return isMap(v) ? v : newMap();
}

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

/** A uuid-shaped id that is the same for the same request (the real `jti` is random). */
function tokenId(seed: string): string {
  const h = createHash('sha256').update(seed).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

interface Bound {
  readonly kind: string;
  readonly name: string;
  readonly uid: string;
}

/** The token's JWT: header, claims (keys sorted, as go-jose writes its claim map), no signature. */
export function fakeServiceAccountToken(account: KubeObject, audiences: readonly string[], issuedAt: number, expirationSeconds: number, bound: readonly Bound[]): string {
  const meta = mapAt(account.metadata);
  const namespace = str(meta.namespace);
  const name = str(meta.name);
  const k8s: Record<string, unknown> = { namespace };
  for (const b of bound) k8s[b.kind.toLowerCase()] = { name: b.name, uid: b.uid };
  k8s.serviceaccount = { name, uid: str(meta.uid) };
  const sortedK8s = Object.fromEntries(Object.keys(k8s).sort().map((k) => [k, k8s[k]]));
  const iat = Math.floor(issuedAt / 1000);
  const claims = {
    aud: audiences,
    exp: iat + expirationSeconds,
    iat,
    iss: API_AUDIENCE,
    jti: tokenId(`${namespace}/${name}/${iat}/${expirationSeconds}/${audiences.join(',')}`),
    'kubernetes.io': sortedK8s,
    nbf: iat,
    sub: `system:serviceaccount:${namespace}:${name}`,
  };
  return `${base64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}.`;
}

function invalidRequest(name: string, errors: FieldError[]) {
  return { ok: false as const, status: invalid(GROUP, KIND, name, errors) };
}

/** The answer of the token subresource for `object` (the decoded body, Go's zero fields filled). */
export function tokenRequestAnswer(state: ClusterState, req: HttpRequest, r: CreateOnlyRequest, object: KubeObject): CreateOnlyAnswer {
  const namespace = r.path.namespace ?? '';
  const name = r.path.name ?? '';
  // Admission comes before the token REST's own checks: a create of the serviceaccounts/token
  // subresource, named for the account (NamespaceLifecycle, src/apiserver/namespace-lifecycle.ts).
  const accounts = findResource(state.config.resources, 'v1', { resource: 'serviceaccounts' })?.resource;
  const refused = accounts && namespaceLifecycle(state, { operation: 'CREATE', resource: accounts, namespace, name });
  if (refused) return { ok: false, status: refused };
  const meta = mapAt(object.metadata);
  if (str(meta.name) !== '' && str(meta.name) !== name) {
    return invalidRequest(name, [{ type: 'FieldValueInvalid', field: 'metadata.name', value: goQuote(str(meta.name)), detail: 'must match the service account name if specified' }]);
  }
  if (str(meta.namespace) !== '' && str(meta.namespace) !== namespace) {
    return invalidRequest(name, [{ type: 'FieldValueInvalid', field: 'metadata.namespace', value: goQuote(str(meta.namespace)), detail: 'must match the service account namespace if specified' }]);
  }
  const account = state.objects.get(objectKey('', 'serviceaccounts', namespace, name));
  if (!account) return { ok: false, status: notFound('', 'serviceaccounts', name) };
  // Decoding defaults the expiration (v1's SetDefaults_TokenRequestSpec), before the field manager.
  const spec = mapAt(getKey(object, 'spec'));
  const expiration = typeof spec.expirationSeconds === 'number' ? spec.expirationSeconds : typeof spec.expirationSeconds === 'bigint' ? Number(spec.expirationSeconds) : DEFAULT_EXPIRATION_SECONDS;
  const decoded = { ...object, spec: { ...spec, expirationSeconds: expiration } } as unknown as KubeObject;
  const managed = withCreateManagedFields(state, req, r.endpoint, decoded as unknown as ValueMap, r.now);
  const out = toValue(managed) as ValueMap;
  const outSpec = mapAt(out.spec);
  const audiences = Array.isArray(outSpec.audiences) && outSpec.audiences.length > 0 ? (outSpec.audiences as string[]) : [API_AUDIENCE];
  outSpec.audiences = [...audiences];
  const outMeta = mapAt(out.metadata);
  outMeta.name = name;
  outMeta.namespace = namespace;
  outMeta.creationTimestamp = r.now;
  out.metadata = outMeta;
  if (expiration < MIN_EXPIRATION_SECONDS) return invalidRequest('', [{ type: 'FieldValueInvalid', field: 'spec.expirationSeconds', value: String(expiration), detail: 'may not specify a duration less than 10 minutes' }]);
  if (expiration > MAX_EXPIRATION_SECONDS) return invalidRequest('', [{ type: 'FieldValueInvalid', field: 'spec.expirationSeconds', value: String(expiration), detail: 'may not specify a duration larger than 2^32 seconds' }]);
  const bound: Bound[] = [];
  const ref = outSpec.boundObjectRef;
  if (isMap(ref)) {
    const { group, version } = splitApiVersion(str(ref.apiVersion));
    const kind = str(ref.kind);
    const refName = str(ref.name);
    const resource = group === '' ? ({ Pod: 'pods', Secret: 'secrets', Node: 'nodes' } as Record<string, string>)[kind] : undefined;
    if (resource === undefined) return { ok: false, status: badRequest(`cannot bind token to object of type ${group}/${version}, Kind=${kind}`) };
    const target = state.objects.get(objectKey('', resource, kind === 'Node' ? '' : namespace, refName));
    if (!target) return { ok: false, status: notFound('', resource, refName) };
    if (kind === 'Pod' && str(mapAt(target.spec).serviceAccountName) !== name) {
      return { ok: false, status: badRequest(`cannot bind token for serviceaccount ${goQuote(name)} to pod running with different serviceaccount name.`) };
    }
    const uid = str(mapAt(target.metadata).uid);
    if (str(ref.uid) !== '' && str(ref.uid) !== uid) {
      return { ok: false, status: conflict(group, kind, refName, `the UID in the bound object reference (${str(ref.uid)}) does not match the UID in record. The object might have been deleted and then recreated`) };
    }
    bound.push({ kind, name: refName, uid });
  }
  const issuedAt = Date.parse(r.now);
  const status = newMap();
  status.token = fakeServiceAccountToken(account, audiences, issuedAt, expiration, bound);
  status.expirationTimestamp = formatTime(issuedAt + expiration * 1000);
  out.status = status;
  return { ok: true, code: 201, object: out, warnings: [] };
}
