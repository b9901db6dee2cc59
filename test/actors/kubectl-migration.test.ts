/**
 * Client-side apply to server-side apply (apiserver-semantics §5.2-5.4): after
 * `kubectl apply --server-side` migrates the client-side-apply ownership, fields removed from the
 * manifest are pruned; a server-side applier that does not migrate leaves them in place forever.
 */
import { describe, expect, it } from 'vitest';
import { KUBECTL_CONFLICT_HELP } from '../support/kubectl-texts.js';
import type { ClusterState } from '../../src/apiserver/types.js';
import { kubectlApply, serverSideApplyClient } from '../../src/actors/index.js';
import { entry, fields, getObject, managedFields, newCluster } from './support.js';

const CM = { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', name: 'settings' } as const;

const v1 = `apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
data:
  keep: "1"
  legacy: "old"
`;
const v2 = `apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
data:
  keep: "1"
`;

function clientSideApplied(): ClusterState {
  const out = kubectlApply(newCluster(), { manifests: v1, now: '2022-08-22T23:08:23Z' });
  expect(out.stdout).toBe('configmap/settings created\n');
  return out.state;
}

describe('client-side apply, then the same manifest minus a key', () => {
  it('client-side: the three-way patch deletes the key (configured)', () => {
    const out = kubectlApply(clientSideApplied(), { manifests: v2 });
    expect(out.stdout).toBe('configmap/settings configured\n');
    expect(out.requests).toHaveLength(1);
    expect(out.requests[0].contentType).toBe('application/strategic-merge-patch+json');
    const body = out.requests[0].body as Record<string, Record<string, unknown>>;
    expect(body.data).toEqual({ legacy: null });
    expect(getObject(out.state, CM).data).toEqual({ keep: '1' });
  });
});

describe('kubectl apply --server-side migrates client-side-apply ownership', () => {
  const out = kubectlApply(clientSideApplied(), { manifests: v2, serverSide: true, now: '2022-08-23T23:08:23Z' });
  const cm = getObject(out.state, CM);

  it('prints serverside-applied and sends apply, annotation keep, migration patch, re-apply', () => {
    expect(out.exitCode).toBe(0);
    expect(out.stdout).toBe('configmap/settings serverside-applied\n');
    expect(out.stderr).toBe('');
    expect(out.requests.map((r) => [r.verb, r.contentType, r.uri, r.code])).toEqual([
      ['PATCH', 'application/apply-patch+yaml', '/api/v1/namespaces/default/configmaps/settings?fieldManager=kubectl&fieldValidation=Strict&force=false', 200],
      ['PATCH', 'application/apply-patch+yaml', '/api/v1/namespaces/default/configmaps/settings?fieldManager=kubectl-last-applied&fieldValidation=Strict', 200],
      ['PATCH', 'application/json-patch+json', '/api/v1/namespaces/default/configmaps/settings?fieldManager=kubectl&fieldValidation=Strict', 200],
      ['PATCH', 'application/apply-patch+yaml', '/api/v1/namespaces/default/configmaps/settings?fieldManager=kubectl&fieldValidation=Strict&force=false', 200],
    ]);
    // kubectl's bytes (migration-patch.ts)
    const patch = JSON.parse(out.requests[2].body as string) as { op: string; path: string }[];
    expect(patch.map((p) => [p.op, p.path])).toEqual([
      ['replace', '/metadata/managedFields'],
      ['replace', '/metadata/resourceVersion'],
    ]);
  });

  it('prunes the key the manifest dropped', () => {
    expect(cm.data).toEqual({ keep: '1' });
  });

  it('leaves kubectl (Apply) and kubectl-last-applied (Apply, no time), no client-side entry', () => {
    // Both Apply; the annotation keeper's apply was a no-op, so it has no time and sorts first.
    expect(managedFields(cm).map((e) => [e.manager, e.operation])).toEqual([
      ['kubectl-last-applied', 'Apply'],
      ['kubectl', 'Apply'],
    ]);
    expect(entry(cm, 'kubectl-client-side-apply')).toBeUndefined();
    expect(entry(cm, 'kubectl-last-applied')?.time).toBeUndefined();
    expect(fields(entry(cm, 'kubectl-last-applied'))).toBe('{"f:metadata":{"f:annotations":{"f:kubectl.kubernetes.io/last-applied-configuration":{}}}}');
    const kubectl = fields(entry(cm, 'kubectl', 'Apply'));
    expect(kubectl.includes('"f:keep":{}')).toBe(true);
    expect(kubectl.includes('legacy')).toBe(false);
  });

  it('keeps the annotation, rewritten by the server to the applied body', () => {
    const ann = (cm.metadata as { annotations: Record<string, string> }).annotations['kubectl.kubernetes.io/last-applied-configuration'];
    expect(ann).toBe('{"apiVersion":"v1","data":{"keep":"1"},"kind":"ConfigMap","metadata":{"name":"settings","namespace":"default"}}\n');
  });

  it('a second server-side apply sends only the apply (the migration is done)', () => {
    const again = kubectlApply(out.state, { manifests: v2, serverSide: true });
    expect(again.requests).toHaveLength(1);
    expect(again.stdout).toBe('configmap/settings serverside-applied\n');
  });

  it('--dry-run=server changes nothing and says so', () => {
    const dry = kubectlApply(clientSideApplied(), { manifests: v2, serverSide: true, dryRun: 'server' });
    expect(dry.stdout).toBe('configmap/settings serverside-applied (server dry run)\n');
    expect(dry.requests.every((r) => r.dryRun && r.uri.includes('dryRun=All'))).toBe(true);
    expect(getObject(dry.state, CM).data).toEqual({ keep: '1', legacy: 'old' });
  });
});

describe('a server-side applier that is not kubectl does not migrate', () => {
  it('the dropped key stays, still owned by kubectl-client-side-apply', () => {
    const out = serverSideApplyClient(clientSideApplied(), { manifests: v2, fieldManager: 'flux-like', force: false });
    expect(out.exitCode).toBe(0);
    expect(out.requests).toHaveLength(1);
    const cm = getObject(out.state, CM);
    expect(cm.data).toEqual({ keep: '1', legacy: 'old' });
    expect(fields(entry(cm, 'kubectl-client-side-apply')).includes('"f:legacy":{}')).toBe(true);
    expect(fields(entry(cm, 'flux-like', 'Apply'))).toBe('{"f:data":{"f:keep":{}}}');
  });

  it('and it gets no forgiveness: changing a client-side-applied value conflicts', () => {
    const changed = v2.replace('keep: "1"', 'keep: "2"');
    const out = serverSideApplyClient(clientSideApplied(), { manifests: changed, fieldManager: 'flux-like' });
    expect(out.exitCode).toBe(1);
    expect(out.stderr).toBe(
      'Error from server (Conflict): Apply failed with 1 conflict: conflict with "kubectl-client-side-apply" using v1: .data.keep\n',
    );
    // kubectl (the manager named exactly "kubectl") is forgiven, since the live value still equals last-applied.
    const kubectl = kubectlApply(clientSideApplied(), { manifests: changed, serverSide: true });
    expect(kubectl.exitCode).toBe(0);
    expect(getObject(kubectl.state, CM).data).toEqual({ keep: '2' });
  });
});

describe('kubectl apply --server-side --field-manager=<other>', () => {
  it('still migrates (apiserver-semantics §5.2 step 3), but keeps no kubectl-last-applied entry, so the annotation is pruned too', () => {
    const out = kubectlApply(clientSideApplied(), { manifests: v2, serverSide: true, fieldManager: 'my-pipeline' });
    expect(out.requests.map((r) => r.effectiveManager)).toEqual(['my-pipeline', 'my-pipeline', 'my-pipeline']);
    const cm = getObject(out.state, CM);
    expect(cm.data).toEqual({ keep: '1' });
    expect(managedFields(cm).map((e) => [e.manager, e.operation])).toEqual([['my-pipeline', 'Apply']]);
    expect((cm.metadata as { annotations?: Record<string, string> }).annotations?.['kubectl.kubernetes.io/last-applied-configuration']).toBeUndefined();
  });
});

describe('conflict output of kubectl apply --server-side', () => {
  const deployment = (replicas: number, name = 'nginx') => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
spec:
  replicas: ${replicas}
  selector:
    matchLabels: {app: nginx}
  template:
    metadata:
      labels: {app: nginx}
    spec:
      containers:
      - name: nginx
        image: nginx:1.25
`;
  const HELP = KUBECTL_CONFLICT_HELP;

  it('one failing object: error: prefix, message, help block; exit 1; --force-conflicts takes over', () => {
    const created = kubectlApply(newCluster(), { manifests: deployment(3), serverSide: true, fieldManager: 'team-a' });
    const out = kubectlApply(created.state, { manifests: deployment(5), serverSide: true, fieldManager: 'team-b' });
    expect(out.exitCode).toBe(1);
    expect(out.stdout).toBe('');
    expect(out.stderr).toBe(`error: Apply failed with 1 conflict: conflict with "team-a": .spec.replicas\n${HELP}`);
    const forced = kubectlApply(created.state, { manifests: deployment(5), serverSide: true, fieldManager: 'team-b', forceConflicts: true });
    expect(forced.stdout).toBe('deployment.apps/nginx serverside-applied\n');
    expect(forced.requests[0].uri).toContain('force=true');
  });

  it('several failing objects: each block on its own, without error:', () => {
    const two = deployment(3) + '---\n' + deployment(3, 'web');
    const created = kubectlApply(newCluster(), { manifests: two, serverSide: true, fieldManager: 'team-a' });
    const out = kubectlApply(created.state, { manifests: deployment(5) + '---\n' + deployment(5, 'web'), serverSide: true, fieldManager: 'team-b' });
    expect(out.stderr).toBe(
      `Apply failed with 1 conflict: conflict with "team-a": .spec.replicas\n${HELP}` + `Apply failed with 1 conflict: conflict with "team-a": .spec.replicas\n${HELP}`,
    );
  });

  it("kubectl's own flag checks", () => {
    const s = newCluster();
    expect(kubectlApply(s, { manifests: deployment(1), forceConflicts: true }).stderr).toBe('error: --force-conflicts only works with --server-side\n');
    expect(kubectlApply(s, { manifests: deployment(1), serverSide: true, dryRun: 'client' }).stderr).toBe(
      "error: --dry-run=client doesn't work with --server-side (did you mean --dry-run=server instead?)\n",
    );
    expect(kubectlApply(s, { manifests: deployment(1), serverSide: true, force: true }).stderr).toBe('error: --force cannot be used with --server-side\n');
    expect(kubectlApply(s, { manifests: deployment(1), subresource: 'status' }).stderr).toBe('error: --subresource can only be specified for --server-side\n');
  });
});

describe('the migration patch is the bytes kubectl sends', () => {
  // A Service's ports are keyed by port and protocol. kubectl re-encodes the applier's entry from
  // its field set (csaupgrade: fieldpath.Set.ToJSON, keys in the set's order: port 80 before 443)
  // and marshals every other entry from the decoded object (encoding/json: keys sorted as text).
  const svc = (ports: string) => `apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  selector:\n    app: web\n  ports:\n${ports}`;
  const ports = '  - {name: a, port: 443, protocol: TCP}\n  - {name: b, port: 80, protocol: UDP}\n';

  it('the applier\'s entry in field-set order, the others as Go marshals a map', () => {
    let state = kubectlApply(newCluster(), { manifests: svc(ports), now: '2024-01-01T00:00:00Z' }).state;
    state = serverSideApplyClient(state, { manifests: svc(ports), fieldManager: 'other', force: true }).state;
    const out = kubectlApply(state, { manifests: svc(ports), serverSide: true, now: '2024-01-02T00:00:00Z' });
    const migration = out.requests[2]!;
    expect(migration.contentType).toBe('application/json-patch+json');
    expect(typeof migration.body).toBe('string');
    const text = migration.body as string;
    expect(text.startsWith('[{"op":"replace","path":"/metadata/managedFields","value":[{"manager":')).toBe(true);
    const entries = text.split('{"manager":').slice(1);
    const kubectl = entries.find((e) => e.startsWith('"kubectl","operation":"Apply"'))!;
    const other = entries.find((e) => e.startsWith('"other"'))!;
    const p80 = 'k:{\\"port\\":80,\\"protocol\\":\\"UDP\\"}';
    const p443 = 'k:{\\"port\\":443,\\"protocol\\":\\"TCP\\"}';
    expect(kubectl.indexOf(p80)).toBeGreaterThan(0);
    expect(kubectl.indexOf(p80)).toBeLessThan(kubectl.indexOf(p443));
    expect(other.indexOf(p443)).toBeGreaterThan(0);
    expect(other.indexOf(p443)).toBeLessThan(other.indexOf(p80));
    expect(text).toMatch(/\},\{"op":"replace","path":"\/metadata\/resourceVersion","value":"\d+"\}\]$/);
  });
});
