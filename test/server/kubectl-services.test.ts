/**
 * Real kubectl over `ssa-sim serve` where users compare with a real 1.32 cluster first: the
 * Services' allocated fields (CLUSTER-IP and PORT(S) of `kubectl get svc`), the `kubernetes`
 * Service of a new cluster, `kubectl get all`, and Go's zero fields in `-o json` (a Role created
 * without rules reads `"rules": null`).
 */
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';

const available = kubectlAvailable();
const T0 = '2024-01-01T00:00:00Z';

/** A table's rows as their cells. */
const rows = (out: string) =>
  out
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s{2,}/));

describe.skipIf(!available)('real kubectl: services, the kubernetes Service, zero fields', () => {
  const s = serverWithKubectl({ now: () => T0 });

  it('kubectl create service nodeport, then kubectl get svc: CLUSTER-IP and PORT(S) as a real cluster shows them', { timeout: 120_000 }, async () => {
    const created = await s.k.run(['create', 'service', 'nodeport', 'web', '--tcp=80:8080']);
    expect([created.stdout, created.stderr, created.code]).toEqual(['service/web created\n', '', 0]);
    const headless = await s.k.run(['create', 'service', 'clusterip', 'headless', '--clusterip=None']);
    expect(headless.code).toBe(0);
    const got = await s.k.run(['get', 'svc']);
    expect(got.stderr).toBe('');
    expect(rows(got.stdout)).toEqual([
      ['NAME', 'TYPE', 'CLUSTER-IP', 'EXTERNAL-IP', 'PORT(S)', 'AGE'],
      ['headless', 'ClusterIP', 'None', '<none>', '<none>', '0s'],
      ['kubernetes', 'ClusterIP', '10.96.0.1', '<none>', '443/TCP', '0s'],
      ['web', 'NodePort', '10.96.1.1', '<none>', '80:30086/TCP', '0s'],
    ]);
    // The node port is taken: the server's 422, as kubectl prints it.
    const dup = await s.k.run(['create', 'service', 'nodeport', 'dup', '--tcp=81:80', '--node-port=30086']);
    expect(dup.code).toBe(1);
    expect(dup.stderr).toBe('error: failed to create NodePort service: Service "dup" is invalid: spec.ports[0].nodePort: Invalid value: 30086: provided port is already allocated\n');
    // What the registry set is nobody's: kubectl-create owns what it sent and the defaults.
    const yaml = parseYaml((await s.k.run(['get', 'svc', 'web', '-o', 'yaml', '--show-managed-fields'])).stdout);
    expect(yaml.spec).toMatchObject({ clusterIP: '10.96.1.1', clusterIPs: ['10.96.1.1'], ipFamilies: ['IPv4'], ipFamilyPolicy: 'SingleStack', ports: [{ nodePort: 30086 }] });
    expect(yaml.metadata.managedFields).toHaveLength(1);
    expect(Object.keys(yaml.metadata.managedFields[0].fieldsV1['f:spec']).sort()).toEqual(['f:externalTrafficPolicy', 'f:internalTrafficPolicy', 'f:ports', 'f:selector', 'f:sessionAffinity', 'f:type']);
  });

  it('kubectl get svc kubernetes -o yaml --show-managed-fields', { timeout: 120_000 }, async () => {
    const r = await s.k.run(['get', 'svc', 'kubernetes', '-o', 'yaml', '--show-managed-fields']);
    expect(r.stderr).toBe('');
    const svc = parseYaml(r.stdout);
    expect(svc.metadata.labels).toEqual({ component: 'apiserver', provider: 'kubernetes' });
    expect(svc.spec).toEqual({
      clusterIP: '10.96.0.1',
      clusterIPs: ['10.96.0.1'],
      internalTrafficPolicy: 'Cluster',
      ipFamilies: ['IPv4'],
      ipFamilyPolicy: 'SingleStack',
      ports: [{ name: 'https', port: 443, protocol: 'TCP', targetPort: 6443 }],
      sessionAffinity: 'None',
      type: 'ClusterIP',
    });
    expect(svc.status).toEqual({ loadBalancer: {} });
    expect(svc.metadata.managedFields).toEqual([
      {
        apiVersion: 'v1',
        fieldsType: 'FieldsV1',
        fieldsV1: {
          'f:metadata': { 'f:labels': { '.': {}, 'f:component': {}, 'f:provider': {} } },
          'f:spec': {
            'f:clusterIP': {},
            'f:internalTrafficPolicy': {},
            'f:ipFamilyPolicy': {},
            'f:ports': { '.': {}, 'k:{"port":443,"protocol":"TCP"}': { '.': {}, 'f:name': {}, 'f:port': {}, 'f:protocol': {}, 'f:targetPort': {} } },
            'f:sessionAffinity': {},
            'f:type': {},
          },
        },
        manager: 'kube-apiserver',
        operation: 'Update',
        time: T0,
      },
    ]);
  });

  it('kubectl get all lists the services', { timeout: 120_000 }, async () => {
    const r = await s.k.run(['get', 'all']);
    expect(r.stderr).toBe('');
    expect(rows(r.stdout)).toEqual([
      ['NAME', 'TYPE', 'CLUSTER-IP', 'EXTERNAL-IP', 'PORT(S)', 'AGE'],
      ['service/headless', 'ClusterIP', 'None', '<none>', '<none>', '0s'],
      ['service/kubernetes', 'ClusterIP', '10.96.0.1', '<none>', '443/TCP', '0s'],
      ['service/web', 'NodePort', '10.96.1.1', '<none>', '80:30086/TCP', '0s'],
    ]);
  });

  it('kubectl create role, and a Role created without rules: -o json writes Go\'s zero fields', { timeout: 120_000 }, async () => {
    const created = await s.k.run(['create', 'role', 'reader', '--verb=get', '--resource=pods', '-o', 'json']);
    expect(created.stderr).toBe('');
    const role = JSON.parse(created.stdout);
    expect(role.rules).toEqual([{ apiGroups: [''], resources: ['pods'], verbs: ['get'] }]);
    expect(role.metadata.creationTimestamp).toBe(T0);
    const empty = await s.k.run(['create', '-f', s.k.file('role.yaml', 'apiVersion: rbac.authorization.k8s.io/v1\nkind: Role\nmetadata:\n  name: empty\n')]);
    expect(empty.code).toBe(0);
    const json = await s.k.run(['get', 'role', 'empty', '-o', 'json', '--show-managed-fields']);
    const read = JSON.parse(json.stdout);
    expect(read).toHaveProperty('rules', null);
    // Nobody applied or wrote rules: no entry has it (kubectl create wrote nothing but the name).
    expect(JSON.stringify(read.metadata.managedFields ?? [])).not.toContain('f:rules');
    const binding = await s.k.run(['create', 'clusterrolebinding', 'readers', '--clusterrole=view', '-o', 'json']);
    const crb = JSON.parse(binding.stdout);
    expect(crb.roleRef).toEqual({ apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'view' });
    expect(crb).not.toHaveProperty('subjects');
  });
});
