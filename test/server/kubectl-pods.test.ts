/**
 * Real kubectl creating Pods on `ssa-sim serve`: the pod reads back as a 1.32 cluster shows it
 * before any scheduler or kubelet ran (status Pending with its QoS class; the service account, its
 * token volume, priority and tolerations the admission plugins add, owned by nobody), every
 * namespace has its `default` service account, and a pod naming a missing account is refused.
 */
import { describe, expect, it } from 'vitest';
import { newClusterState } from '../../src/server/initial-state.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';

const available = kubectlAvailable();

describe.skipIf(!available)('real kubectl: pods as admission leaves them', () => {
  const s = serverWithKubectl({ state: newClusterState(builtinCatalog(), '2024-01-01T00:00:00Z') });

  it('kubectl run: Pending, BestEffort, the default account and its token, priority and tolerations, none of them in kubectl-run\'s entry', { timeout: 120_000 }, async () => {
    expect((await s.k.run(['run', 'web', '--image=nginx'])).stdout).toBe('pod/web created\n');
    const pod = JSON.parse((await s.k.run(['get', 'pod', 'web', '-o', 'json', '--show-managed-fields'])).stdout);
    expect(pod.status).toEqual({ phase: 'Pending', qosClass: 'BestEffort' });
    expect(pod.spec.serviceAccountName).toBe('default');
    expect(pod.spec.priority).toBe(0);
    expect(pod.spec.preemptionPolicy).toBe('PreemptLowerPriority');
    expect(pod.spec.tolerations.map((t: any) => `${t.key}:${t.effect}:${t.tolerationSeconds}`)).toEqual(['node.kubernetes.io/not-ready:NoExecute:300', 'node.kubernetes.io/unreachable:NoExecute:300']);
    expect(pod.spec.volumes.map((v: any) => v.name)).toEqual([expect.stringMatching(/^kube-api-access-[a-z0-9]{5}$/)]);
    expect(pod.spec.containers[0].volumeMounts).toEqual([{ mountPath: '/var/run/secrets/kubernetes.io/serviceaccount', name: pod.spec.volumes[0].name, readOnly: true }]);
    expect(pod.metadata.managedFields.map((e: any) => e.manager)).toEqual(['kubectl-run']);
    expect(Object.keys(pod.metadata.managedFields[0].fieldsV1['f:spec']).sort()).toEqual([
      'f:containers',
      'f:dnsPolicy',
      'f:enableServiceLinks',
      'f:restartPolicy',
      'f:schedulerName',
      'f:securityContext',
      'f:terminationGracePeriodSeconds',
    ]);
    const table = await s.k.run(['get', 'pods', '--no-headers']);
    expect(table.stdout).toMatch(/^web\s+0\/1\s+Pending\s+0\s+\S+\n$/);
  });

  it('every namespace has its default account; a pod naming a missing one is refused', { timeout: 120_000 }, async () => {
    expect((await s.k.run(['create', 'namespace', 'team'])).code).toBe(0);
    expect((await s.k.run(['get', 'serviceaccounts', '-n', 'team', '-o', 'name'])).stdout).toBe('serviceaccount/default\n');
    expect((await s.k.run(['get', 'serviceaccounts', '-n', 'kube-system', '-o', 'name'])).stdout).toBe('serviceaccount/default\n');
    const refused = await s.k.run(['run', 'robot', '--image=nginx', '-n', 'team', '--overrides={"spec":{"serviceAccountName":"robot"}}']);
    expect(refused).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Error from server (Forbidden): pods "robot" is forbidden: error looking up service account team/robot: serviceaccount "robot" not found\n',
    });
    expect((await s.k.run(['create', 'serviceaccount', 'robot', '-n', 'team'])).code).toBe(0);
    expect((await s.k.run(['run', 'robot', '--image=nginx', '-n', 'team', '--overrides={"spec":{"serviceAccountName":"robot"}}'])).stdout).toBe('pod/robot created\n');
  });
});
