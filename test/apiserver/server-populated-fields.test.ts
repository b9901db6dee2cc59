/**
 * Server-populated fields on real objects (issue 11, item 6): what a Kubernetes 1.32 API server
 * adds when it decodes a built-in object (defaults, the serviceAccount alias, canonical
 * quantities), and the round trip that matters to appliers: an owner of every field of a live
 * object re-applies the object's own manifest (as after kubectl's client-side to server-side
 * migration). The server drops what the manifest no longer says and defaults it again, so no
 * field a real server keeps may be predicted as removed.
 *
 * Facts: pkg/apis/{core,apps,batch}/v1/defaults.go and core/v1/conversion.go (1.32), real
 * objects in ../shared/reference/objects.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { vpcCniManifest } from '../../src/actors/eks/addons/index.js';
import { builtinDefaults } from '../../src/apiserver/builtin-defaults.js';
import { getPath } from '../../src/apiserver/object-paths.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import type { KubeObject } from '../../src/apiserver/index.js';
import { readObjects } from '../../src/manifest/index.js';
import { isMap, newMap, type Value, type ValueMap } from '../../src/value/value.js';
import { sharedPath } from '../support/shared.js';
import { cluster, obj, ok } from './helpers.js';

const at = (o: KubeObject, path: string) => getPath(o, path.split('.'));

/** The defaulting alone, for types the built-in schema has but does not serve as kinds. */
function defaulted(o: KubeObject): KubeObject {
  const group = String(o.apiVersion).includes('/') ? String(o.apiVersion).split('/')[0].split('.')[0] : 'core';
  const version = String(o.apiVersion).split('/').pop();
  return builtinDefaults(o, builtinCatalog().schema.named(`io.k8s.api.${group}.${version}.${String(o.kind)}`));
}

/** Drops `paths` (dot paths; `[]` for every item of a list) from a copy of `o`. */
function without(o: Value, paths: readonly string[]): Value {
  const copy = structuredClone(o);
  for (const p of paths) drop(copy, p.split('.'));
  return obj(copy);
}

function drop(v: Value, path: readonly string[]): void {
  const [head, ...rest] = path;
  if (head === '[]') {
    if (Array.isArray(v)) for (const item of v) drop(item, rest);
    return;
  }
  if (!isMap(v)) return;
  if (rest.length === 0) delete v[head];
  else drop(v[head], rest);
}

function manifestObject(text: string, kind: string): KubeObject {
  const found = readObjects(text).find((o) => o.kind === kind);
  if (!found) throw new Error(`no ${kind}`);
  return found;
}

/** The object as the server stores it, less what the server itself maintains in metadata. */
function asApplied(live: KubeObject): KubeObject {
  const out = newMap();
  for (const k of Object.keys(live)) if (k !== 'status') out[k] = live[k];
  const meta = newMap();
  const m = live.metadata as ValueMap;
  for (const k of ['name', 'namespace', 'labels', 'annotations']) if (m[k] !== undefined) meta[k] = m[k];
  out.metadata = meta;
  return out;
}

/** The object a real-mode server stores when `manager` creates `manifest`. */
function createdBy(manifest: KubeObject, manager: string): KubeObject {
  return ok(cluster({ harness: false }).create(manifest, { fieldManager: manager }));
}

/**
 * Creates `manifest` with an Update (a kubectl client-side apply create), then, in a fresh
 * cluster, lets `kubectl` apply the stored object (so it owns every field, as migration leaves
 * it) and then the manifest. Returns the stored spec after the create and after the re-apply.
 */
function roundTrip(manifest: KubeObject): { created: Value; reapplied: Value } {
  const created = createdBy(manifest, 'kubectl-client-side-apply');
  const b = cluster({ harness: false });
  ok(b.apply(asApplied(created), { fieldManager: 'kubectl', force: true }));
  const reapplied = ok(b.apply(manifest, { fieldManager: 'kubectl', force: true }));
  return { created: created.spec ?? null, reapplied: reapplied.spec ?? null };
}

const awsNode = () => manifestObject(vpcCniManifest({ version: 'v1.10.1-eksbuild.1' }), 'DaemonSet');

describe('the serviceAccount alias (core/v1 PodSpec conversion)', () => {
  it('is kept equal to serviceAccountName in templates and pods', () => {
    const ds = createdBy(awsNode(), 'kubectl-client-side-apply');
    expect(at(ds, 'spec.template.spec.serviceAccount')).toBe('aws-node');
    expect(at(ds, 'spec.template.spec.serviceAccountName')).toBe('aws-node');
  });

  it('fills serviceAccountName from the alias when only the alias is given; the name wins otherwise', () => {
    const c = cluster({ harness: false });
    const pod = (name: string, spec: object) => obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { containers: [{ name: 'c', image: 'i:1' }], ...spec } });
    const a = ok(c.create(pod('a', { serviceAccount: 'legacy' }), { fieldManager: 'm' }));
    expect([at(a, 'spec.serviceAccountName'), at(a, 'spec.serviceAccount')]).toEqual(['legacy', 'legacy']);
    const b = ok(c.create(pod('b', { serviceAccount: 'old', serviceAccountName: 'new' }), { fieldManager: 'm' }));
    expect([at(b, 'spec.serviceAccountName'), at(b, 'spec.serviceAccount')]).toEqual(['new', 'new']);
  });

  it('is owned by an updater that creates the object, and by nobody after an apply', () => {
    const created = createdBy(awsNode(), 'kubectl-client-side-apply');
    expect(JSON.stringify(created.metadata)).toContain('"f:serviceAccount":{}');
    const d = cluster({ harness: false });
    const applied = ok(d.apply(awsNode(), { fieldManager: 'kubectl' }));
    expect(at(applied, 'spec.template.spec.serviceAccount')).toBe('aws-node');
    expect(JSON.stringify(applied.metadata)).not.toContain('"f:serviceAccount"');
  });
});

describe('hostPort under hostNetwork (SetDefaults_Pod; pod templates only before 1.28)', () => {
  it('is defaulted from containerPort in a Pod', () => {
    const pod = createdBy(obj({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p' },
      spec: { hostNetwork: true, containers: [{ name: 'c', image: 'i:1', ports: [{ containerPort: 61678, name: 'metrics' }] }] },
    }), 'm');
    expect(at(pod, 'spec.containers')).toEqual([expect.objectContaining({ ports: [{ containerPort: 61678, hostPort: 61678, name: 'metrics', protocol: 'TCP' }] })]);
  });

  it('is not defaulted in the pod template of a DaemonSet (1.32)', () => {
    const ds = createdBy(awsNode(), 'kubectl-client-side-apply');
    const containers = at(ds, 'spec.template.spec.containers') as ValueMap[];
    expect(containers[0].ports).toEqual([{ containerPort: 61678, name: 'metrics', protocol: 'TCP' }]);
  });
});

describe("re-applying an object's own manifest predicts no removal of what the server keeps", () => {
  it('the EKS aws-node DaemonSet', () => {
    const { created, reapplied } = roundTrip(awsNode());
    expect(reapplied).toEqual(created);
    expect(getPath(reapplied, ['template', 'spec', 'serviceAccount'])).toBe('aws-node');
  });

  it('a Pod with host networking keeps its host ports and alias', () => {
    const { created, reapplied } = roundTrip(
      obj({
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: 'p', namespace: 'default' },
        spec: {
          hostNetwork: true,
          serviceAccountName: 'agent',
          containers: [{ name: 'c', image: 'agent:2', ports: [{ containerPort: 9100 }], resources: { limits: { memory: '2048Mi', cpu: 0.5 } } }],
        },
      }),
    );
    expect(reapplied).toEqual(created);
    expect(getPath(created, ['containers', '0', 'ports'])).toBeUndefined(); // a list: read it below
    const c0 = (getPath(created, ['containers']) as ValueMap[])[0];
    expect(c0.ports).toEqual([{ containerPort: 9100, hostPort: 9100, protocol: 'TCP' }]);
    expect(c0.resources).toEqual({ limits: { cpu: '500m', memory: '2Gi' }, requests: { cpu: '500m', memory: '2Gi' } });
  });

  it.each([
    ['a Service', { apiVersion: 'v1', kind: 'Service', metadata: { name: 's', namespace: 'default' }, spec: { type: 'NodePort', selector: { app: 'a' }, ports: [{ port: 80 }] } }],
    [
      'a CronJob',
      {
        apiVersion: 'batch/v1',
        kind: 'CronJob',
        metadata: { name: 'cj', namespace: 'default' },
        spec: { schedule: '*/5 * * * *', jobTemplate: { spec: { template: { spec: { restartPolicy: 'OnFailure', containers: [{ name: 'c', image: 'busybox', livenessProbe: { httpGet: { port: 80 } } }] } } } } },
      },
    ],
    [
      'a StatefulSet with claim templates',
      {
        apiVersion: 'apps/v1',
        kind: 'StatefulSet',
        metadata: { name: 'db', namespace: 'default' },
        spec: {
          serviceName: 'db',
          selector: { matchLabels: { app: 'db' } },
          template: { metadata: { labels: { app: 'db' } }, spec: { serviceAccount: 'db', containers: [{ name: 'db', image: 'postgres:16', resources: { requests: { memory: '1.5Gi' } } }] } },
          volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '10240Mi' } } } }],
        },
      },
    ],
  ])('%s', (_name, manifest) => {
    const { created, reapplied } = roundTrip(obj(manifest));
    expect(reapplied).toEqual(created);
  });
});

describe('what a real server stored for captured objects', () => {
  it("reproduces every field of the captured pod's spec from its manifest", () => {
    const captured = readObjects(readFileSync(sharedPath('reference/objects/pod.yaml'), 'utf8'))[0];
    // imagePullPolicy stays in the manifest: IfNotPresent is not the default of an untagged image
    // (that is Always), so whoever wrote this pod's template said it.
    const serverPopulated = [
      'spec.containers.[].terminationMessagePath',
      'spec.containers.[].terminationMessagePolicy',
      'spec.dnsPolicy',
      'spec.restartPolicy',
      'spec.schedulerName',
      'spec.securityContext',
      'spec.serviceAccount',
      'spec.terminationGracePeriodSeconds',
      'spec.volumes.[].secret.defaultMode',
      'status',
    ];
    const manifest = without(captured, serverPopulated) as KubeObject;
    const stored = createdBy(manifest, 'kubectl-client-side-apply');
    expect(stored.spec).toMatchObject(captured.spec as object);
    // The one field this pod (from 2019) predates: SetDefaults_Pod has set it since 1.13.
    expect(at(stored, 'spec.enableServiceLinks')).toBe(true);
    const { created, reapplied } = roundTrip(manifest);
    expect(reapplied).toEqual(created);
  });

  it("defaults a node's allocatable to its capacity", () => {
    const node = defaulted(obj({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n' }, status: { capacity: { cpu: '4', memory: '15399364Ki', pods: '110' } } }));
    expect(at(node, 'status.allocatable')).toEqual({ cpu: '4', memory: '15399364Ki', pods: '110' });
  });
});

describe('quantities are stored canonical (resource.Quantity)', () => {
  it('in resource lists, emptyDir sizes and claim requests; later applies see the stored form', () => {
    const c = cluster({ harness: false });
    const dep = obj({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web', namespace: 'default' },
      spec: {
        selector: { matchLabels: { app: 'web' } },
        template: {
          metadata: { labels: { app: 'web' } },
          spec: {
            containers: [{ name: 'web', image: 'nginx:1.25', resources: { requests: { cpu: 0.5, memory: '0.0001', 'ephemeral-storage': '1.5Gi' }, limits: { cpu: '1000m', memory: '2048Mi' } } }],
            volumes: [{ name: 'cache', emptyDir: { sizeLimit: '1000M' } }],
          },
        },
      },
    });
    const stored = ok(c.apply(dep, { fieldManager: 'kubectl' }));
    const spec = at(stored, 'spec.template.spec') as ValueMap;
    const c0 = (spec.containers as ValueMap[])[0];
    expect(c0.resources).toEqual({ requests: { cpu: '500m', memory: '1m', 'ephemeral-storage': '1536Mi' }, limits: { cpu: '1', memory: '2Gi' } });
    expect((spec.volumes as ValueMap[])[0]).toEqual({ name: 'cache', emptyDir: { sizeLimit: '1G' } });
    // The same manifest again is a no-op: the canonical values are what the applier sees.
    const again = ok(c.apply(dep, { fieldManager: 'kubectl' }));
    expect(again.metadata).toEqual(stored.metadata);
  });

  it('on a PersistentVolumeClaim', () => {
    const pvc = createdBy(obj({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'd' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '10240Mi' } } } }), 'm');
    expect(at(pvc, 'spec.resources.requests.storage')).toBe('10Gi');
    expect(at(pvc, 'spec.volumeMode')).toBe('Filesystem');
    // The create resets status; the store reads it back defaulted.
    expect(at(pvc, 'status.phase')).toBe('Pending');
  });
});

describe('defaults of the workload and core kinds (1.32)', () => {
  it('Job: completions, parallelism, backoffLimit, completionMode, suspend, podReplacementPolicy, manualSelector', () => {
    const job = createdBy(obj({ apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'j' }, spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'busybox' }] } } } }), 'm');
    expect(job.spec).toMatchObject({ backoffLimit: 6, completionMode: 'NonIndexed', completions: 1, manualSelector: false, parallelism: 1, podReplacementPolicy: 'TerminatingOrFailed', suspend: false });
    expect(at(job, 'spec.template.spec.containers')).toEqual([expect.objectContaining({ imagePullPolicy: 'Always' })]);
  });

  it('CronJob: policy, history limits, and the job template zero value and pod defaults', () => {
    const cj = createdBy(obj({ apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'cj' }, spec: { schedule: '@daily', jobTemplate: { spec: { template: { spec: { restartPolicy: 'OnFailure', containers: [{ name: 'c', image: 'busybox:1', readinessProbe: { grpc: { port: 9 } } }] } } } } } }), 'm');
    expect(cj.spec).toMatchObject({ concurrencyPolicy: 'Allow', failedJobsHistoryLimit: 1, successfulJobsHistoryLimit: 3, suspend: false });
    expect(at(cj, 'spec.jobTemplate.metadata')).toEqual({ creationTimestamp: null });
    const c0 = (at(cj, 'spec.jobTemplate.spec.template.spec.containers') as ValueMap[])[0];
    expect(c0.readinessProbe).toEqual({ grpc: { port: 9, service: '' }, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 });
  });

  it('Service: internal and external traffic policies, target ports, session affinity', () => {
    const svc = createdBy(obj({ apiVersion: 'v1', kind: 'Service', metadata: { name: 's' }, spec: { type: 'LoadBalancer', sessionAffinity: 'ClientIP', ports: [{ port: 443 }] } }), 'm');
    expect(svc.spec).toEqual({
      type: 'LoadBalancer',
      sessionAffinity: 'ClientIP',
      sessionAffinityConfig: { clientIP: { timeoutSeconds: 10800 } },
      ports: [{ port: 443, protocol: 'TCP', targetPort: 443, nodePort: 30086 }],
      externalTrafficPolicy: 'Cluster',
      internalTrafficPolicy: 'Cluster',
      allocateLoadBalancerNodePorts: true,
      // And what the registry allocates (service-allocation.ts): the first address and port of
      // the bands dynamic allocation prefers.
      clusterIP: '10.96.1.1',
      clusterIPs: ['10.96.1.1'],
      ipFamilies: ['IPv4'],
      ipFamilyPolicy: 'SingleStack',
    });
  });

  it('StatefulSet: retention policy, partition, claim templates as stored', () => {
    const ss = createdBy(obj({
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      metadata: { name: 'db' },
      spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'pg' }] } }, volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'] } }] },
    }), 'm');
    expect(ss.spec).toMatchObject({
      podManagementPolicy: 'OrderedReady',
      persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Retain', whenScaled: 'Retain' },
      replicas: 1,
      revisionHistoryLimit: 10,
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0 } },
      volumeClaimTemplates: [{ metadata: { name: 'data', creationTimestamp: null }, spec: { accessModes: ['ReadWriteOnce'], resources: {}, volumeMode: 'Filesystem' }, status: { phase: 'Pending' } }],
    });
  });

  it('Secret: type Opaque and stringData written into data', () => {
    const s = createdBy(obj({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, stringData: { password: 'pä55' } }), 'm');
    expect(s.type).toBe('Opaque');
    expect(s.data).toEqual({ password: 'cMOkNTU=' });
    expect(s.stringData).toBeUndefined();
  });

  it('probes, lifecycle handlers, volumes and downward API selectors', () => {
    const pod = createdBy(obj({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p' },
      spec: {
        containers: [
          {
            name: 'c',
            image: 'registry.example.com:5000/app',
            livenessProbe: { httpGet: { port: 8080 }, timeoutSeconds: 0 },
            lifecycle: { preStop: { httpGet: { port: 80 } } },
            env: [{ name: 'MEM', valueFrom: { resourceFieldRef: { resource: 'limits.memory' } } }],
          },
        ],
        volumes: [{ name: 'scratch' }, { name: 'token', projected: { sources: [{ serviceAccountToken: { path: 't' } }] } }],
        // What the ServiceAccount admission plugin sets (this cluster runs without it); a pod
        // projecting a token without an account is refused (validateProjectionSources).
        serviceAccountName: 'default',
      },
    }), 'm');
    const c0 = (at(pod, 'spec.containers') as ValueMap[])[0];
    expect(c0.imagePullPolicy).toBe('Always');
    expect(c0.livenessProbe).toEqual({ httpGet: { port: 8080, path: '/', scheme: 'HTTP' }, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 });
    expect(c0.lifecycle).toEqual({ preStop: { httpGet: { port: 80, path: '/', scheme: 'HTTP' } } });
    expect(c0.env).toEqual([{ name: 'MEM', valueFrom: { resourceFieldRef: { resource: 'limits.memory', divisor: '0' } } }]);
    expect(at(pod, 'spec.volumes')).toEqual([
      { name: 'scratch', emptyDir: {} },
      { name: 'token', projected: { defaultMode: 420, sources: [{ serviceAccountToken: { path: 't', expirationSeconds: 3600 } }] } },
    ]);
  });

  it('Namespace: the name label and the Active phase', () => {
    const ns = createdBy(obj({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team-a' } }), 'm');
    expect(at(ns, 'metadata.labels')).toEqual({ 'kubernetes.io/metadata.name': 'team-a' });
    expect(at(ns, 'status.phase')).toBe('Active');
  });
});

describe('defaults of the other served groups (1.32)', () => {
  it('admission webhooks: policies, selectors, timeout, review versions, rule scope, service port', () => {
    const cfg = createdBy(
      obj({
        apiVersion: 'admissionregistration.k8s.io/v1',
        kind: 'MutatingWebhookConfiguration',
        metadata: { name: 'vpc-resource-mutating-webhook' },
        webhooks: [
          {
            name: 'mpod.vpc.k8s.aws',
            clientConfig: { service: { name: 'vpc-resource-webhook', namespace: 'kube-system', path: '/mutate-v1-pod' } },
            rules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['pods'] }],
            sideEffects: 'None',
          },
        ],
      }),
      'm',
    );
    expect((cfg.webhooks as ValueMap[])[0]).toEqual({
      name: 'mpod.vpc.k8s.aws',
      clientConfig: { service: { name: 'vpc-resource-webhook', namespace: 'kube-system', path: '/mutate-v1-pod', port: 443 } },
      rules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['pods'], scope: '*' }],
      sideEffects: 'None',
      failurePolicy: 'Fail',
      matchPolicy: 'Equivalent',
      namespaceSelector: {},
      objectSelector: {},
      timeoutSeconds: 30,
      reinvocationPolicy: 'Never',
      admissionReviewVersions: ['v1'],
    });
  });

  it('NetworkPolicy: policy types from the rules, port protocol', () => {
    const np = createdBy(
      obj({ apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name: 'n' }, spec: { podSelector: {}, egress: [{ ports: [{ port: 53 }] }] } }),
      'm',
    );
    expect(np.spec).toEqual({ podSelector: {}, egress: [{ ports: [{ port: 53, protocol: 'TCP' }] }], policyTypes: ['Ingress', 'Egress'] });
  });

  it('RBAC: user and group subjects get the API group, service accounts none', () => {
    const crb = createdBy(
      obj({
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'ClusterRoleBinding',
        metadata: { name: 'b' },
        roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'aws-node' },
        subjects: [
          { kind: 'ServiceAccount', name: 'aws-node', namespace: 'kube-system' },
          { kind: 'Group', name: 'system:nodes' },
        ],
      }),
      'm',
    );
    expect(crb.subjects).toEqual([
      { kind: 'ServiceAccount', name: 'aws-node', namespace: 'kube-system' },
      { kind: 'Group', name: 'system:nodes', apiGroup: 'rbac.authorization.k8s.io' },
    ]);
  });

  it('HorizontalPodAutoscaler v2: min replicas, the CPU metric, behavior rules filled in', () => {
    const hpa = createdBy(
      obj({
        apiVersion: 'autoscaling/v2',
        kind: 'HorizontalPodAutoscaler',
        metadata: { name: 'h' },
        spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, maxReplicas: 5, behavior: { scaleDown: { stabilizationWindowSeconds: 60 } } },
      }),
      'm',
    );
    expect(hpa.spec).toMatchObject({
      minReplicas: 1,
      metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } }],
      behavior: {
        scaleUp: {
          stabilizationWindowSeconds: 0,
          selectPolicy: 'Max',
          policies: [
            { type: 'Pods', value: 4, periodSeconds: 15 },
            { type: 'Percent', value: 100, periodSeconds: 15 },
          ],
        },
        scaleDown: { stabilizationWindowSeconds: 60, selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] },
      },
    });
  });

  it('StorageClass, CSIDriver, PriorityClass', () => {
    const sc = createdBy(obj({ apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'gp3' }, provisioner: 'ebs.csi.aws.com' }), 'm');
    expect([sc.reclaimPolicy, sc.volumeBindingMode]).toEqual(['Delete', 'Immediate']);
    const d = createdBy(obj({ apiVersion: 'storage.k8s.io/v1', kind: 'CSIDriver', metadata: { name: 'ebs.csi.aws.com' }, spec: {} }), 'm');
    expect(d.spec).toEqual({
      attachRequired: true,
      podInfoOnMount: false,
      storageCapacity: false,
      fsGroupPolicy: 'ReadWriteOnceWithFSType',
      volumeLifecycleModes: ['Persistent'],
      requiresRepublish: false,
      seLinuxMount: false,
    });
    const pc = createdBy(obj({ apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'high' }, value: 1000 }), 'm');
    expect(pc.preemptionPolicy).toBe('PreemptLowerPriority');
  });
});

describe('quota and limit ranges (core/v1)', () => {
  it('ResourceQuota hard limits are stored canonical', () => {
    const q = createdBy(obj({ apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'q' }, spec: { hard: { 'requests.memory': '4096Mi', 'requests.cpu': 0.25, pods: '10' } } }), 'm');
    expect(at(q, 'spec.hard')).toEqual({ 'requests.memory': '4Gi', 'requests.cpu': '250m', pods: '10' });
  });

  it('LimitRange container items: default limit from max, default request from the limit, then min', () => {
    const lr = createdBy(
      obj({
        apiVersion: 'v1',
        kind: 'LimitRange',
        metadata: { name: 'l' },
        spec: { limits: [{ type: 'Container', max: { memory: '1024Mi' }, min: { cpu: '0.1' } }, { type: 'Pod', max: { cpu: '2' } }] },
      }),
      'm',
    );
    expect(at(lr, 'spec.limits')).toEqual([
      { type: 'Container', max: { memory: '1Gi' }, min: { cpu: '100m' }, default: { memory: '1Gi' }, defaultRequest: { memory: '1Gi', cpu: '100m' } },
      { type: 'Pod', max: { cpu: '2' } },
    ]);
  });
});
