/**
 * kube-apiserver 1.32's `ValidateVolumeDevices` for one container (pkg/apis/core/validation): each
 * device a name (required, not twice, a volume of the pod that is a persistentVolumeClaim or an
 * ephemeral volume: `can only use volume source type of PersistentVolumeClaim or Ephemeral for
 * block mode`, else `Not found`), a devicePath (required, not twice, without `..`), and neither
 * its name nor its path one of the container's volumeMounts'.
 */
import { getKey, isMap, type Value } from '../value/value.js';
import { invalidValue, notFound, required } from './field-error.js';
import type { FieldError } from './status.js';
import { pathsByName } from './validate-volume-mounts.js';
import type { PodVolumes } from './validate-volumes.js';

const text = (v: Value | undefined, key: string): string => {
  const s = isMap(v) ? getKey(v, key) : undefined;
  return typeof s === 'string' ? s : '';
};

export function volumeDevicesErrors(devices: Value | undefined, mounts: Value | undefined, volumes: PodVolumes, field: string): FieldError[] {
  if (!Array.isArray(devices)) return [];
  const mountMap = pathsByName(mounts, 'mountPath');
  const mountPaths = new Set(mountMap.values());
  const paths = new Set<string>();
  const names = new Set<string>();
  return devices.flatMap((device, i) => {
    const at = `${field}[${i}]`;
    const name = text(device, 'name');
    const devicePath = text(device, 'devicePath');
    const errors: FieldError[] = [];
    if (name === '') errors.push(required(`${at}.name`));
    if (names.has(name)) errors.push(invalidValue(`${at}.name`, name, 'must be unique'));
    if (volumes.names.has(name) && !volumes.block.has(name)) errors.push(invalidValue(`${at}.name`, name, 'can only use volume source type of PersistentVolumeClaim or Ephemeral for block mode'));
    if (!volumes.names.has(name)) errors.push(notFound(`${at}.name`, name));
    if (devicePath === '') errors.push(required(`${at}.devicePath`));
    if (paths.has(devicePath)) errors.push(invalidValue(`${at}.devicePath`, devicePath, 'must be unique'));
    if (devicePath !== '' && devicePath.split('/').includes('..')) errors.push(invalidValue(`${at}.devicePath`, devicePath, "can not contain backsteps ('..')"));
    else paths.add(devicePath);
    if (mountMap.has(name)) errors.push(invalidValue(`${at}.name`, name, 'must not already exist in volumeMounts'));
    if (mountPaths.has(devicePath)) errors.push(invalidValue(`${at}.devicePath`, devicePath, 'must not already exist as a path in volumeMounts'));
    if (name !== '') names.add(name);
    return errors;
  });
}
