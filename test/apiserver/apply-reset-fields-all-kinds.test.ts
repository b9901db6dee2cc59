/**
 * Kubernetes' integration test TestApplyResetFields (test/integration/apiserver/apply/
 * reset_fields_test.go), for every built-in kind we serve with a /status subresource that
 * upstream's storage data (test/integration/etcd/data.go) gives a spec change for:
 *
 *   1. fieldmanager1 applies obj1 (the kind's stub plus a status) to the main resource;
 *   2. fieldmanager2 applies obj2 (obj1 with one spec field and one status field changed) to
 *      /status. No conflict: the main strategy reset fieldmanager1's status and the status
 *      strategy resets fieldmanager2's spec, so neither owns what the other wrote;
 *   3. fieldmanager2 applies obj2 to the main resource: a conflict (with fieldmanager1's spec);
 *   4. fieldmanager1 applies obj1 to /status: a conflict (with fieldmanager2's status).
 *
 * Kinds where upstream expects no conflict at all (noConflicts: their spec is wiped, immutable
 * or empty) run steps 1 and 2 only. The stubs are upstream's, shortened where a value's content
 * plays no part (a CSR's request). Served kinds that upstream's data has no spec change for, in
 * the version we serve, are listed in `NO_UPSTREAM_DATA` and checked to be the only ones left out.
 */
import { describe, expect, it } from 'vitest';
import { createCluster } from '../../src/apiserver/index.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { cluster, fail, obj, ok } from './helpers.js';

const NOW = '2024-02-24T15:24:00Z';
const IMAGE = 'registry.k8s.io/e2e-test-images/busybox:1.37.0-1';
const ALT_IMAGE = 'registry.k8s.io/etcd:3.5.21-0';

const condition = (status: 'True' | 'False') => ({
  status: { conditions: [{ type: 'MyStatus', status, lastTransitionTime: '2020-01-01T00:00:00Z', reason: 'MyReason', message: 'some message' }] },
});

interface Data {
  readonly stub: Record<string, unknown>;
  /** obj2's change to the stub (merged into obj1 as JSON unmarshalling into it does). */
  readonly mutated: Record<string, unknown>;
  readonly status?: Record<string, unknown>;
  readonly mutatedStatus?: Record<string, unknown>;
  /** Upstream's noConflicts: steps 3 and 4 are not run. */
  readonly noConflicts?: true;
}

/** Keyed `group/resource` (`/pods` for the core group). */
const DATA: Record<string, Data> = {
  '/services': {
    stub: { metadata: { name: 'service1' }, spec: { type: 'LoadBalancer', ports: [{ port: 10000, targetPort: 11000 }], selector: { test: 'data' } } },
    mutated: { spec: { type: 'ClusterIP' } },
    status: { status: { loadBalancer: { ingress: [{ ip: '127.0.0.1', ipMode: 'VIP' }] } } },
    mutatedStatus: { status: { loadBalancer: { ingress: [{ ip: '127.0.0.2', ipMode: 'VIP' }] } } },
  },
  '/pods': {
    stub: { metadata: { name: 'pod1' }, spec: { containers: [{ image: IMAGE, name: 'container7', resources: { limits: { cpu: '1M' }, requests: { cpu: '1M' } } }] } },
    mutated: { metadata: { deletionTimestamp: '2020-01-01T00:00:00Z', ownerReferences: [] }, spec: { containers: [{ image: ALT_IMAGE, name: 'container7' }] } },
  },
  '/resourcequotas': {
    stub: { metadata: { name: 'rq1name' }, spec: { hard: { cpu: '5M' } } },
    mutated: { spec: { hard: { cpu: '25M' } } },
    status: { status: { used: { cpu: '5M' } } },
    mutatedStatus: { status: { used: { cpu: '25M' } } },
  },
  '/namespaces': { stub: { metadata: { name: 'namespace1' }, spec: { finalizers: ['kubernetes'] } }, mutated: { spec: { finalizers: ['kubernetes2'] } }, noConflicts: true },
  '/nodes': { stub: { metadata: { name: 'node1' }, spec: { unschedulable: true } }, mutated: { spec: { unschedulable: false } } },
  '/persistentvolumes': {
    stub: { metadata: { name: 'pv1name' }, spec: { accessModes: ['ReadWriteOnce'], capacity: { storage: '3M' }, hostPath: { path: '/tmp/test/' } } },
    mutated: { spec: { capacity: { storage: '23M' } } },
    status: { status: { message: 'hello' } },
    mutatedStatus: { status: { message: 'hello2' } },
  },
  '/persistentvolumeclaims': {
    stub: { metadata: { name: 'pvc1' }, spec: { accessModes: ['ReadWriteOnce'], resources: { limits: { storage: '1M' }, requests: { storage: '2M' } }, selector: { matchLabels: { pvc: 'stuff' } } } },
    mutated: { spec: { resources: { requests: { storage: '21M' } } } },
  },
  '/replicationcontrollers': {
    stub: { metadata: { name: 'rc1' }, spec: { selector: { new: 'stuff' }, template: { metadata: { labels: { new: 'stuff' } }, spec: { containers: [{ image: IMAGE, name: 'container8' }] } } } },
    mutated: { spec: { selector: { new: 'stuff2' } } },
  },
  'apps/daemonsets': {
    stub: { metadata: { name: 'ds6' }, spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ image: IMAGE, name: 'container6' }] } } } },
    mutated: { spec: { template: { spec: { containers: [{ image: ALT_IMAGE, name: 'container6' }] } } } },
  },
  'apps/deployments': {
    stub: { metadata: { name: 'deployment4' }, spec: { selector: { matchLabels: { f: 'z' } }, template: { metadata: { labels: { f: 'z' } }, spec: { containers: [{ image: IMAGE, name: 'container6' }] } } } },
    mutated: { metadata: { labels: { a: 'c' } }, spec: { template: { spec: { containers: [{ image: ALT_IMAGE, name: 'container6' }] } } } },
  },
  'apps/statefulsets': {
    stub: {
      metadata: { name: 'ss3' },
      spec: {
        selector: { matchLabels: { a: 'b' } },
        template: { metadata: { labels: { a: 'b' } }, spec: { restartPolicy: 'Always', terminationGracePeriodSeconds: 30, containers: [{ image: IMAGE, name: 'container6', terminationMessagePolicy: 'File' }] } },
      },
    },
    mutated: { spec: { selector: { matchLabels: { a2: 'b2' } } } },
  },
  'apps/replicasets': {
    stub: { metadata: { name: 'rs3' }, spec: { selector: { matchLabels: { g: 'h' } }, template: { metadata: { labels: { g: 'h' } }, spec: { containers: [{ image: IMAGE, name: 'container4' }] } } } },
    mutated: { spec: { template: { spec: { containers: [{ image: ALT_IMAGE, name: 'container4' }] } } } },
  },
  'autoscaling/horizontalpodautoscalers': {
    stub: { metadata: { name: 'hpa4' }, spec: { maxReplicas: 3, scaleTargetRef: { kind: 'something', name: 'cross', apiVersion: 'apps/v1' } } },
    mutated: { spec: { maxReplicas: 23 } },
    status: { status: { currentReplicas: 5 } },
    mutatedStatus: { status: { currentReplicas: 25 } },
  },
  'batch/jobs': {
    stub: {
      metadata: { name: 'job1' },
      spec: {
        manualSelector: true,
        selector: { matchLabels: { 'controller-uid': 'uid1' } },
        template: { metadata: { labels: { 'controller-uid': 'uid1' } }, spec: { containers: [{ image: IMAGE, name: 'container1' }], dnsPolicy: 'ClusterFirst', restartPolicy: 'Never' } },
      },
    },
    mutated: { spec: { template: { spec: { containers: [{ image: ALT_IMAGE, name: 'container1' }] } } } },
  },
  'batch/cronjobs': {
    stub: {
      metadata: { name: 'cjv1' },
      spec: {
        jobTemplate: { spec: { template: { metadata: { labels: { 'controller-uid': 'uid0' } }, spec: { containers: [{ image: IMAGE, name: 'container0' }], dnsPolicy: 'ClusterFirst', restartPolicy: 'Never' } } } },
        schedule: '* * * * *',
      },
    },
    mutated: { spec: { jobTemplate: { spec: { template: { spec: { containers: [{ image: ALT_IMAGE, name: 'container0' }] } } } } } },
    status: { status: { lastScheduleTime: null } },
    mutatedStatus: { status: { lastScheduleTime: '2020-01-01T00:00:00Z' } },
  },
  'certificates.k8s.io/certificatesigningrequests': {
    stub: { metadata: { name: 'csr2' }, spec: { signerName: 'example.com/signer', usages: ['any'], request: 'LS0tLS1CRUdJTiBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0K' } },
    mutated: {},
    noConflicts: true,
  },
  'networking.k8s.io/ingresses': {
    stub: { metadata: { name: 'ingress3' }, spec: { defaultBackend: { service: { name: 'service', port: { number: 5000 } } } } },
    mutated: { spec: { defaultBackend: { service: { name: 'service2' } } } },
    status: { status: { loadBalancer: { ingress: [{ ip: '127.0.0.1' }] } } },
    mutatedStatus: { status: { loadBalancer: { ingress: [{ ip: '127.0.0.2' }] } } },
  },
  'networking.k8s.io/servicecidrs': {
    stub: { metadata: { name: 'range-b2' }, spec: { cidrs: ['192.168.0.0/16', 'fd00:1::/120'] } },
    mutated: {},
    mutatedStatus: { status: { conditions: [{ type: 'Accepted', status: 'True', lastTransitionTime: '2020-01-01T00:00:00Z', reason: 'RuleApplied', message: 'Rule was applied' }] } },
    noConflicts: true,
  },
  'policy/poddisruptionbudgets': {
    stub: { metadata: { name: 'pdbv1' }, spec: { selector: { matchLabels: { anokkey: 'anokvalue' } } } },
    mutated: { spec: { selector: { matchLabels: { anokkey2: 'anokvalue' } } } },
    status: { status: { currentHealthy: 5 } },
    mutatedStatus: { status: { currentHealthy: 25 } },
  },
  'flowcontrol.apiserver.k8s.io/flowschemas': {
    stub: { metadata: { name: 'fs-3' }, spec: { priorityLevelConfiguration: { name: 'name1' } } },
    mutated: { metadata: { labels: { a: 'c' } }, spec: { priorityLevelConfiguration: { name: 'name2' } } },
  },
  'flowcontrol.apiserver.k8s.io/prioritylevelconfigurations': {
    stub: { metadata: { name: 'conf5' }, spec: { type: 'Limited', limited: { nominalConcurrencyShares: 3, limitResponse: { type: 'Reject' } } } },
    mutated: { metadata: { labels: { a: 'c' } }, spec: { limited: { nominalConcurrencyShares: 23 } } },
  },
  'storage.k8s.io/volumeattachments': {
    stub: { metadata: { name: 'va3' }, spec: { attacher: 'gce', nodeName: 'localhost', source: { persistentVolumeName: 'pv3' } } },
    mutated: { metadata: { name: 'va3' }, spec: { nodeName: 'localhost2' } },
    status: { status: { attached: true } },
    mutatedStatus: { status: { attached: false } },
  },
  'admissionregistration.k8s.io/validatingadmissionpolicies': {
    stub: {
      metadata: { name: 'vap1' },
      spec: {
        paramKind: { apiVersion: 'test.example.com/v1', kind: 'Example' },
        matchConstraints: { resourceRules: [{ resourceNames: ['fakeName'], apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['deployments'] }] },
        validations: [{ expression: 'object.spec.replicas <= params.maxReplicas', message: 'Too many replicas' }],
      },
    },
    mutated: { metadata: { labels: { a: 'c' } }, spec: { paramKind: { apiVersion: 'apps/v1', kind: 'Deployment' } } },
  },
  'apiextensions.k8s.io/customresourcedefinitions': {
    stub: {
      metadata: { name: 'openshiftwebconsoleconfigs.webconsole2.operator.openshift.io' },
      spec: {
        scope: 'Cluster',
        group: 'webconsole2.operator.openshift.io',
        versions: [{ name: 'v1alpha1', storage: true, served: true, schema: { openAPIV3Schema: { type: 'object' } } }],
        names: { kind: 'OpenShiftWebConsoleConfig', plural: 'openshiftwebconsoleconfigs', singular: 'openshiftwebconsoleconfig' },
      },
    },
    mutated: { metadata: { labels: { a: 'c' } }, spec: { group: 'webconsole22.operator.openshift.io' } },
  },
  'resource.k8s.io/resourceclaims': {
    stub: { metadata: { name: 'claim4name' }, spec: { devices: { requests: [{ name: 'req-0', exactly: { deviceClassName: 'example-class', allocationMode: 'ExactCount', count: 1 } }] } } },
    mutated: { spec: { devices: { requests: [{ name: 'req-0', exactly: { deviceClassName: 'other-class' } }] } } },
    status: { status: { allocation: { nodeSelector: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'some-label', operator: 'In', values: ['some-value'] }] }] } } } },
    mutatedStatus: { status: { allocation: { nodeSelector: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'some-label', operator: 'In', values: ['some-other-value'] }] }] } } } },
  },
};

/**
 * Served kinds with /status that upstream's data gives no spec change for in the version served
 * here (its PodCertificateRequest, DeviceTaintRule and StorageVersionMigration entries are for
 * alpha or beta versions, without a mutation that conflicts).
 */
const NO_UPSTREAM_DATA = new Set(['certificates.k8s.io/podcertificaterequests', 'resource.k8s.io/devicetaintrules', 'storagemigration.k8s.io/storageversionmigrations']);

/** JSON unmarshalling `patch` into `into`: maps merge key by key, anything else replaces. */
function unmarshalInto(into: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...into };
  for (const [k, v] of Object.entries(patch)) {
    const old = out[k];
    const isMap = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
    out[k] = isMap(v) && isMap(old) ? unmarshalInto(old, v) : v;
  }
  return out;
}

const resources = createCluster({ catalog: builtinCatalog() }).config.resources.filter((r) => !r.custom && r.status);

describe('TestApplyResetFields: main and /status appliers never conflict, then each conflicts on the other side', () => {
  it('covers every served kind with /status but those upstream has no data for', () => {
    const served = resources.map((r) => `${r.group}/${r.resource}`).sort();
    expect(served.filter((k) => !Object.hasOwn(DATA, k))).toEqual([...NO_UPSTREAM_DATA].sort());
  });
  for (const r of resources) {
    const key = `${r.group}/${r.resource}`;
    if (!Object.hasOwn(DATA, key)) continue;
    const data = DATA[key];
    it(key, () => {
      const c = cluster({ harness: false, now: NOW });
      const apiVersion = r.group ? `${r.group}/${r.versions[0]}` : r.versions[0];
      const typeMeta = { apiVersion, kind: r.kind };
      const obj1 = unmarshalInto(unmarshalInto(data.stub, data.status ?? condition('True')), typeMeta);
      const obj2 = unmarshalInto(unmarshalInto(obj1, data.mutated), data.mutatedStatus ?? condition('False'));
      expect(obj2).not.toEqual(obj1);
      const name = (obj1.metadata as { name: string }).name;
      const target = { ...typeMeta, name, ...(r.namespaced ? { namespace: 'default' } : {}) };
      const withNs = (o: Record<string, unknown>) => (r.namespaced ? unmarshalInto(o, { metadata: { namespace: 'default' } }) : o);

      ok(c.apply(obj(withNs(obj1)), { target, fieldManager: 'fieldmanager1' }));
      ok(c.apply(obj(withNs(obj2)), { target, fieldManager: 'fieldmanager2', subresource: 'status' }));
      if (data.noConflicts) return;
      const spec = fail(c.apply(obj(withNs(obj2)), { target, fieldManager: 'fieldmanager2' }));
      expect([spec.code, spec.reason]).toEqual([409, 'Conflict']);
      expect(spec.message).toContain('conflict with "fieldmanager1"');
      const status = fail(c.apply(obj(withNs(obj1)), { target, fieldManager: 'fieldmanager1', subresource: 'status' }));
      expect([status.code, status.reason]).toEqual([409, 'Conflict']);
      expect(status.message).toContain('conflict with "fieldmanager2"');
    });
  }
});
