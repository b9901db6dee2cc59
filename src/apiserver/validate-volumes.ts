/**
 * `ValidateVolumes` of kube-apiserver 1.32 (pkg/apis/core/validation): each volume's source, then
 * its name (required, an RFC 1123 label, not twice). A volume with any error is left out of the
 * names the containers' mounts may name, so a mount of it is also `Not found`.
 *
 * Every source counts towards "exactly one"; the ones after the first are refused as
 * `may not specify more than 1 volume type` at the path upstream names them (`downwarAPI` and
 * `cephFS` as it spells them) and not checked further. The contents are checked for the common
 * sources: emptyDir, hostPath, secret, persistentVolumeClaim, downwardAPI, configMap and
 * projected. A volume with no source at all is made an emptyDir by defaulting, so `must specify
 * a volume type` is not reached through the v1 API. An `image` volume counts as a source here:
 * with the ImageVolume gate off (1.32's default) the strategy has dropped such a volume and the
 * mounts naming it before validation (drop-disabled-pod-fields.ts), unless the stored object
 * already had one.
 */
import { getKey, isMap, type Value } from '../value/value.js';
import { isDns1123Label } from './name-validation.js';
import { compareQuantities, parseQuantity } from './quantity.js';
import type { FieldError } from './status.js';
import { duplicate, forbidden, invalidValue, notSupported, required } from './field-error.js';
import { objectFieldSelectorErrors, VOLUME_FIELD_PATHS } from './validate-field-selector.js';

const at = (v: Value | undefined, key: string): Value | undefined => (isMap(v) ? getKey(v, key) : undefined);
const text = (v: Value | undefined, key: string): string => {
  const s = at(v, key);
  return typeof s === 'string' ? s : '';
};
const isInt = (v: Value | undefined): v is number | bigint => typeof v === 'number' || typeof v === 'bigint';

/** The sources in the order validateVolumeSource looks at them, with the path of the "more than 1" error. */
const SOURCES: readonly (readonly [string, string])[] = [
  ['emptyDir', 'emptyDir'], ['hostPath', 'hostPath'], ['gitRepo', 'gitRepo'], ['gcePersistentDisk', 'gcePersistentDisk'],
  ['awsElasticBlockStore', 'awsElasticBlockStore'], ['secret', 'secret'], ['nfs', 'nfs'], ['iscsi', 'iscsi'], ['glusterfs', 'glusterfs'],
  ['flocker', 'flocker'], ['persistentVolumeClaim', 'persistentVolumeClaim'], ['rbd', 'rbd'], ['cinder', 'cinder'], ['cephfs', 'cephFS'],
  ['quobyte', 'quobyte'], ['downwardAPI', 'downwarAPI'], ['fc', 'fc'], ['flexVolume', 'flexVolume'], ['configMap', 'configMap'],
  ['azureFile', 'azureFile'], ['vsphereVolume', 'vsphereVolume'], ['photonPersistentDisk', 'photonPersistentDisk'],
  ['portworxVolume', 'portworxVolume'], ['azureDisk', 'azureDisk'], ['storageos', 'storageos'], ['projected', 'projected'],
  ['scaleIO', 'scaleIO'], ['csi', 'csi'], ['ephemeral', 'ephemeral'], ['image', 'image'],
];

const FILE_MODE = 'must be a number between 0 and 0777 (octal), both inclusive';
const HOST_PATH_TYPES = ['', 'BlockDevice', 'CharDevice', 'Directory', 'DirectoryOrCreate', 'File', 'FileOrCreate', 'Socket'];

function modeErrors(v: Value | undefined, field: string): FieldError[] {
  return isInt(v) && (v < 0 || v > 0o777) ? [invalidValue(field, v, FILE_MODE)] : [];
}

/** `validatePathNoBacksteps`: no `..` element. */
export function backstepErrors(path: string, field: string): FieldError[] {
  return path.split('/').includes('..') ? [invalidValue(field, path, "must not contain '..'")] : [];
}

/** `ValidateLocalNonReservedPath`: relative, no `..` element, not starting with `..`. */
function localPathErrors(path: string, field: string): FieldError[] {
  const errors: FieldError[] = [];
  if (path.startsWith('/')) errors.push(invalidValue(field, path, 'must be a relative path'));
  errors.push(...backstepErrors(path, field));
  if (path.startsWith('..') && !path.startsWith('../')) errors.push(invalidValue(field, path, "must not start with '..'"));
  return errors;
}

/** `validateKeyToPath`: an item of a secret or configMap source. */
function keyToPathErrors(item: Value, field: string): FieldError[] {
  const errors: FieldError[] = [];
  if (text(item, 'key') === '') errors.push(required(`${field}.key`));
  const path = text(item, 'path');
  if (path === '') errors.push(required(`${field}.path`));
  errors.push(...localPathErrors(path, `${field}.path`), ...modeErrors(at(item, 'mode'), `${field}.mode`));
  return errors;
}

function itemsErrors(source: Value | undefined, field: string): FieldError[] {
  const items = at(source, 'items');
  return Array.isArray(items) ? items.flatMap((item, i) => keyToPathErrors(item, `${field}.items[${i}]`)) : [];
}

/** `validateDownwardAPIVolumeFile` (errors at the source's path, as upstream gives them). */
function downwardFileErrors(file: Value, field: string): FieldError[] {
  const errors: FieldError[] = [];
  const path = text(file, 'path');
  if (path === '') errors.push(required(`${field}.path`));
  errors.push(...localPathErrors(path, `${field}.path`));
  const fieldRef = at(file, 'fieldRef');
  if (isMap(fieldRef)) {
    errors.push(...objectFieldSelectorErrors(fieldRef, VOLUME_FIELD_PATHS, `${field}.fieldRef`));
    if (isMap(at(file, 'resourceFieldRef'))) errors.push(invalidValue(field, 'resource', 'fieldRef and resourceFieldRef can not be specified simultaneously'));
  } else if (isMap(at(file, 'resourceFieldRef'))) {
    if (text(at(file, 'resourceFieldRef'), 'containerName') === '') errors.push(required(`${field}.resourceFieldRef.containerName`));
  } else {
    errors.push(required(field, 'one of fieldRef and resourceFieldRef is required'));
  }
  errors.push(...modeErrors(at(file, 'mode'), `${field}.mode`));
  return errors;
}

function downwardFilesErrors(source: Value | undefined, field: string): FieldError[] {
  const items = at(source, 'items');
  return Array.isArray(items) ? items.flatMap((item) => downwardFileErrors(item, field)) : [];
}

/** `validateProjectionSources`: each source exactly one kind, the common ones checked. */
function projectedErrors(projected: Value | undefined, field: string): FieldError[] {
  const errors = modeErrors(at(projected, 'defaultMode'), `${field}.defaultMode`);
  const sources = at(projected, 'sources');
  if (!Array.isArray(sources)) return errors;
  sources.forEach((source, i) => {
    const path = `${field}.sources[${i}]`;
    let count = 0;
    for (const kind of ['secret', 'configMap']) {
      const s = at(source, kind);
      if (!isMap(s)) continue;
      count++;
      if (text(s, 'name') === '') errors.push(required(`${path}.${kind}.name`));
      errors.push(...itemsErrors(s, `${path}.${kind}`));
    }
    const downward = at(source, 'downwardAPI');
    if (isMap(downward)) {
      count++;
      errors.push(...downwardFilesErrors(downward, `${path}.downwardAPI`));
    }
    const token = at(source, 'serviceAccountToken');
    if (isMap(token)) {
      count++;
      const seconds = at(token, 'expirationSeconds');
      if (isInt(seconds) && seconds < 600) errors.push(invalidValue(`${path}.serviceAccountToken.expirationSeconds`, seconds, 'may not specify a duration less than 10 minutes'));
      if (isInt(seconds) && BigInt(seconds) > 1n << 32n) errors.push(invalidValue(`${path}.serviceAccountToken.expirationSeconds`, seconds, 'may not specify a duration larger than 2^32 seconds'));
      const tokenPath = text(token, 'path');
      if (tokenPath === '') errors.push(required(`${field}.path`));
      else errors.push(...localPathErrors(tokenPath, `${field}.path`));
    }
    if (isMap(at(source, 'clusterTrustBundle'))) count++;
    if (count > 1) errors.push(forbidden(path, 'may not specify more than 1 volume type'));
  });
  return errors;
}

/** The checks of one source's contents, for the sources modelled. */
function sourceContentErrors(key: string, source: Value, field: string): FieldError[] {
  switch (key) {
    case 'emptyDir': {
      const limit = at(source, 'sizeLimit');
      const q = typeof limit === 'string' ? parseQuantity(limit) : undefined;
      const zero = parseQuantity('0');
      if (q?.ok && zero.ok && compareQuantities(q.quantity, zero.quantity) < 0) return [forbidden(`${field}.sizeLimit`, 'SizeLimit field must be a valid resource quantity')];
      return [];
    }
    case 'hostPath': {
      const path = text(source, 'path');
      if (path === '') return [required(`${field}.path`)];
      const type = at(source, 'type');
      const typeErrors = typeof type === 'string' && !HOST_PATH_TYPES.includes(type) ? [notSupported(`${field}.type`, type, HOST_PATH_TYPES)] : [];
      return [...backstepErrors(path, `${field}.path`), ...typeErrors];
    }
    case 'secret':
      return [
        ...(text(source, 'secretName') === '' ? [required(`${field}.secretName`)] : []),
        ...modeErrors(at(source, 'defaultMode'), `${field}.defaultMode`),
        ...itemsErrors(source, field),
      ];
    case 'configMap':
      return [...(text(source, 'name') === '' ? [required(`${field}.name`)] : []), ...modeErrors(at(source, 'defaultMode'), `${field}.defaultMode`), ...itemsErrors(source, field)];
    case 'persistentVolumeClaim':
      return text(source, 'claimName') === '' ? [required(`${field}.claimName`)] : [];
    case 'downwardAPI':
      return [...modeErrors(at(source, 'defaultMode'), `${field}.defaultMode`), ...downwardFilesErrors(source, field)];
    case 'projected':
      return projectedErrors(source, field);
    default:
      return [];
  }
}

/** `validateVolumeSource`: exactly one source, its contents valid. */
function volumeSourceErrors(volume: Value, field: string): FieldError[] {
  const errors: FieldError[] = [];
  let count = 0;
  for (const [key, forbiddenAt] of SOURCES) {
    const source = at(volume, key);
    if (!isMap(source)) continue;
    if (count > 0) {
      errors.push(forbidden(`${field}.${forbiddenAt}`, 'may not specify more than 1 volume type'));
      continue;
    }
    count++;
    errors.push(...sourceContentErrors(key, source, `${field}.${key}`));
  }
  if (count === 0) errors.push(required(field, 'must specify a volume type'));
  return errors;
}

/** The pod's volumes without errors, as mounts and devices may name them. */
export interface PodVolumes {
  /** Their names. */
  readonly names: ReadonlySet<string>;
  /** Those a volumeDevice may name: a persistentVolumeClaim or an ephemeral volume. */
  readonly block: ReadonlySet<string>;
}

export interface VolumesChecked extends PodVolumes {
  readonly errors: FieldError[];
}

/** `ValidateVolumes` for the volumes at `field` (`spec.volumes`). */
export function volumesErrors(volumes: Value | undefined, field: string): VolumesChecked {
  const errors: FieldError[] = [];
  const names = new Set<string>();
  const block = new Set<string>();
  if (!Array.isArray(volumes)) return { errors, names, block };
  volumes.forEach((volume, i) => {
    const path = `${field}[${i}]`;
    const name = text(volume, 'name');
    const own = volumeSourceErrors(volume, path);
    if (name === '') own.push(required(`${path}.name`));
    else for (const msg of isDns1123Label(name)) own.push(invalidValue(`${path}.name`, name, msg));
    if (names.has(name)) own.push(duplicate(`${path}.name`, name));
    if (own.length === 0) {
      names.add(name);
      if (isMap(volume) && (volume.persistentVolumeClaim != null || volume.ephemeral != null)) block.add(name);
    } else errors.push(...own);
  });
  return { errors, names, block };
}
