/**
 * What a batch/v1 Job update may not change, as kube-apiserver 1.32's ValidateJobSpecUpdate
 * checks it (pkg/apis/batch/validation): `completions` (of a Job that is not Indexed),
 * `selector`, the pod `template`, `completionMode`, `backoffLimitPerIndex` and `managedBy` are
 * immutable. A Job that was suspended and never started (the old object's `suspend: true`, no
 * `status.startTime`) may change its template's scheduling directives: labels, annotations,
 * node selector, tolerations, scheduling gates and node affinity
 * (AllowMutableSchedulingDirectives in pkg/registry/batch/job/strategy.go).
 *
 * Values print as ErrorBody prints them, but the template's: upstream prints the internal
 * `core.PodTemplateSpec` struct with `%#v`, pointers as memory addresses that differ from run to
 * run, so here it is `core.PodTemplateSpec{...}`.
 *
 * A Job's spec as ValidateJobSpec checks it on create and update, as far as modelled: counts not
 * negative, the pod template (validate-pod-template.ts), a restart policy of OnFailure or Never
 * (the default Always is refused), the selector required, valid and matching the template's
 * labels. Not modelled: Indexed Jobs' limits, `podFailurePolicy`, `successPolicy` (their
 * immutability too: structs with pointers), `managedBy`'s format, the generated labels' presence,
 * elastic Indexed Jobs (completions changed with parallelism).
 */
import { getKey, isMap, type Value, type ValueMap } from '../value/value.js';
import { goQuote } from '../fieldpath/format-go-value.js';
import { getPath, setPath } from './object-paths.js';
import { goLabelSelector, goStringMap } from './go-syntax.js';
import { semanticEqual } from './semantic-equal.js';
import { withoutGoZeros } from './go-zero-normalize.js';
import type { FieldError } from './status.js';
import { labelSelectorErrors, selectorMatches } from './validate-label-selector.js';
import { podTemplateErrors } from './validate-pod-template.js';

const FIELD_IMMUTABLE = 'field is immutable';

function spec(obj: ValueMap): ValueMap {
  const s = getKey(obj, 'spec');
  return isMap(s) ? s : ({} as ValueMap);
}

/** A pointer to a number or string as ErrorBody prints it: the value, or "null" (quoted) when nil. */
function pointer(v: Value | undefined): string {
  if (v === undefined || v === null) return '"null"';
  return typeof v === 'string' ? goQuote(v) : String(v);
}

function immutable(field: string, next: Value | undefined, old: Value | undefined, printed: (v: Value | undefined) => string): FieldError[] {
  return semanticEqual(next, old) ? [] : [{ type: 'FieldValueInvalid', field, value: printed(next), detail: FIELD_IMMUTABLE }];
}

/** The old template with the scheduling directives a suspended, never started Job may change taken from the new one. */
function withNewSchedulingDirectives(oldTemplate: Value | undefined, template: Value | undefined): Value | undefined {
  if (!isMap(oldTemplate)) return oldTemplate;
  let out = oldTemplate;
  for (const path of [
    ['metadata', 'labels'],
    ['metadata', 'annotations'],
    ['spec', 'nodeSelector'],
    ['spec', 'tolerations'],
    ['spec', 'schedulingGates'],
    ['spec', 'affinity', 'nodeAffinity'],
  ]) {
    out = setPath(out, path, getPath(template, path) ?? undefined);
  }
  return out;
}

function nonNegative(value: Value | undefined, field: string): FieldError[] {
  return typeof value === 'number' && value < 0 ? [{ type: 'FieldValueInvalid', field, value: String(value), detail: 'must be greater than or equal to 0' }] : [];
}

/**
 * `validateGeneratedSelector`'s last check: unless the Job asks for a manual selector, its selector
 * must select the labels it generates (the legacy `controller-uid` and `job-name`, and the
 * `batch.kubernetes.io/` ones when the template has them, as it has since 1.27).
 */
export function generatedSelectorErrors(obj: ValueMap): FieldError[] {
  const s = spec(obj);
  const selector = getKey(s, 'selector');
  if (getKey(s, 'manualSelector') === true || !isMap(selector) || labelSelectorErrors(selector, 'spec.selector').length > 0) return [];
  const uid = getPath(obj, ['metadata', 'uid']);
  const name = getPath(obj, ['metadata', 'name']);
  const expected: Record<string, Value> = { 'controller-uid': uid ?? '', 'job-name': name ?? '' };
  const labels = getPath(spec(obj), ['template', 'metadata', 'labels']);
  if (isMap(labels) && Object.hasOwn(labels, 'batch.kubernetes.io/controller-uid') && Object.hasOwn(labels, 'batch.kubernetes.io/job-name')) {
    expected['batch.kubernetes.io/controller-uid'] = uid ?? '';
    expected['batch.kubernetes.io/job-name'] = name ?? '';
  }
  if (selectorMatches(selector, expected as ValueMap)) return [];
  return [{ type: 'FieldValueInvalid', field: 'spec.selector', value: goLabelSelector(selector), detail: '`selector` not auto-generated' }];
}

/** `ValidateJobSpec`'s modelled part. */
export function jobSpecErrors(obj: ValueMap): FieldError[] {
  const s = spec(obj);
  const errors: FieldError[] = [];
  for (const f of ['parallelism', 'completions', 'activeDeadlineSeconds', 'backoffLimit', 'ttlSecondsAfterFinished', 'backoffLimitPerIndex', 'maxFailedIndexes']) {
    errors.push(...nonNegative(getKey(s, f), `spec.${f}`));
  }
  const template = getKey(s, 'template');
  errors.push(...podTemplateErrors(template, 'spec.template'));
  const restartPolicy = getPath(template, ['spec', 'restartPolicy']);
  if (restartPolicy === undefined || restartPolicy === null || restartPolicy === 'Always' || restartPolicy === '') {
    errors.push({ type: 'FieldValueRequired', field: 'spec.template.spec.restartPolicy', detail: 'valid values: "OnFailure", "Never"' });
  } else if (restartPolicy !== 'OnFailure' && restartPolicy !== 'Never') {
    errors.push({ type: 'FieldValueNotSupported', field: 'spec.template.spec.restartPolicy', value: goQuote(String(restartPolicy)), detail: 'supported values: "OnFailure", "Never"' });
  }
  const selector = getKey(s, 'selector');
  if (!isMap(selector)) errors.push({ type: 'FieldValueRequired', field: 'spec.selector', detail: '' });
  const selectorErrors = labelSelectorErrors(selector, 'spec.selector');
  errors.push(...selectorErrors);
  const labels = getPath(template, ['metadata', 'labels']);
  if (selectorErrors.length === 0 && !selectorMatches(selector, labels)) {
    errors.push({ type: 'FieldValueInvalid', field: 'spec.template.metadata.labels', value: goStringMap(labels), detail: '`selector` does not match template `labels`' });
  }
  return errors;
}

export function jobUpdateErrors(next: ValueMap, old: ValueMap): FieldError[] {
  const a = spec(next);
  const b = spec(old);
  const errors: FieldError[] = [];
  if (getKey(a, 'completionMode') !== 'Indexed') errors.push(...immutable('spec.completions', getKey(a, 'completions'), getKey(b, 'completions'), pointer));
  errors.push(...immutable('spec.selector', getKey(a, 'selector'), getKey(b, 'selector'), goLabelSelector));
  const suspendedNotStarted = getKey(b, 'suspend') === true && getPath(old, ['status', 'startTime']) == null;
  const template = getKey(a, 'template');
  const oldTemplate = suspendedNotStarted ? withNewSchedulingDirectives(getKey(b, 'template'), template) : getKey(b, 'template');
  // Compared as Go holds the templates: a non-pointer field at its zero is the field left out.
  const goTemplate = (v: Value | undefined) => withoutGoZeros(v, 'io.k8s.api.core.v1.PodTemplateSpec');
  errors.push(...immutable('spec.template', goTemplate(template), goTemplate(oldTemplate), () => 'core.PodTemplateSpec{...}'));
  errors.push(...immutable('spec.completionMode', getKey(a, 'completionMode'), getKey(b, 'completionMode'), pointer));
  errors.push(...immutable('spec.backoffLimitPerIndex', getKey(a, 'backoffLimitPerIndex'), getKey(b, 'backoffLimitPerIndex'), pointer));
  errors.push(...immutable('spec.managedBy', getKey(a, 'managedBy'), getKey(b, 'managedBy'), pointer));
  return errors;
}
