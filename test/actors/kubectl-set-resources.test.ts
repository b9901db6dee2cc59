/**
 * `kubectl set resources` (k8s.io/kubectl v0.32.4 pkg/cmd/set/set_resources.go): the two-way
 * strategic merge patch of the selected containers' requests and limits under `kubectl-set`,
 * quantities as kubectl's resource.Quantity writes them, and its messages.
 */
import { describe, expect, it } from 'vitest';
import type { ClusterState } from '../../src/apiserver/types.js';
import { encodeGoJson } from '../../src/fieldpath/json-text.js';
import type { Value } from '../../src/value/value.js';
import { kubectlCreate, kubectlSetResources, runAction } from '../../src/actors/index.js';
import { entry, fields, getObject, newCluster, NGINX, TWO_CONTAINERS } from './support.js';


function created(manifests = TWO_CONTAINERS): ClusterState {
  return kubectlCreate(newCluster(), { manifests, now: '2024-01-01T00:00:00Z' }).state;
}

const target = { resource: 'deployment/nginx' };

describe('kubectl set resources', () => {
  it('-c nginx --limits: one container, canonical quantities (0.5 is 500m), the line "resource requirements updated"', () => {
    const out = kubectlSetResources(created(), { ...target, container: 'nginx', limits: { cpu: '0.5', memory: '2048Mi' } });
    expect(out.stderr).toBe('');
    expect(out.exitCode).toBe(0);
    expect(out.stdout).toBe('deployment.apps/nginx resource requirements updated\n');
    expect(out.requests).toHaveLength(1);
    expect(out.requests[0]).toMatchObject({
      verb: 'PATCH',
      contentType: 'application/strategic-merge-patch+json',
      fieldManager: 'kubectl-set',
    });
    // the bytes kubectl sends: Go's encoding/json of the patch map, keys sorted
    const body = encodeGoJson(out.requests[0]!.body as Value);
    expect(body).toBe(
      '{"spec":{"template":{"spec":{"$setElementOrder/containers":[{"name":"nginx"},{"name":"sidecar"}],"containers":[{"name":"nginx","resources":{"limits":{"cpu":"500m","memory":"2Gi"}}}]}}}}',
    );
    expect(fields(entry(getObject(out.state, NGINX), 'kubectl-set', 'Update'))).toBe(
      '{"f:spec":{"f:template":{"f:spec":{"f:containers":{"k:{\\"name\\":\\"nginx\\"}":{"f:resources":{"f:limits":{"f:cpu":{},"f:memory":{}}}}}}}}}',
    );
  });

  it('every container and init container by default; requests beside limits', () => {
    const out = kubectlSetResources(created(), { ...target, requests: { cpu: '100m' } });
    expect(out.stdout).toBe('deployment.apps/nginx resource requirements updated\n');
    const spec = (getObject(out.state, NGINX).spec as { template: { spec: { containers: { resources: unknown }[]; initContainers: { resources: unknown }[] } } }).template.spec;
    expect(spec.containers.map((c) => c.resources)).toEqual([{ limits: { memory: '1Gi' }, requests: { cpu: '100m' } }, { requests: { cpu: '100m' } }]);
    expect(spec.initContainers.map((c) => c.resources)).toEqual([{ requests: { cpu: '100m' } }]);
  });

  it('-c takes kubectl\'s wildcards: side* picks sidecar only', () => {
    const out = kubectlSetResources(created(), { ...target, container: 'side*', limits: { cpu: '1' } });
    const spec = (getObject(out.state, NGINX).spec as { template: { spec: { containers: { resources: unknown }[] } } }).template.spec;
    expect(spec.containers.map((c) => c.resources)).toEqual([{ limits: { memory: '1Gi' } }, { limits: { cpu: '1' } }]);
  });

  it('nothing to change: nothing sent or printed', () => {
    const out = kubectlSetResources(created(), { ...target, container: 'nginx', limits: { memory: '1024Mi' } });
    expect(out.requests).toEqual([]);
    expect(out.stdout).toBe('');
    expect(out.stderr).toBe('');
    expect(out.exitCode).toBe(0);
  });

  it("kubectl's refusals: no container matched, no requests or limits, a bad quantity, a kind without a pod template", () => {
    const s = created();
    const none = kubectlSetResources(s, { ...target, container: 'web', limits: { cpu: '1' } });
    expect([none.stdout, none.stderr, none.exitCode, none.requests.length]).toEqual(['', 'error: unable to find container named web\n', 1, 0]);
    const empty = kubectlSetResources(s, { ...target });
    expect([empty.stderr, empty.exitCode]).toEqual(['error: you must specify an update to requests or limits (in the form of --requests/--limits)\n', 1]);
    const bad = kubectlSetResources(s, { ...target, limits: { cpu: 'lots' } });
    expect(bad.stderr).toBe("error: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'\n");
    const cm = kubectlCreate(s, { manifests: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n' }).state;
    const notPod = kubectlSetResources(cm, { resource: 'configmap/settings', limits: { cpu: '1' } });
    expect([notPod.stderr, notPod.exitCode]).toEqual(['error: configmaps/settings the object is not a pod or does not have a pod template: *v1.ConfigMap\n', 1]);
    const missing = kubectlSetResources(s, { resource: 'deployment/gone', limits: { cpu: '1' } });
    expect(missing.stderr).toBe('Error from server (NotFound): deployments.apps "gone" not found\n');
  });

  it('--dry-run=server and client: the lines kubectl prints; nothing kept', () => {
    const s = created();
    const server = kubectlSetResources(s, { ...target, limits: { cpu: '1' }, dryRun: 'server' });
    expect(server.stdout).toBe('deployment.apps/nginx resource requirements updated (server dry run)\n');
    expect(server.requests[0]?.uri).toContain('dryRun=All');
    const client = kubectlSetResources(s, { ...target, limits: { cpu: '1' }, dryRun: 'client' });
    expect([client.stdout, client.requests.length]).toEqual(['deployment.apps/nginx resource requirements updated (dry run)\n', 0]);
    expect(entry(getObject(server.state, NGINX), 'kubectl-set')).toBeUndefined();
  });

  it('is the scenario action kubectl-set-resources', () => {
    const out = runAction('kubectl-set-resources', created(), { resource: 'deployment/nginx', limits: { cpu: '250m' } });
    expect(out.stdout).toBe('deployment.apps/nginx resource requirements updated\n');
  });
});
