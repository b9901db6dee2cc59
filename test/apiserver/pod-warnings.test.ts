/**
 * The Warning texts kube-apiserver 1.32 adds for a Pod or a workload's pod template
 * (pkg/api/pod/warnings.go; cases from its warnings_test.go TestWarnings: "podspec
 * photon"/"gitRepo"/"scaleIO"/"flocker"/"storageOS"/"quobyte"/"glusterfs"/"CephFS"/"rbd",
 * "podspec critical-pod", "podspec sysctls", "podspec node labels in nodeSelector",
 * "node labels in affinity requiredDuringSchedulingIgnoredDuringExecution",
 * "node labels in topologySpreadConstraints", "pod with seccomp annotation"; and
 * the workload strategies, which warn on update only when the template changed).
 */
import { describe, expect, it } from 'vitest';
import { cluster, obj, ok } from './helpers.js';

const containers = [{ name: 'c', image: 'i' }];
const pod = (spec: object, annotations?: object) =>
  obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default', ...(annotations ? { annotations } : {}) }, spec: { containers, ...spec } });
const deploy = (tmplAnnotations: object, tmplSpec: object = {}, replicas = 1) =>
  obj({
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd', namespace: 'default' },
    spec: { replicas, selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' }, annotations: tmplAnnotations }, spec: { containers, ...tmplSpec } } },
  });

describe('pod warnings (pkg/api/pod/warnings.go, 1.32)', () => {
  it('deprecated and removed volume plugins on a Pod', () => {
    const vols = ['photonPersistentDisk', 'gitRepo', 'scaleIO', 'flocker', 'storageos', 'quobyte', 'glusterfs', 'cephfs', 'rbd'];
    const sources: Record<string, object> = {
      photonPersistentDisk: { pdID: 'x' }, gitRepo: { repository: 'r' }, scaleIO: { gateway: 'g', system: 's', secretRef: { name: 's' } },
      flocker: { datasetName: 'd' }, storageos: { volumeName: 'v' }, quobyte: { registry: 'r', volume: 'v' }, glusterfs: { endpoints: 'e', path: 'p' },
      cephfs: { monitors: ['m'] }, rbd: { monitors: ['m'], image: 'i' },
    };
    const r = cluster().create(pod({ volumes: vols.map((v, i) => ({ name: `v${i}`, [v]: sources[v] })) }), { fieldManager: 'm' });
    ok(r);
    expect(r.warnings).toEqual([
      'spec.volumes[0].photonPersistentDisk: deprecated in v1.11, non-functional in v1.16+',
      'spec.volumes[1].gitRepo: deprecated in v1.11',
      'spec.volumes[2].scaleIO: deprecated in v1.16, non-functional in v1.22+',
      'spec.volumes[3].flocker: deprecated in v1.22, non-functional in v1.25+',
      'spec.volumes[4].storageOS: deprecated in v1.22, non-functional in v1.25+',
      'spec.volumes[5].quobyte: deprecated in v1.22, non-functional in v1.25+',
      'spec.volumes[6].glusterfs: deprecated in v1.25, non-functional in v1.26+',
      'spec.volumes[7].cephfs: deprecated in v1.28, non-functional in v1.31+',
      'spec.volumes[8].rbd: deprecated in v1.28, non-functional in v1.31+',
    ]);
  });
  it('node labels in nodeSelector, affinity and topology spread, then annotations, on a Pod', () => {
    const r = cluster().create(pod({
      nodeSelector: { 'beta.kubernetes.io/arch': 'true' },
      affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'foo', operator: 'Exists' }, { key: 'beta.kubernetes.io/os', operator: 'Exists' }] }] } } },
      topologySpreadConstraints: [{ topologyKey: 'failure-domain.beta.kubernetes.io/zone', maxSkew: 1, whenUnsatisfiable: 'DoNotSchedule', labelSelector: {} }],
    }, { 'scheduler.alpha.kubernetes.io/critical-pod': 'true', 'security.alpha.kubernetes.io/sysctls': 'a=b', 'seccomp.security.alpha.kubernetes.io/pod': 'runtime/default' }), { fieldManager: 'm' });
    ok(r);
    expect(r.warnings).toEqual([
      'spec.nodeSelector[beta.kubernetes.io/arch]: deprecated since v1.14; use "kubernetes.io/arch" instead',
      'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[1].key: beta.kubernetes.io/os is deprecated since v1.14; use "kubernetes.io/os" instead',
      'spec.topologySpreadConstraints[0].topologyKey: failure-domain.beta.kubernetes.io/zone is deprecated since v1.17; use "topology.kubernetes.io/zone" instead',
      'metadata.annotations[scheduler.alpha.kubernetes.io/critical-pod]: non-functional in v1.16+; use the "priorityClassName" field instead',
      'metadata.annotations[security.alpha.kubernetes.io/sysctls]: non-functional in v1.11+; use the "sysctls" field instead',
      'metadata.annotations[seccomp.security.alpha.kubernetes.io/pod]: non-functional in v1.27+; use the "seccompProfile" field instead',
    ]);
  });
  it('a Deployment warns at its template path on create, and on update only when the template changed', () => {
    const c = cluster();
    const crit = { 'scheduler.alpha.kubernetes.io/critical-pod': '' };
    const expected = [
      'spec.template.spec.nodeSelector[beta.kubernetes.io/os]: deprecated since v1.14; use "kubernetes.io/os" instead',
      'spec.template.metadata.annotations[scheduler.alpha.kubernetes.io/critical-pod]: non-functional in v1.16+; use the "priorityClassName" field instead',
    ];
    const created = c.create(deploy(crit, { nodeSelector: { 'beta.kubernetes.io/os': 'linux' } }), { fieldManager: 'm' });
    ok(created);
    expect(created.warnings).toEqual(expected);
    const scaled = c.update(deploy(crit, { nodeSelector: { 'beta.kubernetes.io/os': 'linux' } }, 3), { fieldManager: 'm' });
    ok(scaled);
    expect(scaled.warnings).toEqual([]);
    const changed = c.update(deploy({ ...crit, x: 'y' }, { nodeSelector: { 'beta.kubernetes.io/os': 'linux' } }, 3), { fieldManager: 'm' });
    ok(changed);
    expect(changed.warnings).toEqual(expected);
  });
  it('duplicate hostAliases and imagePullSecrets, an empty pull secret name, container seccomp annotation, duplicate env', () => {
    // warnings_test.go "duplicate hostAlias", "duplicate imagePullSecret", "empty imagePullSecret",
    // "container seccomp annotation", "duplicate env"
    const r = cluster().create(pod({
      hostAliases: [{ ip: '1.1.1.1', hostnames: ['a'] }, { ip: '1.1.1.1', hostnames: ['b'] }],
      imagePullSecrets: [{ name: 'foo' }, { name: 'foo' }, { name: '' }],
      containers: [{ name: 'c', image: 'i', env: [{ name: 'a', value: 'a' }, { name: 'a', value: 'a' }, { name: 'a', value: '$(a)b' }, { name: 'a', value: '$(a)' }] }],
    }, { 'container.seccomp.security.alpha.kubernetes.io/c': 'runtime/default' }), { fieldManager: 'm' });
    ok(r);
    expect(r.warnings).toEqual([
      'spec.hostAliases[1].ip: duplicate ip "1.1.1.1"',
      'spec.imagePullSecrets[1].name: duplicate name "foo"',
      'spec.imagePullSecrets[2].name: invalid empty name ""',
      'metadata.annotations[container.seccomp.security.alpha.kubernetes.io/c]: non-functional in v1.27+; use the "seccompProfile" field instead',
      'spec.containers[0].env[1]: hides previous definition of "a", which may be dropped when using apply',
      'spec.containers[0].env[3]: hides previous definition of "a", which may be dropped when using apply',
    ]);
  });
  it('fractional memory and ephemeral-storage byte values', () => {
    // warnings_test.go "container limits fractional memory"/"container requests fractional ephemeral-storage"
    const r = cluster().create(pod({
      containers: [{ name: 'c', image: 'i', resources: { limits: { memory: '250m', 'ephemeral-storage': '1' }, requests: { memory: '250m', 'ephemeral-storage': '1.5' } } }],
    }), { fieldManager: 'm' });
    ok(r);
    expect(r.warnings).toEqual([
      'spec.containers[0].resources.limits[memory]: fractional byte value "250m" is invalid, must be an integer',
      'spec.containers[0].resources.requests[memory]: fractional byte value "250m" is invalid, must be an integer',
      'spec.containers[0].resources.requests[ephemeral-storage]: fractional byte value "1500m" is invalid, must be an integer',
    ]);
  });
  it('container ports: hostIP without hostPort, duplicate, overlapping and ambiguous definitions across containers', () => {
    // warnings_test.go "hostIP set without hostPort", "duplicate container ports with same port and protocol",
    // "duplicate container ports with one host port set and one without", "dangerously ambiguous ..."
    const r = cluster().create(pod({
      initContainers: [{ name: 'i', image: 'i', ports: [{ containerPort: 80 }] }],
      containers: [
        { name: 'a', image: 'i', ports: [{ containerPort: 80, protocol: 'UDP', hostIP: '10.0.0.1' }, { containerPort: 80 }, { containerPort: 80, hostPort: 8080 }] },
        { name: 'b', image: 'i', ports: [{ name: 'web', containerPort: 443, hostPort: 443 }, { containerPort: 443, hostPort: 443, hostIP: '10.0.0.2' }] },
      ],
    }), { fieldManager: 'm' });
    ok(r);
    expect(r.warnings).toEqual([
      'spec.containers[0].ports[0]: hostIP set without hostPort: {Name: HostPort:0 ContainerPort:80 Protocol:UDP HostIP:10.0.0.1}',
      'spec.containers[0].ports[1]: duplicate port definition with spec.initContainers[0].ports[0]',
      'spec.containers[0].ports[2]: overlapping port definition with spec.initContainers[0].ports[0]',
      'spec.containers[0].ports[2]: overlapping port definition with spec.containers[0].ports[1]',
      'spec.containers[1].ports[1]: dangerously ambiguous port definition with spec.containers[1].ports[0]',
    ]);
  });
  it('a negative terminationGracePeriodSeconds and null pod (anti-)affinity label selectors, at a template path', () => {
    // warnings_test.go "terminationGracePeriodSeconds is negative", "null LabelSelector in PodAffinity"...
    const term = { topologyKey: 'kubernetes.io/hostname' };
    const r = cluster().create(deploy({}, {
      terminationGracePeriodSeconds: -1,
      affinity: {
        podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term, { ...term, labelSelector: {} }], preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, podAffinityTerm: term }] },
        podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term], preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, podAffinityTerm: { ...term, labelSelector: {} } }, { weight: 2, podAffinityTerm: term }] },
      },
    }), { fieldManager: 'm' });
    ok(r);
    expect(r.warnings).toEqual([
      'spec.template.spec.terminationGracePeriodSeconds: must be >= 0; negative values are invalid and will be treated as 1',
      'spec.template.spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].labelSelector: a null labelSelector results in matching no pod',
      'spec.template.spec.affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm.labelSelector: a null labelSelector results in matching no pod',
      'spec.template.spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].labelSelector: a null labelSelector results in matching no pod',
      'spec.template.spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[1].podAffinityTerm.labelSelector: a null labelSelector results in matching no pod',
    ]);
  });
  it('a template AppArmor annotation without an appArmorProfile field (pod or container) is deprecated', () => {
    // warnings_test.go "pod template with apparmor annotation" ...; a Pod's come from its strategy instead
    const ann = { 'container.apparmor.security.beta.kubernetes.io/c': 'runtime/default' };
    const r = cluster().create(deploy(ann), { fieldManager: 'm' });
    ok(r);
    expect(r.warnings).toEqual([
      'spec.template.metadata.annotations[container.apparmor.security.beta.kubernetes.io/c]: deprecated since v1.30; use the "appArmorProfile" field instead',
    ]);
    const withField = cluster().create(deploy(ann, { securityContext: { appArmorProfile: { type: 'RuntimeDefault' } } }), { fieldManager: 'm' });
    ok(withField);
    expect(withField.warnings).toEqual([]);
  });
  it("a new Pod's name that is no DNS label warns first (the pod strategy's WarningsOnCreate); a Pod update warns about nothing", () => {
    const c = cluster({ harness: false });
    const dotted = obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web.v1', namespace: 'default' }, spec: { containers, nodeSelector: { 'beta.kubernetes.io/os': 'linux' } } });
    const r = c.create(dotted, { fieldManager: 'm' });
    ok(r);
    expect(r.warnings).toEqual([
      "metadata.name: this is used in the Pod's hostname, which can result in surprising behavior; a DNS label is recommended: [must not contain dots]",
      'spec.nodeSelector[beta.kubernetes.io/os]: deprecated since v1.14; use "kubernetes.io/os" instead',
    ]);
    const long = c.create(obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'x'.repeat(64), namespace: 'default' }, spec: { containers } }), { fieldManager: 'm' });
    ok(long);
    expect(long.warnings).toEqual(["metadata.name: this is used in the Pod's hostname, which can result in surprising behavior; a DNS label is recommended: [must be no more than 63 characters]"]);
    const updated = c.patch({ apiVersion: 'v1', kind: 'Pod', name: 'web.v1', namespace: 'default' }, 'merge', { metadata: { labels: { a: 'b' } } }, { fieldManager: 'm' });
    ok(updated);
    // podStrategy.WarningsOnUpdate returns none: a Pod update warns about nothing.
    expect(updated.warnings).toEqual([]);
  });
  it("an ephemeral volume's claim template with fractional storage bytes", () => {
    // warnings.go: pvcutil.GetWarningsForPersistentVolumeClaimSpec at the template's spec
    const r = cluster().create(deploy({}, {
      volumes: [{ name: 'scratch', ephemeral: { volumeClaimTemplate: { spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1.5' }, limits: { storage: '2500m' } } } } } }],
    }), { fieldManager: 'm' });
    ok(r);
    expect(r.warnings).toEqual([
      'spec.template.spec.volumes[0].ephemeral.volumeClaimTemplate.spec.resources.requests[storage]: fractional byte value "1500m" is invalid, must be an integer',
      'spec.template.spec.volumes[0].ephemeral.volumeClaimTemplate.spec.resources.limits[storage]: fractional byte value "2500m" is invalid, must be an integer',
    ]);
  });
  it('a Pod\'s negative terminationGracePeriodSeconds is read as 1 (the v1 Pod conversion), so it warns nothing', () => {
    // pkg/apis/core/v1 Pod conversion since 1.27 (kubernetes PR 115606; e2e "pod with negative grace period")
    const c = cluster({ harness: false });
    const r = c.create(obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { terminationGracePeriodSeconds: -5, containers } }), { fieldManager: 'm' });
    expect(r.warnings).toEqual([]);
    expect((ok(r).spec as Record<string, unknown>).terminationGracePeriodSeconds).toBe(1);
    const again = c.patch({ apiVersion: 'v1', kind: 'Pod', name: 'p', namespace: 'default' }, 'merge', { spec: { terminationGracePeriodSeconds: -1 } }, { fieldManager: 'm' });
    expect((ok(again).spec as Record<string, unknown>).terminationGracePeriodSeconds).toBe(1);
  });
});
