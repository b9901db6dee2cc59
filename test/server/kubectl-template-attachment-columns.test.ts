/**
 * `kubectl get` of pod templates, volume attachments and CSI storage capacities over `ssa-sim
 * serve` prints kube-apiserver 1.32's printer columns for them (pkg/printers/internalversion:
 * printPodTemplate and printCSIStorageCapacity, which have no AGE column, and
 * printVolumeAttachment), where it printed NAME and AGE.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClusterState } from '../../src/server/initial-state.js';
import { startServer } from '../../src/server/index.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { KubectlSession, kubectlAvailable } from './kubectl-harness.js';
import { call } from './http-client.js';

const available = kubectlAvailable();
const T0 = '2024-01-01T00:00:00Z';
const T1 = '2024-01-01T00:05:00Z';

const OBJECTS = `apiVersion: v1
kind: PodTemplate
metadata: {name: web}
template:
  metadata: {labels: {tier: web, app: shop}}
  spec:
    containers: [{name: c, image: nginx}, {name: side, image: busybox}]
---
apiVersion: v1
kind: PodTemplate
metadata: {name: bare}
template:
  spec:
    containers: [{name: c, image: nginx}]
---
apiVersion: storage.k8s.io/v1
kind: VolumeAttachment
metadata: {name: csi-1234}
spec:
  attacher: ebs.csi.aws.com
  nodeName: node-1
  source: {persistentVolumeName: pv1}
---
apiVersion: storage.k8s.io/v1
kind: CSIStorageCapacity
metadata: {name: cap-a}
storageClassName: fast
capacity: 100Gi
---
apiVersion: storage.k8s.io/v1
kind: CSIStorageCapacity
metadata: {name: cap-b}
storageClassName: slow
`;

describe.skipIf(!available)('pod template, volume attachment and storage capacity printer columns over ssa-sim serve', () => {
  let clock = T0;
  let server: Awaited<ReturnType<typeof startServer>>;
  let k: KubectlSession;
  const get = async (...args: string[]) => {
    const r = await k.run(['get', ...args]);
    expect(r.stderr).toBe('');
    return r.stdout;
  };
  beforeAll(async () => {
    server = await startServer({ state: newClusterState(builtinCatalog(), T0), now: () => clock });
    k = new KubectlSession(server.kubeconfig);
    expect((await k.run(['create', '-f', k.file('objects.yaml', OBJECTS)])).stderr).toBe('');
    const patch = call(server, 'PATCH', '/apis/storage.k8s.io/v1/volumeattachments/csi-1234/status', JSON.stringify({ status: { attached: true } }), { 'Content-Type': 'application/merge-patch+json' });
    expect((await patch).status).toBe(200);
    clock = T1;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    k?.dispose();
  });

  it('pod templates: containers, images and the pod labels, no age', { timeout: 60_000 }, async () => {
    expect(await get('podtemplates')).toBe('NAME   CONTAINERS   IMAGES          POD LABELS\nbare   c            nginx           <none>\nweb    c,side       nginx,busybox   app=shop,tier=web\n');
  });

  it('volume attachments: attacher, volume, node, attached', { timeout: 60_000 }, async () => {
    expect(await get('volumeattachments')).toBe('NAME       ATTACHER          PV    NODE     ATTACHED   AGE\ncsi-1234   ebs.csi.aws.com   pv1   node-1   true       5m\n');
  });

  it('CSI storage capacities: the class and the capacity, no age', { timeout: 60_000 }, async () => {
    expect(await get('csistoragecapacities')).toBe('NAME    STORAGECLASSNAME   CAPACITY\ncap-a   fast               100Gi\ncap-b   slow               <unset>\n');
  });
});
