/**
 * Small helpers over Kubernetes objects as values: reading manifests, metadata access, copies.
 */
import type { KubeObject } from '../apiserver/types.js';
import { SsaError } from '../errors/ssa-error.js';
import { readObjects } from '../manifest/read-manifests.js';
import { type Value, type ValueMap, getKey, isMap, newMap } from '../value/value.js';
import type { Manifests, ObjectReader } from './actor.js';

const readEachTime: ObjectReader = (text, file) => readObjects(text, { file });

/** The objects of a `Manifests` option (YAML/JSON text, read by `read`, or decoded objects). */
export function toObjects(manifests: Manifests, file = '<manifests>', read: ObjectReader = readEachTime): KubeObject[] {
  if (typeof manifests === 'string') return read(manifests, file);
  return manifests.map((m) => {
    if (!isMap(m)) throw new SsaError('INPUT', 'a manifest must be an object');
    return m;
  });
}

/**
 * A reader for one run that reads each text once and answers the same objects when the text comes
 * again. The objects depend on the text alone (the file name only words errors, and a text that
 * fails is read again, to fail with the name it is read under), and values are never changed once
 * read, so sharing them between steps changes nothing but the work.
 */
export function rememberingReader(): ObjectReader {
  const read = new Map<string, KubeObject[]>();
  return (text, file) => {
    let objects = read.get(text);
    if (!objects) {
      objects = readObjects(text, { file });
      read.set(text, objects);
    }
    return objects.slice();
  };
}

export function str(m: Value | undefined, key: string): string | undefined {
  if (!isMap(m)) return undefined;
  const v = getKey(m, key);
  return typeof v === 'string' ? v : undefined;
}

export function metadata(obj: Value | undefined): ValueMap {
  const m = isMap(obj) ? getKey(obj, 'metadata') : undefined;
  return isMap(m) ? m : newMap();
}

export interface Identity {
  readonly apiVersion: string;
  readonly kind: string;
  readonly name: string;
  readonly namespace: string | undefined;
}

/**
 * What a manifest object says it is. `name` is '' when `metadata.name` is missing: what a client
 * does then is its own (kubectl create sends it and the server answers, kubectl apply refuses it,
 * client-go's request builder refuses a request for a named object without a name).
 */
export function identity(obj: KubeObject): Identity {
  const meta = metadata(obj);
  const apiVersion = str(obj, 'apiVersion');
  const kind = str(obj, 'kind');
  if (!apiVersion || !kind) throw new SsaError('INPUT', "error validating data: apiVersion not set or kind not set; every object needs both");
  return { apiVersion, kind, name: str(meta, 'name') ?? '', namespace: str(meta, 'namespace') };
}

/**
 * client-go's refusal of a request on an object without a name (rest.Request.Name("")), made
 * before anything is sent: `resource name may not be empty`.
 */
export const EMPTY_NAME_ERROR = 'resource name may not be empty';

/** `id` when it has a name; otherwise the client's refusal, as an input error of the step. */
export function requireName(id: Identity): Identity {
  if (!id.name) throw new SsaError('INPUT', `${id.kind} without metadata.name: ${EMPTY_NAME_ERROR} (a client sends nothing for it)`);
  return id;
}

/** A shallow-copied map with `key` set (the input is left alone). */
export function setIn(m: ValueMap, key: string, value: Value): ValueMap {
  const out = newMap();
  for (const k of Object.keys(m)) out[k] = m[k];
  out[key] = value;
  return out;
}

/** `obj` with `metadata.namespace` set (a copy). */
export function withNamespace(obj: KubeObject, namespace: string): KubeObject {
  return setIn(obj, 'metadata', setIn(metadata(obj), 'namespace', namespace));
}

/** The object without `metadata.managedFields` (what kubectl shows in an editor). */
export function withoutManagedFields(obj: KubeObject): KubeObject {
  const meta = metadata(obj);
  if (getKey(meta, 'managedFields') === undefined) return obj;
  const m = newMap();
  for (const k of Object.keys(meta)) if (k !== 'managedFields') m[k] = meta[k];
  return setIn(obj, 'metadata', m);
}

/** The value at a path of field names, or undefined. */
export function getPath(v: Value | undefined, path: readonly string[]): Value | undefined {
  let cur: Value | undefined = v;
  for (const p of path) {
    if (!isMap(cur)) return undefined;
    cur = getKey(cur, p);
  }
  return cur;
}

/** A copy of `v` with the value at `path` replaced (maps created on the way). */
export function setPath(v: Value | undefined, path: readonly string[], value: Value): Value {
  if (path.length === 0) return value;
  const m = isMap(v) ? v : newMap();
  return setIn(m, path[0], setPath(getKey(m, path[0]), path.slice(1), value));
}
