/**
 * The pod-level checks ValidatePodSpec (kube-apiserver 1.32) runs after the containers and the
 * restart and DNS policies, in its order: the node selector's labels, the pod security context
 * (validate-security-context.ts), affinity (validate-affinity.ts), the DNS config
 * (validate-dns-config.ts), the readiness gates' condition types and the scheduling gates' names
 * (qualified names, a gate not twice), topology spread constraints
 * (validate-topology-spread.ts), Windows hostProcess containers, the service account and node
 * names (DNS subdomains), activeDeadlineSeconds (1 to 2^31-1), hostname and subdomain (RFC 1123
 * labels), tolerations (validate-tolerations.ts), host aliases, the priority class name (a DNS
 * subdomain), preemptionPolicy, and the OS (`linux` or `windows`, and what each forbids in the
 * security contexts). Not checked: pull secrets (v1 has nothing but their name), the runtime class
 * name and overhead (the RuntimeClass admission plugin answers first), hostUsers (dropped by
 * 1.32's UserNamespacesSupport gate).
 */
import { getKey, isMap, type Value } from '../value/value.js';
import { duplicate, invalidValue, notSupported, required } from './field-error.js';
import { isDns1123Label, isDns1123Subdomain, isQualifiedName } from './name-validation.js';
import type { FieldError } from './status.js';
import { labelsErrors } from './validate-labels.js';
import { tolerationsErrors } from './validate-tolerations.js';
import { hostProcessErrors, osSecurityErrors, podSecurityContextErrors } from './validate-security-context.js';
import { affinityErrors } from './validate-affinity.js';
import { dnsConfigErrors, hostAliasesErrors } from './validate-dns-config.js';
import { topologySpreadErrors } from './validate-topology-spread.js';

const at = (v: Value | undefined, key: string): Value | undefined => (isMap(v) ? getKey(v, key) : undefined);
const text = (v: Value | undefined, key: string): string => {
  const s = at(v, key);
  return typeof s === 'string' ? s : '';
};

const MAX_INT32 = 2147483647;
const PREEMPTION_POLICIES = ['PreemptLowerPriority', 'Never'];
/** `sets.List` of the OS names: sorted. */
const OS_NAMES = ['linux', 'windows'];

function named(spec: Value | undefined, key: string, field: string, check: (s: string) => string[]): FieldError[] {
  const value = text(spec, key);
  return value === '' ? [] : check(value).map((msg) => invalidValue(`${field}.${key}`, value, msg));
}

function gatesErrors(spec: Value | undefined, field: string): FieldError[] {
  const errors: FieldError[] = [];
  const readiness = at(spec, 'readinessGates');
  if (Array.isArray(readiness)) {
    readiness.forEach((g, i) => {
      const type = text(g, 'conditionType');
      errors.push(...isQualifiedName(type).map((msg) => invalidValue(`${field}.readinessGates[${i}].conditionType`, type, msg)));
    });
  }
  const scheduling = at(spec, 'schedulingGates');
  if (Array.isArray(scheduling)) {
    const seen = new Set<string>();
    scheduling.forEach((g, i) => {
      const name = text(g, 'name');
      errors.push(...isQualifiedName(name).map((msg) => invalidValue(`${field}.schedulingGates[${i}]`, name, msg)));
      if (seen.has(name)) errors.push(duplicate(`${field}.schedulingGates[${i}]`, name));
      seen.add(name);
    });
  }
  return errors;
}

/** `validateOS`, then (when the name is valid) `validateLinux` or `validateWindows`. */
function osErrors(spec: Value | undefined, field: string, specField: string): FieldError[] {
  const os = at(spec, 'os');
  if (!isMap(os)) return [];
  const name = text(os, 'name');
  if (name === '') return [required(`${field}.name`, 'cannot be empty')];
  if (name !== 'linux' && name !== 'windows') return [notSupported(field, name, OS_NAMES)];
  return osSecurityErrors(spec, specField, name);
}

/** The modelled pod-level checks of the pod spec at `field`. */
export function podFieldsErrors(spec: Value | undefined, field: string): FieldError[] {
  const errors = [
    ...labelsErrors(at(spec, 'nodeSelector'), `${field}.nodeSelector`),
    ...podSecurityContextErrors(spec, `${field}.securityContext`),
    ...affinityErrors(at(spec, 'affinity'), `${field}.affinity`),
    ...dnsConfigErrors(spec, `${field}.dnsConfig`),
    ...gatesErrors(spec, field),
    ...topologySpreadErrors(at(spec, 'topologySpreadConstraints'), `${field}.topologySpreadConstraints`),
    ...hostProcessErrors(spec, field),
  ];
  errors.push(...named(spec, 'serviceAccountName', field, isDns1123Subdomain), ...named(spec, 'nodeName', field, isDns1123Subdomain));
  const deadline = at(spec, 'activeDeadlineSeconds');
  if ((typeof deadline === 'number' || typeof deadline === 'bigint') && (deadline < 1 || deadline > MAX_INT32)) {
    errors.push(invalidValue(`${field}.activeDeadlineSeconds`, deadline, `must be between 1 and ${MAX_INT32}, inclusive`));
  }
  errors.push(...named(spec, 'hostname', field, isDns1123Label), ...named(spec, 'subdomain', field, isDns1123Label));
  errors.push(...tolerationsErrors(at(spec, 'tolerations'), `${field}.tolerations`), ...hostAliasesErrors(at(spec, 'hostAliases'), `${field}.hostAliases`));
  errors.push(...named(spec, 'priorityClassName', field, isDns1123Subdomain));
  const preemption = at(spec, 'preemptionPolicy');
  if (preemption === '') errors.push(required(`${field}.preemptionPolicy`));
  else if (typeof preemption === 'string' && !PREEMPTION_POLICIES.includes(preemption)) errors.push(notSupported(`${field}.preemptionPolicy`, preemption, PREEMPTION_POLICIES));
  errors.push(...osErrors(spec, `${field}.os`, field));
  return errors;
}
