/**
 * The Service registry's allocations (src/apiserver/service-allocation.ts), checked against
 * kube-apiserver 1.32's pkg/registry/core/service/storage (alloc.go, storage.go) and its
 * allocators: cluster IPs, IP families, node ports and health check node ports, the exact 422
 * texts of a value already taken or out of range, what an update keeps, and that nobody owns
 * what the registry sets (it runs after the field manager, as the store's BeginCreate does).
 */
import { describe, expect, it } from 'vitest';
import { getPath } from '../../src/apiserver/object-paths.js';
import type { ClusterOptions } from '../../src/apiserver/index.js';
import { cluster, entries, fail, obj, ok, ref } from './helpers.js';

const real = (opts: Partial<ClusterOptions> = {}) => cluster({ harness: false, now: '2024-02-24T15:24:00Z', ...opts });
const svc = (name: string, spec: Record<string, unknown>) => obj({ apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: 'default' }, spec });
const spec = (o: unknown) => getPath(o as never, ['spec']) as Record<string, unknown>;
const web = { selector: { app: 'web' }, ports: [{ name: '80-80', port: 80, protocol: 'TCP', targetPort: 80 }] };

describe('cluster IPs', () => {
  it('a new ClusterIP Service gets the first free address of the dynamic band, clusterIPs, IPv4 and SingleStack, owned by nobody', () => {
    const c = real();
    const s = ok(c.create(svc('web', web), { fieldManager: 'kubectl-create' }));
    expect(spec(s)).toMatchObject({ clusterIP: '10.96.1.1', clusterIPs: ['10.96.1.1'], ipFamilies: ['IPv4'], ipFamilyPolicy: 'SingleStack', type: 'ClusterIP' });
    expect(entries(s)).toEqual([
      'kubectl-create | Update | v1 |  | 2024-02-24T15:24:00Z | {"f:spec":{"f:internalTrafficPolicy":{},"f:ports":{".":{},"k:{\\"port\\":80,\\"protocol\\":\\"TCP\\"}":{".":{},"f:name":{},"f:port":{},"f:protocol":{},"f:targetPort":{}}},"f:selector":{},"f:sessionAffinity":{},"f:type":{}}}',
    ]);
    expect(spec(ok(c.create(svc('two', web))))).toMatchObject({ clusterIP: '10.96.1.2' });
  });

  it('an address is free again once its Service is deleted', () => {
    const c = real();
    ok(c.create(svc('a', web)));
    ok(c.create(svc('b', web)));
    ok(c.delete(ref('v1', 'Service', 'a')));
    expect(spec(ok(c.create(svc('c', web)))).clusterIP).toBe('10.96.1.1');
  });

  it('a requested address is kept, and owned by the writer who asked for it; clusterIPs follows it', () => {
    const c = real();
    const s = ok(c.create(svc('fixed', { ...web, clusterIP: '10.96.0.10' }), { fieldManager: 'm' }));
    expect(spec(s)).toMatchObject({ clusterIP: '10.96.0.10', clusterIPs: ['10.96.0.10'] });
    expect(entries(s)[0]).toContain('"f:clusterIP":{}');
    expect(entries(s)[0]).not.toContain('f:clusterIPs');
  });

  it('a requested address already taken, or outside the range, is the 422 a real server answers', () => {
    const c = real();
    ok(c.create(svc('fixed', { ...web, clusterIP: '10.96.0.10' })));
    expect(fail(c.create(svc('dup', { ...web, clusterIP: '10.96.0.10' })))).toMatchObject({
      code: 422,
      reason: 'Invalid',
      message: 'Service "dup" is invalid: spec.clusterIPs: Invalid value: []string{"10.96.0.10"}: failed to allocate IP 10.96.0.10: provided IP is already allocated',
      causes: [{ reason: 'FieldValueInvalid', field: 'spec.clusterIPs', message: 'Invalid value: []string{"10.96.0.10"}: failed to allocate IP 10.96.0.10: provided IP is already allocated' }],
    });
    expect(fail(c.create(svc('out', { ...web, clusterIP: '1.2.3.4' }))).message).toBe(
      'Service "out" is invalid: spec.clusterIPs: Invalid value: []string{"1.2.3.4"}: failed to allocate IP 1.2.3.4: the provided IP (1.2.3.4) is not in the valid range. The range of valid IPs is 10.96.0.0/12',
    );
    expect(fail(c.create(svc('bad', { ...web, clusterIP: 'ten' }))).message).toBe(
      'Service "bad" is invalid: spec.clusterIPs[0]: Invalid value: "ten": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)',
    );
    expect(fail(c.create(svc('v6', { ...web, clusterIP: 'fd00::1' }))).message).toBe(
      'Service "v6" is invalid: spec.clusterIPs[0]: Invalid value: []string{"fd00::1"}: IPv6 is not configured on this cluster',
    );
    expect(fail(c.create(svc('dual', { ...web, ipFamilyPolicy: 'RequireDualStack' }))).message).toBe(
      'Service "dual" is invalid: spec.ipFamilyPolicy: Invalid value: "RequireDualStack": this cluster is not configured for dual-stack services',
    );
  });

  it('headless stays None; without a selector it is RequireDualStack over both families, as on a single-stack cluster', () => {
    const c = real();
    expect(spec(ok(c.create(svc('h', { ...web, clusterIP: 'None' }))))).toMatchObject({ clusterIP: 'None', clusterIPs: ['None'], ipFamilies: ['IPv4'], ipFamilyPolicy: 'SingleStack' });
    expect(spec(ok(c.create(svc('h2', { clusterIP: 'None', ports: web.ports }))))).toMatchObject({
      clusterIP: 'None',
      clusterIPs: ['None'],
      ipFamilies: ['IPv4', 'IPv6'],
      ipFamilyPolicy: 'RequireDualStack',
    });
  });

  it('ExternalName gets nothing', () => {
    const s = ok(real().create(svc('ext', { type: 'ExternalName', externalName: 'example.com' })));
    for (const k of ['clusterIP', 'clusterIPs', 'ipFamilies', 'ipFamilyPolicy']) expect(spec(s), k).not.toHaveProperty(k);
  });

  it('an update that leaves the values out keeps them; one that changes the address is refused', () => {
    const c = real();
    ok(c.create(svc('web', { ...web, type: 'NodePort' }), { fieldManager: 'kubectl-create' }));
    const replaced = ok(c.update(svc('web', { ...web, type: 'NodePort', sessionAffinity: 'ClientIP' }), { fieldManager: 'kubectl-replace' }));
    expect(spec(replaced)).toMatchObject({ clusterIP: '10.96.1.1', clusterIPs: ['10.96.1.1'], ports: [{ nodePort: 30086 }] });
    expect(entries(replaced)[1]).not.toMatch(/clusterIP|nodePort/);
    expect(fail(c.update(svc('web', { ...web, type: 'NodePort', clusterIP: '10.96.0.20' }))).message).toBe(
      'Service "web" is invalid: spec.clusterIPs[0]: Invalid value: []string{"10.96.0.20"}: may not change once set',
    );
  });

  it('server-side apply: the applier owns none of the allocated values, and applying again keeps them', () => {
    const c = real();
    const manifest = svc('web', { ...web, type: 'NodePort' });
    const first = ok(c.apply(manifest, { fieldManager: 'kubectl' }));
    expect(entries(first)[0]).not.toMatch(/clusterIP|nodePort|ipFamil/);
    const again = ok(c.apply(manifest, { fieldManager: 'kubectl' }));
    expect(spec(again)).toMatchObject({ clusterIP: '10.96.1.1', ports: [{ nodePort: 30086 }] });
  });

  it('a range of its own (the server option)', () => {
    const c = real({ serviceClusterIPRange: '10.0.0.0/24', serviceNodePortRange: '31000-31010' });
    const s = ok(c.create(svc('web', { ...web, type: 'NodePort' })));
    expect(spec(s)).toMatchObject({ clusterIP: '10.0.0.17', ports: [{ nodePort: 31000 }] });
    expect(() => real({ serviceClusterIPRange: 'fd00::/108' })).toThrow(/invalid service cluster IP range/);
  });
});

describe('node ports', () => {
  it('NodePort and LoadBalancer ports get the first free port of the dynamic band; one port number shares one node port', () => {
    const c = real();
    const ports = [
      { name: 'tcp', port: 53, protocol: 'TCP' },
      { name: 'udp', port: 53, protocol: 'UDP' },
      { name: 'http', port: 80, protocol: 'TCP' },
    ];
    const s = ok(c.create(svc('dns', { type: 'NodePort', ports })));
    expect((spec(s).ports as { nodePort: number }[]).map((p) => p.nodePort)).toEqual([30086, 30086, 30087]);
    const lb = ok(c.create(svc('lb', { type: 'LoadBalancer', ports: [{ port: 443 }] })));
    expect(spec(lb)).toMatchObject({ ports: [{ nodePort: 30088 }], allocateLoadBalancerNodePorts: true });
    const none = ok(c.create(svc('lb2', { type: 'LoadBalancer', allocateLoadBalancerNodePorts: false, ports: [{ port: 443 }] })));
    expect((spec(none).ports as object[])[0]).not.toHaveProperty('nodePort');
  });

  it('a requested node port already taken, or outside the range, is the 422 a real server answers', () => {
    const c = real();
    ok(c.create(svc('a', { type: 'NodePort', ports: [{ port: 80, nodePort: 30080 }] })));
    expect(fail(c.create(svc('b', { type: 'NodePort', ports: [{ port: 81 }, { port: 80, nodePort: 30080 }] })))).toMatchObject({
      code: 422,
      message: 'Service "b" is invalid: spec.ports[1].nodePort: Invalid value: 30080: provided port is already allocated',
    });
    expect(fail(c.create(svc('c', { type: 'NodePort', ports: [{ port: 80, nodePort: 29999 }] }))).message).toBe(
      'Service "c" is invalid: spec.ports[0].nodePort: Invalid value: 29999: provided port is not in the valid range. The range of valid ports is 30000-32767',
    );
  });

  it('a type change to ClusterIP drops the node ports and externalTrafficPolicy the client left as they were, and frees them', () => {
    const c = real();
    const created = ok(c.create(svc('a', { type: 'NodePort', ports: [{ port: 80 }] })));
    // What kubectl edit sends: the object as read, with the new type.
    const back = ok(c.update(obj({ ...created, spec: { ...spec(created), type: 'ClusterIP' } })));
    expect((spec(back).ports as object[])[0]).not.toHaveProperty('nodePort');
    expect(spec(back)).not.toHaveProperty('externalTrafficPolicy');
    expect(spec(back)).toMatchObject({ clusterIP: '10.96.1.1' });
    expect(spec(ok(c.create(svc('b', { type: 'NodePort', ports: [{ port: 80 }] })))).ports).toMatchObject([{ nodePort: 30086 }]);
  });

  it('a type change to ExternalName drops the cluster IPs and families the client left as they were, and frees the address', () => {
    const c = real();
    const created = ok(c.create(svc('a', web)));
    const ext = ok(c.update(obj({ ...created, spec: { ...spec(created), type: 'ExternalName', externalName: 'example.com' } })));
    for (const k of ['clusterIP', 'clusterIPs', 'ipFamilies', 'ipFamilyPolicy']) expect(spec(ext), k).not.toHaveProperty(k);
    expect(spec(ok(c.create(svc('b', web)))).clusterIP).toBe('10.96.1.1');
  });

  it('a LoadBalancer with externalTrafficPolicy Local gets a health check node port', () => {
    const s = ok(real().create(svc('lb', { type: 'LoadBalancer', externalTrafficPolicy: 'Local', ports: [{ port: 443 }] })));
    expect(spec(s)).toMatchObject({ ports: [{ nodePort: 30086 }], healthCheckNodePort: 30087 });
  });
});

describe('dry run', () => {
  it("answers as kube-apiserver's dry-run allocators do and stores nothing", () => {
    const c = real();
    const s = ok(c.create(svc('web', { ...web, type: 'NodePort' }), { dryRun: true }));
    expect(spec(s)).toMatchObject({ clusterIP: '10.96.0.0', clusterIPs: ['10.96.0.0'], ports: [{ nodePort: 32769 }] });
    expect(spec(ok(c.create(svc('web', { ...web, type: 'NodePort' }))))).toMatchObject({ clusterIP: '10.96.1.1', ports: [{ nodePort: 30086 }] });
  });
});
