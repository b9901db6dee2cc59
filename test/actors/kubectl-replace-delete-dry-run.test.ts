/**
 * `kubectl replace` and `kubectl delete` with `--dry-run` (k8s.io/kubectl v0.32.4
 * pkg/cmd/replace/replace.go, pkg/cmd/delete/delete.go, cli-runtime's Helper): client sends
 * nothing, server sends the request with `dryRun: All` and keeps nothing; the lines say which.
 */
import { describe, expect, it } from 'vitest';
import type { ClusterState } from '../../src/apiserver/types.js';
import { kubectlCreate, kubectlDelete, kubectlReplace } from '../../src/actors/index.js';
import { getObject, newCluster, tryGet } from './support.js';

const CM = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  a: "1"\n';
const CM2 = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  a: "2"\n';
const REF = { apiVersion: 'v1', kind: 'ConfigMap', name: 'settings', namespace: 'default' };

function created(): ClusterState {
  return kubectlCreate(newCluster(), { manifests: CM, now: '2024-01-01T00:00:00Z' }).state;
}

describe('kubectl replace --dry-run', () => {
  it('client: the line with "(dry run)", nothing sent', () => {
    const out = kubectlReplace(created(), { manifests: CM2, filename: 'cm.yaml', dryRun: 'client' });
    expect([out.stdout, out.stderr, out.exitCode, out.requests.length]).toEqual(['configmap/settings replaced (dry run)\n', '', 0, 0]);
  });

  it('server: the PUT with ?dryRun=All, "(server dry run)", the object unchanged', () => {
    const s = created();
    const out = kubectlReplace(s, { manifests: CM2, filename: 'cm.yaml', dryRun: 'server' });
    expect([out.stdout, out.stderr, out.exitCode]).toEqual(['configmap/settings replaced (server dry run)\n', '', 0]);
    expect(out.requests.map((r) => `${r.verb} ${r.uri}`)).toEqual(['PUT /api/v1/namespaces/default/configmaps/settings?dryRun=All&fieldManager=kubectl-replace&fieldValidation=Strict']);
    expect(getObject(out.state, REF).data).toEqual({ a: '1' });
  });

  it('with --force: kubectl refuses before anything is sent', () => {
    const out = kubectlReplace(created(), { manifests: CM2, filename: 'cm.yaml', force: true, dryRun: 'server' });
    expect([out.stdout, out.stderr, out.exitCode, out.requests.length]).toEqual(['', 'error: --dry-run can not be used when --force is set\n', 1, 0]);
  });
});

describe('kubectl delete --dry-run', () => {
  it('client: the line with "(dry run)", nothing sent, even for an object that is not there', () => {
    const s = created();
    const out = kubectlDelete(s, { resource: 'configmap/settings', dryRun: 'client' });
    expect([out.stdout, out.stderr, out.exitCode, out.requests.length]).toEqual(['configmap "settings" deleted (dry run)\n', '', 0, 0]);
    const gone = kubectlDelete(s, { resource: 'configmap/other', dryRun: 'client' });
    expect([gone.stdout, gone.exitCode, gone.requests.length]).toEqual(['configmap "other" deleted (dry run)\n', 0, 0]);
  });

  it('server: the DELETE carries dryRun in its DeleteOptions; "(server dry run)"; the object stays', () => {
    const out = kubectlDelete(created(), { manifests: CM, filename: 'cm.yaml', dryRun: 'server' });
    expect([out.stdout, out.stderr, out.exitCode]).toEqual(['configmap "settings" deleted (server dry run)\n', '', 0]);
    expect(out.requests).toHaveLength(1);
    expect(out.requests[0]).toMatchObject({ verb: 'DELETE', dryRun: true, body: { propagationPolicy: 'Background', dryRun: ['All'] } });
    expect(tryGet(out.state, REF)).toBeDefined();
    const missing = kubectlDelete(out.state, { resource: 'configmap/other', dryRun: 'server' });
    expect([missing.stderr, missing.exitCode]).toEqual(['Error from server (NotFound): configmaps "other" not found\n', 1]);
  });
});
