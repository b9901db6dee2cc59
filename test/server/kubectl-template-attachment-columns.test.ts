/**
 * `kubectl get` of pod templates, volume attachments and CSI storage capacities over `ssa-sim
 * serve` prints kube-apiserver 1.32's printer columns for them (pkg/printers/internalversion:
 * printPodTemplate and printCSIStorageCapacity, which have no AGE column, and
 * printVolumeAttachment), where it printed NAME and AGE.
 */
import { describe, expect, it } from 'vitest';
import { kubectlAvailable } from './kubectl-harness.js';
import { createAll, tableCluster } from './kubectl-table-harness.js';
import { call } from './http-client.js';

const available = kubectlAvailable();

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
  const c = tableCluster(async ({ server, k }) => {
    await createAll(k, 'objects.yaml', OBJECTS);
    const patch = call(server, 'PATCH', '/apis/storage.k8s.io/v1/volumeattachments/csi-1234/status', JSON.stringify({ status: { attached: true } }), { 'Content-Type': 'application/merge-patch+json' });
    expect((await patch).status).toBe(200);
  });

  it('pod templates: containers, images and the pod labels, no age', { timeout: 60_000 }, async () => {
    expect(await c.get('podtemplates')).toBe('NAME   CONTAINERS   IMAGES          POD LABELS\nbare   c            nginx           <none>\nweb    c,side       nginx,busybox   app=shop,tier=web\n');
  });

  it('volume attachments: attacher, volume, node, attached', { timeout: 60_000 }, async () => {
    expect(await c.get('volumeattachments')).toBe('NAME       ATTACHER          PV    NODE     ATTACHED   AGE\ncsi-1234   ebs.csi.aws.com   pv1   node-1   true       5m\n');
  });

  it('CSI storage capacities: the class and the capacity, no age', { timeout: 60_000 }, async () => {
    expect(await c.get('csistoragecapacities')).toBe('NAME    STORAGECLASSNAME   CAPACITY\ncap-a   fast               100Gi\ncap-b   slow               <unset>\n');
  });
});
