/**
 * kube-apiserver 1.32's `ValidateVolumeMounts` for one container: a name (required, and a volume
 * of the pod without errors), a mount path (required, not twice in the container), neither name
 * nor path one of the container's volumeDevices', subPath and subPathExpr relative and without
 * `..`, and a supported mount propagation. The privileged rule for Bidirectional propagation is
 * not modelled.
 */
import { getKey, isMap, type Value } from '../value/value.js';
import { invalidValue, notFound, notSupported, required } from './field-error.js';
import type { FieldError } from './status.js';

const at = (v: Value | undefined, key: string): Value | undefined => (isMap(v) ? getKey(v, key) : undefined);
const text = (v: Value | undefined, key: string): string => {
  const s = at(v, key);
  return typeof s === 'string' ? s : '';
};

/** `sets.List` of the propagation modes: sorted. */
const PROPAGATIONS = ['Bidirectional', 'HostToContainer', 'None'];

/**
 * `validateLocalDescendingPath`: relative, without `..` (a mount's subPath at the list's path as
 * upstream names it, `volumeMounts.subPath`; a seccomp profile's localhostProfile).
 */
export function descendingPathErrors(path: string, field: string): FieldError[] {
  const errors: FieldError[] = [];
  if (path.startsWith('/')) errors.push(invalidValue(field, path, 'must be a relative path'));
  if (path.split('/').includes('..')) errors.push(invalidValue(field, path, "must not contain '..'"));
  return errors;
}

/** `GetVolumeDeviceMap` / `GetVolumeMountMap`: name to path, a later entry winning. */
export function pathsByName(list: Value | undefined, pathKey: string): Map<string, string> {
  const out = new Map<string, string>();
  if (Array.isArray(list)) for (const item of list) out.set(text(item, 'name'), text(item, pathKey));
  return out;
}

export function volumeMountsErrors(mounts: Value | undefined, devices: Value | undefined, volumes: ReadonlySet<string>, field: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!Array.isArray(mounts)) return errors;
  const paths = new Set<string>();
  const deviceMap = pathsByName(devices, 'devicePath');
  const devicePaths = new Set(deviceMap.values());
  mounts.forEach((mount, i) => {
    const path = `${field}[${i}]`;
    const name = text(mount, 'name');
    if (name === '') errors.push(required(`${path}.name`));
    if (!volumes.has(name)) errors.push(notFound(`${path}.name`, name));
    const mountPath = text(mount, 'mountPath');
    if (mountPath === '') errors.push(required(`${path}.mountPath`));
    if (paths.has(mountPath)) errors.push(invalidValue(`${path}.mountPath`, mountPath, 'must be unique'));
    paths.add(mountPath);
    if (deviceMap.has(name)) errors.push(invalidValue(`${path}.name`, name, 'must not already exist in volumeDevices'));
    if (devicePaths.has(mountPath)) errors.push(invalidValue(`${path}.mountPath`, mountPath, 'must not already exist as a path in volumeDevices'));
    const subPath = text(mount, 'subPath');
    if (subPath !== '') errors.push(...descendingPathErrors(subPath, `${field}.subPath`));
    const subPathExpr = text(mount, 'subPathExpr');
    if (subPathExpr !== '') {
      if (subPath !== '') errors.push(invalidValue(`${path}.subPathExpr`, subPathExpr, 'subPathExpr and subPath are mutually exclusive'));
      errors.push(...descendingPathErrors(subPathExpr, `${field}.subPathExpr`));
    }
    const propagation = at(mount, 'mountPropagation');
    if (typeof propagation === 'string' && !PROPAGATIONS.includes(propagation)) {
      errors.push(notSupported(`${field}.mountPropagation`, propagation, PROPAGATIONS));
    }
  });
  return errors;
}
