/**
 * The spec checks of apps/v1 Deployment, ReplicaSet, DaemonSet and StatefulSet as kube-apiserver
 * 1.32 runs them (pkg/apis/apps/validation, and the selector-immutability check each registry
 * strategy's ValidateUpdate adds for apps/v1). Modelled: replica and seconds counts not negative,
 * the selector (required for all but DaemonSet, valid, not empty, matching the template's
 * labels), the pod template (validate-pod-template.ts), the restart policy `Always`, no
 * activeDeadlineSeconds; on update the selector immutable, and a StatefulSet's spec frozen but for
 * the fields it lists. Each returns the errors in the reference's order.
 */
import { getKey, isMap, type Value, type ValueMap } from '../value/value.js';
import { getPath } from './object-paths.js';
import { goLabelSelector, goStringMap } from './go-syntax.js';
import { semanticEqual } from './semantic-equal.js';
import type { FieldError } from './status.js';
import { labelSelectorErrors, selectorIsEmpty, selectorMatches } from './validate-label-selector.js';
import { annotationsErrors, labelsErrors } from './validate-labels.js';
import { podTemplateErrors, restartPolicyAlwaysErrors } from './validate-pod-template.js';

export type WorkloadKind = 'Deployment' | 'ReplicaSet' | 'DaemonSet' | 'StatefulSet';

const FIELD_IMMUTABLE = 'field is immutable';
const TEMPLATE_LABELS_MISMATCH = '`selector` does not match template `labels`';

function spec(obj: ValueMap): ValueMap {
  const s = getKey(obj, 'spec');
  return isMap(s) ? s : ({} as ValueMap);
}

/** `ValidateNonnegativeField` of an integer field, when it is set. */
function nonNegative(value: Value | undefined, field: string): FieldError[] {
  if (typeof value !== 'number' && typeof value !== 'bigint') return [];
  return value < 0 ? [{ type: 'FieldValueInvalid', field, value: String(value), detail: 'must be greater than or equal to 0' }] : [];
}

function templateLabelsMismatch(template: Value | undefined): FieldError {
  return { type: 'FieldValueInvalid', field: 'spec.template.metadata.labels', value: goStringMap(getPath(template, ['metadata', 'labels'])), detail: TEMPLATE_LABELS_MISMATCH };
}

/**
 * A required, valid, non-empty selector: the errors and whether LabelSelectorAsSelector made a
 * selector of it (an absent one is the selector that matches nothing).
 */
function requiredSelector(selector: Value | undefined, kind: string): { errors: FieldError[]; usable: boolean } {
  if (!isMap(selector)) return { errors: [{ type: 'FieldValueRequired', field: 'spec.selector', detail: '' }], usable: true };
  const errors = labelSelectorErrors(selector, 'spec.selector');
  const usable = errors.length === 0;
  if (selectorIsEmpty(selector)) errors.push({ type: 'FieldValueInvalid', field: 'spec.selector', value: goLabelSelector(selector), detail: `empty selector is invalid for ${kind}` });
  return { errors, usable };
}

/** `ValidatePodTemplateSpecForReplicaSet`: Deployment and ReplicaSet templates. */
function replicaSetTemplateErrors(selector: Value | undefined, template: Value | undefined, kind: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!selectorIsEmpty(selector) && !selectorMatches(selector, getPath(template, ['metadata', 'labels']))) errors.push(templateLabelsMismatch(template));
  errors.push(...podTemplateErrors(template, 'spec.template'), ...restartPolicyAlwaysErrors(template, 'spec.template'));
  if (getPath(template, ['spec', 'activeDeadlineSeconds']) != null) {
    errors.push({ type: 'FieldValueForbidden', field: 'spec.template.spec.activeDeadlineSeconds', detail: `activeDeadlineSeconds in ${kind} is not Supported` });
  }
  return errors;
}

function deploymentSpecErrors(s: ValueMap): FieldError[] {
  const errors = nonNegative(getKey(s, 'replicas'), 'spec.replicas');
  const selector = getKey(s, 'selector');
  const checked = requiredSelector(selector, 'deployment');
  errors.push(...checked.errors);
  if (checked.usable) errors.push(...replicaSetTemplateErrors(selector, getKey(s, 'template'), 'ReplicaSet'));
  else errors.push({ type: 'FieldValueInvalid', field: 'spec.selector', value: goLabelSelector(selector), detail: 'invalid label selector' });
  errors.push(...nonNegative(getKey(s, 'minReadySeconds'), 'spec.minReadySeconds'), ...nonNegative(getKey(s, 'revisionHistoryLimit'), 'spec.revisionHistoryLimit'));
  const deadline = getKey(s, 'progressDeadlineSeconds');
  errors.push(...nonNegative(deadline, 'spec.progressDeadlineSeconds'));
  const minReady = getKey(s, 'minReadySeconds');
  if (typeof deadline === 'number' && deadline <= (typeof minReady === 'number' ? minReady : 0)) {
    errors.push({ type: 'FieldValueInvalid', field: 'spec.progressDeadlineSeconds', value: String(deadline), detail: 'must be greater than minReadySeconds' });
  }
  return errors;
}

function replicaSetSpecErrors(s: ValueMap): FieldError[] {
  const errors = [...nonNegative(getKey(s, 'replicas'), 'spec.replicas'), ...nonNegative(getKey(s, 'minReadySeconds'), 'spec.minReadySeconds')];
  const selector = getKey(s, 'selector');
  // The ReplicaSet's own check says "deployment" too.
  const checked = requiredSelector(selector, 'deployment');
  errors.push(...checked.errors);
  if (checked.usable) errors.push(...replicaSetTemplateErrors(selector, getKey(s, 'template'), 'ReplicaSet'));
  else errors.push({ type: 'FieldValueInvalid', field: 'spec.selector', value: goLabelSelector(selector), detail: 'invalid label selector' });
  return errors;
}

function daemonSetSpecErrors(s: ValueMap): FieldError[] {
  const selector = getKey(s, 'selector');
  const template = getKey(s, 'template');
  const errors = labelSelectorErrors(selector, 'spec.selector');
  // A selector LabelSelectorAsSelector refuses gets no error of its own here; an absent one matches nothing.
  if (errors.length === 0 && !(selectorIsEmpty(selector) || selectorMatches(selector, getPath(template, ['metadata', 'labels'])))) errors.push(templateLabelsMismatch(template));
  if (selectorIsEmpty(selector)) errors.push({ type: 'FieldValueInvalid', field: 'spec.selector', value: goLabelSelector(selector), detail: 'empty selector is invalid for daemonset' });
  errors.push(...podTemplateErrors(template, 'spec.template'), ...restartPolicyAlwaysErrors(template, 'spec.template'));
  if (getPath(template, ['spec', 'activeDeadlineSeconds']) != null) {
    errors.push({ type: 'FieldValueForbidden', field: 'spec.template.spec.activeDeadlineSeconds', detail: 'activeDeadlineSeconds in DaemonSet is not Supported' });
  }
  errors.push(...nonNegative(getKey(s, 'minReadySeconds'), 'spec.minReadySeconds'), ...nonNegative(getKey(s, 'revisionHistoryLimit'), 'spec.revisionHistoryLimit'));
  return errors;
}

/** StatefulSet: its template's pod spec is not validated upstream (a TODO there), only labels and annotations. */
function statefulSetSpecErrors(s: ValueMap): FieldError[] {
  const errors = [...nonNegative(getKey(s, 'replicas'), 'spec.replicas'), ...nonNegative(getKey(s, 'minReadySeconds'), 'spec.minReadySeconds')];
  const selector = getKey(s, 'selector');
  const template = getKey(s, 'template');
  const checked = requiredSelector(selector, 'statefulset');
  errors.push(...checked.errors);
  if (checked.usable) {
    if (!selectorIsEmpty(selector) && !selectorMatches(selector, getPath(template, ['metadata', 'labels']))) errors.push(templateLabelsMismatch(template));
    errors.push(...labelsErrors(getPath(template, ['metadata', 'labels']), 'spec.template.labels'), ...annotationsErrors(getPath(template, ['metadata', 'annotations']), 'spec.template.annotations'));
  } else errors.push({ type: 'FieldValueInvalid', field: 'spec.selector', value: goLabelSelector(selector), detail: '' });
  errors.push(...restartPolicyAlwaysErrors(template, 'spec.template'));
  if (getPath(template, ['spec', 'activeDeadlineSeconds']) != null) {
    errors.push({ type: 'FieldValueForbidden', field: 'spec.template.spec.activeDeadlineSeconds', detail: 'activeDeadlineSeconds in StatefulSet is not Supported' });
  }
  return errors;
}

/** The kind's spec errors, as its Validate (create) and ValidateUpdate both run them on the new object. */
export function workloadSpecErrors(kind: WorkloadKind, obj: ValueMap): FieldError[] {
  const s = spec(obj);
  switch (kind) {
    case 'Deployment':
      return deploymentSpecErrors(s);
    case 'ReplicaSet':
      return replicaSetSpecErrors(s);
    case 'DaemonSet':
      return daemonSetSpecErrors(s);
    case 'StatefulSet':
      return statefulSetSpecErrors(s);
  }
}

/** `ValidateImmutableField(new.Spec.Selector, old.Spec.Selector, "spec.selector")`. */
export function selectorImmutableErrors(next: ValueMap, old: ValueMap): FieldError[] {
  const selector = getKey(spec(next), 'selector');
  if (semanticEqual(selector, getKey(spec(old), 'selector'))) return [];
  return [{ type: 'FieldValueInvalid', field: 'spec.selector', value: goLabelSelector(selector), detail: FIELD_IMMUTABLE }];
}

/** The StatefulSet spec fields an update may change (ValidateStatefulSetUpdate). */
const STATEFUL_SET_MUTABLE = ['replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy', 'minReadySeconds'];

export function statefulSetForbiddenUpdateErrors(next: ValueMap, old: ValueMap): FieldError[] {
  const a = spec(next);
  const b = spec(old);
  const rest = (s: ValueMap) => Object.fromEntries(Object.keys(s).filter((k) => !STATEFUL_SET_MUTABLE.includes(k)).map((k) => [k, s[k]])) as ValueMap;
  if (semanticEqual(rest(a), rest(b))) return [];
  return [
    {
      type: 'FieldValueForbidden',
      field: 'spec',
      detail: "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden",
    },
  ];
}
