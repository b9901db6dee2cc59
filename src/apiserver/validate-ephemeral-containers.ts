/**
 * kube-apiserver 1.32's `validateEphemeralContainers` (pkg/apis/core/validation), run by
 * ValidatePodSpec on a Pod and on a template alike: each ephemeral container gets the checks common
 * to every container (validate-containers.ts), its image without surrounding blanks, a name no
 * other container of the pod has, a targetContainerName naming a regular or init container, none
 * of the fields an ephemeral container may not set (ports, resources, resizePolicy, restartPolicy,
 * the probes, lifecycle: `Forbidden: cannot be set for an Ephemeral Container`, in the struct's
 * order), and no subPath or subPathExpr in its mounts. Then ValidatePodCreate forbids them on a new
 * Pod (they are added through the pods/ephemeralcontainers subresource) and
 * ValidatePodTemplateSpec in any template. A write to that subresource is checked by
 * `ephemeralContainersUpdateErrors` (ValidatePodEphemeralContainersUpdate's own part).
 */
import { goQuote } from '../fieldpath/format-go-value.js';
import { getKey, isMap, type Value } from '../value/value.js';
import { duplicate, forbidden, invalidValue, notFound } from './field-error.js';
import { withoutGoZeros } from './go-zero-normalize.js';
import { semanticEqual } from './semantic-equal.js';
import type { FieldError } from './status.js';
import { containerCommonErrors } from './validate-containers.js';
import type { PodVolumes } from './validate-volumes.js';

const at = (v: Value | undefined, key: string): Value | undefined => (isMap(v) ? getKey(v, key) : undefined);
const text = (v: Value | undefined, key: string): string => {
  const s = at(v, key);
  return typeof s === 'string' ? s : '';
};
const names = (v: Value | undefined): string[] => (Array.isArray(v) ? v.map((c) => text(c, 'name')) : []);

const CANNOT = 'cannot be set for an Ephemeral Container';
/** The EphemeralContainerCommon fields not on upstream's allow list, in the struct's order. */
const NOT_ALLOWED = ['ports', 'resources', 'resizePolicy', 'restartPolicy', 'livenessProbe', 'readinessProbe', 'startupProbe', 'lifecycle'];

/** Whether a field differs from its Go zero value (`resources` is a struct: set when any of its fields is). */
function isSet(container: Value, key: string): boolean {
  const v = at(container, key);
  if (v == null) return false;
  if (key === 'resources') return isMap(v) && Object.values(v).some((x) => x != null);
  return true;
}

export function ephemeralContainersErrors(spec: Value | undefined, volumes: PodVolumes, field: string): FieldError[] {
  const ephemeral = at(spec, 'ephemeralContainers');
  if (!Array.isArray(ephemeral) || ephemeral.length === 0) return [];
  const others = new Set([...names(at(spec, 'containers')), ...names(at(spec, 'initContainers'))]);
  const all = new Set(others);
  return ephemeral.flatMap((c, i) => {
    const path = `${field}[${i}]`;
    const errors = containerCommonErrors(c, volumes, path);
    const image = text(c, 'image');
    if (image !== image.trim()) errors.push(invalidValue(`${path}.image`, image, 'must not have leading or trailing whitespace'));
    const name = text(c, 'name');
    if (all.has(name)) errors.push(duplicate(`${path}.name`, name));
    else all.add(name);
    const target = text(c, 'targetContainerName');
    if (target !== '' && !others.has(target)) errors.push(notFound(`${path}.targetContainerName`, target));
    for (const key of NOT_ALLOWED) if (isSet(c, key)) errors.push(forbidden(`${path}.${key}`, CANNOT));
    const mounts = at(c, 'volumeMounts');
    if (Array.isArray(mounts)) {
      mounts.forEach((m, j) => {
        if (text(m, 'subPath') !== '') errors.push(forbidden(`${path}.volumeMounts[${j}].subPath`, CANNOT));
        if (text(m, 'subPathExpr') !== '') errors.push(forbidden(`${path}.volumeMounts[${j}].subPathExpr`, CANNOT));
      });
    }
    return errors;
  });
}

const MIRROR_POD = 'kubernetes.io/config.mirror';
const EPHEMERAL_CONTAINER = 'io.k8s.api.core.v1.EphemeralContainer';

/**
 * ValidatePodEphemeralContainersUpdate after the new pod's own checks: a static (mirror) pod takes
 * none (`: Forbidden: static pods do not support ephemeral containers`, the only error then), and
 * every ephemeral container the stored pod has is still there, unchanged (matched by name, as a
 * patch need not keep their order). Each message ends with a newline; a change's is followed
 * upstream by go-cmp's diff of the two Go structs, whose spacing go-cmp varies on purpose from one
 * process to the next, written here `core.EphemeralContainer{...}`. `stop` says the static-pod
 * refusal replaces the errors found before it.
 */
export function ephemeralContainersUpdateErrors(nextSpec: Value | undefined, oldSpec: Value | undefined, oldAnnotations: Value | undefined): { errors: FieldError[]; stop: boolean } {
  if (isMap(oldAnnotations) && Object.hasOwn(oldAnnotations, MIRROR_POD)) {
    return { errors: [forbidden('', 'static pods do not support ephemeral containers')], stop: true };
  }
  const field = 'spec.ephemeralContainers';
  const written = new Map<string, Value>();
  const next = at(nextSpec, 'ephemeralContainers');
  if (Array.isArray(next)) for (const c of next) written.set(text(c, 'name'), c);
  const old = at(oldSpec, 'ephemeralContainers');
  const errors = (Array.isArray(old) ? old : []).flatMap((c): FieldError[] => {
    const name = text(c, 'name');
    const now = written.get(name);
    if (now === undefined) return [forbidden(field, `existing ephemeral containers ${goQuote(name)} may not be removed\n`)];
    if (semanticEqual(withoutGoZeros(c, EPHEMERAL_CONTAINER), withoutGoZeros(now, EPHEMERAL_CONTAINER))) return [];
    return [forbidden(field, `existing ephemeral containers ${goQuote(name)} may not be changed\n  core.EphemeralContainer{...}`)];
  });
  return { errors, stop: false };
}
