/**
 * The warnings kube-apiserver 1.32 adds to a create or update of a Pod or of a workload's pod
 * template (pkg/api/pod/warnings.go warningsForPodSpecAndMeta, the deprecated node labels of
 * pkg/api/node/util.go), in the reference's order. Modelled: deprecated node labels in
 * nodeSelector, node affinity terms and topology spread keys, a null topology-spread
 * labelSelector, deprecated annotations, deprecated or removed volume plugins, the pod seccomp
 * annotation without the field. `prefix` is the template's field path ('' for a Pod).
 */
import { hasKey, isMap, type Value, type ValueMap } from '../value/value.js';
import { getPath, mapsAt } from './object-paths.js';
import { semanticEqual } from './semantic-equal.js';

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
  });
  if (!present(getPath(spec, ['securityContext', 'seccompProfile'])) && hasAnnotation(SECCOMP_POD_ANNOTATION)) {
    out.push(`${at('metadata.annotations')}[${SECCOMP_POD_ANNOTATION}]: non-functional in v1.27+; use the "seccompProfile" field instead`);
  }
  return out;
}

/** Where each built-in kind keeps its pod template (the workload strategies' Warnings* calls). */
const TEMPLATE_PATHS: Readonly<Record<string, readonly string[]>> = {
  Deployment: ['spec', 'template'],
  ReplicaSet: ['spec', 'template'],
  DaemonSet: ['spec', 'template'],
  StatefulSet: ['spec', 'template'],
  Job: ['spec', 'template'],
  ReplicationController: ['spec', 'template'],
  PodTemplate: ['template'],
  CronJob: ['spec', 'jobTemplate', 'spec', 'template'],
};

/**
 * The pod warnings of a create (`old` undefined) or update of a built-in kind's main resource:
 * a Pod always; a workload only on create or when its template changed, as its strategy's
 * WarningsOnUpdate does.
 */
export function podWarnings(group: string, kind: string, next: ValueMap, old: ValueMap | undefined): string[] {
  if (kind === 'Pod' && group === '') return podSpecWarnings(next, '');
  const path = TEMPLATE_PATHS[kind];
  if (path === undefined) return [];
  const template = getPath(next, path);
  if (!isMap(template)) return [];
  if (old !== undefined && semanticEqual(template, getPath(old, path))) return [];
  return podSpecWarnings(template, path.join('.'));
}
