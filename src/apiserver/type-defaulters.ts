/**
 * The defaulting and round-trip conversion a Kubernetes 1.32 API server applies to built-in
 * objects, per Go type, as its generated defaulters call them (SetObjectDefaults_<Kind>: the
 * kind's own function first, then every nested type that has one, wherever it occurs). Facts from
 * pkg/apis/{core,apps,batch}/v1/defaults.go, the defaults of the other served groups
 * (admissionregistration, networking, rbac, autoscaling/v1 and v2, storage, discovery, scheduling), the
 * declarative `+default` markers of k8s.io/api, and pkg/apis/core/v1/conversion.go (PodSpec's
 * serviceAccount alias, Secret's stringData), with feature gates at their 1.32 defaults.
 *
 * Go's "unset" differs by field: a pointer field is unset when absent or null (`ptr`), a value
 * field also when it holds its zero value ("" or 0: `zero`).
 */
import { getKey, isMap, newMap, type Value, type ValueMap } from '../value/value.js';
import { storageVersionOf } from './crd-stored-versions.js';
import { mapsAt } from './object-paths.js';

type Defaulter = (node: ValueMap) => void;

/** Sets `key` when absent or null (a Go pointer field). */
function ptr(m: ValueMap, key: string, value: Value): void {
  const v = getKey(m, key);
  if (v === undefined || v === null) m[key] = value;
}

/** Sets `key` when absent, null, "" or 0 (a Go value field). */
function zero(m: ValueMap, key: string, value: Value): void {
  const v = getKey(m, key);
  if (v === undefined || v === null || v === '' || v === 0) m[key] = value;
}

/** The map under `key`, created (as `{}`) when absent or null. */
function mapAt(m: ValueMap, key: string): ValueMap {
  const v = getKey(m, key);
  if (isMap(v)) return v;
  const created = newMap();
  m[key] = created;
  return created;
}


const childMap = (m: ValueMap, key: string): ValueMap | undefined => {
  const v = getKey(m, key);
  return isMap(v) ? v : undefined;
};

const nonEmptyMap = (v: Value | undefined): v is ValueMap => isMap(v) && Object.keys(v).length > 0;

function copyMap(m: ValueMap): ValueMap {
  const out = newMap();
  for (const k of Object.keys(m)) out[k] = m[k];
  return out;
}

/** Standard base64 of the UTF-8 bytes of `s` (how Go's JSON writes a []byte). */
function base64Utf8(s: string): string {
  let binary = '';
  for (const b of new TextEncoder().encode(s)) binary += String.fromCharCode(b);
  return btoa(binary);
}

// ---- core/v1 ------------------------------------------------------------------------------

/** The tag of an image reference (parsers.ParseImageName): after the last `:` of the name part. */
function imageTag(image: string): string {
  const name = image.split('@')[0];
  const slash = name.lastIndexOf('/');
  const colon = name.lastIndexOf(':');
  return colon > slash ? name.slice(colon + 1) : '';
}

/** SetDefaults_Container (also for ephemeral containers); `resources` is a struct, always written. */
function container(c: ValueMap): void {
  // No tag and no digest means latest; a digest alone, or a missing image, leaves no tag.
  const image = getKey(c, 'image');
  const tag = typeof image === 'string' && image !== '' ? imageTag(image) || (image.includes('@') ? '' : 'latest') : '';
  zero(c, 'imagePullPolicy', tag === 'latest' ? 'Always' : 'IfNotPresent');
  zero(c, 'terminationMessagePath', '/dev/termination-log');
  zero(c, 'terminationMessagePolicy', 'File');
  ptr(c, 'resources', newMap());
}

/** SetDefaults_PodSpec, and the v1 round trip of the deprecated `serviceAccount` alias. */
function podSpec(spec: ValueMap): void {
  zero(spec, 'dnsPolicy', 'ClusterFirst');
  zero(spec, 'restartPolicy', 'Always');
  ptr(spec, 'securityContext', newMap());
  ptr(spec, 'terminationGracePeriodSeconds', 30);
  zero(spec, 'schedulerName', 'default-scheduler');
  // Converting in: serviceAccountName wins, serviceAccount fills it when empty; out: the alias
  // always equals serviceAccountName (and is omitted when that is empty).
  const name = getKey(spec, 'serviceAccountName');
  const alias = getKey(spec, 'serviceAccount');
  const effective = typeof name === 'string' && name !== '' ? name : typeof alias === 'string' ? alias : '';
  if (effective === '') {
    delete spec.serviceAccount;
    if (name === '' || name === null) delete spec.serviceAccountName;
  } else {
    spec.serviceAccountName = effective;
    spec.serviceAccount = effective;
  }
}

/**
 * SetDefaults_Pod (Pods only, not pod templates): requests default to limits, service links
 * are on, a negative terminationGracePeriodSeconds is 1 (the Pod conversion's rule), and with
 * host networking every container port is also a host port. (Before 1.28 pod
 * templates got host ports too; the DefaultHostNetworkHostPortsInPodTemplates gate that kept
 * that behaviour was removed in 1.31.)
 */
function pod(p: ValueMap): void {
  const spec = childMap(p, 'spec');
  if (!spec) return;
  for (const c of [...mapsAt(spec, ['containers']), ...mapsAt(spec, ['initContainers'])]) {
    const resources = childMap(c, 'resources');
    const limits = resources && getKey(resources, 'limits');
    if (!resources || !isMap(limits)) continue;
    const missing = Object.keys(limits).filter((k) => !isMap(resources.requests) || getKey(resources.requests, k) === undefined);
    if (missing.length === 0) continue;
    const requests = mapAt(resources, 'requests');
    for (const k of missing) requests[k] = limits[k];
  }
  ptr(spec, 'enableServiceLinks', true);
  // The v1 Pod conversion (since 1.27, Pods only): a negative grace period is read as 1.
  const grace = getKey(spec, 'terminationGracePeriodSeconds');
  if ((typeof grace === 'number' || typeof grace === 'bigint') && grace < 0) spec.terminationGracePeriodSeconds = 1;
  if (getKey(spec, 'hostNetwork') === true) {
    for (const c of [...mapsAt(spec, ['containers']), ...mapsAt(spec, ['initContainers'])]) {
      for (const port of mapsAt(c, ['ports'])) {
        const containerPort = getKey(port, 'containerPort');
        if (typeof containerPort === 'number') zero(port, 'hostPort', containerPort);
      }
    }
  }
}

function probe(p: ValueMap): void {
  zero(p, 'timeoutSeconds', 1);
  zero(p, 'periodSeconds', 10);
  zero(p, 'successThreshold', 1);
  zero(p, 'failureThreshold', 3);
}

function httpGet(h: ValueMap): void {
  zero(h, 'path', '/');
  zero(h, 'scheme', 'HTTP');
}

const VOLUME_SOURCES = [
  'hostPath', 'emptyDir', 'gcePersistentDisk', 'awsElasticBlockStore', 'gitRepo', 'secret', 'nfs', 'iscsi', 'glusterfs',
  'persistentVolumeClaim', 'rbd', 'flexVolume', 'cinder', 'cephfs', 'flocker', 'downwardAPI', 'fc', 'azureFile', 'configMap',
  'vsphereVolume', 'quobyte', 'azureDisk', 'photonPersistentDisk', 'projected', 'portworxVolume', 'scaleIO', 'storageos', 'csi',
  'ephemeral', 'image',
];

/** SetDefaults_Volume: a volume with no source is an emptyDir. */
function volume(v: ValueMap): void {
  if (!VOLUME_SOURCES.some((s) => isMap(getKey(v, s)))) v.emptyDir = newMap();
}

const defaultMode420: Defaulter = (m) => ptr(m, 'defaultMode', 420);

/** SetDefaults_Service, with the ports' declarative protocol default. */
function service(svc: ValueMap): void {
  const spec = childMap(svc, 'spec');
  if (!spec) return;
  zero(spec, 'sessionAffinity', 'None');
  if (spec.sessionAffinity === 'None') delete spec.sessionAffinityConfig;
  if (spec.sessionAffinity === 'ClientIP') {
    const clientIP = childMap(childMap(spec, 'sessionAffinityConfig') ?? newMap(), 'clientIP');
    const timeout = clientIP && getKey(clientIP, 'timeoutSeconds');
    if (timeout === undefined || timeout === null) {
      const cfg = newMap();
      const ip = newMap();
      ip.timeoutSeconds = 10800;
      cfg.clientIP = ip;
      spec.sessionAffinityConfig = cfg;
    }
  }
  zero(spec, 'type', 'ClusterIP');
  for (const port of mapsAt(spec, ['ports'])) {
    zero(port, 'protocol', 'TCP');
    zero(port, 'targetPort', getKey(port, 'port') ?? 0);
  }
  const type = spec.type;
  const externalIPs = getKey(spec, 'externalIPs');
  const external = type === 'LoadBalancer' || type === 'NodePort' || (type === 'ClusterIP' && Array.isArray(externalIPs) && externalIPs.length > 0);
  if (external) zero(spec, 'externalTrafficPolicy', 'Cluster');
  if (type === 'NodePort' || type === 'LoadBalancer' || type === 'ClusterIP') ptr(spec, 'internalTrafficPolicy', 'Cluster');
  if (type === 'LoadBalancer') {
    ptr(spec, 'allocateLoadBalancerNodePorts', true);
    const lb = childMap(childMap(svc, 'status') ?? newMap(), 'loadBalancer');
    for (const ing of lb ? mapsAt(lb, ['ingress']) : []) {
      if (typeof ing.ip === 'string' && ing.ip !== '') ptr(ing, 'ipMode', 'VIP');
    }
  }
}

/** SetDefaults_Secret, and the v1 conversion that writes `stringData` into `data` (base64). */
function secret(s: ValueMap): void {
  zero(s, 'type', 'Opaque');
  const stringData = getKey(s, 'stringData');
  if (nonEmptyMap(stringData)) {
    const data = mapAt(s, 'data');
    for (const k of Object.keys(stringData)) {
      const v = stringData[k];
      data[k] = base64Utf8(typeof v === 'string' ? v : '');
    }
  }
  delete s.stringData;
}

/** SetDefaults_Namespace: the name label (for named namespaces); the status phase. */
function namespace(ns: ValueMap): void {
  const meta = childMap(ns, 'metadata');
  const name = meta && getKey(meta, 'name');
  if (meta && typeof name === 'string' && name !== '') mapAt(meta, 'labels')['kubernetes.io/metadata.name'] = name;
}

/** SetDefaults_NodeStatus: allocatable defaults to capacity. */
function nodeStatus(st: ValueMap): void {
  const capacity = getKey(st, 'capacity');
  if (isMap(capacity) && (getKey(st, 'allocatable') === undefined || getKey(st, 'allocatable') === null)) {
    st.allocatable = copyMap(capacity);
  }
}

function persistentVolume(pv: ValueMap): void {
  const spec = childMap(pv, 'spec');
  if (spec) {
    zero(spec, 'persistentVolumeReclaimPolicy', 'Retain');
    ptr(spec, 'volumeMode', 'Filesystem');
  }
  zero(mapAt(pv, 'status'), 'phase', 'Pending');
}

/** SetDefaults_PersistentVolumeClaim (also the claim templates of StatefulSets); spec/status are structs. */
function persistentVolumeClaim(pvc: ValueMap): void {
  ptr(pvc, 'spec', newMap());
  zero(mapAt(pvc, 'status'), 'phase', 'Pending');
}

function persistentVolumeClaimSpec(spec: ValueMap): void {
  ptr(spec, 'volumeMode', 'Filesystem');
  ptr(spec, 'resources', newMap());
}

/** SetDefaults_LimitRangeItem: for containers, default limit ← max, request ← limit, then ← min. */
function limitRangeItem(item: ValueMap): void {
  if (item.type !== 'Container') return;
  // Maps that stay empty are not written (omitempty), so only filled ones are set.
  const fill = (key: string, ...sources: (Value | undefined)[]) => {
    const existing = getKey(item, key);
    const target = isMap(existing) ? existing : newMap();
    for (const from of sources) {
      if (isMap(from)) for (const k of Object.keys(from)) if (getKey(target, k) === undefined) target[k] = from[k];
    }
    if (Object.keys(target).length > 0) item[key] = target;
  };
  fill('default', getKey(item, 'max'));
  fill('defaultRequest', getKey(item, 'default'), getKey(item, 'min'));
}

/** SetDefaults_ReplicationController: selector and labels from the template's labels; one replica. */
function replicationController(rc: ValueMap): void {
  const spec = childMap(rc, 'spec');
  if (!spec) return;
  const template = childMap(spec, 'template');
  const labels = template && getKey(childMap(template, 'metadata') ?? newMap(), 'labels');
  if (isMap(labels)) {
    if (!nonEmptyMap(getKey(spec, 'selector'))) spec.selector = copyMap(labels);
    const meta = mapAt(rc, 'metadata');
    if (!nonEmptyMap(getKey(meta, 'labels'))) meta.labels = copyMap(labels);
  }
  ptr(spec, 'replicas', 1);
}

// ---- apps/v1 ------------------------------------------------------------------------------

function rollingUpdate(strategy: ValueMap, fields: Record<string, Value>): void {
  const ru = mapAt(strategy, 'rollingUpdate');
  for (const [k, v] of Object.entries(fields)) ptr(ru, k, v);
}

function deployment(d: ValueMap): void {
  const spec = childMap(d, 'spec');
  if (!spec) return;
  ptr(spec, 'replicas', 1);
  const strategy = mapAt(spec, 'strategy');
  zero(strategy, 'type', 'RollingUpdate');
  if (strategy.type === 'RollingUpdate') rollingUpdate(strategy, { maxUnavailable: '25%', maxSurge: '25%' });
  ptr(spec, 'revisionHistoryLimit', 10);
  ptr(spec, 'progressDeadlineSeconds', 600);
}

function daemonSet(ds: ValueMap): void {
  const spec = childMap(ds, 'spec');
  if (!spec) return;
  const strategy = mapAt(spec, 'updateStrategy');
  zero(strategy, 'type', 'RollingUpdate');
  if (strategy.type === 'RollingUpdate') rollingUpdate(strategy, { maxUnavailable: 1, maxSurge: 0 });
  ptr(spec, 'revisionHistoryLimit', 10);
}

/**
 * SetDefaults_StatefulSet. A RollingUpdate strategy gets `partition: 0` only when it has (or was
 * given by the type default) a rollingUpdate block. The PVC retention policy is defaulted under
 * StatefulSetAutoDeletePVC (on by default since 1.27).
 */
function statefulSet(ss: ValueMap): void {
  const spec = childMap(ss, 'spec');
  if (!spec) return;
  zero(spec, 'podManagementPolicy', 'OrderedReady');
  const strategy = mapAt(spec, 'updateStrategy');
  if (strategy.type === undefined || strategy.type === null || strategy.type === '') {
    strategy.type = 'RollingUpdate';
    mapAt(strategy, 'rollingUpdate');
  }
  const ru = childMap(strategy, 'rollingUpdate');
  if (strategy.type === 'RollingUpdate' && ru) ptr(ru, 'partition', 0);
  const retention = mapAt(spec, 'persistentVolumeClaimRetentionPolicy');
  zero(retention, 'whenDeleted', 'Retain');
  zero(retention, 'whenScaled', 'Retain');
  ptr(spec, 'replicas', 1);
  ptr(spec, 'revisionHistoryLimit', 10);
}

function replicaSet(rs: ValueMap): void {
  const spec = childMap(rs, 'spec');
  if (spec) ptr(spec, 'replicas', 1);
}

// ---- batch/v1 -----------------------------------------------------------------------------

const INT32_MAX = 2147483647;

/**
 * SetDefaults_Job, 1.32: JobPodReplacementPolicy and JobBackoffLimitPerIndex are on by default;
 * `manualSelector: false` is defaulted since 1.29.
 */
function job(j: ValueMap): void {
  const spec = childMap(j, 'spec');
  if (!spec) return;
  const unset = (k: string) => getKey(spec, k) === undefined || getKey(spec, k) === null;
  if (unset('completions') && unset('parallelism')) {
    spec.completions = 1;
    spec.parallelism = 1;
  }
  ptr(spec, 'parallelism', 1);
  const perIndex = getKey(spec, 'backoffLimitPerIndex');
  ptr(spec, 'backoffLimit', perIndex !== undefined && perIndex !== null ? INT32_MAX : 6);
  const template = childMap(spec, 'template');
  const labels = template && getKey(childMap(template, 'metadata') ?? newMap(), 'labels');
  const meta = childMap(j, 'metadata');
  if (isMap(labels) && meta && !nonEmptyMap(getKey(meta, 'labels'))) meta.labels = copyMap(labels);
  ptr(spec, 'completionMode', 'NonIndexed');
  ptr(spec, 'suspend', false);
  const failurePolicy = getKey(spec, 'podFailurePolicy');
  ptr(spec, 'podReplacementPolicy', isMap(failurePolicy) ? 'Failed' : 'TerminatingOrFailed');
  ptr(spec, 'manualSelector', false);
}

function cronJob(cj: ValueMap): void {
  const spec = childMap(cj, 'spec');
  if (!spec) return;
  zero(spec, 'concurrencyPolicy', 'Allow');
  ptr(spec, 'suspend', false);
  ptr(spec, 'successfulJobsHistoryLimit', 3);
  ptr(spec, 'failedJobsHistoryLimit', 1);
}

// ---- other groups -------------------------------------------------------------------------

/** SetDefaults_ValidatingWebhook / SetDefaults_MutatingWebhook (admissionregistration/v1). */
function webhook(mutating: boolean): Defaulter {
  return (w) => {
    ptr(w, 'failurePolicy', 'Fail');
    ptr(w, 'matchPolicy', 'Equivalent');
    ptr(w, 'namespaceSelector', newMap());
    ptr(w, 'objectSelector', newMap());
    ptr(w, 'sideEffects', 'Unknown');
    ptr(w, 'timeoutSeconds', 30);
    if (mutating) ptr(w, 'reinvocationPolicy', 'Never');
    const versions = getKey(w, 'admissionReviewVersions');
    if (!Array.isArray(versions) || versions.length === 0) w.admissionReviewVersions = ['v1'];
  };
}

/** SetDefaults_NetworkPolicy: a policy without policyTypes is Ingress, plus Egress with egress rules. */
function networkPolicy(np: ValueMap): void {
  const spec = childMap(np, 'spec');
  if (!spec) return;
  const types = getKey(spec, 'policyTypes');
  if (Array.isArray(types) && types.length > 0) return;
  const egress = getKey(spec, 'egress');
  spec.policyTypes = Array.isArray(egress) && egress.length > 0 ? ['Ingress', 'Egress'] : ['Ingress'];
}

/** SetDefaults_Subject (rbac/v1): users and groups belong to the RBAC API group. */
function subject(s: ValueMap): void {
  if (s.kind === 'User' || s.kind === 'Group') zero(s, 'apiGroup', 'rbac.authorization.k8s.io');
}

/** The scale-up or scale-down rules of an HPA behavior, unset parts taken from the defaults. */
function scalingRules(rules: Value | undefined, up: boolean): ValueMap {
  const policy = (type: string, value: number): ValueMap => {
    const p = newMap();
    p.type = type;
    p.value = value;
    p.periodSeconds = 15;
    return p;
  };
  const out = newMap();
  if (up) out.stabilizationWindowSeconds = 0;
  out.selectPolicy = 'Max';
  out.policies = up ? [policy('Pods', 4), policy('Percent', 100)] : [policy('Percent', 100)];
  if (isMap(rules)) {
    for (const k of ['selectPolicy', 'stabilizationWindowSeconds', 'policies']) {
      const v = getKey(rules, k);
      if (v !== undefined && v !== null) out[k] = v;
    }
  }
  return out;
}

/** SetDefaults_HorizontalPodAutoscaler (autoscaling/v2, 1.32). */
function horizontalPodAutoscaler(hpa: ValueMap): void {
  const spec = childMap(hpa, 'spec');
  if (!spec) return;
  ptr(spec, 'minReplicas', 1);
  const metrics = getKey(spec, 'metrics');
  if (!Array.isArray(metrics) || metrics.length === 0) {
    const target = newMap();
    target.type = 'Utilization';
    target.averageUtilization = 80;
    const resource = newMap();
    resource.name = 'cpu';
    resource.target = target;
    const metric = newMap();
    metric.type = 'Resource';
    metric.resource = resource;
    spec.metrics = [metric];
  }
  const behavior = childMap(spec, 'behavior');
  if (behavior) {
    behavior.scaleUp = scalingRules(getKey(behavior, 'scaleUp'), true);
    behavior.scaleDown = scalingRules(getKey(behavior, 'scaleDown'), false);
  }
}

/** SetDefaults_CSIDriver (storage/v1, 1.32 gates). */
function csiDriver(d: ValueMap): void {
  const spec = childMap(d, 'spec');
  if (!spec) return;
  ptr(spec, 'attachRequired', true);
  ptr(spec, 'podInfoOnMount', false);
  ptr(spec, 'storageCapacity', false);
  ptr(spec, 'fsGroupPolicy', 'ReadWriteOnceWithFSType');
  const modes = getKey(spec, 'volumeLifecycleModes');
  if (!Array.isArray(modes) || modes.length === 0) spec.volumeLifecycleModes = ['Persistent'];
  ptr(spec, 'requiresRepublish', false);
  ptr(spec, 'seLinuxMount', false);
}

// ---- apiextensions.k8s.io/v1 --------------------------------------------------------------

/** SetDefaults_CustomResourceDefinition and its spec's: names, conversion, storedVersions. */
function customResourceDefinition(crd: ValueMap): void {
  const spec = mapAt(crd, 'spec');
  const names = mapAt(spec, 'names');
  const kind = getKey(names, 'kind');
  if (typeof kind === 'string' && kind !== '') {
    zero(names, 'singular', kind.toLowerCase());
    zero(names, 'listKind', `${kind}List`);
  }
  const conversion = newMap();
  conversion.strategy = 'None';
  ptr(spec, 'conversion', conversion);
  const status = mapAt(crd, 'status');
  const listed = getKey(status, 'storedVersions');
  const storage = storageVersionOf(crd);
  if (!(Array.isArray(listed) && listed.length > 0) && storage !== undefined) status.storedVersions = [storage];
}

// ---- the table ----------------------------------------------------------------------------

const META = 'io.k8s.apimachinery.pkg.apis.meta.v1.';
const CORE = 'io.k8s.api.core.v1.';
const APPS = 'io.k8s.api.apps.v1.';
const BATCH = 'io.k8s.api.batch.v1.';
const ADMISSION = 'io.k8s.api.admissionregistration.v1.';
const NETWORKING = 'io.k8s.api.networking.v1.';
const RBAC = 'io.k8s.api.rbac.v1.';
const AUTOSCALING = 'io.k8s.api.autoscaling.v2.';
const STORAGE = 'io.k8s.api.storage.v1.';
const DISCOVERY = 'io.k8s.api.discovery.v1.';
const SCHEDULING = 'io.k8s.api.scheduling.v1.';
const APIEXTENSIONS = 'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.';

/** The defaulter of each Go type that has one, by its OpenAPI name. */
export const TYPE_DEFAULTERS: ReadonlyMap<string, Defaulter> = new Map<string, Defaulter>([
  // An embedded ObjectMeta (templates, claim templates) is a struct: its zero time is written as null.
  [`${META}ObjectMeta`, (m) => ptr(m, 'creationTimestamp', null)],
  [`${CORE}Pod`, pod],
  [`${CORE}PodSpec`, podSpec],
  [`${CORE}Container`, container],
  [`${CORE}EphemeralContainer`, container],
  [`${CORE}ContainerPort`, (p) => zero(p, 'protocol', 'TCP')],
  [`${CORE}ObjectFieldSelector`, (f) => zero(f, 'apiVersion', 'v1')],
  // divisor is a Quantity struct without a pointer: its zero value is written as "0".
  [`${CORE}ResourceFieldSelector`, (f) => ptr(f, 'divisor', '0')],
  [`${CORE}Probe`, probe],
  [`${CORE}HTTPGetAction`, httpGet],
  [`${CORE}GRPCAction`, (g) => ptr(g, 'service', '')],
  [`${CORE}Volume`, volume],
  [`${CORE}HostPathVolumeSource`, (h) => ptr(h, 'type', '')],
  [`${CORE}SecretVolumeSource`, defaultMode420],
  [`${CORE}ConfigMapVolumeSource`, defaultMode420],
  [`${CORE}DownwardAPIVolumeSource`, defaultMode420],
  [`${CORE}ProjectedVolumeSource`, defaultMode420],
  [`${CORE}ServiceAccountTokenProjection`, (t) => ptr(t, 'expirationSeconds', 3600)],
  [`${CORE}ISCSIVolumeSource`, (v) => zero(v, 'iscsiInterface', 'default')],
  [`${CORE}ISCSIPersistentVolumeSource`, (v) => zero(v, 'iscsiInterface', 'default')],
  [`${CORE}RBDVolumeSource`, rbd],
  [`${CORE}RBDPersistentVolumeSource`, rbd],
  [`${CORE}Service`, service],
  [`${CORE}EndpointPort`, (p) => zero(p, 'protocol', 'TCP')],
  [`${CORE}Secret`, secret],
  [`${CORE}Namespace`, namespace],
  [`${CORE}NamespaceStatus`, (st) => zero(st, 'phase', 'Active')],
  [`${CORE}NodeStatus`, nodeStatus],
  [`${CORE}PersistentVolume`, persistentVolume],
  [`${CORE}PersistentVolumeClaim`, persistentVolumeClaim],
  [`${CORE}PersistentVolumeClaimSpec`, persistentVolumeClaimSpec],
  [`${CORE}LimitRangeItem`, limitRangeItem],
  [`${CORE}ReplicationController`, replicationController],
  [`${APPS}Deployment`, deployment],
  [`${APPS}DaemonSet`, daemonSet],
  [`${APPS}StatefulSet`, statefulSet],
  [`${APPS}ReplicaSet`, replicaSet],
  [`${BATCH}Job`, job],
  [`${BATCH}CronJob`, cronJob],
  [`${BATCH}PodFailurePolicyOnPodConditionsPattern`, (p) => zero(p, 'status', 'True')],
  [`${ADMISSION}MutatingWebhook`, webhook(true)],
  [`${ADMISSION}ValidatingWebhook`, webhook(false)],
  [`${ADMISSION}RuleWithOperations`, (r) => ptr(r, 'scope', '*')],
  [`${ADMISSION}ServiceReference`, (r) => ptr(r, 'port', 443)],
  [`${NETWORKING}NetworkPolicy`, networkPolicy],
  [`${NETWORKING}NetworkPolicyPort`, (p) => ptr(p, 'protocol', 'TCP')],
  [`${NETWORKING}IngressClassParametersReference`, (p) => ptr(p, 'scope', 'Cluster')],
  [`${RBAC}ClusterRoleBinding`, (b) => zero(mapAt(b, 'roleRef'), 'apiGroup', 'rbac.authorization.k8s.io')],
  [`${RBAC}RoleBinding`, (b) => zero(mapAt(b, 'roleRef'), 'apiGroup', 'rbac.authorization.k8s.io')],
  [`${RBAC}Subject`, subject],
  [`${AUTOSCALING}HorizontalPodAutoscaler`, horizontalPodAutoscaler],
  // SetDefaults_HorizontalPodAutoscaler (autoscaling/v1): only minReplicas; the cpu metric is
  // v1's conversion's (hpa-conversion.ts), which sees the annotations.
  [
    'io.k8s.api.autoscaling.v1.HorizontalPodAutoscaler',
    (hpa) => {
      const spec = childMap(hpa, 'spec');
      if (spec) ptr(spec, 'minReplicas', 1);
    },
  ],
  [
    `${STORAGE}StorageClass`,
    (sc) => {
      ptr(sc, 'reclaimPolicy', 'Delete');
      ptr(sc, 'volumeBindingMode', 'Immediate');
    },
  ],
  [`${STORAGE}CSIDriver`, csiDriver],
  [
    `${DISCOVERY}EndpointPort`,
    (p) => {
      ptr(p, 'name', '');
      ptr(p, 'protocol', 'TCP');
    },
  ],
  [`${APIEXTENSIONS}CustomResourceDefinition`, customResourceDefinition],
  [`${APIEXTENSIONS}ServiceReference`, (r) => ptr(r, 'port', 443)],
  [`${SCHEDULING}PriorityClass`, (pc) => ptr(pc, 'preemptionPolicy', 'PreemptLowerPriority')],
]);

function rbd(v: ValueMap): void {
  zero(v, 'pool', 'rbd');
  zero(v, 'user', 'admin');
  zero(v, 'keyring', '/etc/ceph/keyring');
}
