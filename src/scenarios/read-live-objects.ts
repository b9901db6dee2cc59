/**
 * Reading captured live objects (`kubectl get -o yaml --show-managed-fields`: YAML or JSON,
 * several documents or a List) from their text, the one way every reader does it (the CLI's
 * commands and the playground): YAML 1.1 warnings, a warning for each object without
 * managedFields, and each object's managedFields checked where they are read, so that an error
 * names the file, the position, the object and the entry
 * (`FILE:7:5: configmap/c: metadata.managedFields[0]...`).
 */
import { describeError, formatSource, SsaError } from '../errors/ssa-error.js';
import { missingIdentity } from '../apiserver/object-paths.js';
import { type Manifest, readManifests } from '../manifest/index.js';
import { getKey, isMap, type Value } from '../value/value.js';
import { type OwnerEntry, ownersFromObject } from './owners.js';

/** What blame and explain say when a dump has no object. */
export const NO_OBJECTS = 'no objects found: expected YAML or JSON objects';

/** What every captured object has. */
const NEEDS_IDENTITY = 'expected objects as kubectl get -o yaml --show-managed-fields prints them, each with apiVersion and kind';

export const NO_MANAGED_FIELDS_WARNING = 'has no metadata.managedFields: did you forget --show-managed-fields?';

/** A live object as read from its text, with its owners. */
export interface LiveObject {
  readonly manifest: Manifest;
  readonly owners: readonly OwnerEntry[];
}

/** `daemonset.apps/aws-node` as kubectl names objects (core group without a suffix). */
export function objectDisplayName(obj: Value): string {
  if (!isMap(obj)) return 'object';
  const str = (v: Value | undefined) => (typeof v === 'string' ? v : '');
  const kind = (str(getKey(obj, 'kind')) || 'object').toLowerCase();
  const apiVersion = str(getKey(obj, 'apiVersion'));
  const group = apiVersion.includes('/') ? apiVersion.split('/')[0] : '';
  const meta = getKey(obj, 'metadata');
  const name = isMap(meta) ? str(getKey(meta, 'name')) : '';
  return `${kind}${group ? `.${group}` : ''}/${name}`;
}

/** `.metadata.managedFields[2].fieldsV1` → the document path of that node. */
export function managedFieldsSegs(path: string | undefined): (string | number)[] {
  const m = /^\.metadata\.managedFields(?:\[(\d+)\](?:\.(\w+))?)?/.exec(path ?? '');
  const segs: (string | number)[] = ['metadata', 'managedFields'];
  if (m?.[1] !== undefined) segs.push(Number(m[1]));
  if (m?.[2] !== undefined) segs.push(m[2]);
  return segs;
}

/** The owners of one object read from a file; an unreadable entry is an error at its position. */
export function ownersOfLive(m: Manifest): OwnerEntry[] {
  try {
    return ownersFromObject(m.object);
  } catch (err) {
    if (!(err instanceof SsaError)) throw err;
    throw new SsaError(err.code, `${objectDisplayName(m.object)}: ${describeError(err)}`, { source: m.positionOf(managedFieldsSegs(err.path)), path: err.path });
  }
}

export interface LiveObjectsRead {
  readonly objects: LiveObject[];
  /** `FILE:LINE:COLUMN: message`, one per warning, in the order they were found. */
  readonly warnings: string[];
}

/** The objects of TEXT (YAML or JSON, several documents or a List) read from NAME, checked. */
export function readLiveObjectsText(text: string, name: string): LiveObjectsRead {
  const { manifests, warnings } = readManifests(text, { file: name });
  const out = warnings.map((w) => `${formatSource(w.source)}: ${w.message}`);
  const objects = manifests.map((m) => {
    const missing = missingIdentity(m.object);
    if (missing !== undefined) {
      // Another file given as a capture (a scenario, a customizations file) says so at once.
      const scenario = isMap(m.object) && getKey(m.object, 'steps') !== undefined ? ' (it reads as a scenario: ssa-sim run plays it)' : '';
      throw new SsaError('INPUT', `${NEEDS_IDENTITY}; this one has ${missing}${scenario}`, { source: m.source });
    }
    const meta = getKey(m.object, 'metadata');
    if (!isMap(meta) || getKey(meta, 'managedFields') === undefined) out.push(`${formatSource(m.source)}: ${objectDisplayName(m.object)} ${NO_MANAGED_FIELDS_WARNING}`);
    return { manifest: m, owners: ownersOfLive(m) };
  });
  return { objects, warnings: out };
}
