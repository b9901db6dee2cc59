/**
 * kube-apiserver 1.32's `ValidatePodSpecificAnnotations` (pkg/apis/core/validation), run on a
 * Pod's annotations after its metadata and on a template's after its labels and annotations: a
 * mirror pod annotation needs spec.nodeName; `controller.kubernetes.io/pod-deletion-cost` a 32-bit
 * integer (no `+`, no leading zero); the deprecated seccomp annotations a valid profile
 * (`runtime/default`, `docker/default`, `unconfined`, `localhost/<relative path>`, spelled at
 * upstream's dotted path `metadata.annotations.seccomp.security.alpha.kubernetes.io/pod`); the
 * deprecated AppArmor annotations a container of the pod and a valid profile name. Several
 * per-container annotations come out in the annotations' order (upstream walks a Go map). The
 * tolerations annotation (its 422 carries a JSON decoder's error) is not checked.
 */
import { isMap, type Value } from '../value/value.js';
import { goQuote } from '../fieldpath/format-go-value.js';
import { invalidValue } from './field-error.js';
import type { FieldError } from './status.js';

const MIRROR = 'kubernetes.io/config.mirror';
const DELETION_COST = 'controller.kubernetes.io/pod-deletion-cost';
const SECCOMP_POD = 'seccomp.security.alpha.kubernetes.io/pod';
const SECCOMP_CONTAINER = 'container.seccomp.security.alpha.kubernetes.io/';
const APPARMOR_CONTAINER = 'container.apparmor.security.beta.kubernetes.io/';

/** `GetDeletionCostFromPodAnnotations` succeeds: validFirstDigit, then strconv.ParseInt(v, 10, 32). */
function isDeletionCost(v: string): boolean {
  if (v === '' || !(v[0] === '-' || v === '0' || (v[0] >= '1' && v[0] <= '9'))) return false;
  if (!/^[+-]?[0-9]+$/.test(v)) return false;
  const n = BigInt(v);
  return n >= -2147483648n && n <= 2147483647n;
}

/** `ValidateSeccompProfile` of an annotation's value at `field`. */
function seccompAnnotationErrors(p: string, field: string): FieldError[] {
  if (p === 'runtime/default' || p === 'docker/default' || p === 'unconfined') return [];
  if (p.startsWith('localhost/')) {
    const path = p.slice('localhost/'.length);
    return [
      ...(path.startsWith('/') ? [invalidValue(field, path, 'must be a relative path')] : []),
      ...(path.split('/').includes('..') ? [invalidValue(field, path, "must not contain '..'")] : []),
    ];
  }
  return [invalidValue(field, p, 'must be a valid seccomp profile')];
}

function containerNames(spec: Value | undefined): Set<string> {
  const names = new Set<string>();
  if (!isMap(spec)) return names;
  for (const list of ['initContainers', 'containers', 'ephemeralContainers']) {
    const cs = spec[list];
    if (Array.isArray(cs)) for (const c of cs) if (isMap(c) && typeof c.name === 'string') names.add(c.name);
  }
  return names;
}

/** The errors of the pod-specific annotations at `field` (`metadata.annotations`) of a pod with `spec`. */
export function podAnnotationsErrors(annotations: Value | undefined, spec: Value | undefined, field: string): FieldError[] {
  if (!isMap(annotations)) return [];
  const value = (k: string) => (typeof annotations[k] === 'string' ? (annotations[k] as string) : '');
  const has = (k: string) => Object.hasOwn(annotations, k);
  const errors: FieldError[] = [];
  const nodeName = isMap(spec) ? spec.nodeName : undefined;
  if (has(MIRROR) && (typeof nodeName !== 'string' || nodeName === '')) errors.push(invalidValue(`${field}[${MIRROR}]`, value(MIRROR), 'must set spec.nodeName if mirror pod annotation is set'));
  if (has(DELETION_COST) && !isDeletionCost(value(DELETION_COST))) errors.push(invalidValue(`${field}[${DELETION_COST}]`, value(DELETION_COST), 'must be a 32bit integer'));
  if (has(SECCOMP_POD)) errors.push(...seccompAnnotationErrors(value(SECCOMP_POD), `${field}.${SECCOMP_POD}`));
  for (const k of Object.keys(annotations)) if (k.startsWith(SECCOMP_CONTAINER)) errors.push(...seccompAnnotationErrors(value(k), `${field}.${k}`));
  const containers = containerNames(spec);
  for (const k of Object.keys(annotations)) {
    if (!k.startsWith(APPARMOR_CONTAINER)) continue;
    const container = k.slice(APPARMOR_CONTAINER.length);
    if (!containers.has(container)) errors.push(invalidValue(`${field}[${k}]`, container, 'container not found'));
    const p = value(k);
    if (!(p === '' || p === 'runtime/default' || p === 'unconfined' || p.startsWith('localhost/'))) {
      errors.push(invalidValue(`${field}[${k}]`, p, `invalid AppArmor profile name: ${goQuote(p)}`));
    }
  }
  return errors;
}

/**
 * `ValidatePodSpecificAnnotationUpdates`: the AppArmor and mirror pod annotations may be neither
 * changed, removed nor added (old keys first, then new ones, each in the annotations' order),
 * then the pod-specific checks again.
 */
export function podAnnotationUpdatesErrors(next: Value | undefined, old: Value | undefined, spec: Value | undefined, field: string): FieldError[] {
  const a = isMap(next) ? next : {};
  const b = isMap(old) ? old : {};
  const errors: FieldError[] = [];
  for (const k of Object.keys(b)) {
    if (Object.hasOwn(a, k) && a[k] === b[k]) continue;
    if (k.startsWith(APPARMOR_CONTAINER)) errors.push({ type: 'FieldValueForbidden', field: `${field}[${k}]`, detail: 'may not remove or update AppArmor annotations' });
    if (k === MIRROR) errors.push({ type: 'FieldValueForbidden', field: `${field}[${k}]`, detail: 'may not remove or update mirror pod annotation' });
  }
  for (const k of Object.keys(a)) {
    if (Object.hasOwn(b, k)) continue;
    if (k.startsWith(APPARMOR_CONTAINER)) errors.push({ type: 'FieldValueForbidden', field: `${field}[${k}]`, detail: 'may not add AppArmor annotations' });
    if (k === MIRROR) errors.push({ type: 'FieldValueForbidden', field: `${field}[${k}]`, detail: 'may not add mirror pod annotation' });
  }
  return [...errors, ...podAnnotationsErrors(next, spec, field)];
}
