/**
 * What a new `ssa-sim serve` cluster holds (src/server/initial-state.ts), as a new real cluster
 * does: the four namespaces and the `kubernetes` Service that kube-apiserver's bootstrap
 * controller creates (pkg/controlplane/controller/kubernetesservice/controller.go: labels, port
 * https 443 to the server's port, the range's first address, SingleStack, sessionAffinity None,
 * type ClusterIP) through its own client, so its one managedFields entry is `kube-apiserver`'s
 * Update with what that body set and its defaults; clusterIPs and ipFamilies are the registry's.
 * And the allocations survive a save and restore of the state (--state).
 */
import { describe, expect, it } from 'vitest';
import { readEntries, serve } from '../../src/apiserver/index.js';
import { getPath } from '../../src/apiserver/object-paths.js';
import { createCluster } from '../../src/apiserver/server.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { INITIAL_NAMESPACES, newClusterState } from '../../src/server/initial-state.js';
import { stateFromText, stateToText } from '../../src/server/state-file.js';

const T0 = '2030-01-01T00:00:00Z';
const kubernetes = { apiVersion: 'v1', kind: 'Service', namespace: 'default', name: 'kubernetes' };

function get(state: ReturnType<typeof newClusterState>, target: object) {
  const r = serve(state, { verb: 'get', target: target as never }).response;
  if (!r.ok) throw new Error(r.status.message);
  return r.object;
}

describe('a new cluster', () => {
  it('has the namespaces and the kubernetes Service', () => {
    const state = newClusterState(builtinCatalog(), T0);
    for (const name of INITIAL_NAMESPACES) expect(get(state, { apiVersion: 'v1', kind: 'Namespace', name })).toBeDefined();
    const svc = get(state, kubernetes);
    expect(JSON.parse(JSON.stringify(getPath(svc, ['metadata', 'labels'])))).toEqual({ component: 'apiserver', provider: 'kubernetes' });
    expect(JSON.parse(JSON.stringify(getPath(svc, ['spec'])))).toEqual({
      ports: [{ name: 'https', protocol: 'TCP', port: 443, targetPort: 6443 }],
      clusterIP: '10.96.0.1',
      clusterIPs: ['10.96.0.1'],
      ipFamilies: ['IPv4'],
      ipFamilyPolicy: 'SingleStack',
      sessionAffinity: 'None',
      type: 'ClusterIP',
      internalTrafficPolicy: 'Cluster',
    });
    expect(getPath(svc, ['status'])).toEqual({ loadBalancer: {} });
    const entries = readEntries(svc);
    expect(entries.map((e) => [e.manager, e.operation, e.apiVersion, e.time])).toEqual([['kube-apiserver', 'Update', 'v1', T0]]);
    expect(entries[0].fieldsV1).toEqual({
      'f:metadata': { 'f:labels': { '.': {}, 'f:component': {}, 'f:provider': {} } },
      'f:spec': {
        'f:clusterIP': {},
        'f:internalTrafficPolicy': {},
        'f:ipFamilyPolicy': {},
        'f:ports': { '.': {}, 'k:{"port":443,"protocol":"TCP"}': { '.': {}, 'f:name': {}, 'f:port': {}, 'f:protocol': {}, 'f:targetPort': {} } },
        'f:sessionAffinity': {},
        'f:type': {},
      },
    });
  });

  it('a state file whose now is not an RFC 3339 time is refused at that key (Date.parse took "2024" and rolled 2024-02-30 over)', () => {
    const text = stateToText(newClusterState(builtinCatalog(), T0));
    for (const now of ['2024', '2024-02-30T00:00:00Z']) {
      const bad = text.replace(/"now": "[^"]*"/, `"now": "${now}"`);
      expect(bad).not.toBe(text);
      expect(() => stateFromText(createCluster({ catalog: builtinCatalog(), now: T0 }), bad, 'state.json')).toThrow('is not an RFC 3339 time such as');
    }
  });

  it("takes the kubernetes Service's address from its own range", () => {
    const state = newClusterState(builtinCatalog(), T0, { serviceClusterIPRange: '10.43.0.0/16' });
    expect(getPath(get(state, kubernetes), ['spec', 'clusterIP'])).toBe('10.43.0.1');
  });

  it('keeps allocating after a save and restore of the state: nothing taken is handed out again', () => {
    let state = newClusterState(builtinCatalog(), T0);
    const body = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default' }, spec: { type: 'NodePort', ports: [{ port: 80 }] } };
    state = serve(state, { verb: 'create', body: body as never }).state;
    const restored = stateFromText(createCluster({ catalog: builtinCatalog(), now: T0 }), stateToText(state), 'state.json');
    const r = serve(restored, { verb: 'create', body: { ...body, metadata: { name: 'api', namespace: 'default' } } as never }).response;
    if (!r.ok) throw new Error(r.status.message);
    expect(getPath(r.object, ['spec', 'clusterIP'])).toBe('10.96.1.2');
    expect((getPath(r.object, ['spec', 'ports']) as { nodePort?: number }[])[0].nodePort).toBe(30087);
    const dup = serve(restored, { verb: 'create', body: { ...body, metadata: { name: 'x', namespace: 'default' }, spec: { clusterIP: '10.96.0.1', ports: [{ port: 80 }] } } as never }).response;
    expect(dup.ok ? '' : dup.status.message).toBe('Service "x" is invalid: spec.clusterIPs: Invalid value: []string{"10.96.0.1"}: failed to allocate IP 10.96.0.1: provided IP is already allocated');
  });
});
