/**
 * The warnings kube-apiserver 1.32 adds to a create or update of a Pod or of a workload's pod
 * template (pkg/api/pod/warnings.go warningsForPodSpecAndMeta, the deprecated node labels of
 * pkg/api/node/util.go), in the reference's order. Modelled: deprecated node labels in
 * nodeSelector, node affinity terms and topology spread keys, a null topology-spread
 * labelSelector, deprecated annotations, deprecated or removed volume plugins, the pod seccomp
 * annotation without the field, duplicate hostAliases and pull secrets, container seccomp
 * annotations, a template's container AppArmor annotations without the field, env entries hiding
 * earlier ones, container ports (hostIP without hostPort, duplicate, overlapping or ambiguous
 * definitions across all containers), a negative terminationGracePeriodSeconds and null pod
 * (anti-)affinity label selectors, an ephemeral volume claim template's fractional storage.
 * `prefix` is the template's field path ('' for a Pod).
 */
import { hasKey, isMap, type Value, type ValueMap } from '../value/value.js';
import { getPath, mapsAt } from './object-paths.js';
import { formatQuantity, parseQuantity, roundUpQuantity } from './quantity.js';
import { semanticEqual } from './semantic-equal.js';
import { POD_TEMPLATE_PATHS } from './pod-template-paths.js';
import { isDns1123Label } from './name-validation.js';

const DEPRECATED_NODE_LABELS: Readonly<Record<string, string>> = {
  'beta.kubernetes.io/arch': 'deprecated since v1.14; use "kubernetes.io/arch" instead',
  'beta.kubernetes.io/os': 'deprecated since v1.14; use "kubernetes.io/os" instead',
  'failure-domain.beta.kubernetes.io/region': 'deprecated since v1.17; use "topology.kubernetes.io/region" instead',
  'failure-domain.beta.kubernetes.io/zone': 'deprecated since v1.17; use "topology.kubernetes.io/zone" instead',
  'beta.kubernetes.io/instance-type': 'deprecated since v1.17; use "node.kubernetes.io/instance-type" instead',
  'app.kubernetes.io/created-by': 'deprecated since v1.9',
  'scheduler.alpha.kubernetes.io/preferAvoidPods': 'deprecated since v1.22; use Taints and Tolerations instead',
  'node-role.kubernetes.io/master': 'use "node-role.kubernetes.io/control-plane" instead',
};

const DEPRECATED_ANNOTATIONS: readonly (readonly [string, string])[] = [
  ['scheduler.alpha.kubernetes.io/critical-pod', 'non-functional in v1.16+; use the "priorityClassName" field instead'],
  ['security.alpha.kubernetes.io/sysctls', 'non-functional in v1.11+; use the "sysctls" field instead'],
  ['security.alpha.kubernetes.io/unsafe-sysctls', 'non-functional in v1.11+; use the "sysctls" field instead'],
];

/** JSON key, the name the warning's path gives it (storageos is `storageOS` there), message. */
const DEPRECATED_VOLUMES: readonly (readonly [string, string, string])[] = [
  ['photonPersistentDisk', 'photonPersistentDisk', 'deprecated in v1.11, non-functional in v1.16+'],
  ['gitRepo', 'gitRepo', 'deprecated in v1.11'],
  ['scaleIO', 'scaleIO', 'deprecated in v1.16, non-functional in v1.22+'],
  ['flocker', 'flocker', 'deprecated in v1.22, non-functional in v1.25+'],
  ['storageos', 'storageOS', 'deprecated in v1.22, non-functional in v1.25+'],
  ['quobyte', 'quobyte', 'deprecated in v1.22, non-functional in v1.25+'],
  ['glusterfs', 'glusterfs', 'deprecated in v1.25, non-functional in v1.26+'],
  ['cephfs', 'cephfs', 'deprecated in v1.28, non-functional in v1.31+'],
  ['rbd', 'rbd', 'deprecated in v1.28, non-functional in v1.31+'],
];

const SECCOMP_POD_ANNOTATION = 'seccomp.security.alpha.kubernetes.io/pod';
const SECCOMP_CONTAINER_PREFIX = 'container.seccomp.security.alpha.kubernetes.io/';
const APPARMOR_CONTAINER_PREFIX = 'container.apparmor.security.beta.kubernetes.io/';
const CONTAINER_LISTS = ['initContainers', 'containers', 'ephemeralContainers'] as const;

/** The byte quantity at `path` of `list` when it is fractional (MilliValue not a multiple of 1000). */
function fractionalBytes(list: Value | undefined, resource: string, path: string): string[] {
  const text = getPath(list, [resource]);
  if (typeof text !== 'string') return [];
  const parsed = parseQuantity(text);
  if (!parsed.ok) return [];
  const q = roundUpQuantity(parsed.quantity, -3);
  const millis = q.mantissa * 10n ** BigInt(q.exponent + 3);
  if (millis % 1000n === 0n) return [];
  return [`${path}[${resource}]: fractional byte value ${JSON.stringify(formatQuantity(q))} is invalid, must be an integer`];
}

/**
 * A later env entry of a name already defined warns unless its value refers to the earlier one
 * (`$(NAME)` inside a longer value): apply may drop one of the two.
 */
function envWarnings(env: readonly ValueMap[], path: string): string[] {
  const out: string[] = [];
  const names = new Set<string>();
  env.forEach((e, i) => {
    const name = String(getPath(e, ['name']) ?? '');
    if (!names.has(name)) {
      names.add(name);
      return;
    }
    const value = getPath(e, ['value']);
    const text = typeof value === 'string' ? value : '';
    const ref = `$(${name})`;
    if (present(getPath(e, ['valueFrom'])) || text === ref || !text.includes(ref)) {
      out.push(`${path}[${i}]: hides previous definition of ${JSON.stringify(name)}, which may be dropped when using apply`);
    }
  });
  return out;
}

/** A decoded container port as Go holds it (protocol defaulted before the strategy runs). */
interface Port { readonly name: string; readonly hostPort: number; readonly containerPort: number; readonly protocol: string; readonly hostIP: string }

function portOf(p: ValueMap): Port {
  const num = (v: Value | undefined) => (typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : 0);
  const str = (v: Value | undefined) => (typeof v === 'string' ? v : '');
  return { name: str(getPath(p, ['name'])), hostPort: num(getPath(p, ['hostPort'])), containerPort: num(getPath(p, ['containerPort'])), protocol: str(getPath(p, ['protocol'])), hostIP: str(getPath(p, ['hostIP'])) };
}

/** Go's `%+v` of the internal core.ContainerPort: its fields in declaration order. */
const goPort = (p: Port): string => `{Name:${p.name} HostPort:${p.hostPort} ContainerPort:${p.containerPort} Protocol:${p.protocol} HostIP:${p.hostIP}}`;

/**
 * Every container's ports against those seen before them with the same containerPort/protocol,
 * in visiting order (init, regular, ephemeral): equal host IP and port duplicate, a zero host port
 * overlaps, one host IP set and the other not on the same host port is ambiguous.
 */
function portWarnings(spec: Value | undefined, specPath: string): string[] {
  const out: string[] = [];
  const seen = new Map<string, { field: string; port: Port }[]>();
  for (const list of CONTAINER_LISTS) {
    mapsAt(spec, [list]).forEach((c, ci) => {
      mapsAt(c, ['ports']).forEach((raw, i) => {
        const field = `${specPath}.${list}[${ci}].ports[${i}]`;
        const port = portOf(raw);
        if (port.hostIP !== '' && port.hostPort === 0) out.push(`${field}: hostIP set without hostPort: ${goPort(port)}`);
        const key = `${port.containerPort}/${port.protocol}`;
        const others = seen.get(key) ?? [];
        for (const other of others) {
          if (port.hostIP === other.port.hostIP && port.hostPort === other.port.hostPort) {
            out.push(`${field}: duplicate port definition with ${other.field}`);
          } else if (port.hostPort === 0 || other.port.hostPort === 0) {
            out.push(`${field}: overlapping port definition with ${other.field}`);
          } else if (port.hostPort === other.port.hostPort && (port.hostIP === '') !== (other.port.hostIP === '')) {
            out.push(`${field}: dangerously ambiguous port definition with ${other.field}`);
          }
        }
        seen.set(key, [...others, { field, port }]);
      });
    });
  }
  return out;
}

/** Pod (anti-)affinity terms without a labelSelector match no pod. */
function affinityTermWarnings(affinity: Value | undefined, path: string): string[] {
  const nullSelector = (term: Value | undefined) => !present(getPath(term, ['labelSelector']));
  const out: string[] = [];
  mapsAt(affinity, ['requiredDuringSchedulingIgnoredDuringExecution']).forEach((t, i) => {
    if (nullSelector(t)) out.push(`${path}.requiredDuringSchedulingIgnoredDuringExecution[${i}].labelSelector: a null labelSelector results in matching no pod`);
  });
  mapsAt(affinity, ['preferredDuringSchedulingIgnoredDuringExecution']).forEach((t, i) => {
    if (nullSelector(getPath(t, ['podAffinityTerm']))) out.push(`${path}.preferredDuringSchedulingIgnoredDuringExecution[${i}].podAffinityTerm.labelSelector: a null labelSelector results in matching no pod`);
  });
  return out;
}

const present = (v: Value | undefined): boolean => v !== undefined && v !== null;
const keysOf = (v: Value | undefined): string[] => (isMap(v) ? Object.keys(v).sort() : []);
const join = (prefix: string, rest: string): string => (prefix === '' ? rest : `${prefix}.${rest}`);

/** The warnings of one pod spec and its metadata (`template` is the Pod or the template). */
export function podSpecWarnings(template: ValueMap, prefix: string): string[] {
  const spec = getPath(template, ['spec']);
  const meta = getPath(template, ['metadata']);
  const annotations = getPath(meta, ['annotations']);
  const at = (rest: string) => join(prefix, rest);
  const out: string[] = [];
  for (const k of keysOf(getPath(spec, ['nodeSelector']))) {
    const msg = DEPRECATED_NODE_LABELS[k];
    if (msg !== undefined) out.push(`${at('spec.nodeSelector')}[${k}]: ${msg}`);
  }
  const termWarnings = (term: Value | undefined, path: string) =>
    mapsAt(term, ['matchExpressions']).forEach((e, i) => {
      const key = getPath(e, ['key']);
      const msg = typeof key === 'string' ? DEPRECATED_NODE_LABELS[key] : undefined;
      if (msg !== undefined) out.push(`${path}.matchExpressions[${i}].key: ${String(key)} is ${msg}`);
    });
  const nodeAffinity = getPath(spec, ['affinity', 'nodeAffinity']);
  const required = getPath(nodeAffinity, ['requiredDuringSchedulingIgnoredDuringExecution']);
  if (present(required)) {
    mapsAt(required, ['nodeSelectorTerms']).forEach((t, i) =>
      termWarnings(t, `${at('spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms')}[${i}]`));
  }
  mapsAt(nodeAffinity, ['preferredDuringSchedulingIgnoredDuringExecution']).forEach((p, i) =>
    termWarnings(getPath(p, ['preference']), `${at('spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution')}[${i}].preference`));
  mapsAt(spec, ['topologySpreadConstraints']).forEach((t, i) => {
    const key = getPath(t, ['topologyKey']);
    const msg = typeof key === 'string' ? DEPRECATED_NODE_LABELS[key] : undefined;
    if (msg !== undefined) out.push(`${at('spec.topologySpreadConstraints')}[${i}].topologyKey: ${String(key)} is ${msg}`);
    if (!present(getPath(t, ['labelSelector']))) out.push(`${at('spec.topologySpreadConstraints')}[${i}].labelSelector: a null labelSelector results in matching no pod`);
  });
  const hasAnnotation = (k: string) => isMap(annotations) && hasKey(annotations, k);
  for (const [key, msg] of DEPRECATED_ANNOTATIONS) {
    if (hasAnnotation(key)) out.push(`${at('metadata.annotations')}[${key}]: ${msg}`);
  }
  mapsAt(spec, ['volumes']).forEach((v, i) => {
    for (const [key, name, msg] of DEPRECATED_VOLUMES) {
      if (present(getPath(v, [key]))) out.push(`${at('spec.volumes')}[${i}].${name}: ${msg}`);
    }
    // An ephemeral volume's claim template: the claim spec's own warnings (pkg/api/persistentvolumeclaim
    // GetWarningsForPersistentVolumeClaimSpec), fractional storage bytes.
    const claim = getPath(v, ['ephemeral', 'volumeClaimTemplate']);
    if (present(claim)) {
      const path = `${at('spec.volumes')}[${i}].ephemeral.volumeClaimTemplate.spec.resources`;
      out.push(
        ...fractionalBytes(getPath(claim, ['spec', 'resources', 'requests']), 'storage', `${path}.requests`),
        ...fractionalBytes(getPath(claim, ['spec', 'resources', 'limits']), 'storage', `${path}.limits`),
      );
    }
  });
  const seen = new Set<string>();
  const hostAliases = mapsAt(spec, ['hostAliases']);
  hostAliases.forEach((h, i) => {
    const ip = String(getPath(h, ['ip']) ?? '');
    if (hostAliases.length > 1 && seen.has(ip)) out.push(`${at('spec.hostAliases')}[${i}].ip: duplicate ip ${JSON.stringify(ip)}`);
    seen.add(ip);
  });
  const pullSecrets = mapsAt(spec, ['imagePullSecrets']);
  seen.clear();
  pullSecrets.forEach((p, i) => {
    const name = String(getPath(p, ['name']) ?? '');
    if (pullSecrets.length > 1 && seen.has(name)) out.push(`${at('spec.imagePullSecrets')}[${i}].name: duplicate name ${JSON.stringify(name)}`);
    seen.add(name);
  });
  pullSecrets.forEach((p, i) => {
    const name = String(getPath(p, ['name']) ?? '');
    if (name === '') out.push(`${at('spec.imagePullSecrets')}[${i}].name: invalid empty name ""`);
  });
  const overhead = getPath(spec, ['overhead']);
  out.push(...fractionalBytes(overhead, 'memory', at('spec.overhead')), ...fractionalBytes(overhead, 'ephemeral-storage', at('spec.overhead')));
  if (!present(getPath(spec, ['securityContext', 'seccompProfile'])) && hasAnnotation(SECCOMP_POD_ANNOTATION)) {
    out.push(`${at('metadata.annotations')}[${SECCOMP_POD_ANNOTATION}]: non-functional in v1.27+; use the "seccompProfile" field instead`);
  }
  const podAppArmor = present(getPath(spec, ['securityContext', 'appArmorProfile']));
  for (const list of CONTAINER_LISTS) {
    mapsAt(spec, [list]).forEach((c, ci) => {
      const path = `${at('spec')}.${list}[${ci}]`;
      const name = String(getPath(c, ['name']) ?? '');
      const key = SECCOMP_CONTAINER_PREFIX + name;
      if (!present(getPath(c, ['securityContext', 'seccompProfile'])) && hasAnnotation(key)) {
        out.push(`${at('metadata.annotations')}[${key}]: non-functional in v1.27+; use the "seccompProfile" field instead`);
      }
      // A Pod's AppArmor annotations warn from its strategy (applyAppArmorVersionSkew), not here.
      const appArmorKey = APPARMOR_CONTAINER_PREFIX + name;
      if (prefix !== '' && !podAppArmor && !present(getPath(c, ['securityContext', 'appArmorProfile'])) && hasAnnotation(appArmorKey)) {
        out.push(`${at('metadata.annotations')}[${appArmorKey}]: deprecated since v1.30; use the "appArmorProfile" field instead`);
      }
      const limits = getPath(c, ['resources', 'limits']);
      const requests = getPath(c, ['resources', 'requests']);
      out.push(
        ...fractionalBytes(limits, 'memory', `${path}.resources.limits`),
        ...fractionalBytes(requests, 'memory', `${path}.resources.requests`),
        ...fractionalBytes(limits, 'ephemeral-storage', `${path}.resources.limits`),
        ...fractionalBytes(requests, 'ephemeral-storage', `${path}.resources.requests`),
      );
      out.push(...envWarnings(mapsAt(c, ['env']), `${path}.env`));
    });
  }
  out.push(...portWarnings(spec, at('spec')));
  const grace = getPath(spec, ['terminationGracePeriodSeconds']);
  if ((typeof grace === 'number' || typeof grace === 'bigint') && grace < 0) {
    out.push(`${at('spec.terminationGracePeriodSeconds')}: must be >= 0; negative values are invalid and will be treated as 1`);
  }
  for (const kind of ['podAffinity', 'podAntiAffinity']) {
    const affinity = getPath(spec, ['affinity', kind]);
    if (present(affinity)) out.push(...affinityTermWarnings(affinity, at(`spec.affinity.${kind}`)));
  }
  return out;
}

/**
 * The pod strategy's own warning on create (pkg/registry/core/pod/strategy.go WarningsOnCreate),
 * before the spec's: a name that is no DNS-1123 label (it becomes the pod's hostname), with
 * IsDNS1123Label's messages as Go's `%v` prints a []string.
 */
function podNameWarnings(pod: ValueMap): string[] {
  const name = getPath(pod, ['metadata', 'name']);
  const problems = isDns1123Label(typeof name === 'string' ? name : '');
  return problems.length === 0 ? [] : [`metadata.name: this is used in the Pod's hostname, which can result in surprising behavior; a DNS label is recommended: [${problems.join(' ')}]`];
}

/**
 * The pod warnings of a create (`old` undefined) or update of a built-in kind's main resource:
 * a Pod only on create (podStrategy.WarningsOnUpdate returns none, to spare a path kubelets and
 * controllers write often); a workload on create or when its template changed, as its strategy's
 * WarningsOnUpdate does.
 */
export function podWarnings(group: string, kind: string, next: ValueMap, old: ValueMap | undefined): string[] {
  // podStrategy.WarningsOnUpdate returns none: only a new Pod warns.
  if (kind === 'Pod' && group === '') return old === undefined ? [...podNameWarnings(next), ...podSpecWarnings(next, '')] : [];
  const path = POD_TEMPLATE_PATHS[kind];
  if (path === undefined) return [];
  const template = getPath(next, path);
  if (!isMap(template)) return [];
  if (old !== undefined && semanticEqual(template, getPath(old, path))) return [];
  return podSpecWarnings(template, path.join('.'));
}
