/**
 * The server's state as a file (`--state FILE`): every stored object as it is stored
 * (managedFields, resourceVersion and uid kept), the store's counters and its clock, so a
 * restarted server continues where the last one stopped. Configuration (schemas, CRD files) is
 * not part of it: it comes from the command line again.
 */
import { findResource } from '../apiserver/registry.js';
import { parseGivenTime } from '../apiserver/rfc3339-time.js';
import { storageKey } from '../apiserver/request-context.js';
import type { ClusterState, KubeObject } from '../apiserver/types.js';
import { SsaError } from '../errors/ssa-error.js';
import { readManifests } from '../manifest/read-manifests.js';
import { withServedCrds } from '../apiserver/served-crds.js';
import { compareStrings } from '../value/compare-strings.js';
import { getKey, isList, isMap, type ValueMap } from '../value/value.js';
import { stringifyJson } from '../value/stringify-json.js';

export const STATE_API_VERSION = 'ssa-sim.dev/v1';
export const STATE_KIND = 'ServerState';

/** The state as JSON text (objects in storage-key order, so that equal states give equal files). */
export function stateToText(state: ClusterState): string {
  const keys = [...state.objects.keys()].sort(compareStrings);
  return (
    stringifyJson(
      {
        apiVersion: STATE_API_VERSION,
        kind: STATE_KIND,
        now: state.now,
        resourceVersion: state.resourceVersion,
        uidCount: state.uidCount,
        objects: keys.map((k) => state.objects.get(k)!),
      },
      1,
    ) + '\n'
  );
}

/** An input error at `source` (the key or value it is about), else at the file: the file is named once, by the position. */
function fail(file: string, message: string, source?: { file?: string; line?: number; column?: number }): never {
  throw new SsaError('INPUT', message, { source: source ? { file, ...source } : { file } });
}

/** `base` (an empty cluster with the server's configuration) holding the objects and counters of a state file. */
export function stateFromText(base: ClusterState, text: string, file: string): ClusterState {
  const read = readManifests(text, { file, flattenLists: false });
  if (read.manifests.length !== 1) fail(file, `a state file holds one document, not ${read.manifests.length}`);
  const doc = read.manifests[0];
  const root = doc.object;
  if (getKey(root, 'apiVersion') !== STATE_API_VERSION || getKey(root, 'kind') !== STATE_KIND) {
    fail(file, `not an ssa-sim state file (apiVersion ${STATE_API_VERSION}, kind ${STATE_KIND})`, doc.positionOf([]));
  }
  const count = (name: string): number => {
    const v = getKey(root, name);
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) fail(file, `${name}: must be a whole number`, doc.positionOf([name], 'value'));
    return v;
  };
  const now = getKey(root, 'now');
  if (typeof now !== 'string' || parseGivenTime(now) === undefined) {
    fail(file, `now: ${now === undefined ? 'missing' : JSON.stringify(now)} is not an RFC 3339 time such as 2024-02-24T15:24:31Z`, doc.positionOf(['now'], 'value') ?? doc.positionOf([]));
  }
  const list = getKey(root, 'objects');
  if (!isList(list)) fail(file, 'objects: must be a list', doc.positionOf(['objects'], 'value') ?? doc.positionOf([]));
  // CRDs first: the custom resources stored after them are served by them.
  const isCrd = (o: unknown) => isMap(o as never) && getKey(o as ValueMap, 'kind') === 'CustomResourceDefinition';
  let served = base;
  const objects = new Map<string, KubeObject>();
  for (const pass of [true, false]) {
    list.forEach((o, i) => {
      if (isCrd(o) !== pass) return;
      const at = doc.positionOf(['objects', i]);
      if (!isMap(o)) fail(file, `objects[${i}]: must be an object`, at);
      const apiVersion = getKey(o, 'apiVersion');
      const kind = getKey(o, 'kind');
      const meta = getKey(o, 'metadata');
      const name = isMap(meta) ? getKey(meta, 'name') : undefined;
      const ns = isMap(meta) ? getKey(meta, 'namespace') : undefined;
      const found = typeof apiVersion === 'string' && typeof kind === 'string' ? findResource(served.config.resources, apiVersion, { kind }) : undefined;
      if (!found) fail(file, `objects[${i}]: the server does not serve ${String(apiVersion)} ${String(kind)} (add its CRD with --crd)`, at);
      if (typeof name !== 'string' || name === '') fail(file, `objects[${i}]: metadata.name is missing`, at);
      const namespace = found.resource.namespaced ? (typeof ns === 'string' ? ns : '') : '';
      objects.set(storageKey(found.resource, namespace, name), o as ValueMap);
    });
    if (pass) served = withServedCrds({ ...base, objects: new Map(objects) }).state;
  }
  return { ...served, objects, resourceVersion: count('resourceVersion'), uidCount: count('uidCount'), now };
}
