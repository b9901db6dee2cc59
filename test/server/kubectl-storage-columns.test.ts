/**
 * `kubectl get` of persistent volumes and claims, endpoints, resource quotas, storage classes,
 * webhook configurations, replication controllers, endpoint slices, controller revisions and
 * events.k8s.io Events over `ssa-sim serve` prints kube-apiserver 1.32's printer columns for them
 * (pkg/printers/internalversion: printPersistentVolume, printPersistentVolumeClaim,
 * printEndpoints, printResourceQuota, printStorageClass, printMutatingWebhook,
 * printValidatingWebhook, printReplicationController, printEndpointSlice,
 * printControllerRevision, and printEvent for events.k8s.io, which kube-apiserver stores as core
 * Events), where it printed NAME and AGE. No controller runs: status is what writers set.
 */
import { describe, expect, it } from 'vitest';
import { kubectlAvailable } from './kubectl-harness.js';
import { createAll, tableCluster } from './kubectl-table-harness.js';
import { call } from './http-client.js';
import { obj } from '../apiserver/helpers.js';

const available = kubectlAvailable();

/**
 * Stored as it is: a create through a 1.32 server drops volumeAttributesClassName (its gate,
 * VolumeAttributesClass, is off), so a volume that shows one was written while the gate was on.
 */
const PV2 = obj({
  apiVersion: 'v1',
  kind: 'PersistentVolume',
  metadata: { name: 'pv2', annotations: { 'volume.beta.kubernetes.io/storage-class': 'slow' } },
  spec: {
    capacity: { storage: '1500Mi' },
    accessModes: ['ReadOnlyMany', 'ReadWriteOncePod'],
    persistentVolumeReclaimPolicy: 'Delete',
    volumeMode: 'Block',
    volumeAttributesClassName: 'gold',
    hostPath: { path: '/data2' },
  },
});

const OBJECTS = `apiVersion: v1
kind: PersistentVolume
metadata: {name: pv1}
spec:
  capacity: {storage: 10Gi}
  accessModes: [ReadWriteMany, ReadWriteOnce]
  storageClassName: fast
  claimRef: {namespace: default, name: data}
  hostPath: {path: /data}
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: data}
spec:
  accessModes: [ReadWriteOnce]
  resources: {requests: {storage: 5Gi}}
  storageClassName: fast
  volumeName: pv1
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: pending}
spec:
  accessModes: [ReadWriteOnce]
  resources: {requests: {storage: 1Gi}}
---
apiVersion: v1
kind: Endpoints
metadata: {name: web}
subsets:
- addresses: [{ip: 10.0.0.1}, {ip: 10.0.0.2}]
  ports: [{port: 80}, {port: 443}]
---
apiVersion: v1
kind: Endpoints
metadata: {name: headless}
subsets:
- addresses: [{ip: 10.0.0.7}]
---
apiVersion: v1
kind: Endpoints
metadata: {name: empty}
---
apiVersion: v1
kind: ResourceQuota
metadata: {name: quota}
spec:
  hard: {requests.cpu: "1", limits.memory: 2Gi, pods: "10"}
---
apiVersion: v1
kind: ResourceQuota
metadata: {name: unset}
spec:
  hard: {pods: "1"}
---
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: standard
  annotations: {storageclass.kubernetes.io/is-default-class: "true"}
provisioner: rancher.io/local-path
volumeBindingMode: WaitForFirstConsumer
allowVolumeExpansion: true
---
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata: {name: plain}
provisioner: ebs.csi.aws.com
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata: {name: vwc}
webhooks:
- name: a.example.com
  clientConfig: {url: "https://a.example.com"}
  sideEffects: None
  admissionReviewVersions: [v1]
- name: b.example.com
  clientConfig: {url: "https://b.example.com"}
  sideEffects: None
  admissionReviewVersions: [v1]
---
apiVersion: admissionregistration.k8s.io/v1
kind: MutatingWebhookConfiguration
metadata: {name: mwc}
webhooks:
- name: a.example.com
  clientConfig: {url: "https://a.example.com"}
  sideEffects: None
  admissionReviewVersions: [v1]
---
apiVersion: v1
kind: ReplicationController
metadata: {name: rc}
spec:
  replicas: 2
  selector: {app: rc, tier: web}
  template:
    metadata: {labels: {app: rc, tier: web}}
    spec:
      containers: [{name: c, image: nginx}, {name: side, image: busybox}]
---
apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata: {name: web-abc}
addressType: IPv4
ports: [{name: http, port: 80}, {name: https, port: 443}]
endpoints:
- addresses: [10.0.0.1]
- addresses: [10.0.0.2]
- addresses: [10.0.0.3]
- addresses: [10.0.0.4]
---
apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata: {name: web-none}
addressType: IPv4
endpoints: []
---
apiVersion: apps/v1
kind: ControllerRevision
metadata:
  name: db-7d9f
  ownerReferences: [{apiVersion: apps/v1, kind: StatefulSet, name: db, uid: 00000000-0000-0000-0000-00000000000a, controller: true}]
revision: 3
---
apiVersion: apps/v1
kind: ControllerRevision
metadata: {name: loose}
revision: 1
---
apiVersion: events.k8s.io/v1
kind: Event
metadata: {name: web.1}
eventTime: "2024-01-01T00:02:00.000000Z"
reportingController: kubelet
reportingInstance: node-1
action: Pulling
reason: Pulled
note: Container image pulled
type: Normal
regarding: {kind: Pod, name: web, namespace: default}
---
apiVersion: events.k8s.io/v1
kind: Event
metadata: {name: web.2}
eventTime: "2024-01-01T00:01:00.000000Z"
reportingController: default-scheduler
reportingInstance: default-scheduler-x
action: Scheduling
reason: FailedScheduling
note: 0/1 nodes are available
type: Warning
regarding: {kind: Pod, name: web, namespace: default}
series: {count: 3, lastObservedTime: "2024-01-01T00:04:00.000000Z"}
deprecatedSource: {component: scheduler}
`;

describe.skipIf(!available)('storage, endpoint, quota, class and webhook printer columns over ssa-sim serve', () => {
  const c = tableCluster(async ({ server, k }) => {
    await createAll(k, 'objects.yaml', OBJECTS);
    const status = (path: string, body: object) => call(server, 'PATCH', path, JSON.stringify(body), { 'Content-Type': 'application/merge-patch+json' });
    expect((await status('/api/v1/persistentvolumes/pv1/status', { status: { phase: 'Bound' } })).status).toBe(200);
    expect((await status('/api/v1/persistentvolumes/pv2/status', { status: { phase: 'Failed', reason: 'Recycled' } })).status).toBe(200);
    expect((await status('/api/v1/namespaces/default/persistentvolumeclaims/data/status', { status: { phase: 'Bound', capacity: { storage: '10Gi' }, accessModes: ['ReadWriteMany', 'ReadWriteOnce'] } })).status).toBe(200);
    const quota = { status: { hard: { 'requests.cpu': '1', 'limits.memory': '2Gi', pods: '10' }, used: { 'requests.cpu': '500m', pods: '1' } } };
    expect((await status('/api/v1/namespaces/default/resourcequotas/quota/status', quota)).status).toBe(200);
    expect((await status('/api/v1/namespaces/default/replicationcontrollers/rc/status', { status: { replicas: 2, readyReplicas: 1 } })).status).toBe(200);
  }, {}, [PV2]);

  it('persistent volumes: capacity, access modes, reclaim policy, phase, claim, classes, reason; wide VOLUMEMODE', { timeout: 60_000 }, async () => {
    expect(await c.get('pv')).toBe(
      [
        'NAME   CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS   CLAIM          STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON     AGE',
        'pv1    10Gi       RWO,RWX        Retain           Bound    default/data   fast           <unset>                            5m',
        'pv2    1500Mi     ROX,RWOP       Delete           Failed                  slow           gold                    Recycled   5m',
        '',
      ].join('\n'),
    );
    expect(await c.get('pv', '-o', 'wide')).toBe(
      [
        'NAME   CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS   CLAIM          STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON     AGE   VOLUMEMODE',
        'pv1    10Gi       RWO,RWX        Retain           Bound    default/data   fast           <unset>                            5m    Filesystem',
        'pv2    1500Mi     ROX,RWOP       Delete           Failed                  slow           gold                    Recycled   5m    Block',
        '',
      ].join('\n'),
    );
  });

  it('persistent volume claims: capacity and access modes from status once bound to a volume', { timeout: 60_000 }, async () => {
    expect(await c.get('pvc', '-o', 'wide')).toBe(
      [
        'NAME      STATUS    VOLUME   CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE   VOLUMEMODE',
        'data      Bound     pv1      10Gi       RWO,RWX        fast           <unset>                 5m    Filesystem',
        'pending   Pending                                                     <unset>                 5m    Filesystem',
        '',
      ].join('\n'),
    );
  });

  it('endpoints: the first three ip:port, then how many more', { timeout: 60_000 }, async () => {
    expect(await c.get('endpoints')).toBe(
      [
        'NAME       ENDPOINTS                                          AGE',
        'empty      <none>                                             5m',
        'headless   10.0.0.7                                           5m',
        'web        10.0.0.1:80,10.0.0.2:80,10.0.0.1:443 + 1 more...   5m',
        '',
      ].join('\n'),
    );
  });

  it('resource quotas: used/hard of status, requests and limits apart', { timeout: 60_000 }, async () => {
    expect(await c.get('quota')).toBe(
      [
        'NAME    REQUEST                            LIMIT                  AGE',
        'quota   pods: 1/10, requests.cpu: 500m/1   limits.memory: 0/2Gi   5m',
        'unset                                                             5m',
        '',
      ].join('\n'),
    );
  });

  it('storage classes: (default), provisioner, policies and expansion with their defaults', { timeout: 60_000 }, async () => {
    expect(await c.get('storageclass')).toBe(
      [
        'NAME                 PROVISIONER             RECLAIMPOLICY   VOLUMEBINDINGMODE      ALLOWVOLUMEEXPANSION   AGE',
        'plain                ebs.csi.aws.com         Delete          Immediate              false                  5m',
        'standard (default)   rancher.io/local-path   Delete          WaitForFirstConsumer   true                   5m',
        '',
      ].join('\n'),
    );
  });

  it('webhook configurations: how many webhooks', { timeout: 60_000 }, async () => {
    expect(await c.get('validatingwebhookconfigurations')).toBe('NAME   WEBHOOKS   AGE\nvwc    2          5m\n');
    expect(await c.get('mutatingwebhookconfigurations')).toBe('NAME   WEBHOOKS   AGE\nmwc    1          5m\n');
  });

  it('replication controllers, endpoint slices and controller revisions', { timeout: 60_000 }, async () => {
    expect(await c.get('rc', '-o', 'wide')).toBe(
      ['NAME   DESIRED   CURRENT   READY   AGE   CONTAINERS   IMAGES          SELECTOR', 'rc     2         2         1       5m    c,side       nginx,busybox   app=rc,tier=web', ''].join('\n'),
    );
    expect(await c.get('endpointslices')).toBe(
      ['NAME       ADDRESSTYPE   PORTS     ENDPOINTS                                AGE', 'web-abc    IPv4          80,443    10.0.0.1,10.0.0.2,10.0.0.3 + 1 more...   5m', 'web-none   IPv4          <unset>   <unset>                                  5m', ''].join('\n'),
    );
    expect(await c.get('controllerrevisions')).toBe(
      ['NAME      CONTROLLER            REVISION   AGE', 'db-7d9f   statefulset.apps/db   3          5m', 'loose     <none>                1          5m', ''].join('\n'),
    );
  });

  it('events.k8s.io Events print as core Events', { timeout: 60_000 }, async () => {
    expect(await c.get('events.events.k8s.io', '-o', 'wide')).toBe(
      [
        'LAST SEEN   TYPE      REASON             OBJECT    SUBOBJECT   SOURCE                           MESSAGE                   FIRST SEEN   COUNT   NAME',
        '3m          Normal    Pulled             pod/web               kubelet, node-1                  Container image pulled    3m           1       web.1',
        '60s         Warning   FailedScheduling   pod/web               scheduler, default-scheduler-x   0/1 nodes are available   4m           3       web.2',
        '',
      ].join('\n'),
    );
  });
});

