/**
 * `kubectl get nodes` over `ssa-sim serve` prints kube-apiserver 1.32's printNode columns: ROLES
 * from `node-role.kubernetes.io/<role>` labels and the `kubernetes.io/role` label's value (sorted,
 * once each), and with `-o wide` INTERNAL-IP and EXTERNAL-IP (the first address of the type, else
 * `<none>`), OS-IMAGE, KERNEL-VERSION and CONTAINER-RUNTIME (`<unknown>` when unreported).
 */
import { describe, expect, it } from 'vitest';
import { kubectlAvailable } from './kubectl-harness.js';
import { createAll, tableCluster } from './kubectl-table-harness.js';
import { call } from './http-client.js';

const available = kubectlAvailable();
const T0 = '2024-01-01T00:00:00Z';

const OBJECTS = `apiVersion: v1
kind: Node
metadata:
  name: cp-1
  labels: {node-role.kubernetes.io/control-plane: "", kubernetes.io/role: master, node-role.kubernetes.io/master: ""}
---
apiVersion: v1
kind: Node
metadata:
  name: worker-1
  labels: {kubernetes.io/role: worker}
spec: {unschedulable: true}
---
apiVersion: v1
kind: Node
metadata: {name: bare}
`;

describe.skipIf(!available)('node printer columns over ssa-sim serve', () => {
  const c = tableCluster(async ({ server, k }) => {
    await createAll(k, 'nodes.yaml', OBJECTS);
    const status = (name: string, body: object) => call(server, 'PATCH', `/api/v1/nodes/${name}/status`, JSON.stringify(body), { 'Content-Type': 'application/merge-patch+json' });
    const info = { kubeletVersion: 'v1.32.0', osImage: 'Debian GNU/Linux 12 (bookworm)', kernelVersion: '6.1.0-18-amd64', containerRuntimeVersion: 'containerd://1.7.13' };
    expect(
      (
        await status('cp-1', {
          status: {
            conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'ok', lastHeartbeatTime: T0, lastTransitionTime: T0 }],
            addresses: [
              { type: 'Hostname', address: 'cp-1' },
              { type: 'InternalIP', address: '172.18.0.2' },
              { type: 'ExternalIP', address: '203.0.113.7' },
              { type: 'InternalIP', address: '172.18.0.9' },
            ],
            nodeInfo: info,
          },
        })
      ).status,
    ).toBe(200);
    expect((await status('worker-1', { status: { conditions: [{ type: 'Ready', status: 'False', reason: 'KubeletNotReady', message: 'no', lastHeartbeatTime: T0, lastTransitionTime: T0 }], addresses: [{ type: 'InternalIP', address: '172.18.0.3' }], nodeInfo: { kubeletVersion: 'v1.31.4' } } })).status).toBe(200);
  });

  it('kubectl get nodes -o wide', { timeout: 60_000 }, async () => {
    const r = await c.k.run(['get', 'nodes', '-o', 'wide']);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(
      [
        'NAME       STATUS                        ROLES                  AGE   VERSION   INTERNAL-IP   EXTERNAL-IP   OS-IMAGE                         KERNEL-VERSION   CONTAINER-RUNTIME',
        'bare       Unknown                       <none>                 5m              <none>        <none>        <unknown>                        <unknown>        <unknown>',
        'cp-1       Ready                         control-plane,master   5m    v1.32.0   172.18.0.2    203.0.113.7   Debian GNU/Linux 12 (bookworm)   6.1.0-18-amd64   containerd://1.7.13',
        'worker-1   NotReady,SchedulingDisabled   worker                 5m    v1.31.4   172.18.0.3    <none>        <unknown>                        <unknown>        <unknown>',
        '',
      ].join('\n'),
    );
  });
});
