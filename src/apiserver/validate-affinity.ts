/**
 * kube-apiserver 1.32's `validateAffinity` (pkg/apis/core/validation): node affinity (a required
 * node selector has at least one term; each match expression an operator with the value count
 * it needs and a qualified-name key — 1.32 does not check the values —, each match field the key
 * `metadata.name` with exactly one node name under In or NotIn; a preference's weight 1 to 100),
 * then pod affinity and pod anti-affinity (each term's label and namespace selectors with strict
 * label values, namespace names at upstream's singular `namespace` path, matchLabelKeys and
 * mismatchLabelKeys, a topology key that is required and a qualified name; a weighted term's
 * weight 1 to 100).
 *
 * For a Pod, kube-apiserver 1.32 first adds to each term's label selector a requirement for every
 * matchLabelKeys key the pod has as a label; that mutation is not modelled, so the key-in-both
 * check looks at the selector as written.
 */
import { getKey, isMap, type Value } from '../value/value.js';
import { forbidden, invalidValue, required } from './field-error.js';
import { isDns1123Label, isDns1123Subdomain, isQualifiedName } from './name-validation.js';
import type { FieldError } from './status.js';
import { labelSelectorErrors } from './validate-label-selector.js';

const at = (v: Value | undefined, key: string): Value | undefined => (isMap(v) ? getKey(v, key) : undefined);
const text = (v: Value | undefined, key: string): string => {
  const s = at(v, key);
  return typeof s === 'string' ? s : '';
};
const list = (v: Value | undefined): readonly Value[] => (Array.isArray(v) ? v : []);
const strings = (v: Value | undefined): string[] => list(v).map((s) => (typeof s === 'string' ? s : ''));

const WEIGHT_RANGE = 'must be in the range 1-100';

/** `ValidateLabelName`. */
export function labelNameErrors(name: string, field: string): FieldError[] {
  return isQualifiedName(name).map((msg) => invalidValue(field, name, msg));
}

function weightErrors(term: Value | undefined, field: string): FieldError[] {
  const w = at(term, 'weight');
  const weight = typeof w === 'number' || typeof w === 'bigint' ? w : 0;
  return weight <= 0 || weight > 100 ? [invalidValue(field, weight, WEIGHT_RANGE)] : [];
}

/** `ValidateNodeSelectorRequirement` (1.32: no label-value check). */
function nodeRequirementErrors(rq: Value, field: string): FieldError[] {
  const errors: FieldError[] = [];
  const operator = text(rq, 'operator');
  const values = list(at(rq, 'values'));
  switch (operator) {
    case 'In':
    case 'NotIn':
      if (values.length === 0) errors.push(required(`${field}.values`, "must be specified when `operator` is 'In' or 'NotIn'"));
      break;
    case 'Exists':
    case 'DoesNotExist':
      if (values.length > 0) errors.push(forbidden(`${field}.values`, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
      break;
    case 'Gt':
    case 'Lt':
      if (values.length !== 1) errors.push(required(`${field}.values`, "must be specified single value when `operator` is 'Lt' or 'Gt'"));
      break;
    default:
      errors.push(invalidValue(`${field}.operator`, operator, 'not a valid selector operator'));
  }
  return [...errors, ...labelNameErrors(text(rq, 'key'), `${field}.key`)];
}

/** `ValidateNodeFieldSelectorRequirement`: only `metadata.name`, one value under In or NotIn. */
function nodeFieldRequirementErrors(rq: Value, field: string): FieldError[] {
  const errors: FieldError[] = [];
  const operator = text(rq, 'operator');
  const values = strings(at(rq, 'values'));
  if (operator === 'In' || operator === 'NotIn') {
    if (values.length !== 1) errors.push(required(`${field}.values`, "must be only one value when `operator` is 'In' or 'NotIn' for node field selector"));
  } else errors.push(invalidValue(`${field}.operator`, operator, 'not a valid selector operator'));
  const key = text(rq, 'key');
  if (key !== 'metadata.name') errors.push(invalidValue(`${field}.key`, key, 'not a valid field selector key'));
  else values.forEach((v, i) => errors.push(...isDns1123Subdomain(v).map((msg) => invalidValue(`${field}.values[${i}]`, v, msg))));
  return errors;
}

/** `ValidateNodeSelectorTerm`. */
function nodeSelectorTermErrors(term: Value | undefined, field: string): FieldError[] {
  return [
    ...list(at(term, 'matchExpressions')).flatMap((rq, j) => nodeRequirementErrors(rq, `${field}.matchExpressions[${j}]`)),
    ...list(at(term, 'matchFields')).flatMap((rq, j) => nodeFieldRequirementErrors(rq, `${field}.matchFields[${j}]`)),
  ];
}

function nodeAffinityErrors(na: Value, field: string): FieldError[] {
  const errors: FieldError[] = [];
  const requiredSelector = at(na, 'requiredDuringSchedulingIgnoredDuringExecution');
  if (isMap(requiredSelector)) {
    const termsPath = `${field}.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms`;
    const terms = list(at(requiredSelector, 'nodeSelectorTerms'));
    if (terms.length === 0) errors.push(required(termsPath, 'must have at least one node selector term'));
    else terms.forEach((t, i) => errors.push(...nodeSelectorTermErrors(t, `${termsPath}[${i}]`)));
  }
  list(at(na, 'preferredDuringSchedulingIgnoredDuringExecution')).forEach((t, i) => {
    const path = `${field}.preferredDuringSchedulingIgnoredDuringExecution[${i}]`;
    errors.push(...weightErrors(t, `${path}.weight`), ...nodeSelectorTermErrors(at(t, 'preference'), `${path}.preference`));
  });
  return errors;
}

/** `validateMatchLabelKeysAndMismatchLabelKeys`. */
function labelKeysErrors(term: Value | undefined, field: string): FieldError[] {
  const selector = at(term, 'labelSelector');
  const matchKeys = strings(at(term, 'matchLabelKeys'));
  const mismatchKeys = strings(at(term, 'mismatchLabelKeys'));
  const errors: FieldError[] = [];
  for (const [name, keys] of [['matchLabelKeys', matchKeys], ['mismatchLabelKeys', mismatchKeys]] as const) {
    if (keys.length === 0) continue;
    if (!isMap(selector)) errors.push(forbidden(`${field}.${name}`, 'must not be specified when labelSelector is not set'));
    else keys.forEach((k, i) => errors.push(...labelNameErrors(k, `${field}.${name}[${i}]`)));
  }
  if (isMap(selector)) {
    const index = new Map<string, number>();
    matchKeys.forEach((k, i) => index.set(k, i));
    const seen = new Set<string>(isMap(at(selector, 'matchLabels')) ? Object.keys(at(selector, 'matchLabels') as object) : []);
    for (const expr of list(at(selector, 'matchExpressions'))) {
      const key = text(expr, 'key');
      const i = index.get(key);
      // Upstream's path here is the term's own, indexed: `...[0][1]`.
      if (i !== undefined && seen.has(key)) errors.push(invalidValue(`${field}[${i}]`, key, 'exists in both matchLabelKeys and labelSelector'));
      seen.add(key);
    }
  }
  const mismatch = new Set(mismatchKeys);
  matchKeys.forEach((k, i) => {
    if (mismatch.has(k)) errors.push(invalidValue(`${field}.matchLabelKeys[${i}]`, k, 'exists in both matchLabelKeys and mismatchLabelKeys'));
  });
  return errors;
}

/** `validatePodAffinityTerm`. */
function podAffinityTermErrors(term: Value | undefined, field: string): FieldError[] {
  const errors = [...labelSelectorErrors(at(term, 'labelSelector'), `${field}.labelSelector`), ...labelSelectorErrors(at(term, 'namespaceSelector'), `${field}.namespaceSelector`)];
  for (const name of strings(at(term, 'namespaces'))) errors.push(...isDns1123Label(name).map((msg) => invalidValue(`${field}.namespace`, name, msg)));
  errors.push(...labelKeysErrors(term, field));
  const topologyKey = text(term, 'topologyKey');
  if (topologyKey === '') errors.push(required(`${field}.topologyKey`, 'can not be empty'));
  errors.push(...labelNameErrors(topologyKey, `${field}.topologyKey`));
  return errors;
}

/** `validatePodAffinity` and `validatePodAntiAffinity` (the same checks). */
function podAffinityErrors(affinity: Value, field: string): FieldError[] {
  const requiredPath = `${field}.requiredDuringSchedulingIgnoredDuringExecution`;
  const preferredPath = `${field}.preferredDuringSchedulingIgnoredDuringExecution`;
  return [
    ...list(at(affinity, 'requiredDuringSchedulingIgnoredDuringExecution')).flatMap((t, i) => podAffinityTermErrors(t, `${requiredPath}[${i}]`)),
    ...list(at(affinity, 'preferredDuringSchedulingIgnoredDuringExecution')).flatMap((t, j) => [
      ...weightErrors(t, `${preferredPath}[${j}].weight`),
      ...podAffinityTermErrors(at(t, 'podAffinityTerm'), `${preferredPath}[${j}].podAffinityTerm`),
    ]),
  ];
}

/** `validateAffinity` of the affinity at `field` (`spec.affinity`). */
export function affinityErrors(affinity: Value | undefined, field: string): FieldError[] {
  if (!isMap(affinity)) return [];
  const errors: FieldError[] = [];
  const node = at(affinity, 'nodeAffinity');
  if (isMap(node)) errors.push(...nodeAffinityErrors(node, `${field}.nodeAffinity`));
  const pod = at(affinity, 'podAffinity');
  if (isMap(pod)) errors.push(...podAffinityErrors(pod, `${field}.podAffinity`));
  const anti = at(affinity, 'podAntiAffinity');
  if (isMap(anti)) errors.push(...podAffinityErrors(anti, `${field}.podAntiAffinity`));
  return errors;
}
