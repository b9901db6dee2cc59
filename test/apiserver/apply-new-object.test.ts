/**
 * The field manager's unit tests TestApplyNewObject, TestApplyDoesNotStripLabels,
 * TestApplySuccessWithNoManagedFields and TestVersionCheckDoesNotPanic
 * (staging/src/k8s.io/apimachinery/pkg/util/managedfields/fieldmanager_test.go), in the unit
 * tests' harness (no strategy, no defaulting): whole objects as a cluster returns them — status, a Node's address and image lists, an Endpoints' atomic subsets with thousands
 * of addresses, duplicates among them — are applied as new objects without error; labels an apply
 * sets are owned by it; an apply body without apiVersion and kind is a 400, not a crash.
 */
import { describe, expect, it } from 'vitest';
import { cluster, entries, fail, obj, ok, ref } from './helpers.js';

// Upstream's objects also carry a uid and a resourceVersion: its harness is the field manager
// alone, while here the apply is a request, whose create refuses both (apply-create-with-uid-conflicts.yaml).
const serverMeta = { creationTimestamp: '2016-10-04T17:45:58Z', labels: { app: 'my-app' } };

const pod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { ...serverMeta, name: 'some-pod', namespace: 'default', ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: '0a9d2b9e-779e-11e7-b422-42010a8001be', controller: true, blockOwnerDeletion: true }] },
  spec: {
    containers: [
      {
        name: 'app',
        image: 'example.com/app:1',
        args: ['one', 'two'],
        env: [{ name: 'VAR_1', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } }],
        resources: { requests: { cpu: '0' } },
        volumeMounts: [{ name: 'token', mountPath: '/var/run/secrets/kubernetes.io/serviceaccount', readOnly: true }],
      },
    ],
    nodeName: 'node-1',
    tolerations: [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 }],
    volumes: [{ name: 'token', secret: { secretName: 'token', defaultMode: 420 } }],
  },
  status: {
    phase: 'Running',
    conditions: [{ type: 'Ready', status: 'True', lastProbeTime: null, lastTransitionTime: '2019-07-08T09:41:59Z' }],
    containerStatuses: [{ name: 'app', ready: true, restartCount: 6, image: 'example.com/app:1', imageID: 'docker-pullable://id', state: { running: { startedAt: '2019-07-08T09:41:59Z' } } }],
    podIP: '10.0.0.1',
    qosClass: 'BestEffort',
  },
};

const node = {
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { ...serverMeta, name: 'node-1', annotations: { 'node.alpha.kubernetes.io/ttl': '0' } },
  spec: { podCIDR: '10.0.1.0/24', providerID: 'gce://project/zone/node-1' },
  status: {
    addresses: [
      { type: 'InternalIP', address: '10.0.0.1' },
      { type: 'ExternalIP', address: '192.168.0.1' },
      { type: 'Hostname', address: 'node-1' },
    ],
    allocatable: { cpu: '3920m', memory: '12700Mi', pods: '110' },
    capacity: { cpu: '4', memory: '15Gi', pods: '110' },
    conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady', lastHeartbeatTime: '2019-09-20T19:32:50Z', lastTransitionTime: '2019-07-09T16:17:49Z' }],
    daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
    images: Array.from({ length: 30 }, (_, i) => ({ names: [`example.com/image-${i}@sha256:${String(i).padStart(64, '0')}`, `example.com/image-${i}:v${i}`], sizeBytes: 1000 + i })),
    nodeInfo: { architecture: 'amd64', kubeletVersion: 'v1.32.0', operatingSystem: 'linux', osImage: 'Linux', bootID: 'b', machineID: 'm', systemUUID: 'u', containerRuntimeVersion: 'containerd://1.7', kernelVersion: '6.1', kubeProxyVersion: 'v1.32.0' },
  },
};

const addresses = Array.from({ length: 2000 }, (_, i) => ({
  ip: '10.0.0.1', // the same IP thousands of times: an atomic list keeps duplicates
  targetRef: { kind: 'Pod', name: `pod-name-1234-${String(i).padStart(4, '0')}`, namespace: 'default', resourceVersion: '1234567890', uid: '11111111-2222-3333-4444-555555555555' },
}));
const endpoints = {
  apiVersion: 'v1',
  kind: 'Endpoints',
  metadata: { ...serverMeta, name: 'app-server', namespace: 'default' },
  subsets: [{ addresses, ports: [{ name: 'default', port: 8080, protocol: 'TCP' }] }],
};

describe('the field manager applies whole objects as new ones', () => {
  for (const o of [pod, node, endpoints]) {
    it(`TestApplyNewObject: ${o.kind}`, () => {
      const c = cluster();
      const applied = ok(c.apply(obj(o), { fieldManager: 'fieldmanager_test' }));
      expect(entries(applied).map((e) => e.split(' | ').slice(0, 2).join(' | '))).toEqual(['fieldmanager_test | Apply']);
    });
  }

  it('TestApplyDoesNotStripLabels and TestApplySuccessWithNoManagedFields: the applier owns the labels it sets', () => {
    const c = cluster();
    const applied = ok(c.apply(obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default', labels: { a: 'b' } } }), { fieldManager: 'fieldmanager_test' }));
    expect(entries(applied)).toEqual(['fieldmanager_test | Apply | v1 |  | 2024-01-01T00:00:00Z | {"f:metadata":{"f:labels":{"f:a":{}}}}']);
  });

  it('TestVersionCheckDoesNotPanic: a body without apiVersion and kind is a 400', () => {
    const c = cluster();
    ok(c.apply(obj({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd', namespace: 'default' } }), { fieldManager: 'fieldmanager_test' }));
    const r = fail(c.apply(obj({ metadata: { name: 'd', namespace: 'default' } }), { fieldManager: 'fieldmanager_test', target: ref('apps/v1', 'Deployment', 'd') }));
    expect(r.code).toBe(400);
  });
});
