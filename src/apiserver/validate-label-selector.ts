/**
 * A `metav1.LabelSelector` in an object (a workload's `spec.selector`) as kube-apiserver 1.32
 * checks and evaluates it: `ValidateLabelSelector` with invalid label values not allowed
 * (k8s.io/apimachinery pkg/apis/meta/v1/validation), and the `labels.Selector` that
 * `LabelSelectorAsSelector` makes of it: an absent selector selects nothing, one without
 * requirements selects everything, otherwise every requirement must hold. A selector that
 * ValidateLabelSelector refuses is one LabelSelectorAsSelector fails on (both check operators,
 * value counts, keys and values the same way).
 */
import { getKey, isMap, type Value, type ValueMap } from '../value/value.js';
import { isQualifiedName, isValidLabelValue } from './name-validation.js';
import type { FieldError } from './status.js';
import { invalidString, labelsErrors } from './validate-labels.js';

const invalid = invalidString;

function strings(v: Value | undefined): string[] {
  return Array.isArray(v) ? v.map((s) => (typeof s === 'string' ? s : String(s))) : [];
}

/** `ValidateLabelSelector` (strict values); no errors for an absent selector. */
export function labelSelectorErrors(selector: Value | undefined, field: string): FieldError[] {
  if (!isMap(selector)) return [];
  const errors = labelsErrors(getKey(selector, 'matchLabels'), `${field}.matchLabels`);
  const expressions = getKey(selector, 'matchExpressions');
  if (!Array.isArray(expressions)) return errors;
  expressions.forEach((expr, i) => {
    const at = `${field}.matchExpressions[${i}]`;
    const requirement = isMap(expr) ? expr : ({} as ValueMap);
    const operator = getKey(requirement, 'operator');
    const values = strings(getKey(requirement, 'values'));
    if (operator === 'In' || operator === 'NotIn') {
      if (values.length === 0) errors.push({ type: 'FieldValueRequired', field: `${at}.values`, detail: "must be specified when `operator` is 'In' or 'NotIn'" });
    } else if (operator === 'Exists' || operator === 'DoesNotExist') {
      if (values.length > 0) errors.push({ type: 'FieldValueForbidden', field: `${at}.values`, detail: "may not be specified when `operator` is 'Exists' or 'DoesNotExist'" });
    } else {
      errors.push(invalid(`${at}.operator`, typeof operator === 'string' ? operator : '', 'not a valid selector operator'));
    }
    const key = getKey(requirement, 'key');
    for (const msg of isQualifiedName(typeof key === 'string' ? key : '')) errors.push(invalid(`${at}.key`, typeof key === 'string' ? key : '', msg));
    values.forEach((value, j) => {
      for (const msg of isValidLabelValue(value)) errors.push(invalid(`${at}.values[${j}]`, value, msg));
    });
  });
  return errors;
}

/** A selector with no requirement at all (`labels.Selector.Empty()`); an absent one is not empty, it selects nothing. */
export function selectorIsEmpty(selector: Value | undefined): boolean {
  if (!isMap(selector)) return false;
  const matchLabels = getKey(selector, 'matchLabels');
  const expressions = getKey(selector, 'matchExpressions');
  return !(isMap(matchLabels) && Object.keys(matchLabels).length > 0) && !(Array.isArray(expressions) && expressions.length > 0);
}

/** Whether the (valid) selector selects an object with these labels. */
export function selectorMatches(selector: Value | undefined, labels: Value | undefined): boolean {
  if (!isMap(selector)) return false;
  const has = (key: string) => isMap(labels) && Object.hasOwn(labels, key);
  const label = (key: string) => (isMap(labels) ? labels[key] : undefined);
  const matchLabels = getKey(selector, 'matchLabels');
  if (isMap(matchLabels)) for (const key of Object.keys(matchLabels)) if (!has(key) || label(key) !== matchLabels[key]) return false;
  const expressions = getKey(selector, 'matchExpressions');
  if (!Array.isArray(expressions)) return true;
  return expressions.every((expr) => {
    if (!isMap(expr)) return false;
    const key = getKey(expr, 'key');
    const values = strings(getKey(expr, 'values'));
    if (typeof key !== 'string') return false;
    switch (getKey(expr, 'operator')) {
      case 'In':
        return has(key) && values.includes(String(label(key)));
      case 'NotIn':
        return !has(key) || !values.includes(String(label(key)));
      case 'Exists':
        return has(key);
      case 'DoesNotExist':
        return !has(key);
      default:
        return false;
    }
  });
}
