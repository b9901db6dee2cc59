/**
 * The add-ons ssa-sim ships manifests for, and how each one's `configurationValues` are merged
 * into its objects before EKS applies them.
 */
import { parse as parseYaml } from 'yaml';
import type { KubeObject } from '../../../apiserver/types.js';
import { type Value, type ValueMap, getKey, isList, isMap, newMap } from '../../../value/value.js';
import { getPath, metadata, setPath, str } from '../../objects.js';
import { deepCopy } from '../../../value/value.js';
import { VPC_CNI_DEFAULT_VERSION, VPC_CNI_VERSIONS, vpcCniManifest } from './vpc-cni.js';

export { VPC_CNI_DEFAULT_VERSION, VPC_CNI_VERSIONS, vpcCniManifest };

/** An error EKS's API answers before anything reaches the cluster (`InvalidParameterException`). */
export class AddonApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface ShippedAddon {
  readonly versions: readonly string[];
  readonly defaultVersion: string;
  manifest(version: string, region: string): string;
  /** The objects with the configuration values merged in. */
  configure(objects: readonly KubeObject[], values: ValueMap): KubeObject[];
}

function schemaError(path: string, problem: string): AddonApiError {
  return new AddonApiError(
    'InvalidParameterException',
    `ConfigurationValue provided in request is not supported: Json schema validation failed with error: [$.${path}: ${problem}]`,
  );
}

function typeName(v: Value): string {
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  if (Array.isArray(v)) return 'array';
  return v === null ? 'null' : typeof v === 'object' ? 'object' : typeof v;
}

/** Sets env variables on one container of the aws-node DaemonSet (replaced in place or appended). */
function setEnv(ds: KubeObject, list: 'containers' | 'initContainers', container: string, env: ValueMap, where: string): KubeObject {
  const path = ['spec', 'template', 'spec', list];
  const items = getPath(ds, path);
  if (!isList(items)) return ds;
  const next = items.map((c) => {
    if (!isMap(c) || getKey(c, 'name') !== container) return c;
    const vars = isList(getKey(c, 'env')) ? (getKey(c, 'env') as Value[]).slice() : [];
    for (const [name, value] of Object.entries(env)) {
      if (typeof value !== 'string') throw schemaError(`${where}.${name}`, `${typeName(value)} found, string expected`);
      const i = vars.findIndex((e) => isMap(e) && getKey(e, 'name') === name);
      const entry = newMap();
      entry.name = name;
      entry.value = value;
      if (i >= 0) vars[i] = entry;
      else vars.push(entry);
    }
    return setPath(c, ['env'], vars);
  });
  return setPath(ds, path, next) as KubeObject;
}

function setResources(ds: KubeObject, resources: Value): KubeObject {
  const path = ['spec', 'template', 'spec', 'containers'];
  const items = getPath(ds, path);
  if (!isList(items)) return ds;
  return setPath(
    ds,
    path,
    items.map((c) => (isMap(c) && getKey(c, 'name') === 'aws-node' ? setPath(c, ['resources'], deepCopy(resources)) : c)),
  ) as KubeObject;
}

const vpcCni: ShippedAddon = {
  versions: VPC_CNI_VERSIONS,
  defaultVersion: VPC_CNI_DEFAULT_VERSION,
  manifest: (version, region) => vpcCniManifest({ version, region }),
  configure(objects, values) {
    for (const key of Object.keys(values)) {
      if (!['env', 'init', 'resources'].includes(key)) throw schemaError(key, 'is not defined in the schema and the schema does not allow additional properties');
    }
    const env = getKey(values, 'env');
    const init = getKey(values, 'init');
    const initEnv = isMap(init) ? getKey(init, 'env') : undefined;
    if (env !== undefined && !isMap(env)) throw schemaError('env', `${typeName(env)} found, object expected`);
    if (init !== undefined && !isMap(init)) throw schemaError('init', `${typeName(init)} found, object expected`);
    if (initEnv !== undefined && !isMap(initEnv)) throw schemaError('init.env', `${typeName(initEnv)} found, object expected`);
    const resources = getKey(values, 'resources');
    return objects.map((o) => {
      if (str(o, 'kind') !== 'DaemonSet' || str(metadata(o), 'name') !== 'aws-node') return o;
      let ds = o;
      if (isMap(env)) ds = setEnv(ds, 'containers', 'aws-node', env, 'env');
      if (isMap(initEnv)) ds = setEnv(ds, 'initContainers', 'aws-vpc-cni-init', initEnv, 'init.env');
      if (resources !== undefined) ds = setResources(ds, resources);
      return ds;
    });
  },
};

const shipped: Readonly<Record<string, ShippedAddon>> = { 'vpc-cni': vpcCni };

export function shippedAddon(name: string): ShippedAddon | undefined {
  return Object.hasOwn(shipped, name) ? shipped[name] : undefined;
}

/** Parses `configurationValues` (JSON or YAML text, an object); `InvalidParameterException` otherwise. */
export function parseConfigurationValues(text: string): ValueMap {
  let v: unknown;
  try {
    v = text.trim() === '' ? {} : parseYaml(text, { version: '1.2' });
  } catch (err) {
    throw new AddonApiError('InvalidParameterException', `ConfigurationValue provided in request is not supported: ${(err as Error).message.split('\n')[0]}`);
  }
  if (!isMap(v as Value)) throw new AddonApiError('InvalidParameterException', 'ConfigurationValue provided in request is not supported: expected an object');
  return v as ValueMap;
}
