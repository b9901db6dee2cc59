/**
 * What kube-apiserver 1.32 adds to a new Pod after the field manager, so that nobody owns it: the
 * status its strategy writes (phase Pending, the QoS class), and the ServiceAccount, Priority and
 * DefaultTolerationSeconds admission plugins' fields.
 */
import { describe, expect, it } from 'vitest';
import { createCluster, serve, withServiceAccountAdmission } from '../../src/apiserver/server.js';
import { podQosClass } from '../../src/apiserver/pod-status-on-create.js';
import type { ApiRequest, ClusterState, KubeObject } from '../../src/apiserver/types.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';

function run(state: ClusterState, request: ApiRequest): ClusterState {
  const r = serve(state, request);
  if (!r.response.ok) throw new Error(r.response.status.message);
  return r.state;
}

const pod = (spec: object, name = 'web') => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec }) as unknown as KubeObject;
const nginx = { name: 'web', image: 'nginx' };
const stored = (s: ClusterState, name = 'web') => s.objects.get(`/pods/default/${name}`) as any;
const cluster = () => createCluster({ catalog: builtinCatalog() });
/** A cluster whose namespace `default` has its `default` account, with the ServiceAccount plugin on, as `ssa-sim serve` runs. */
function withAccounts(...accounts: object[]): ClusterState {
  let s = withServiceAccountAdmission(cluster());
  for (const a of [{ metadata: { name: 'default' } }, ...accounts]) s = run(s, { verb: 'create', body: { apiVersion: 'v1', kind: 'ServiceAccount', ...a, metadata: { namespace: 'default', ...(a as any).metadata } } as KubeObject });
  return s;
}

describe('a new Pod', () => {
  it('starts Pending with its QoS class, tolerates unready and unreachable nodes for 300 s, has priority 0; none of it owned', () => {
    const s = run(cluster(), { verb: 'create', body: pod({ containers: [nginx] }), options: { fieldManager: 'kubectl-run' } });
    const p = stored(s);
    expect(p.status).toEqual({ phase: 'Pending', qosClass: 'BestEffort' });
    expect(p.spec.priority).toBe(0);
    expect(p.spec.preemptionPolicy).toBe('PreemptLowerPriority');
    expect(p.spec.tolerations).toEqual([
      { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
      { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
    ]);
    // Without a serviceaccount controller (a scenario's cluster) the ServiceAccount plugin is off.
    expect(p.spec.serviceAccountName).toBeUndefined();
    const owned = JSON.stringify(p.metadata.managedFields);
    for (const f of ['f:status', 'f:priority', 'f:preemptionPolicy', 'f:tolerations']) expect(owned).not.toContain(f);
  });

  it('keeps tolerations that already cover unready or unreachable nodes', () => {
    const all = run(cluster(), { verb: 'create', body: pod({ containers: [nginx], tolerations: [{ operator: 'Exists' }] }) });
    expect(stored(all).spec.tolerations).toEqual([{ operator: 'Exists' }]);
    const notReady = { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' };
    const one = run(cluster(), { verb: 'create', body: pod({ containers: [nginx], tolerations: [notReady] }) });
    expect(stored(one).spec.tolerations.map((t: any) => t.key)).toEqual(['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable']);
    expect(stored(one).spec.tolerations[0]).toEqual(notReady);
  });

  it('with scheduling gates, is marked SchedulingGated', () => {
    const s = run(cluster(), { verb: 'create', body: pod({ containers: [nginx], schedulingGates: [{ name: 'example.com/wait' }] }) });
    expect(stored(s).status.conditions).toEqual([
      { type: 'PodScheduled', status: 'False', lastProbeTime: null, lastTransitionTime: null, reason: 'SchedulingGated', message: 'Scheduling is blocked due to non-empty scheduling gates' },
    ]);
  });

  it('keeps its stored status, priority and policy when a write leaves them out', () => {
    let s = run(cluster(), { verb: 'create', body: pod({ containers: [nginx] }) });
    s = run(s, { verb: 'update', body: { ...pod({ containers: [nginx] }), metadata: { name: 'web', namespace: 'default', labels: { a: 'b' } } } as KubeObject });
    expect(stored(s).status.phase).toBe('Pending');
    expect(stored(s).spec.priority).toBe(0);
    expect(stored(s).spec.preemptionPolicy).toBe('PreemptLowerPriority');
  });
});

describe('the QoS class', () => {
  const c = (resources: object, name = 'c') => ({ name, image: 'x', resources });
  it.each([
    ['no requests or limits', [c({})], 'BestEffort'],
    ['zero requests only', [c({ requests: { cpu: '0', memory: '0' } })], 'BestEffort'],
    ['requests only', [c({ requests: { cpu: '100m' } })], 'Burstable'],
    ['cpu and memory limits equal to requests', [c({ requests: { cpu: '1', memory: '1Gi' }, limits: { cpu: '1000m', memory: '1024Mi' } })], 'Guaranteed'],
    ['limits of cpu only', [c({ requests: { cpu: '1' }, limits: { cpu: '1' } })], 'Burstable'],
    ['requests below limits', [c({ requests: { cpu: '500m', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi' } })], 'Burstable'],
    ['other resources do not count', [c({ requests: { 'ephemeral-storage': '1Gi' } })], 'BestEffort'],
    ['every container limited', [c({ requests: { cpu: '1', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi' } }), c({}, 'd')], 'Burstable'],
  ])('%s', (_, containers, expected) => {
    expect(podQosClass({ containers } as never)).toBe(expected);
  });

  it('counts init containers; limits alone are copied to requests first (SetDefaults_Pod), so they make a pod Guaranteed', () => {
    expect(podQosClass({ containers: [c({})], initContainers: [c({ requests: { memory: '1Mi' } })] } as never)).toBe('Burstable');
    const s = run(cluster(), { verb: 'create', body: pod({ containers: [{ name: 'web', image: 'nginx', resources: { limits: { cpu: '1', memory: '64Mi' } } }] }) });
    expect(stored(s).status.qosClass).toBe('Guaranteed');
  });
});

describe('the ServiceAccount plugin (where a serviceaccount controller runs)', () => {
  it("names the default account and mounts its token into every container, unless one already mounts that path", () => {
    const mounted = { name: 'own', mountPath: '/var/run/secrets/kubernetes.io/serviceaccount' };
    const s = run(withAccounts(), {
      verb: 'create',
      // The mount names a volume of the pod, as kube-apiserver's validation requires.
      body: pod({ volumes: [{ name: 'own', emptyDir: {} }], initContainers: [{ name: 'init', image: 'busybox' }], containers: [nginx, { name: 'side', image: 'x', volumeMounts: [mounted] }] }),
      options: { fieldManager: 'kubectl-run' },
    });
    const spec = stored(s).spec;
    expect(spec.serviceAccountName).toBe('default');
    expect(spec.serviceAccount).toBe('default');
    expect(spec.volumes[0].name).toBe('own');
    const volume = spec.volumes[1];
    expect(volume.name).toMatch(/^kube-api-access-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    expect(volume.projected).toEqual({
      sources: [
        { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
        { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
        { downwardAPI: { items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }] } },
      ],
      defaultMode: 420,
    });
    const token = { name: volume.name, readOnly: true, mountPath: '/var/run/secrets/kubernetes.io/serviceaccount' };
    expect(spec.initContainers[0].volumeMounts).toEqual([token]);
    expect(spec.containers[0].volumeMounts).toEqual([token]);
    expect(spec.containers[1].volumeMounts).toEqual([mounted]);
    const [entry] = stored(s).metadata.managedFields;
    expect(entry.manager).toBe('kubectl-run');
    expect(Object.keys(entry.fieldsV1['f:spec'])).not.toContain('f:serviceAccountName');
    // The writer owns its own volume, not the one the plugin added.
    expect(Object.keys(entry.fieldsV1['f:spec']['f:volumes'])).toEqual(['.', 'k:{"name":"own"}']);
    expect(Object.keys(entry.fieldsV1['f:spec']['f:containers']['k:{"name":"web"}'])).not.toContain('f:volumeMounts');
    expect(Object.keys(entry.fieldsV1['f:spec']['f:containers']['k:{"name":"side"}'])).toContain('f:volumeMounts');
  });

  it('mounts nothing when the pod or its account turns automount off', () => {
    const off = run(withAccounts(), { verb: 'create', body: pod({ containers: [nginx], automountServiceAccountToken: false }) });
    expect(stored(off).spec.volumes).toBeUndefined();
    const robot = run(withAccounts({ metadata: { name: 'robot' }, automountServiceAccountToken: false }), { verb: 'create', body: pod({ containers: [nginx], serviceAccountName: 'robot' }) });
    expect(stored(robot).spec.volumes).toBeUndefined();
    expect(stored(robot).spec.containers[0].volumeMounts).toBeUndefined();
  });

  it('refuses a pod whose account does not exist', () => {
    const before = withAccounts();
    const r = serve(before, { verb: 'create', body: pod({ containers: [nginx], serviceAccountName: 'robot' }) });
    expect(r.state).toBe(before);
    expect(r.response.ok ? undefined : r.response.status).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'pods "web" is forbidden: error looking up service account default/robot: serviceaccount "robot" not found',
      reason: 'Forbidden',
      details: { name: 'web', kind: 'pods' },
      code: 403,
    });
  });
});

describe('the Priority plugin', () => {
  it("takes a system class's value", () => {
    const s = run(cluster(), { verb: 'create', body: pod({ containers: [nginx], priorityClassName: 'system-node-critical' }) });
    expect(stored(s).spec.priority).toBe(2000001000);
  });

  it('takes a stored class, and the global default when the pod names none', () => {
    let s = run(cluster(), { verb: 'create', body: { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'high' }, value: 1000, globalDefault: true, preemptionPolicy: 'Never' } as unknown as KubeObject });
    s = run(s, { verb: 'create', body: pod({ containers: [nginx] }) });
    expect(stored(s).spec.priorityClassName).toBe('high');
    expect(stored(s).spec.priority).toBe(1000);
    expect(stored(s).spec.preemptionPolicy).toBe('Never');
  });

  it.each([
    [{ priorityClassName: 'nope' }, 'no PriorityClass with name nope was found'],
    [{ priority: 5 }, 'the integer value of priority (5) must not be provided in pod spec; priority admission controller computed 0 from the given PriorityClass name'],
    [{ preemptionPolicy: 'Never' }, 'the string value of PreemptionPolicy (Never) must not be provided in pod spec; priority admission controller computed PreemptLowerPriority from the given PriorityClass name'],
  ])('refuses %j', (extra, why) => {
    const r = serve(cluster(), { verb: 'create', body: pod({ containers: [nginx], ...extra }) });
    expect(r.response.ok ? undefined : [r.response.status.code, r.response.status.message]).toEqual([403, `pods "web" is forbidden: ${why}`]);
  });
});
