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
 * run, so here it is `core.PodTemplateSpec{...}`. Not modelled: the create-time checks of a Job's
 * spec, `podFailurePolicy` and `successPolicy` (structs with pointers too), elastic Indexed Jobs
 * (completions changed with parallelism).
 */
import { getKey, isMap, type Value, type ValueMap } from '../value/value.js';
import { goQuote } from '../fieldpath/format-go-value.js';
import { getPath, setPath } from './object-paths.js';
import { goLabelSelector } from './go-syntax.js';
import { semanticEqual } from './semantic-equal.js';
import type { FieldError } from './status.js';

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

export function jobUpdateErrors(next: ValueMap, old: ValueMap): FieldError[] {
  const a = spec(next);
  const b = spec(old);
  const errors: FieldError[] = [];
  if (getKey(a, 'completionMode') !== 'Indexed') errors.push(...immutable('spec.completions', getKey(a, 'completions'), getKey(b, 'completions'), pointer));
  errors.push(...immutable('spec.selector', getKey(a, 'selector'), getKey(b, 'selector'), goLabelSelector));
  const suspendedNotStarted = getKey(b, 'suspend') === true && getPath(old, ['status', 'startTime']) == null;
  const template = getKey(a, 'template');
  const oldTemplate = suspendedNotStarted ? withNewSchedulingDirectives(getKey(b, 'template'), template) : getKey(b, 'template');
  errors.push(...immutable('spec.template', template, oldTemplate, () => 'core.PodTemplateSpec{...}'));
  errors.push(...immutable('spec.completionMode', getKey(a, 'completionMode'), getKey(b, 'completionMode'), pointer));
  errors.push(...immutable('spec.backoffLimitPerIndex', getKey(a, 'backoffLimitPerIndex'), getKey(b, 'backoffLimitPerIndex'), pointer));
  errors.push(...immutable('spec.managedBy', getKey(a, 'managedBy'), getKey(b, 'managedBy'), pointer));
  return errors;
}
