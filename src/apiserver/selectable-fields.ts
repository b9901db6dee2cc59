/**
 * The fields a field selector may name, per kind, as kube-apiserver's registry strategies list
 * them (their `ToSelectableFields`): every kind has `metadata.name`, and namespaced kinds
 * `metadata.namespace`; pods, nodes, namespaces, secrets and core events have more. Values are the strings Go
 * compares (a missing string is empty, a boolean `true` or `false`).
 */
import { getPath } from './object-paths.js';
import type { ResourceType } from './types.js';
import { getKey, isList, isMap, type Value, type ValueMap } from '../value/value.js';

type Read = (obj: ValueMap) => string;

const text = (...path: string[]): Read => (o) => {
  const v = getPath(o, path);
  return typeof v === 'string' ? v : '';
};
const flag = (...path: string[]): Read => (o) => String(getPath(o, path) === true);

const BY_KIND: Readonly<Record<string, Readonly<Record<string, Read>>>> = {
  '/Pod': {
    'spec.nodeName': text('spec', 'nodeName'),
    'spec.restartPolicy': text('spec', 'restartPolicy'),
    'spec.schedulerName': text('spec', 'schedulerName'),
    'spec.serviceAccountName': text('spec', 'serviceAccountName'),
    'spec.hostNetwork': flag('spec', 'hostNetwork'),
    'status.phase': text('status', 'phase'),
    'status.podIP': (o) => {
      const ips = getPath(o, ['status', 'podIPs']);
      const first = isList(ips) ? ips[0] : undefined;
      return isMap(first) && typeof getKey(first, 'ip') === 'string' ? (getKey(first, 'ip') as string) : '';
    },
    'status.nominatedNodeName': text('status', 'nominatedNodeName'),
  },
  '/Node': { 'spec.unschedulable': flag('spec', 'unschedulable') },
  // `name` is a bug kept for compatibility, as the namespace strategy says.
  '/Namespace': { 'status.phase': text('status', 'phase'), name: text('metadata', 'name') },
  '/Secret': { type: text('type') },
  // pkg/registry/core/event's ToSelectableFields: `source` is the source component, else the
  // reporting controller (core/v1 calls it reportingComponent).
  '/Event': {
    'involvedObject.kind': text('involvedObject', 'kind'),
    'involvedObject.namespace': text('involvedObject', 'namespace'),
    'involvedObject.name': text('involvedObject', 'name'),
    'involvedObject.uid': text('involvedObject', 'uid'),
    'involvedObject.apiVersion': text('involvedObject', 'apiVersion'),
    'involvedObject.resourceVersion': text('involvedObject', 'resourceVersion'),
    'involvedObject.fieldPath': text('involvedObject', 'fieldPath'),
    reason: text('reason'),
    reportingComponent: text('reportingComponent'),
    source: (o) => text('source', 'component')(o) || text('reportingComponent')(o),
    type: text('type'),
  },
};

/** The selectable fields of a resource's objects: field label → its value in an object. */
export function selectableFields(r: ResourceType | undefined): Readonly<Record<string, (obj: Value) => string>> {
  const own = r ? BY_KIND[`${r.group}/${r.kind}`] ?? {} : {};
  const fields: Record<string, Read> = { 'metadata.name': text('metadata', 'name') };
  if (!r || r.namespaced) fields['metadata.namespace'] = text('metadata', 'namespace');
  const all = { ...fields, ...own };
  return Object.fromEntries(Object.entries(all).map(([k, read]) => [k, (o: Value) => (isMap(o) ? read(o) : '')]));
}
