/**
 * kube-apiserver 1.32, every feature gate at its default, drops the pod fields of the features
 * that are off when a Pod or a pod template is written (pkg/api/pod/util.go dropDisabledFields and
 * dropDisabledPodStatusFields, called from each registry strategy's PrepareForCreate and
 * PrepareForUpdate): a field stays only when the stored object already used it. The field manager
 * runs before the strategy, so the writer's managedFields entry still lists what was dropped.
 */
import { describe, expect, it } from 'vitest';
import { Cluster, withExistingObject } from '../../src/apiserver/index.js';
import type { KubeObject } from '../../src/apiserver/index.js';
import { cluster, entries, obj, ok, ref } from './helpers.js';

const NOW = '2024-02-24T15:24:00Z';
const real = () => cluster({ harness: false, now: NOW });
const podRef = ref('v1', 'Pod', 'p');

type Plain = Record<string, unknown>;
const pod = (spec: Plain, status?: Plain): KubeObject =>
  obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec, ...(status ? { status } : {}) });
const plain = (o: KubeObject | undefined): Plain => JSON.parse(JSON.stringify(o)) as Plain;
const specOf = (o: KubeObject | undefined): Plain => plain(o).spec as Plain;
const statusOf = (o: KubeObject | undefined): Plain => plain(o).status as Plain;
const web = { name: 'web', image: 'nginx' };
const at = (o: KubeObject | undefined, path: readonly string[]): Plain => path.reduce<Plain>((v, k) => v[k] as Plain, plain(o));

/** A cluster already holding `stored` as it is (written by a server whose gates were on). */
function holding(stored: KubeObject): Cluster {
  const r = withExistingObject(real().state, stored);
  if (!('state' in r)) throw new Error(r.problem);
  return new Cluster(r.state);
}

/** One case per field 1.32 drops: the pod spec using it, and where it is read back. */
const FIELDS: readonly { gate: string; spec: Plain; read: (spec: Plain) => unknown; dropped: unknown }[] = [
  { gate: 'UserNamespacesSupport', spec: { hostUsers: false, containers: [web] }, read: (s) => s.hostUsers, dropped: undefined },
  {
    gate: 'SupplementalGroupsPolicy',
    spec: { securityContext: { supplementalGroupsPolicy: 'Strict' }, containers: [web] },
    read: (s) => (s.securityContext as Plain).supplementalGroupsPolicy,
    dropped: undefined,
  },
  {
    gate: 'SELinuxChangePolicy',
    spec: { securityContext: { seLinuxChangePolicy: 'Recursive' }, containers: [web] },
    read: (s) => (s.securityContext as Plain).seLinuxChangePolicy,
    dropped: undefined,
  },
  { gate: 'PodLevelResources', spec: { resources: { limits: { cpu: '1' } }, containers: [web] }, read: (s) => s.resources, dropped: undefined },
  {
    gate: 'ProcMountType (set to Default, not removed)',
    spec: { containers: [{ ...web, securityContext: { procMount: 'Unmasked' } }] },
    read: (s) => ((s.containers as Plain[])[0].securityContext as Plain).procMount,
    dropped: 'Default',
  },
  {
    gate: 'InPlacePodVerticalScaling',
    spec: { containers: [{ ...web, resizePolicy: [{ resourceName: 'cpu', restartPolicy: 'NotRequired' }] }] },
    read: (s) => (s.containers as Plain[])[0].resizePolicy,
    dropped: undefined,
  },
  {
    gate: 'ImageVolume (the volume and the mounts naming it)',
    spec: {
      volumes: [{ name: 'img', image: { reference: 'registry.example/data:1' } }, { name: 'scratch', emptyDir: {} }],
      containers: [{ ...web, volumeMounts: [{ name: 'img', mountPath: '/img' }, { name: 'scratch', mountPath: '/s' }] }],
    },
    read: (s) => [(s.volumes as Plain[]).map((v) => v.name), ((s.containers as Plain[])[0].volumeMounts as Plain[]).map((m) => m.name)],
    dropped: [['scratch'], ['scratch']],
  },
  {
    gate: 'ClusterTrustBundleProjection (the source entry stays, empty)',
    spec: {
      volumes: [{ name: 'ctb', projected: { sources: [{ clusterTrustBundle: { name: 'b', path: 'ca.pem' } }, { configMap: { name: 'c' } }] } }],
      containers: [web],
    },
    read: (s) => ((s.volumes as Plain[])[0].projected as Plain).sources,
    dropped: [{}, { configMap: { name: 'c' } }],
  },
  {
    gate: 'DynamicResourceAllocation',
    spec: {
      resourceClaims: [{ name: 'gpu', resourceClaimName: 'gpu-claim' }],
      containers: [{ ...web, resources: { claims: [{ name: 'gpu' }] } }],
    },
    read: (s) => [s.resourceClaims, ((s.containers as Plain[])[0].resources as Plain).claims],
    dropped: [undefined, undefined],
  },
];

describe('a create drops the fields of the gates 1.32 has off', () => {
  for (const f of FIELDS) {
    it(`${f.gate}: dropped from a Pod, by apply and by create`, () => {
      const applied = ok(real().apply(pod(f.spec), { fieldManager: 'a', target: podRef }));
      expect(f.read(specOf(applied))).toEqual(f.dropped);
      const created = ok(real().create(pod(f.spec), { fieldManager: 'c' }));
      expect(f.read(specOf(created))).toEqual(f.dropped);
    });
  }

  it('the five at once, as a kubectl user sends them; the rest of the pod is kept', () => {
    const c = real();
    const stored = ok(
      c.apply(
        pod({
          hostUsers: false,
          securityContext: { supplementalGroupsPolicy: 'Strict', seLinuxChangePolicy: 'Recursive', runAsUser: 1000 },
          containers: [{ ...web, resizePolicy: [{ resourceName: 'cpu', restartPolicy: 'NotRequired' }], securityContext: { procMount: 'Unmasked', runAsNonRoot: true } }],
        }),
        { fieldManager: 'kubectl', target: podRef },
      ),
    );
    const spec = specOf(stored);
    expect(spec.hostUsers).toBeUndefined();
    expect(spec.securityContext).toEqual({ runAsUser: 1000 });
    const container = (spec.containers as Plain[])[0];
    expect(container.resizePolicy).toBeUndefined();
    expect(container.securityContext).toEqual({ procMount: 'Default', runAsNonRoot: true });
    expect(specOf(c.object(podRef))).toEqual(spec);
  });

  it('init and ephemeral containers too', () => {
    const stored = ok(
      real().create(
        pod({
          initContainers: [{ name: 'init', image: 'busybox', resizePolicy: [{ resourceName: 'memory', restartPolicy: 'RestartContainer' }], securityContext: { procMount: 'Unmasked' } }],
          containers: [web],
        }),
        { fieldManager: 'c' },
      ),
    );
    const init = (specOf(stored).initContainers as Plain[])[0];
    expect(init.resizePolicy).toBeUndefined();
    expect((init.securityContext as Plain).procMount).toBe('Default');
  });
});

describe('an update keeps a field the stored object already used, and only then', () => {
  const d = ref('apps/v1', 'Deployment', 'x');
  const deployment = (spec: Plain, image = 'nginx'): KubeObject =>
    obj({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'x', namespace: 'default' },
      spec: {
        selector: { matchLabels: { app: 'x' } },
        template: { metadata: { labels: { app: 'x' } }, spec: { ...spec, containers: (spec.containers as Plain[]).map((c) => ({ ...c, image })) } },
      },
    });
  const templateSpec = (o: KubeObject): Plain => at(o, ['spec', 'template', 'spec']);

  for (const f of FIELDS) {
    it(`${f.gate}: a Pod that used it keeps it`, () => {
      const kept = ok(holding(pod(f.spec)).apply(pod(f.spec), { fieldManager: 'a', target: podRef }));
      expect(f.read(specOf(kept))).toEqual(f.read(f.spec));
    });

    it(`${f.gate}: a Deployment's template keeps it when the old template used it, and drops it when it did not`, () => {
      const used = holding(deployment(f.spec));
      expect(f.read(templateSpec(ok(used.apply(deployment(f.spec, 'nginx:2'), { fieldManager: 'a', target: d, force: true }))))).toEqual(f.read(f.spec));

      const unused = real();
      const without: Plain = { containers: [web], ...(f.spec.volumes ? { volumes: [{ name: 'scratch', emptyDir: {} }] } : {}) };
      ok(unused.apply(deployment(without), { fieldManager: 'a', target: d }));
      expect(f.read(templateSpec(ok(unused.apply(deployment(f.spec, 'nginx:2'), { fieldManager: 'a', target: d, force: true }))))).toEqual(f.dropped);
    });
  }

  it('one gate in use does not keep the fields of another', () => {
    const c = holding(pod({ hostUsers: false, containers: [web] }));
    const r = ok(c.apply(pod({ hostUsers: false, securityContext: { seLinuxChangePolicy: 'Recursive' }, containers: [web] }), { fieldManager: 'a', target: podRef }));
    expect(specOf(r).hostUsers).toBe(false);
    expect(specOf(r).securityContext).toEqual({});
  });

  it('procMount is in use only when the old object has a value other than Default', () => {
    const c = holding(deployment({ containers: [{ ...web, securityContext: { procMount: 'Default' } }] }));
    const r = ok(c.apply(deployment({ containers: [{ ...web, securityContext: { procMount: 'Unmasked' } }] }), { fieldManager: 'a', target: d, force: true }));
    expect(((templateSpec(r).containers as Plain[])[0].securityContext as Plain).procMount).toBe('Default');
  });
});

describe("a Pod's status: the fields of off gates are dropped on every write of it", () => {
  const containerStatus = {
    name: 'web',
    image: 'nginx',
    imageID: '',
    ready: true,
    restartCount: 0,
    allocatedResources: { cpu: '1' },
    resources: { requests: { cpu: '1' } },
    allocatedResourcesStatus: [{ name: 'claim:gpu', resources: [] }],
    user: { linux: { uid: 0, gid: 0 } },
  };
  const status = { phase: 'Running', resize: 'Proposed', resourceClaimStatuses: [{ name: 'gpu', resourceClaimName: 'gpu-claim' }], containerStatuses: [containerStatus] };
  const statusUpdate = (c: Cluster) => {
    const live = plain(c.object(podRef));
    return ok(c.update(obj({ ...live, status }), { fieldManager: 'kubelet', subresource: 'status' }));
  };

  it('allocatedResources, resources, resize, allocatedResourcesStatus, user and resourceClaimStatuses, when the spec does not use them', () => {
    const c = real();
    ok(c.create(pod({ containers: [web] }), { fieldManager: 'c' }));
    const s = statusOf(statusUpdate(c));
    expect(s.resize).toBeUndefined();
    expect(s.resourceClaimStatuses).toBeUndefined();
    const cs = (s.containerStatuses as Plain[])[0];
    for (const k of ['allocatedResources', 'resources', 'allocatedResourcesStatus', 'user']) expect(cs[k]).toBeUndefined();
    expect(cs).toMatchObject({ name: 'web', image: 'nginx', ready: true, restartCount: 0 });
    expect(s.phase).toBe('Running');
  });

  it("a spec that uses resizePolicy, supplementalGroupsPolicy and resourceClaims keeps their status fields; allocatedResources and allocatedResourcesStatus go whatever the spec (their gates have no in-use rule)", () => {
    const c = holding(
      pod({
        securityContext: { supplementalGroupsPolicy: 'Merge' },
        resourceClaims: [{ name: 'gpu', resourceClaimName: 'gpu-claim' }],
        containers: [{ ...web, resizePolicy: [{ resourceName: 'cpu', restartPolicy: 'NotRequired' }] }],
      }),
    );
    const s = statusOf(statusUpdate(c));
    expect(s.resize).toBe('Proposed');
    expect(s.resourceClaimStatuses).toEqual(status.resourceClaimStatuses);
    const cs = (s.containerStatuses as Plain[])[0];
    expect(cs.resources).toEqual(containerStatus.resources);
    expect(cs.user).toEqual(containerStatus.user);
    expect(cs.allocatedResources).toBeUndefined();
    expect(cs.allocatedResourcesStatus).toBeUndefined();
  });
});

/** Each kind with a pod template, where it keeps it, and a minimal valid object around `template`. */
const WORKLOADS: readonly { kind: string; apiVersion: string; path: readonly string[]; wrap: (template: Plain) => Plain; stored?: Plain }[] = [
  { kind: 'Deployment', apiVersion: 'apps/v1', path: ['spec', 'template'], wrap: (t) => ({ spec: { selector: { matchLabels: { app: 'x' } }, template: t } }) },
  { kind: 'ReplicaSet', apiVersion: 'apps/v1', path: ['spec', 'template'], wrap: (t) => ({ spec: { selector: { matchLabels: { app: 'x' } }, template: t } }) },
  { kind: 'DaemonSet', apiVersion: 'apps/v1', path: ['spec', 'template'], wrap: (t) => ({ spec: { selector: { matchLabels: { app: 'x' } }, template: t } }) },
  { kind: 'StatefulSet', apiVersion: 'apps/v1', path: ['spec', 'template'], wrap: (t) => ({ spec: { selector: { matchLabels: { app: 'x' } }, serviceName: 'x', template: t } }) },
  // Stored as a create leaves it: with the selector the strategy made, here a manual one.
  { kind: 'Job', apiVersion: 'batch/v1', path: ['spec', 'template'], wrap: (t) => ({ spec: { template: withRestart(t) } }), stored: { manualSelector: true, selector: { matchLabels: { app: 'x' } } } },
  {
    kind: 'CronJob',
    apiVersion: 'batch/v1',
    path: ['spec', 'jobTemplate', 'spec', 'template'],
    wrap: (t) => ({ spec: { schedule: '*/5 * * * *', jobTemplate: { spec: { template: withRestart(t) } } } }),
  },
  { kind: 'ReplicationController', apiVersion: 'v1', path: ['spec', 'template'], wrap: (t) => ({ spec: { selector: { app: 'x' }, template: t } }) },
  { kind: 'PodTemplate', apiVersion: 'v1', path: ['template'], wrap: (t) => ({ template: t }) },
];
function withRestart(t: Plain): Plain {
  return { ...t, spec: { ...(t.spec as Plain), restartPolicy: 'Never' } };
}
const template = (spec: Plain): Plain => ({ metadata: { labels: { app: 'x' } }, spec: { ...spec, containers: [web] } });
const workload = (w: (typeof WORKLOADS)[number], spec: Plain): KubeObject =>
  obj({ apiVersion: w.apiVersion, kind: w.kind, metadata: { name: 'x', namespace: 'default' }, ...w.wrap(template(spec)) });

describe("a workload's pod template", () => {
  for (const w of WORKLOADS) {
    it(`${w.kind}: dropped on create, kept on update when the old template used it`, () => {
      const c = real();
      const both = { hostUsers: false, securityContext: { seLinuxChangePolicy: 'Recursive' } };
      const created = ok(c.apply(workload(w, both), { fieldManager: 'a', target: ref(w.apiVersion, w.kind, 'x') }));
      expect(at(created, w.path).spec).toMatchObject({ securityContext: {} });
      expect((at(created, w.path).spec as Plain).hostUsers).toBeUndefined();

      const seed = plain(workload(w, { hostUsers: false }));
      const used = holding(obj(w.stored ? { ...seed, spec: { ...(seed.spec as Plain), ...w.stored } } : seed));
      const updated = ok(used.apply(workload(w, both), { fieldManager: 'a', target: ref(w.apiVersion, w.kind, 'x') }));
      expect((at(updated, w.path).spec as Plain).hostUsers).toBe(false);
      expect((at(updated, w.path).spec as Plain).securityContext).toEqual({});
    });
  }

  it('a Deployment update that only adds dropped fields leaves the template, and so the generation, as they were', () => {
    const c = real();
    const d = ref('apps/v1', 'Deployment', 'x');
    const first = ok(c.apply(workload(WORKLOADS[0], {}), { fieldManager: 'a', target: d }));
    const second = ok(c.apply(workload(WORKLOADS[0], { hostUsers: false }), { fieldManager: 'a', target: d }));
    expect(plain(second).spec).toEqual(plain(first).spec);
    expect((plain(second).metadata as Plain).generation).toBe(1);
  });
});

describe('managedFields: the field manager ran before the strategy dropped the fields', () => {
  it("the applier's entry still lists the fields the stored Pod lacks", () => {
    const c = real();
    const stored = ok(
      c.apply(pod({ hostUsers: false, containers: [{ ...web, resizePolicy: [{ resourceName: 'cpu', restartPolicy: 'NotRequired' }] }] }), {
        fieldManager: 'kubectl',
        target: podRef,
      }),
    );
    expect(specOf(stored).hostUsers).toBeUndefined();
    expect((specOf(stored).containers as Plain[])[0].resizePolicy).toBeUndefined();
    expect(entries(stored)).toEqual([
      `kubectl | Apply | v1 |  | ${NOW} | {"f:spec":{"f:containers":{"k:{\\"name\\":\\"web\\"}":{".":{},"f:image":{},"f:name":{},"f:resizePolicy":{}}},"f:hostUsers":{}}}`,
    ]);
  });

  it('a create by Update lists them in its entry, beside the fields defaulting set', () => {
    const stored = ok(real().create(pod({ hostUsers: false, containers: [web] }), { fieldManager: 'creator' }));
    const entry = entries(stored)[0];
    expect(entry).toMatch(/^creator \| Update \| v1 \|/);
    expect(entry).toContain('"f:hostUsers":{}');
    expect(specOf(stored).hostUsers).toBeUndefined();
  });
});
