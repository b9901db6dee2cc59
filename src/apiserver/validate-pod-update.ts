/**
 * What kube-apiserver 1.32's `ValidatePodUpdate` (pkg/apis/core/validation) adds to a Pod
 * update's checks after the new pod's own (metadata and spec, as on create): the containers and
 * init containers neither added nor removed (`spec.containers: Forbidden: pod updates may not add
 * or remove containers`, which ends the checks), their images set and without surrounding blanks,
 * activeDeadlineSeconds only set or lowered (0 to 2^31-1), existing tolerations kept (only their
 * tolerationSeconds may change) and then validated again, scheduling gates only removed; then the
 * rest of the spec unchanged: with those fields (and, for a pod that was gated, node selector
 * additions and node affinity term additions) taken back to the old values, a spec that still
 * differs is `spec: Forbidden: pod updates may not change fields other than ...`.
 *
 * Upstream ends that message with a newline and go-cmp's diff of the internal Go structs, whose
 * spacing go-cmp varies on purpose from one process to the next; here the diff is written
 * `core.PodSpec{...}`, the one text that differs from a real cluster's. Resources are not in the
 * list: InPlacePodVerticalScaling is off in 1.32. The specs compare as Go holds them
 * (go-zero-normalize.ts): `hostNetwork: false` written out is no change.
 */
import { getKey, isMap, type Value, type ValueMap } from '../value/value.js';
import { forbidden, invalidValue, required } from './field-error.js';
import { goStringMap } from './go-syntax.js';
import { withoutGoZeros } from './go-zero-normalize.js';
import { semanticEqual } from './semantic-equal.js';
import type { FieldError } from './status.js';
import { tolerationsErrors } from './validate-tolerations.js';

const at = (v: Value | undefined, key: string): Value | undefined => (isMap(v) ? getKey(v, key) : undefined);
const list = (v: Value | undefined): readonly Value[] => (Array.isArray(v) ? v : []);
const MAX_INT32 = 2147483647;
const POD_SPEC = 'io.k8s.api.core.v1.PodSpec';

const UPDATABLE = [
  '`spec.containers[*].image`',
  '`spec.initContainers[*].image`',
  '`spec.activeDeadlineSeconds`',
  '`spec.tolerations` (only additions to existing tolerations)',
  '`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)',
];

/** `ValidateContainerUpdates`: the errors, and whether the checks stop there. */
function containerUpdates(next: Value | undefined, old: Value | undefined, field: string): { errors: FieldError[]; stop: boolean } {
  const a = list(next);
  if (a.length !== list(old).length) return { errors: [forbidden(field, 'pod updates may not add or remove containers')], stop: true };
  const errors = a.flatMap((c, i) => {
    const image = at(c, 'image');
    const text = typeof image === 'string' ? image : '';
    return [
      ...(text === '' ? [required(`${field}[${i}].image`)] : []),
      ...(text.trim() !== text ? [invalidValue(`${field}[${i}].image`, text, 'must not have leading or trailing whitespace')] : []),
    ];
  });
  return { errors, stop: false };
}

/** A toleration without its tolerationSeconds, to compare as validateOnlyAddedTolerations does. */
function withoutSeconds(t: Value): Value {
  if (!isMap(t)) return t;
  return Object.fromEntries(Object.entries(t).filter(([k]) => k !== 'tolerationSeconds')) as ValueMap;
}

/** `validateOnlyAddedTolerations`. */
function tolerationUpdates(next: Value | undefined, old: Value | undefined, field: string): FieldError[] {
  const kept = list(old).every((o) => list(next).some((n) => semanticEqual(withoutSeconds(o), withoutSeconds(n))));
  if (!kept) return [forbidden(field, 'existing toleration can not be modified except its tolerationSeconds')];
  return tolerationsErrors(next, field);
}

/** `validateOnlyDeletedSchedulingGates`, in the new list's order (upstream walks a Go map). */
function gateUpdates(next: Value | undefined, old: Value | undefined, field: string): FieldError[] {
  const oldNames = new Set(list(old).map((g) => at(g, 'name')));
  const added = new Map<string, number>();
  list(next).forEach((g, i) => {
    const name = at(g, 'name');
    if (typeof name === 'string') added.set(name, i);
  });
  return [...added].filter(([name]) => !oldNames.has(name)).map(([name, i]) => forbidden(`${field}[${i}].name`, `only deletion is allowed, but found new scheduling gate '${name}'`));
}

/** `validateNodeSelectorTermHasOnlyAdditions`. */
function termOnlyAdds(next: Value | undefined, old: Value | undefined): boolean {
  const grew = (key: string) => {
    const o = list(at(old, key));
    const n = list(at(next, key));
    return o.length === 0 || (n.length >= o.length && semanticEqual(n.slice(0, o.length) as Value, o as Value));
  };
  if (list(at(old, 'matchExpressions')).length === 0 && list(at(old, 'matchFields')).length === 0) {
    if (list(at(next, 'matchExpressions')).length > 0 || list(at(next, 'matchFields')).length > 0) return false;
  }
  return grew('matchExpressions') && grew('matchFields');
}

/** `validateNodeAffinityMutation` for a pod that was gated. */
function nodeAffinityMutation(next: Value | undefined, old: Value | undefined, field: string): FieldError[] {
  const oldTerms = list(at(at(old, 'requiredDuringSchedulingIgnoredDuringExecution'), 'nodeSelectorTerms'));
  if (!isMap(at(old, 'requiredDuringSchedulingIgnoredDuringExecution'))) return [];
  const newTerms = list(at(at(next, 'requiredDuringSchedulingIgnoredDuringExecution'), 'nodeSelectorTerms'));
  const path = `${field}.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms`;
  // The value upstream prints is the []core.NodeSelectorTerm Go struct.
  if (oldTerms.length > 0 && oldTerms.length !== newTerms.length) {
    return [{ type: 'FieldValueInvalid', field: path, value: '[]core.NodeSelectorTerm{...}', detail: 'no additions/deletions to non-empty NodeSelectorTerms list are allowed' }];
  }
  return oldTerms.flatMap((t, i) =>
    termOnlyAdds(newTerms[i], t) ? [] : [{ type: 'FieldValueInvalid' as const, field: `${path}[${i}]`, value: 'core.NodeSelectorTerm{...}', detail: 'only additions are allowed (no mutations or deletions)' }],
  );
}

/** The spec with the fields a pod update may change taken back to the old spec's, and the errors the gated-pod rules find. */
function munged(next: ValueMap, old: ValueMap, field: string): { spec: ValueMap; errors: FieldError[] } {
  const spec: Record<string, Value> = { ...next };
  const restore = (key: string) => {
    if (Object.hasOwn(old, key)) spec[key] = old[key];
    else delete spec[key];
  };
  for (const key of ['containers', 'initContainers']) {
    const cs = at(next, key);
    if (Array.isArray(cs)) spec[key] = cs.map((c, i) => (isMap(c) ? ({ ...c, image: at(list(at(old, key))[i], 'image') ?? null } as ValueMap) : c));
  }
  for (const key of ['activeDeadlineSeconds', 'schedulingGates', 'tolerations']) restore(key);
  const oldGrace = at(old, 'terminationGracePeriodSeconds');
  if ((typeof oldGrace === 'number' || typeof oldGrace === 'bigint') && oldGrace < 0 && Number(at(next, 'terminationGracePeriodSeconds')) === 1) restore('terminationGracePeriodSeconds');
  const errors: FieldError[] = [];
  if (list(at(old, 'schedulingGates')).length > 0) {
    const oldSelector = at(old, 'nodeSelector');
    if (!semanticEqual(spec.nodeSelector, oldSelector)) {
      const removed = isMap(oldSelector) && Object.keys(oldSelector).some((k) => at(spec.nodeSelector, k) !== oldSelector[k]);
      if (removed) errors.push({ type: 'FieldValueInvalid', field: `${field}.nodeSelector`, value: goStringMap(spec.nodeSelector), detail: 'only additions to spec.nodeSelector are allowed (no mutations or deletions)' });
      restore('nodeSelector');
    }
    const oldAffinity = at(at(old, 'affinity'), 'nodeAffinity');
    const newAffinity = at(spec.affinity, 'nodeAffinity');
    if (!semanticEqual(oldAffinity, newAffinity)) {
      errors.push(...nodeAffinityMutation(newAffinity, oldAffinity, `${field}.affinity.nodeAffinity`));
      const affinity = spec.affinity;
      if (!isMap(affinity)) spec.affinity = { nodeAffinity: oldAffinity ?? null } as ValueMap;
      else if (!isMap(at(old, 'affinity')) && at(affinity, 'podAffinity') == null && at(affinity, 'podAntiAffinity') == null) delete spec.affinity;
      else spec.affinity = { ...affinity, nodeAffinity: oldAffinity ?? null } as ValueMap;
    }
  }
  return { spec: spec as ValueMap, errors };
}

/** ValidatePodUpdate's update rules for the pod specs at `spec`. */
export function podUpdateErrors(nextSpec: Value | undefined, oldSpec: Value | undefined, field = 'spec'): FieldError[] {
  // Compared as Go holds them: a non-pointer field at its zero is the field left out.
  const goSpec = (v: Value | undefined) => withoutGoZeros(v, POD_SPEC);
  const next = isMap(nextSpec) ? (goSpec(nextSpec) as ValueMap) : ({} as ValueMap);
  const old = isMap(oldSpec) ? (goSpec(oldSpec) as ValueMap) : ({} as ValueMap);
  const errors: FieldError[] = [];
  for (const key of ['containers', 'initContainers']) {
    const checked = containerUpdates(at(next, key), at(old, key), `${field}.${key}`);
    errors.push(...checked.errors);
    if (checked.stop) return errors;
  }
  const deadline = at(next, 'activeDeadlineSeconds');
  const oldDeadline = at(old, 'activeDeadlineSeconds');
  const isInt = (v: Value | undefined): v is number | bigint => typeof v === 'number' || typeof v === 'bigint';
  if (isInt(deadline)) {
    if (deadline < 0 || deadline > MAX_INT32) return [...errors, invalidValue(`${field}.activeDeadlineSeconds`, deadline, `must be between 0 and ${MAX_INT32}, inclusive`)];
    if (isInt(oldDeadline) && oldDeadline < deadline) return [...errors, invalidValue(`${field}.activeDeadlineSeconds`, deadline, 'must be less than or equal to previous value')];
  } else if (isInt(oldDeadline)) {
    // The new value is a nil *int64, which field.Error prints as "null".
    errors.push({ type: 'FieldValueInvalid', field: `${field}.activeDeadlineSeconds`, value: '"null"', detail: 'must not update from a positive integer to nil value' });
  }
  errors.push(...tolerationUpdates(at(next, 'tolerations'), at(old, 'tolerations'), `${field}.tolerations`));
  errors.push(...gateUpdates(at(next, 'schedulingGates'), at(old, 'schedulingGates'), `${field}.schedulingGates`));
  if (semanticEqual(next, old)) return errors;
  const m = munged(next, old, field);
  errors.push(...m.errors);
  if (!semanticEqual(m.spec, old)) {
    errors.push(forbidden(field, `pod updates may not change fields other than ${UPDATABLE.join(',')}\n  core.PodSpec{...}`));
  }
  return errors;
}
