/**
 * The last checks of kube-apiserver 1.32's ValidatePodCreate (pkg/apis/core/validation):
 * where a seccomp or AppArmor profile is given both as a field and as its deprecated annotation,
 * the two must say the same (validateSeccompAnnotationsAndFields, then
 * validateAppArmorAnnotationsAndFieldsMatchOnCreate). Seccomp: the pod's `securityContext`
 * against `seccomp.security.alpha.kubernetes.io/pod`, then each container's (init, regular,
 * ephemeral) against `container.seccomp.security.alpha.kubernetes.io/<name>`. AppArmor (not for a
 * Windows pod): each container's profile, else the pod's, against
 * `container.apparmor.security.beta.kubernetes.io/<name>`. A different type is `Forbidden: <kind>
 * type in annotation and field must match` at `...Profile.type`; another localhost profile
 * `Forbidden: <kind> profile in annotation and field must match` at `...Profile.localhostProfile`.
 */
import { getKey, isMap, type Value, type ValueMap } from '../value/value.js';
import { forbidden } from './field-error.js';
import { getPath, mapsAt } from './object-paths.js';
import type { FieldError } from './status.js';

const LISTS = ['initContainers', 'containers', 'ephemeralContainers'] as const;
const LOCALHOST = 'localhost/';

const text = (v: Value | undefined): string | undefined => (typeof v === 'string' ? v : undefined);

/** The mismatch of one profile field and its annotation's value, if any. */
function mismatch(kind: 'seccomp' | 'apparmor', profile: ValueMap, annotation: string, path: string, runtimeDefaults: readonly string[]): FieldError[] {
  const type = text(getKey(profile, 'type'));
  const typeError = [forbidden(`${path}.type`, `${kind} type in annotation and field must match`)];
  switch (type) {
    case 'Unconfined':
      return annotation === 'unconfined' ? [] : typeError;
    case 'RuntimeDefault':
      return runtimeDefaults.includes(annotation) ? [] : typeError;
    case 'Localhost': {
      if (!annotation.startsWith(LOCALHOST)) return typeError;
      const name = text(getKey(profile, 'localhostProfile'));
      return name !== undefined && annotation.slice(LOCALHOST.length) === name ? [] : [forbidden(`${path}.localhostProfile`, `${kind} profile in annotation and field must match`)];
    }
    default:
      return [];
  }
}

export function profileAnnotationErrors(annotations: Value | undefined, spec: Value | undefined, field: string): FieldError[] {
  const annotation = (key: string): string | undefined => (isMap(annotations) && Object.hasOwn(annotations, key) ? String(getKey(annotations, key) ?? '') : undefined);
  const errors: FieldError[] = [];
  const podSeccomp = getPath(spec, ['securityContext', 'seccompProfile']);
  const podSeccompAnnotation = annotation('seccomp.security.alpha.kubernetes.io/pod');
  if (isMap(podSeccomp) && podSeccompAnnotation !== undefined) {
    errors.push(...mismatch('seccomp', podSeccomp, podSeccompAnnotation, `${field}.securityContext.seccompProfile`, ['runtime/default', 'docker/default']));
  }
  const containers = LISTS.flatMap((list) => mapsAt(spec, [list]).map((c, i) => ({ c, path: `${field}.${list}[${i}]` })));
  for (const { c, path } of containers) {
    const profile = getPath(c, ['securityContext', 'seccompProfile']);
    const value = annotation(`container.seccomp.security.alpha.kubernetes.io/${String(getKey(c, 'name') ?? '')}`);
    if (isMap(profile) && value !== undefined) errors.push(...mismatch('seccomp', profile, value, `${path}.securityContext.seccompProfile`, ['runtime/default', 'docker/default']));
  }
  if (getPath(spec, ['os', 'name']) === 'windows') return errors;
  const podAppArmor = getPath(spec, ['securityContext', 'appArmorProfile']);
  for (const { c, path } of containers) {
    const own = getPath(c, ['securityContext', 'appArmorProfile']);
    const profile = isMap(own) ? own : isMap(podAppArmor) ? podAppArmor : undefined;
    const value = annotation(`container.apparmor.security.beta.kubernetes.io/${String(getKey(c, 'name') ?? '')}`);
    if (profile !== undefined && value !== undefined) errors.push(...mismatch('apparmor', profile, value, `${path}.securityContext.appArmorProfile`, ['runtime/default']));
  }
  return errors;
}
