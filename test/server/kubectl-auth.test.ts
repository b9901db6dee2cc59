/**
 * `kubectl auth can-i`, `kubectl auth whoami` and `kubectl create token` over `ssa-sim serve`,
 * answered as kube-apiserver 1.32 with the AlwaysAllow authorizer answers them: the reviews of
 * authorization.k8s.io/v1 and authentication.k8s.io/v1 and the `serviceaccounts/token`
 * subresource (src/server/review-answers.ts, src/server/token-request.ts). kubectl sends them
 * all in protobuf. Before these were served, kubectl printed `Error from server (NotFound): the
 * server could not find the requested resource`.
 */
import { describe, expect, it } from 'vitest';
import { newClusterState } from '../../src/server/initial-state.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';
import { call } from './http-client.js';

const available = kubectlAvailable();
const NOW = '2024-01-01T00:00:00Z';

/** The claims of a JWT (its middle part). */
function claims(token: string): Record<string, unknown> {
  const parts = token.split('.');
  expect(parts).toHaveLength(3);
  expect(JSON.parse(Buffer.from(parts[0], 'base64url').toString())).toEqual({ alg: 'none', typ: 'JWT' });
  expect(parts[2]).toBe('');
  return JSON.parse(Buffer.from(parts[1], 'base64url').toString()) as Record<string, unknown>;
}

describe.skipIf(!available)('real kubectl: auth can-i, auth whoami, create token', () => {
  const s = serverWithKubectl({ state: newClusterState(builtinCatalog(), NOW), now: () => NOW });

  it('auth can-i answers yes, for resources and non-resource URLs', { timeout: 120_000 }, async () => {
    expect(await s.k.run(['auth', 'can-i', 'create', 'deployments'])).toEqual({ code: 0, stdout: 'yes\n', stderr: '' });
    expect(await s.k.run(['auth', 'can-i', 'delete', 'nodes', '--all-namespaces'])).toEqual({ code: 0, stdout: 'yes\n', stderr: '' });
    expect(await s.k.run(['auth', 'can-i', 'get', '/healthz'])).toEqual({ code: 0, stdout: 'yes\n', stderr: '' });
  });

  it('auth can-i --list prints AlwaysAllow rules', { timeout: 120_000 }, async () => {
    expect(await s.k.run(['auth', 'can-i', '--list'])).toEqual({
      code: 0,
      stdout: 'Resources   Non-Resource URLs   Resource Names   Verbs\n*.*         []                  []               [*]\n            [*]                 []               [*]\n',
      stderr: '',
    });
  });

  it('auth whoami names the anonymous user, as a table and as YAML', { timeout: 120_000 }, async () => {
    expect(await s.k.run(['auth', 'whoami'])).toEqual({ code: 0, stdout: 'ATTRIBUTE   VALUE\nUsername    system:anonymous\nGroups      [system:unauthenticated]\n', stderr: '' });
    expect(await s.k.run(['auth', 'whoami', '-o', 'yaml'])).toEqual({
      code: 0,
      stdout: `apiVersion: authentication.k8s.io/v1\nkind: SelfSubjectReview\nmetadata:\n  creationTimestamp: "${NOW}"\nstatus:\n  userInfo:\n    groups:\n    - system:unauthenticated\n    username: system:anonymous\n`,
      stderr: '',
    });
  });

  it('a SelfSubjectAccessReview comes back with its status and the managedFields of its create', { timeout: 120_000 }, async () => {
    const file = s.k.file('ssar.yaml', 'apiVersion: authorization.k8s.io/v1\nkind: SelfSubjectAccessReview\nspec:\n  resourceAttributes: {verb: get, resource: pods, namespace: default}\n');
    const r = await s.k.run(['create', '-f', file, '-o', 'json', '--show-managed-fields']);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({
      apiVersion: 'authorization.k8s.io/v1',
      kind: 'SelfSubjectAccessReview',
      metadata: {
        creationTimestamp: null,
        managedFields: [
          {
            apiVersion: 'authorization.k8s.io/v1',
            fieldsType: 'FieldsV1',
            fieldsV1: { 'f:spec': { 'f:resourceAttributes': { '.': {}, 'f:namespace': {}, 'f:resource': {}, 'f:verb': {} } } },
            manager: 'kubectl-create',
            operation: 'Update',
            time: NOW,
          },
        ],
      },
      spec: { resourceAttributes: { namespace: 'default', resource: 'pods', verb: 'get' } },
      status: { allowed: true },
    });
    // Nothing is stored: the reviews have no get or list.
    expect((await call(s.server, 'GET', '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews')).status).toBe(405);
  });

  it('discovery lists the reviews with the create verb only', { timeout: 120_000 }, async () => {
    const r = await s.k.run(['api-resources', '--api-group=authorization.k8s.io', '-o', 'wide']);
    expect(r.stdout).toBe(
      [
        'NAME                        SHORTNAMES   APIVERSION                NAMESPACED   KIND                       VERBS    CATEGORIES',
        'localsubjectaccessreviews                authorization.k8s.io/v1   true         LocalSubjectAccessReview   create   ',
        'selfsubjectaccessreviews                 authorization.k8s.io/v1   false        SelfSubjectAccessReview    create   ',
        'selfsubjectrulesreviews                  authorization.k8s.io/v1   false        SelfSubjectRulesReview     create   ',
        'subjectaccessreviews                     authorization.k8s.io/v1   false        SubjectAccessReview        create   ',
        '',
      ].join('\n'),
    );
    const legacy = JSON.parse(await (await fetch(`${s.server.url}/api/v1`)).text()) as { resources: { name: string }[] };
    const token = legacy.resources.find((x) => x.name === 'serviceaccounts/token');
    expect(token).toEqual({ name: 'serviceaccounts/token', singularName: '', namespaced: true, group: 'authentication.k8s.io', version: 'v1', kind: 'TokenRequest', verbs: ['create'] });
  });

  it('create token prints a JWT for the service account, valid for an hour by default', { timeout: 120_000 }, async () => {
    const r = await s.k.run(['create', 'token', 'default']);
    expect(r.stderr).toBe('');
    const c = claims(r.stdout.trim());
    const iat = Date.parse(NOW) / 1000;
    expect(c).toMatchObject({
      aud: ['https://kubernetes.default.svc.cluster.local'],
      iat,
      nbf: iat,
      exp: iat + 3600,
      iss: 'https://kubernetes.default.svc.cluster.local',
      sub: 'system:serviceaccount:default:default',
      'kubernetes.io': { namespace: 'default', serviceaccount: { name: 'default' } },
    });
    expect(Object.keys(c)).toEqual(['aud', 'exp', 'iat', 'iss', 'jti', 'kubernetes.io', 'nbf', 'sub']);
  });

  it('create token -o yaml shows the TokenRequest as kube-apiserver fills it', { timeout: 120_000 }, async () => {
    const r = await s.k.run(['create', 'token', 'default', '--duration=2h', '--audience=vault', '-o', 'json', '--show-managed-fields']);
    expect(r.stderr).toBe('');
    const tr = JSON.parse(r.stdout) as { status: { token: string } };
    expect(tr).toEqual({
      kind: 'TokenRequest',
      apiVersion: 'authentication.k8s.io/v1',
      metadata: {
        name: 'default',
        namespace: 'default',
        creationTimestamp: NOW,
        managedFields: [
          {
            manager: 'kubectl',
            operation: 'Update',
            apiVersion: 'authentication.k8s.io/v1',
            time: NOW,
            fieldsType: 'FieldsV1',
            fieldsV1: { 'f:spec': { 'f:audiences': {}, 'f:expirationSeconds': {} } },
            subresource: 'token',
          },
        ],
      },
      spec: { audiences: ['vault'], expirationSeconds: 7200, boundObjectRef: null },
      status: { token: tr.status.token, expirationTimestamp: '2024-01-01T02:00:00Z' },
    });
    expect(claims(tr.status.token)).toMatchObject({ aud: ['vault'], exp: Date.parse(NOW) / 1000 + 7200 });
  });

  it('create token refuses what kube-apiserver refuses, in its words', { timeout: 120_000 }, async () => {
    expect(await s.k.run(['create', 'token', 'nope'])).toEqual({ code: 1, stdout: '', stderr: 'error: failed to create token: serviceaccounts "nope" not found\n' });
    expect(await s.k.run(['create', 'token', 'default', '--duration=1m'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'error: failed to create token: TokenRequest.authentication.k8s.io "" is invalid: spec.expirationSeconds: Invalid value: 60: may not specify a duration less than 10 minutes\n',
    });
    expect(await s.k.run(['create', 'token', 'default', '--bound-object-kind=Pod', '--bound-object-name=web'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'error: failed to create token: pods "web" not found\n',
    });
  });

  // The token subresource's create goes through admission before the token REST looks at the
  // account: NamespaceLifecycle answers for a missing or Terminating namespace first.
  it('create token in a namespace that is missing or being terminated: NamespaceLifecycle\'s refusal', { timeout: 120_000 }, async () => {
    expect(await s.k.run(['create', 'token', 'default', '-n', 'nowhere'])).toEqual({ code: 1, stdout: '', stderr: 'error: failed to create token: namespaces "nowhere" not found\n' });
    const json = { 'Content-Type': 'application/json' };
    const ns = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'old' }, status: { phase: 'Terminating' } };
    expect((await call(s.server, 'POST', '/api/v1/namespaces', JSON.stringify(ns), json)).status).toBe(201);
    expect((await call(s.server, 'PUT', '/api/v1/namespaces/old/status', JSON.stringify(ns), json)).status).toBe(200);
    const r = await call(s.server, 'POST', '/api/v1/namespaces/old/serviceaccounts/default/token', JSON.stringify({ apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest' }), json);
    expect(r.json).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'serviceaccounts "default" is forbidden: unable to create new content in namespace old because it is being terminated',
      reason: 'Forbidden',
      details: { name: 'default', kind: 'serviceaccounts', causes: [{ reason: 'NamespaceTerminating', message: 'namespace old is being terminated', field: 'metadata.namespace' }] },
      code: 403,
    });
  });
});

// A token server on plain HTTP (the library's `token` without `tls`): kubectl would send it no
// credentials (clientcmd applies a user's auth only over TLS; `serve --token` is HTTPS for that,
// kubectl-tls.test.ts), so its user is seen with a client that sends the bearer token itself.
describe('SelfSubjectReview on a token server', () => {
  const s = serverWithKubectl({ state: newClusterState(builtinCatalog(), NOW), now: () => NOW, token: 'sekret' });

  it('names the token user, authenticated', async () => {
    const body = JSON.stringify({ apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' });
    const r = await call(s.server, 'POST', '/apis/authentication.k8s.io/v1/selfsubjectreviews', body, { 'Content-Type': 'application/json', Authorization: 'Bearer sekret' });
    expect(r.status).toBe(201);
    expect(r.body).toBe(
      `{"kind":"SelfSubjectReview","apiVersion":"authentication.k8s.io/v1","metadata":{"creationTimestamp":"${NOW}"},"status":{"userInfo":{"username":"ssa-sim","groups":["system:authenticated"]}}}\n`,
    );
    expect((await call(s.server, 'POST', '/apis/authentication.k8s.io/v1/selfsubjectreviews', body, { 'Content-Type': 'application/json' })).status).toBe(401);
  });
});
