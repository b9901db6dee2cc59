/**
 * The mutating admission plugins of kube-apiserver 1.32 that change a Pod, all enabled by default,
 * in their order (plugin/pkg/admission/...): they run after the field manager and before
 * configured webhooks, so what they set is owned by nobody.
 *
 * - ServiceAccount (create only; on where the cluster has a serviceaccount controller,
 *   `config.serviceAccountAdmission`): `spec.serviceAccountName` defaults to `default`, and the
 *   account must exist (403 `pods "web" is forbidden: error looking up service account
 *   default/robot: serviceaccount "robot" not found`); unless the pod or its account turns
 *   `automountServiceAccountToken` off, every container and init container without a mount at
 *   /var/run/secrets/kubernetes.io/serviceaccount gets one of a projected volume
 *   `kube-api-access-<5 characters>` (a token expiring in 3607 s, `ca.crt` of ConfigMap
 *   `kube-root-ca.crt`, the namespace from the downward API), added to the volumes unless one of
 *   that prefix is there.
 * - Priority (create): `spec.priority` and `spec.preemptionPolicy` from `spec.priorityClassName`
 *   (a stored PriorityClass, or one of the two every cluster has), or from the PriorityClass
 *   marked `globalDefault`, or 0 and `PreemptLowerPriority`; an unknown class, or a priority or
 *   policy given that differs from the class's, is refused (403). On update, a priority or policy
 *   left out keeps the stored one.
 * - DefaultTolerationSeconds: the pod tolerates `node.kubernetes.io/not-ready` and
 *   `node.kubernetes.io/unreachable` (NoExecute) for 300 s unless it already tolerates them.
 * - RuntimeClass (create): overhead and scheduling from the pod's RuntimeClass
 *   (runtime-class-admission.ts).
 */
import { goQuote } from '../fieldpath/format-go-value.js';
import { getKey, isMap, newMap, type ValueMap } from '../value/value.js';
import { nameSuffix } from './name-suffix.js';
import { getPath, mapsAt, setPath, toValue } from './object-paths.js';
import { isStatus } from './request-context.js';
import { runtimeClassAdmission } from './runtime-class-admission.js';
import { statusFailure } from './status.js';
import { keyPrefix, objectKey } from './storage-key.js';
import type { AdmissionAttributes, ClusterState, KubeObject, StatusObject } from './types.js';

const TOKEN_VOLUME_PREFIX = 'kube-api-access-';
const TOKEN_MOUNT_PATH = '/var/run/secrets/kubernetes.io/serviceaccount';
/** The priority classes kube-apiserver creates in every cluster (pkg/apis/scheduling). */
const SYSTEM_PRIORITY_CLASSES: Readonly<Record<string, number>> = { 'system-node-critical': 2000001000, 'system-cluster-critical': 2000000000 };
const PREEMPT_LOWER_PRIORITY = 'PreemptLowerPriority';
const PRIORITY_CLASSES = 'scheduling.k8s.io';

function forbidden(attrs: AdmissionAttributes, why: string): StatusObject {
  return statusFailure(403, `pods ${goQuote(attrs.name)} is forbidden: ${why}`, 'Forbidden', { name: attrs.name, kind: 'pods' });
}

/** The pod after the plugins, or the refusal of one of them. Other kinds and subresources pass unchanged. */
export function admitPod(state: ClusterState, pod: KubeObject, old: KubeObject | undefined, attrs: AdmissionAttributes): KubeObject | StatusObject {
  if (attrs.kind !== 'Pod' || attrs.apiVersion !== 'v1' || attrs.subresource !== '') return pod;
  const out = attrs.operation === 'CREATE' && state.config.serviceAccountAdmission ? serviceAccount(state, pod, attrs) : pod;
  if (isStatus(out)) return out;
  const prioritized = priority(state, out, old, attrs);
  if (isStatus(prioritized)) return prioritized;
  const tolerating = defaultTolerations(prioritized);
  if (attrs.operation !== 'CREATE') return tolerating;
  const classed = runtimeClassAdmission(state, tolerating);
  return classed.ok ? classed.pod : forbidden(attrs, classed.refused);
}

// ---- ServiceAccount ------------------------------------------------------------------------

function serviceAccount(state: ClusterState, pod: KubeObject, attrs: AdmissionAttributes): KubeObject | StatusObject {
  let out = pod;
  const given = getPath(out, ['spec', 'serviceAccountName']);
  const name = typeof given === 'string' && given !== '' ? given : 'default';
  if (name !== given) out = setPath(out, ['spec', 'serviceAccountName'], name);
  const account = state.objects.get(objectKey('', 'serviceaccounts', attrs.namespace, name));
  if (!account) return forbidden(attrs, `error looking up service account ${attrs.namespace}/${name}: serviceaccount ${goQuote(name)} not found`);
  const podSays = getPath(out, ['spec', 'automountServiceAccountToken']);
  const accountSays = account ? getKey(account, 'automountServiceAccountToken') : undefined;
  const automount = typeof podSays === 'boolean' ? podSays : typeof accountSays === 'boolean' ? accountSays : true;
  return automount ? mountToken(out, state.uidCount + 1) : out;
}

function mountToken(pod: KubeObject, n: number): KubeObject {
  const volumes = mapsAt(pod, ['spec', 'volumes']);
  const existing = volumes.find((v) => String(getKey(v, 'name')).startsWith(TOKEN_VOLUME_PREFIX));
  const volumeName = existing ? String(getKey(existing, 'name')) : TOKEN_VOLUME_PREFIX + nameSuffix(n, 1);
  let out = pod;
  let needed = false;
  for (const list of ['initContainers', 'containers']) {
    const containers = getPath(out, ['spec', list]);
    if (!Array.isArray(containers)) continue;
    const next = containers.map((c) => {
      if (!isMap(c) || mapsAt(c, ['volumeMounts']).some((m) => getKey(m, 'mountPath') === TOKEN_MOUNT_PATH)) return c;
      needed = true;
      const mount = newMap();
      mount.name = volumeName;
      mount.readOnly = true;
      mount.mountPath = TOKEN_MOUNT_PATH;
      const mounts = getKey(c, 'volumeMounts');
      return setPath(c, ['volumeMounts'], [...(Array.isArray(mounts) ? mounts : []), mount]);
    });
    out = setPath(out, ['spec', list], next);
  }
  if (existing || !needed) return out;
  const all = getPath(out, ['spec', 'volumes']);
  return setPath(out, ['spec', 'volumes'], [...(Array.isArray(all) ? all : []), tokenVolume(volumeName)]);
}

/** The projected volume the plugin adds (TokenVolumeSource), fields in Go's order. */
function tokenVolume(name: string): ValueMap {
  const plain = {
    name,
    projected: {
      sources: [
        { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
        { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
        { downwardAPI: { items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }] } },
      ],
      defaultMode: 420,
    },
  };
  return toValue(plain) as ValueMap;
}

// ---- Priority -----------------------------------------------------------------------------

interface PriorityClass {
  readonly name: string;
  readonly value: number;
  readonly preemptionPolicy: string;
}

function storedClass(obj: ValueMap): PriorityClass {
  const value = getKey(obj, 'value');
  const policy = getKey(obj, 'preemptionPolicy');
  return {
    name: String(getPath(obj, ['metadata', 'name'])),
    value: typeof value === 'number' ? value : 0,
    preemptionPolicy: typeof policy === 'string' && policy !== '' ? policy : PREEMPT_LOWER_PRIORITY,
  };
}

function findClass(state: ClusterState, name: string): PriorityClass | undefined {
  const stored = state.objects.get(objectKey(PRIORITY_CLASSES, 'priorityclasses', '', name));
  if (stored) return storedClass(stored);
  const system = SYSTEM_PRIORITY_CLASSES[name];
  return system === undefined ? undefined : { name, value: system, preemptionPolicy: PREEMPT_LOWER_PRIORITY };
}

function defaultClass(state: ClusterState): PriorityClass | undefined {
  for (const [key, obj] of state.objects) {
    if (key.startsWith(keyPrefix(PRIORITY_CLASSES, 'priorityclasses')) && getKey(obj, 'globalDefault') === true) return storedClass(obj);
  }
  return undefined;
}

function priority(state: ClusterState, pod: KubeObject, old: KubeObject | undefined, attrs: AdmissionAttributes): KubeObject | StatusObject {
  if (attrs.operation === 'UPDATE') {
    let out = pod;
    for (const key of ['priority', 'preemptionPolicy']) {
      const before = getPath(old, ['spec', key]);
      if (getPath(out, ['spec', key]) === undefined && before !== undefined) out = setPath(out, ['spec', key], before);
    }
    return out;
  }
  const className = getPath(pod, ['spec', 'priorityClassName']);
  let cls: PriorityClass;
  if (typeof className === 'string' && className !== '') {
    const found = findClass(state, className);
    if (!found) return forbidden(attrs, `no PriorityClass with name ${className} was found`);
    cls = found;
  } else {
    cls = defaultClass(state) ?? { name: '', value: 0, preemptionPolicy: PREEMPT_LOWER_PRIORITY };
  }
  const given = getPath(pod, ['spec', 'priority']);
  if (typeof given === 'number' && given !== cls.value) {
    return forbidden(attrs, `the integer value of priority (${given}) must not be provided in pod spec; priority admission controller computed ${cls.value} from the given PriorityClass name`);
  }
  const policy = getPath(pod, ['spec', 'preemptionPolicy']);
  if (typeof policy === 'string' && policy !== cls.preemptionPolicy) {
    return forbidden(attrs, `the string value of PreemptionPolicy (${policy}) must not be provided in pod spec; priority admission controller computed ${cls.preemptionPolicy} from the given PriorityClass name`);
  }
  let out = pod;
  if (cls.name !== '') out = setPath(out, ['spec', 'priorityClassName'], cls.name);
  out = setPath(out, ['spec', 'priority'], cls.value);
  return setPath(out, ['spec', 'preemptionPolicy'], cls.preemptionPolicy);
}

// ---- DefaultTolerationSeconds ----------------------------------------------------------------

const NOT_READY = 'node.kubernetes.io/not-ready';
const UNREACHABLE = 'node.kubernetes.io/unreachable';

function tolerates(tolerations: readonly ValueMap[], key: string): boolean {
  return tolerations.some((t) => {
    const k = getKey(t, 'key') ?? '';
    const effect = getKey(t, 'effect') ?? '';
    return (k === key || k === '') && (effect === 'NoExecute' || effect === '');
  });
}

function defaultTolerations(pod: KubeObject): KubeObject {
  const list = getPath(pod, ['spec', 'tolerations']);
  const tolerations = mapsAt(pod, ['spec', 'tolerations']);
  const added = [NOT_READY, UNREACHABLE]
    .filter((key) => !tolerates(tolerations, key))
    .map((key) => toValue({ key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 }));
  if (added.length === 0) return pod;
  return setPath(pod, ['spec', 'tolerations'], [...(Array.isArray(list) ? list : []), ...added]);
}
