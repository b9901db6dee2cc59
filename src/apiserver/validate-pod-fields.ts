/**
 * The pod-level checks ValidatePodSpec (kube-apiserver 1.32) runs after the containers and the
 * restart and DNS policies, as far as modelled, in its order: the node selector's labels, the
 * readiness gates' condition types and the scheduling gates' names (qualified names, a gate not
 * twice), the service account and node names (DNS subdomains), activeDeadlineSeconds (1 to
 * 2^31-1), hostname and subdomain (RFC 1123 labels), tolerations (validate-tolerations.ts), the
 * priority class name (a DNS subdomain) and preemptionPolicy. Security contexts, pull secrets,
 * affinity, DNS config, topology spread, host aliases, the runtime class, overhead and the OS
 * rules are not checked.
 */
import { getKey, isMap, type Value } from '../value/value.js';
import { duplicate, invalidValue, notSupported, required } from './field-error.js';
import { isDns1123Label, isDns1123Subdomain, isQualifiedName } from './name-validation.js';
import type { FieldError } from './status.js';
import { labelsErrors } from './validate-labels.js';
import { tolerationsErrors } from './validate-tolerations.js';

const at = (v: Value | undefined, key: string): Value | undefined => (isMap(v) ? getKey(v, key) : undefined);
const text = (v: Value | undefined, key: string): string => {
  const s = at(v, key);
  return typeof s === 'string' ? s : '';
};

const MAX_INT32 = 2147483647;
const PREEMPTION_POLICIES = ['PreemptLowerPriority', 'Never'];

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

/** The modelled pod-level checks of the pod spec at `field`. */
export function podFieldsErrors(spec: Value | undefined, field: string): FieldError[] {
  const errors = [...labelsErrors(at(spec, 'nodeSelector'), `${field}.nodeSelector`), ...gatesErrors(spec, field)];
  errors.push(...named(spec, 'serviceAccountName', field, isDns1123Subdomain), ...named(spec, 'nodeName', field, isDns1123Subdomain));
  const deadline = at(spec, 'activeDeadlineSeconds');
  if ((typeof deadline === 'number' || typeof deadline === 'bigint') && (deadline < 1 || deadline > MAX_INT32)) {
    errors.push(invalidValue(`${field}.activeDeadlineSeconds`, deadline, `must be between 1 and ${MAX_INT32}, inclusive`));
  }
  errors.push(...named(spec, 'hostname', field, isDns1123Label), ...named(spec, 'subdomain', field, isDns1123Label));
  errors.push(...tolerationsErrors(at(spec, 'tolerations'), `${field}.tolerations`));
  errors.push(...named(spec, 'priorityClassName', field, isDns1123Subdomain));
  const preemption = at(spec, 'preemptionPolicy');
  if (preemption === '') errors.push(required(`${field}.preemptionPolicy`));
  else if (typeof preemption === 'string' && !PREEMPTION_POLICIES.includes(preemption)) errors.push(notSupported(`${field}.preemptionPolicy`, preemption, PREEMPTION_POLICIES));
  return errors;
}
