/**
 * kube-apiserver 1.32's `validateTopologySpreadConstraints` (pkg/apis/core/validation), each
 * constraint in upstream's order: maxSkew above zero, a topology key, whenUnsatisfiable one of
 * DoNotSchedule and ScheduleAnyway, no later constraint with the same key and action (reported on
 * the earlier one, at upstream's path `{topologyKey, whenUnsatisfiable}`), minDomains above zero
 * and only with DoNotSchedule, the node inclusion policies, matchLabelKeys (qualified names, only
 * with a label selector, not keys the selector already names), then the label selector with
 * strict label values.
 */
import { getKey, isMap, type Value } from '../value/value.js';
import { duplicate, forbidden, invalidValue, notSupported, required } from './field-error.js';
import type { FieldError } from './status.js';
import { labelNameErrors } from './validate-affinity.js';
import { labelSelectorErrors } from './validate-label-selector.js';

const at = (v: Value | undefined, key: string): Value | undefined => (isMap(v) ? getKey(v, key) : undefined);
const text = (v: Value | undefined, key: string): string => {
  const s = at(v, key);
  return typeof s === 'string' ? s : '';
};
const int = (v: Value | undefined): number | bigint => (typeof v === 'number' || typeof v === 'bigint' ? v : 0);

const NOT_POSITIVE = 'must be greater than zero';
/** `sets.List` of each: sorted. */
const ACTIONS = ['DoNotSchedule', 'ScheduleAnyway'];
const NODE_POLICIES = ['Honor', 'Ignore'];

/** `validateMatchLabelKeysInTopologySpread`. */
function matchLabelKeysErrors(constraint: Value, field: string): FieldError[] {
  const keys = at(constraint, 'matchLabelKeys');
  if (!Array.isArray(keys) || keys.length === 0) return [];
  const selector = at(constraint, 'labelSelector');
  const errors: FieldError[] = [];
  const named = new Set<string>();
  if (isMap(selector)) {
    const labels = at(selector, 'matchLabels');
    if (isMap(labels)) for (const k of Object.keys(labels)) named.add(k);
    const exprs = at(selector, 'matchExpressions');
    if (Array.isArray(exprs)) for (const e of exprs) named.add(text(e, 'key'));
  } else errors.push(forbidden(field, 'must not be specified when labelSelector is not set'));
  keys.forEach((k, i) => {
    const key = typeof k === 'string' ? k : '';
    errors.push(...labelNameErrors(key, `${field}[${i}]`));
    if (named.has(key)) errors.push(invalidValue(`${field}[${i}]`, key, 'exists in both matchLabelKeys and labelSelector'));
  });
  return errors;
}

export function topologySpreadErrors(constraints: Value | undefined, field: string): FieldError[] {
  if (!Array.isArray(constraints)) return [];
  return constraints.flatMap((c, i) => {
    const path = `${field}[${i}]`;
    const errors: FieldError[] = [];
    const maxSkew = int(at(c, 'maxSkew'));
    if (maxSkew <= 0) errors.push(invalidValue(`${path}.maxSkew`, maxSkew, NOT_POSITIVE));
    const key = text(c, 'topologyKey');
    if (key === '') errors.push(required(`${path}.topologyKey`, 'can not be empty'));
    const action = text(c, 'whenUnsatisfiable');
    if (!ACTIONS.includes(action)) errors.push(notSupported(`${path}.whenUnsatisfiable`, action, ACTIONS));
    if (constraints.slice(i + 1).some((r) => text(r, 'topologyKey') === key && text(r, 'whenUnsatisfiable') === action)) {
      errors.push(duplicate(`${path}.{topologyKey, whenUnsatisfiable}`, `{${key}, ${action}}`));
    }
    const minDomains = at(c, 'minDomains');
    if (typeof minDomains === 'number' || typeof minDomains === 'bigint') {
      if (minDomains <= 0) errors.push(invalidValue(`${path}.minDomains`, minDomains, NOT_POSITIVE));
      if (action !== 'DoNotSchedule') errors.push(invalidValue(`${path}.minDomains`, minDomains, `can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ${action}`));
    }
    for (const policy of ['nodeAffinityPolicy', 'nodeTaintsPolicy']) {
      const value = at(c, policy);
      if (typeof value === 'string' && !NODE_POLICIES.includes(value)) errors.push(notSupported(`${path}.${policy}`, value, NODE_POLICIES));
    }
    errors.push(...matchLabelKeysErrors(c, `${path}.matchLabelKeys`), ...labelSelectorErrors(at(c, 'labelSelector'), `${path}.labelSelector`));
    return errors;
  });
}
