/**
 * kube-apiserver 1.32's `validateContainers` and `validateInitContainers`, each container through
 * `validateContainerCommon` in its order: name (required, an RFC 1123 label), image (required),
 * terminationMessagePolicy, ports, env, envFrom, volumeMounts, imagePullPolicy, resources, securityContext
 * (validate-security-context.ts). Then a
 * regular container's name not twice, its lifecycle hooks and probes, no restartPolicy, and host ports not twice
 * among all of them; an init container's restartPolicy `Always` if set, its name not that of any
 * container before it, its own host ports, and probes (and lifecycle) only when it restarts
 * always. volumeDevices are validate-volume-devices.ts's. Not modelled: a sleep hook's seconds, resizePolicy.
 */
import { getKey, isMap, type Value } from '../value/value.js';
import { duplicate, forbidden, invalidValue, notSupported, required } from './field-error.js';
import { isDns1123Label } from './name-validation.js';
import type { FieldError } from './status.js';
import { containerPortsErrors, hostPortConflictErrors } from './validate-container-ports.js';
import { resourcesErrors } from './validate-container-resources.js';
import { envErrors, envFromErrors } from './validate-env.js';
import { probeErrors, type ProbeKind } from './validate-probes.js';
import { volumeMountsErrors } from './validate-volume-mounts.js';
import { volumeDevicesErrors } from './validate-volume-devices.js';
import type { PodVolumes } from './validate-volumes.js';
import { lifecycleErrors } from './validate-lifecycle.js';
import { containerSecurityContextErrors } from './validate-security-context.js';

const at = (v: Value | undefined, key: string): Value | undefined => (isMap(v) ? getKey(v, key) : undefined);
const text = (v: Value | undefined, key: string): string => {
  const s = at(v, key);
  return typeof s === 'string' ? s : '';
};

const TERMINATION_MESSAGE_POLICIES = ['File', 'FallbackToLogsOnError'];
/** `sets.List` of the pull policies: sorted. */
const PULL_POLICIES = ['Always', 'IfNotPresent', 'Never'];
const PROBES: readonly ProbeKind[] = ['livenessProbe', 'readinessProbe', 'startupProbe'];
const NOT_RESTARTABLE = 'may not be set for init containers without restartPolicy=Always';

/** `validateContainerCommon` (regular, init and ephemeral containers). */
export function containerCommonErrors(container: Value, volumes: PodVolumes, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const name = text(container, 'name');
  if (name === '') errors.push(required(`${path}.name`));
  else errors.push(...isDns1123Label(name).map((msg) => invalidValue(`${path}.name`, name, msg)));
  if (text(container, 'image') === '') errors.push(required(`${path}.image`));
  const messagePolicy = text(container, 'terminationMessagePolicy');
  if (messagePolicy === '') errors.push(required(`${path}.terminationMessagePolicy`));
  else if (!TERMINATION_MESSAGE_POLICIES.includes(messagePolicy)) errors.push(notSupported(`${path}.terminationMessagePolicy`, messagePolicy, TERMINATION_MESSAGE_POLICIES));
  errors.push(
    ...containerPortsErrors(at(container, 'ports'), `${path}.ports`),
    ...envErrors(at(container, 'env'), `${path}.env`),
    ...envFromErrors(at(container, 'envFrom'), `${path}.envFrom`),
    ...volumeMountsErrors(at(container, 'volumeMounts'), at(container, 'volumeDevices'), volumes.names, `${path}.volumeMounts`),
    ...volumeDevicesErrors(at(container, 'volumeDevices'), at(container, 'volumeMounts'), volumes, `${path}.volumeDevices`),
  );
  const pullPolicy = text(container, 'imagePullPolicy');
  if (pullPolicy === '') errors.push(required(`${path}.imagePullPolicy`));
  else if (!PULL_POLICIES.includes(pullPolicy)) errors.push(notSupported(`${path}.imagePullPolicy`, pullPolicy, PULL_POLICIES));
  errors.push(...resourcesErrors(at(container, 'resources'), `${path}.resources`));
  errors.push(...containerSecurityContextErrors(at(container, 'securityContext'), `${path}.securityContext`));
  return errors;
}

/** The lifecycle hooks and the probes, where a container may have them. */
function probesErrors(container: Value, path: string): FieldError[] {
  return [...lifecycleErrors(at(container, 'lifecycle'), `${path}.lifecycle`), ...PROBES.flatMap((kind) => probeErrors(kind, at(container, kind), `${path}.${kind}`))];
}

/** `validateContainers` for the regular containers at `field` (`spec.containers`). */
export function containersErrors(containers: Value | undefined, volumes: PodVolumes, field: string): FieldError[] {
  if (!Array.isArray(containers) || containers.length === 0) return [required(field)];
  const errors: FieldError[] = [];
  const names = new Set<string>();
  containers.forEach((container, i) => {
    const path = `${field}[${i}]`;
    errors.push(...containerCommonErrors(container, volumes, path));
    const name = text(container, 'name');
    if (names.has(name)) errors.push(duplicate(`${path}.name`, name));
    else names.add(name);
    errors.push(...probesErrors(container, path));
    if (at(container, 'restartPolicy') != null) errors.push(forbidden(`${path}.restartPolicy`, 'may not be set for non-init containers'));
  });
  errors.push(...hostPortConflictErrors(containers, field));
  return errors;
}

/** `validateInitContainers` for the init containers at `field`, after the regular ones named `regular`. */
export function initContainersErrors(initContainers: Value | undefined, regular: Value | undefined, volumes: PodVolumes, field: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!Array.isArray(initContainers)) return errors;
  const names = new Set<string>(Array.isArray(regular) ? regular.map((c) => text(c, 'name')) : []);
  initContainers.forEach((container, i) => {
    const path = `${field}[${i}]`;
    errors.push(...containerCommonErrors(container, volumes, path));
    const restartPolicy = at(container, 'restartPolicy');
    if (typeof restartPolicy === 'string' && restartPolicy !== 'Always') errors.push(notSupported(`${path}.restartPolicy`, restartPolicy, ['Always']));
    const name = text(container, 'name');
    if (names.has(name)) errors.push(duplicate(`${path}.name`, name));
    else if (name !== '') names.add(name);
    errors.push(...hostPortConflictErrors([container], field));
    if (restartPolicy === 'Always') errors.push(...probesErrors(container, path));
    else {
      for (const key of ['lifecycle', ...PROBES]) if (at(container, key) != null) errors.push(forbidden(`${path}.${key}`, NOT_RESTARTABLE));
    }
  });
  return errors;
}
