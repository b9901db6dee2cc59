/**
 * kube-apiserver 1.32, every feature gate at its default, drops the fields of the off gates from
 * objects other than pods too: each registry strategy's PrepareForCreate and PrepareForUpdate (and,
 * for some kinds, its status strategy's PrepareForUpdate) calls its kind's dropDisabled*Fields, which
 * keeps a field only when the stored object already used it. The pod fields have their own test
 * (drop-disabled-pod-fields.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { Cluster, withExistingObject } from '../../src/apiserver/index.js';
import type { KubeObject } from '../../src/apiserver/index.js';
import { cluster, obj, ok, ref } from './helpers.js';

const NOW = '2024-02-24T15:24:00Z';
const real = () => cluster({ harness: false, now: NOW });

type Plain = Record<string, unknown>;
const plain = (o: KubeObject | undefined): Plain => JSON.parse(JSON.stringify(o ?? null)) as Plain;
const at = (o: KubeObject | undefined, path: readonly string[]): unknown =>
  path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Plain)[k] : undefined), plain(o));

/** A cluster already holding `stored` as it is (written by a server whose gate was on). */
function holding(stored: KubeObject): Cluster {
  const r = withExistingObject(real().state, stored);
  if (!('state' in r)) throw new Error(r.problem);
  return new Cluster(r.state);
}

/**
 * One case per field dropped from the main resource: the object's body with the field (`using`)
 * and without it (`plainBody`), where it is read back, and what a drop leaves there.
 */
interface Case {
  readonly gate: string;
  readonly apiVersion: string;
  readonly kind: string;
  readonly namespaced: boolean;
  readonly using: Plain;
  readonly plainBody: Plain;
  readonly path: readonly string[];
  readonly dropped?: unknown;
}

const labels = { app: 'x' };
const podTemplate = { metadata: { labels }, spec: { containers: [{ name: 'web', image: 'nginx' }] } };
const statefulSet = (rollingUpdate: Plain): Plain => ({
  spec: { selector: { matchLabels: labels }, serviceName: 'x', template: podTemplate, updateStrategy: { type: 'RollingUpdate', rollingUpdate } },
});

function claim(extra: Plain): Plain {
  return { spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, ...extra } };
}
function volume(extra: Plain): Plain {
  return { spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], hostPath: { path: '/data' }, ...extra } };
}

const CASES: readonly Case[] = [
  {
    gate: 'MaxUnavailableStatefulSet',
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    namespaced: true,
    using: statefulSet({ partition: 0, maxUnavailable: 2 }),
    plainBody: statefulSet({ partition: 0 }),
    path: ['spec', 'updateStrategy', 'rollingUpdate', 'maxUnavailable'],
  },
  {
    gate: 'VolumeAttributesClass',
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    namespaced: true,
    using: claim({ volumeAttributesClassName: 'gold' }),
    plainBody: claim({}),
    path: ['spec', 'volumeAttributesClassName'],
  },
  {
    gate: 'CrossNamespaceVolumeDataSource',
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    namespaced: true,
    using: claim({ dataSourceRef: { kind: 'PersistentVolumeClaim', name: 'src', namespace: 'other' } }),
    plainBody: claim({}),
    path: ['spec', 'dataSourceRef'],
  },
  {
    gate: 'VolumeAttributesClass',
    apiVersion: 'v1',
    kind: 'PersistentVolume',
    namespaced: false,
    using: volume({ volumeAttributesClassName: 'gold' }),
    plainBody: volume({}),
    path: ['spec', 'volumeAttributesClassName'],
  },
  {
    gate: 'DynamicKubeletConfig (removed)',
    apiVersion: 'v1',
    kind: 'Node',
    namespaced: false,
    using: { spec: { configSource: { configMap: { name: 'kubelet', namespace: 'kube-system', kubeletConfigKey: 'kubelet' } } } },
    plainBody: { spec: {} },
    path: ['spec', 'configSource'],
  },
  {
    gate: 'CoordinatedLeaderElection',
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    namespaced: true,
    using: { spec: { holderIdentity: 'a', strategy: 'OldestEmulationVersion' } },
    plainBody: { spec: { holderIdentity: 'a' } },
    path: ['spec', 'strategy'],
  },
  {
    gate: 'CoordinatedLeaderElection',
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    namespaced: true,
    using: { spec: { holderIdentity: 'a', strategy: 'OldestEmulationVersion', preferredHolder: 'b' } },
    plainBody: { spec: { holderIdentity: 'a' } },
    path: ['spec', 'preferredHolder'],
  },
];

/**
 * One case per field dropped from a write of /status: a status using it, where it is read back.
 * The object is created without it first (`plainBody`), or stored with it already (`stored`).
 */
interface StatusCase {
  readonly gate: string;
  readonly apiVersion: string;
  readonly kind: string;
  readonly namespaced: boolean;
  readonly plainBody: Plain;
  readonly status: Plain;
  readonly path: readonly string[];
}

const STATUS_CASES: readonly StatusCase[] = [
  {
    gate: 'VolumeAttributesClass',
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    namespaced: true,
    plainBody: claim({}),
    status: { phase: 'Bound', currentVolumeAttributesClassName: 'gold' },
    path: ['status', 'currentVolumeAttributesClassName'],
  },
  {
    gate: 'VolumeAttributesClass',
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    namespaced: true,
    plainBody: claim({}),
    status: { phase: 'Bound', modifyVolumeStatus: { targetVolumeAttributesClassName: 'gold', status: 'InProgress' } },
    path: ['status', 'modifyVolumeStatus'],
  },
  {
    gate: 'DynamicKubeletConfig (removed)',
    apiVersion: 'v1',
    kind: 'Node',
    namespaced: false,
    plainBody: { spec: {} },
    status: { config: { error: 'none' } },
    path: ['status', 'config'],
  },
];

type Kinded = Pick<Case, 'apiVersion' | 'kind' | 'namespaced'>;
/** The value kept is the one sent (a struct may gain the fields Go writes without omitempty, as `apiGroup: null`). */
function expectKept(stored: unknown, sent: unknown): void {
  expect(sent).toBeDefined();
  if (sent !== null && typeof sent === 'object') expect(stored).toMatchObject(sent);
  else expect(stored).toEqual(sent);
}
const objectOf = (c: Kinded, body: Plain): KubeObject =>
  obj({ apiVersion: c.apiVersion, kind: c.kind, metadata: { name: 'x', ...(c.namespaced ? { namespace: 'default' } : {}) }, ...body });
const refOf = (c: Kinded) => ref(c.apiVersion, c.kind, 'x', c.namespaced ? 'default' : '');

describe('a create drops the fields of the gates 1.32 has off', () => {
  for (const c of CASES) {
    it(`${c.kind} ${c.path.join('.')} (${c.gate}): dropped by apply and by create`, () => {
      expect(at(ok(real().apply(objectOf(c, c.using), { fieldManager: 'a', target: refOf(c) })), c.path)).toEqual(c.dropped);
      expect(at(ok(real().create(objectOf(c, c.using), { fieldManager: 'c' })), c.path)).toEqual(c.dropped);
    });
  }
});

describe('an update keeps such a field when the stored object used it, and only then', () => {
  for (const c of CASES) {
    it(`${c.kind} ${c.path.join('.')} (${c.gate})`, () => {
      const used = holding(objectOf(c, c.using));
      expectKept(at(ok(used.apply(objectOf(c, c.using), { fieldManager: 'a', target: refOf(c) })), c.path), at(objectOf(c, c.using), c.path));

      const unused = real();
      ok(unused.apply(objectOf(c, c.plainBody), { fieldManager: 'a', target: refOf(c) }));
      expect(at(ok(unused.apply(objectOf(c, c.using), { fieldManager: 'a', target: refOf(c) })), c.path)).toEqual(c.dropped);
    });
  }
});

describe('a write of /status drops such status fields, unless the stored status has them', () => {
  const statusWrite = (cl: Cluster, c: StatusCase) => {
    const live = plain(cl.object(refOf(c)));
    return ok(cl.update(obj({ ...live, status: { ...((live.status as Plain | undefined) ?? {}), ...c.status } }), { fieldManager: 'controller', subresource: 'status' }));
  };
  for (const c of STATUS_CASES) {
    it(`${c.kind} ${c.path.join('.')} (${c.gate})`, () => {
      const unused = real();
      ok(unused.create(objectOf(c, c.plainBody), { fieldManager: 'c' }));
      const dropped = statusWrite(unused, c);
      expect(at(dropped, c.path)).toBeUndefined();
      expect(at(dropped, ['status'])).toBeDefined();

      const used = holding(objectOf(c, { ...c.plainBody, status: c.status }));
      expectKept(at(statusWrite(used, c), c.path), at(objectOf(c, { status: c.status }), c.path));
    });
  }
});

describe('CrossNamespaceVolumeDataSource drops only a dataSourceRef that names a namespace', () => {
  it('one in the claim\'s own namespace (none named) is kept', () => {
    const c: Kinded = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', namespaced: true };
    const ref = { apiGroup: 'snapshot.storage.k8s.io', kind: 'VolumeSnapshot', name: 'snap' };
    const created = ok(real().create(objectOf(c, claim({ dataSourceRef: ref })), { fieldManager: 'c' }));
    expect(at(created, ['spec', 'dataSourceRef'])).toEqual(ref);
  });
});

describe("a Node's create keeps the status it was sent, but for the fields of off features", () => {
  const node = (status: Plain): KubeObject => obj({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' }, status });
  const nodeRef = ref('v1', 'Node', 'n1', '');
  const capacity = { cpu: '4', memory: '16Gi', pods: '110' };

  it('capacity stays (the Node strategy clears no status on create); config and features go', () => {
    const sent = { capacity, features: { supplementalGroupsPolicy: true }, config: { error: 'none' } };
    for (const created of [ok(real().create(node(sent), { fieldManager: 'kubelet' })), ok(real().apply(node(sent), { fieldManager: 'kubelet', target: nodeRef }))]) {
      expect(at(created, ['status', 'capacity'])).toEqual(capacity);
      expect(at(created, ['status', 'features'])).toBeUndefined();
      expect(at(created, ['status', 'config'])).toBeUndefined();
    }
  });

  it('features (SupplementalGroupsPolicy, alpha) are not the status strategy\'s to drop: a write of /status keeps them', () => {
    const c = real();
    ok(c.create(node({ capacity }), { fieldManager: 'kubelet' }));
    const live = plain(c.object(nodeRef));
    const written = ok(c.update(obj({ ...live, status: { ...(live.status as Plain), features: { supplementalGroupsPolicy: true } } }), { fieldManager: 'kubelet', subresource: 'status' }));
    expect(at(written, ['status', 'features'])).toEqual({ supplementalGroupsPolicy: true });
  });
});

describe('the drop comes before the generation compares specs', () => {
  it('an update that only adds a dropped field leaves the generation alone', () => {
    const c = real();
    const s = CASES[0];
    ok(c.apply(objectOf(s, s.plainBody), { fieldManager: 'a', target: refOf(s) }));
    const after = ok(c.apply(objectOf(s, s.using), { fieldManager: 'a', target: refOf(s) }));
    expect(at(after, ['metadata', 'generation'])).toBe(1);
  });
});
