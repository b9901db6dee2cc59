/**
 * Conversion between the served versions of a built-in kind. kube-apiserver stores a kind at one
 * version and converts every object it reads or writes through its internal type; a kind listed
 * here is stored at its storage version and shown at the version each request names. Kinds not
 * listed (custom resources: a CRD's `None` strategy; built-in kinds served at one version) are one
 * object whose apiVersion alone changes between versions.
 */
import type { ValueMap } from '../value/value.js';
import { hpaV1ToV2, hpaV2ToV1, hpaWithoutRoundTripAnnotations } from './hpa-conversion.js';
import { setPath, stringField } from './object-paths.js';
import { joinApiVersion, splitApiVersion } from './registry.js';
import type { ResourceType } from './types.js';

/** How a kind's objects move between its served versions and the one they are stored at. */
export interface KindConversion {
  /** The version objects are stored at (kube-apiserver's storage version). */
  readonly storageVersion: string;
  /** Per served version: an object at that version as the storage version holds it. */
  readonly toStorage: Readonly<Record<string, (obj: ValueMap) => ValueMap>>;
  /** Per served version: a stored object as that version shows it. */
  readonly fromStorage: Readonly<Record<string, (obj: ValueMap) => ValueMap>>;
}

/** The built-in kinds whose versions differ in shape, by `group/Kind`. */
const CONVERSIONS: ReadonlyMap<string, KindConversion> = new Map([
  [
    'autoscaling/HorizontalPodAutoscaler',
    {
      storageVersion: 'v2',
      toStorage: { v1: hpaV1ToV2, v2: hpaWithoutRoundTripAnnotations },
      fromStorage: { v1: hpaV2ToV1, v2: hpaWithoutRoundTripAnnotations },
    },
  ],
]);

/** The conversion of a resource, when its versions differ and more than one is served. */
export function conversionOf(resource: ResourceType): KindConversion | undefined {
  if (resource.custom) return undefined;
  const c = CONVERSIONS.get(`${resource.group}/${resource.kind}`);
  if (!c || !resource.versions.includes(c.storageVersion)) return undefined;
  return resource.versions.every((v) => Object.hasOwn(c.toStorage, v) && Object.hasOwn(c.fromStorage, v)) ? c : undefined;
}

/** The group/version a resource's objects are stored at (the request's own when there is no conversion). */
export function storageApiVersion(resource: ResourceType, requested: string): string {
  const c = conversionOf(resource);
  return c ? joinApiVersion(resource.group, c.storageVersion) : requested;
}

/**
 * `obj` (an object of `resource` at its own apiVersion) as `apiVersion` shows it: converted
 * through the storage version for a kind listed here, only relabelled for the others.
 */
export function objectAt(resource: ResourceType, obj: ValueMap, apiVersion: string): ValueMap {
  const from = stringField(obj, 'apiVersion');
  if (from === apiVersion) return obj;
  const c = conversionOf(resource);
  if (!c) return setPath(obj, ['apiVersion'], apiVersion);
  const fromVersion = splitApiVersion(from).version;
  const toVersion = splitApiVersion(apiVersion).version;
  // An object whose own version is not served (a hand-made stored object) reads as stored.
  const stored = Object.hasOwn(c.toStorage, fromVersion) ? c.toStorage[fromVersion](obj) : setPath(obj, ['apiVersion'], joinApiVersion(resource.group, c.storageVersion));
  return Object.hasOwn(c.fromStorage, toVersion) ? c.fromStorage[toVersion](stored) : setPath(stored, ['apiVersion'], apiVersion);
}

/**
 * `obj`, decoded at `apiVersion`, after the trip a request body makes through the internal type
 * and back (what the field manager compares): v1 annotations carrying v2 data become fields and
 * then annotations again, written as the server writes them; v2 loses those annotations.
 */
export function throughStorage(resource: ResourceType, obj: ValueMap, apiVersion: string): ValueMap {
  const c = conversionOf(resource);
  if (!c) return obj;
  const version = splitApiVersion(apiVersion).version;
  if (!Object.hasOwn(c.toStorage, version)) return obj;
  return c.fromStorage[version](c.toStorage[version](obj));
}

/**
 * `obj` (at its own apiVersion) as the store holds it: converted to the storage version, which for
 * an object already there drops what only another version shows (v1's annotations on a v2
 * HorizontalPodAutoscaler). Kinds without a conversion are kept as they are.
 */
export function asStored(resource: ResourceType, obj: ValueMap): ValueMap {
  const c = conversionOf(resource);
  if (!c) return obj;
  const version = splitApiVersion(stringField(obj, 'apiVersion')).version;
  return Object.hasOwn(c.toStorage, version) ? c.toStorage[version](obj) : obj;
}
