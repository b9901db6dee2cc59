/**
 * `kubectl get` output: Table responses (`Accept: application/json;as=Table;g=meta.k8s.io;v=v1`)
 * with NAME and AGE for every kind and the usual columns of the common kinds, computed from the
 * objects as kube-apiserver's printers compute them (only from what the simulator stores: no
 * controller fills status, so READY and AVAILABLE count what status says).
 */
import { getPath } from '../apiserver/object-paths.js';
import { customResourceColumns } from '../apiserver/printer-columns.js';
import type { ResourceType } from '../apiserver/types.js';
import type { PrinterColumn } from '../schema/schema-catalog.js';
import { getKey, isList, isMap, newMap, type Value, type ValueMap } from '../value/value.js';
import { inObjectMetaOrder } from './go-json-order.js';
import { humanDuration } from '../apiserver/human-duration.js';

interface Column {
  readonly name: string;
  readonly type: string;
  readonly format?: string;
  readonly description?: string;
  readonly priority?: number;
  readonly cell: (obj: ValueMap, now: number) => Value;
}

const str = (o: ValueMap, ...path: string[]): string => {
  const v = getPath(o, path);
  return typeof v === 'string' ? v : '';
};
const int = (o: ValueMap, ...path: string[]): number => {
  const v = getPath(o, path);
  return typeof v === 'number' ? v : 0;
};
const list = (o: ValueMap, ...path: string[]): Value[] => {
  const v = getPath(o, path);
  return isList(v) ? v : [];
};

const NAME: Column = { name: 'Name', type: 'string', format: 'name', cell: (o) => str(o, 'metadata', 'name') };
const AGE: Column = {
  name: 'Age',
  type: 'string',
  cell: (o, now) => {
    const t = Date.parse(str(o, 'metadata', 'creationTimestamp'));
    return Number.isNaN(t) ? '<unknown>' : humanDuration(now - t);
  },
};

function containersOf(o: ValueMap, path: string[]): ValueMap[] {
  return list(o, ...path).filter(isMap);
}

const WORKLOAD_WIDE: Column[] = [
  { name: 'Containers', type: 'string', priority: 1, cell: (o) => containersOf(o, ['spec', 'template', 'spec', 'containers']).map((c) => str(c, 'name')).join(',') },
  { name: 'Images', type: 'string', priority: 1, cell: (o) => containersOf(o, ['spec', 'template', 'spec', 'containers']).map((c) => str(c, 'image')).join(',') },
  { name: 'Selector', type: 'string', priority: 1, cell: (o) => selectorText(getPath(o, ['spec', 'selector'])) },
];

function selectorText(sel: Value | undefined): string {
  if (!isMap(sel)) return '<none>';
  const parts: string[] = [];
  const ml = getKey(sel, 'matchLabels');
  if (isMap(ml)) for (const k of Object.keys(ml).sort()) parts.push(`${k}=${String(ml[k])}`);
  const me = getKey(sel, 'matchExpressions');
  for (const e of isList(me) ? me.filter(isMap) : []) {
    const values = getKey(e, 'values');
    const vs = isList(values) ? values.map(String).join(',') : '';
    const op = String(getKey(e, 'operator') ?? '');
    const key = String(getKey(e, 'key') ?? '');
    if (op === 'In') parts.push(`${key} in (${vs})`);
    else if (op === 'NotIn') parts.push(`${key} notin (${vs})`);
    else if (op === 'Exists') parts.push(key);
    else if (op === 'DoesNotExist') parts.push(`!${key}`);
  }
  return parts.length > 0 ? parts.join(',') : '<none>';
}

function mapText(m: Value | undefined): string {
  if (!isMap(m) || Object.keys(m).length === 0) return '<none>';
  return Object.keys(m)
    .sort()
    .map((k) => `${k}=${String(m[k])}`)
    .join(',');
}

function podStatus(o: ValueMap): string {
  if (getPath(o, ['metadata', 'deletionTimestamp']) !== undefined) return 'Terminating';
  const reason = str(o, 'status', 'reason');
  return reason || str(o, 'status', 'phase') || 'Pending';
}

/** Columns per group/kind; kinds not listed get NAME and AGE. */
const COLUMNS: Readonly<Record<string, readonly Column[]>> = {
  '/Pod': [
    NAME,
    { name: 'Ready', type: 'string', cell: (o) => `${list(o, 'status', 'containerStatuses').filter((c) => isMap(c) && getKey(c, 'ready') === true).length}/${list(o, 'spec', 'containers').length}` },
    { name: 'Status', type: 'string', cell: podStatus },
    { name: 'Restarts', type: 'string', cell: (o) => String(list(o, 'status', 'containerStatuses').reduce<number>((n, c) => n + (isMap(c) && typeof getKey(c, 'restartCount') === 'number' ? (getKey(c, 'restartCount') as number) : 0), 0)) },
    AGE,
    // The printer's wide columns: the first of status.podIPs, the node, the nominated node, and
    // how many readiness gates have a True condition.
    { name: 'IP', type: 'string', priority: 1, cell: (o) => (isMap(list(o, 'status', 'podIPs')[0]) ? str(list(o, 'status', 'podIPs')[0] as ValueMap, 'ip') : '') || '<none>' },
    { name: 'Node', type: 'string', priority: 1, cell: (o) => str(o, 'spec', 'nodeName') || '<none>' },
    { name: 'Nominated Node', type: 'string', priority: 1, cell: (o) => str(o, 'status', 'nominatedNodeName') || '<none>' },
    { name: 'Readiness Gates', type: 'string', priority: 1, cell: readinessGates },
  ],
  'apps/Deployment': [
    NAME,
    { name: 'Ready', type: 'string', cell: (o) => `${int(o, 'status', 'readyReplicas')}/${getPath(o, ['spec', 'replicas']) ?? 1}` },
    { name: 'Up-to-date', type: 'integer', cell: (o) => int(o, 'status', 'updatedReplicas') },
    { name: 'Available', type: 'integer', cell: (o) => int(o, 'status', 'availableReplicas') },
    AGE,
    ...WORKLOAD_WIDE,
  ],
  'apps/DaemonSet': [
    NAME,
    { name: 'Desired', type: 'integer', cell: (o) => int(o, 'status', 'desiredNumberScheduled') },
    { name: 'Current', type: 'integer', cell: (o) => int(o, 'status', 'currentNumberScheduled') },
    { name: 'Ready', type: 'integer', cell: (o) => int(o, 'status', 'numberReady') },
    { name: 'Up-to-date', type: 'integer', cell: (o) => int(o, 'status', 'updatedNumberScheduled') },
    { name: 'Available', type: 'integer', cell: (o) => int(o, 'status', 'numberAvailable') },
    { name: 'Node Selector', type: 'string', cell: (o) => mapText(getPath(o, ['spec', 'template', 'spec', 'nodeSelector'])) },
    AGE,
    ...WORKLOAD_WIDE,
  ],
  '/Service': [
    NAME,
    { name: 'Type', type: 'string', cell: (o) => str(o, 'spec', 'type') || 'ClusterIP' },
    { name: 'Cluster-IP', type: 'string', cell: (o) => str(o, 'spec', 'clusterIP') || '<none>' },
    {
      name: 'External-IP',
      type: 'string',
      cell: (o) => {
        const ips = list(o, 'spec', 'externalIPs').map(String);
        return ips.length > 0 ? ips.join(',') : '<none>';
      },
    },
    {
      name: 'Port(s)',
      type: 'string',
      cell: (o) => {
        const ports = list(o, 'spec', 'ports').filter(isMap);
        if (ports.length === 0) return '<none>';
        return ports.map((p) => `${String(getKey(p, 'port') ?? '')}${typeof getKey(p, 'nodePort') === 'number' ? `:${String(getKey(p, 'nodePort'))}` : ''}/${String(getKey(p, 'protocol') ?? 'TCP')}`).join(',');
      },
    },
    AGE,
    { name: 'Selector', type: 'string', priority: 1, cell: (o) => mapText(getPath(o, ['spec', 'selector'])) },
  ],
  '/ConfigMap': [
    NAME,
    { name: 'Data', type: 'integer', cell: (o) => Object.keys(isMap(getKey(o, 'data')) ? (getKey(o, 'data') as ValueMap) : {}).length + Object.keys(isMap(getKey(o, 'binaryData')) ? (getKey(o, 'binaryData') as ValueMap) : {}).length },
    AGE,
  ],
  '/Node': [
    NAME,
    {
      name: 'Status',
      type: 'string',
      cell: (o) => {
        const ready = list(o, 'status', 'conditions').find((c) => isMap(c) && getKey(c, 'type') === 'Ready');
        const s = isMap(ready) ? (getKey(ready, 'status') === 'True' ? 'Ready' : 'NotReady') : 'Unknown';
        return getPath(o, ['spec', 'unschedulable']) === true ? `${s},SchedulingDisabled` : s;
      },
    },
    {
      name: 'Roles',
      type: 'string',
      cell: (o) => {
        const labels = getPath(o, ['metadata', 'labels']);
        const roles = isMap(labels) ? Object.keys(labels).filter((k) => k.startsWith('node-role.kubernetes.io/')).map((k) => k.slice('node-role.kubernetes.io/'.length)) : [];
        return roles.length > 0 ? roles.sort().join(',') : '<none>';
      },
    },
    AGE,
    { name: 'Version', type: 'string', cell: (o) => str(o, 'status', 'nodeInfo', 'kubeletVersion') },
  ],
  '/Namespace': [NAME, { name: 'Status', type: 'string', cell: (o) => str(o, 'status', 'phase') || 'Active' }, AGE],
};

function readinessGates(o: ValueMap): string {
  const gates = list(o, 'spec', 'readinessGates').filter(isMap);
  if (gates.length === 0) return '<none>';
  const conditions = list(o, 'status', 'conditions').filter(isMap);
  // The first condition of a gate's type decides it, as the printer looks.
  const ready = gates.filter((g) => conditions.find((c) => getKey(c, 'type') === getKey(g, 'conditionType'))?.status === 'True').length;
  return `${ready}/${gates.length}`;
}

/**
 * The scale subresource's Table. A built-in kind's is kube-apiserver's printer of Scale (its Name
 * column has no `name` format); a custom resource's is the one apiextensions-apiserver makes from
 * the CRD's scale paths (Desired from `.spec.replicas`, Available from `.status.replicas` of the
 * Scale, left empty when absent, and Age as a `date` column).
 */
const BUILTIN_SCALE: readonly Column[] = [
  { name: 'Name', type: 'string', cell: (o) => str(o, 'metadata', 'name') },
  { name: 'Desired', type: 'integer', cell: (o) => int(o, 'spec', 'replicas') },
  { name: 'Available', type: 'integer', cell: (o) => int(o, 'status', 'replicas') },
  AGE,
];
const CUSTOM_SCALE: readonly Column[] = [
  NAME,
  { name: 'Desired', type: 'integer', cell: (o) => (typeof getPath(o, ['spec', 'replicas']) === 'number' ? int(o, 'spec', 'replicas') : null) },
  { name: 'Available', type: 'integer', cell: (o) => (typeof getPath(o, ['status', 'replicas']) === 'number' ? int(o, 'status', 'replicas') : null) },
  { ...AGE, type: 'date' },
];

/** What a Table is of: a kind's objects, or one of its subresources (status: the kind's own columns). */
export interface TableView {
  readonly group: string;
  readonly kind: string;
  readonly custom?: boolean;
  readonly subresource?: string;
  /** A custom resource's printer columns at the version asked for (its CRD's). */
  readonly printerColumns?: readonly PrinterColumn[];
}

/** The Table view of a resource served at `apiVersion` (or of its subresource). */
export function tableView(resource: ResourceType, apiVersion: string, subresource?: string): TableView {
  const version = apiVersion.slice(apiVersion.lastIndexOf('/') + 1);
  const columns = resource.printerColumns?.[version];
  return {
    group: resource.group,
    kind: resource.kind,
    custom: resource.custom,
    ...(subresource ? { subresource } : {}),
    ...(columns ? { printerColumns: columns } : {}),
  };
}

function columnsFor(view: TableView): readonly Column[] {
  if (view.subresource === 'scale') return view.custom ? CUSTOM_SCALE : BUILTIN_SCALE;
  if (view.custom) return customResourceColumns(view.printerColumns);
  const key = `${view.group}/${view.kind}`;
  return Object.hasOwn(COLUMNS, key) ? COLUMNS[key] : [NAME, AGE];
}

function partialMetadata(obj: ValueMap): ValueMap {
  const out = newMap();
  out.kind = 'PartialObjectMetadata';
  out.apiVersion = 'meta.k8s.io/v1';
  const meta = getKey(obj, 'metadata');
  out.metadata = isMap(meta) ? inObjectMetaOrder(meta) : newMap();
  return out;
}

/**
 * A Table of `items` (a list's items, or one object) of a kind or its subresource at time `now`. A page of a
 * list passes its list's `continue` and `remainingItemCount` on (`page`), as kube-apiserver's
 * table convertor copies the list metadata, so clients follow the pages.
 */
export function tableOf(view: TableView, items: readonly ValueMap[], resourceVersion: string, now: string, includeObject: boolean, page?: ValueMap): ValueMap {
  const columns = columnsFor(view);
  const at = Date.parse(now);
  const table = newMap();
  table.kind = 'Table';
  table.apiVersion = 'meta.k8s.io/v1';
  const meta = newMap();
  meta.resourceVersion = resourceVersion;
  for (const k of ['continue', 'remainingItemCount']) {
    const v = page ? getKey(page, k) : undefined;
    if (v !== undefined) meta[k] = v;
  }
  table.metadata = meta;
  table.columnDefinitions = columns.map((c) => {
    const d = newMap();
    d.name = c.name;
    d.type = c.type;
    d.format = c.format ?? '';
    d.description = c.description ?? '';
    d.priority = c.priority ?? 0;
    return d;
  });
  table.rows = items.map((o) => {
    const row = newMap();
    row.cells = columns.map((c) => c.cell(o, at));
    row.object = includeObject ? o : partialMetadata(o);
    return row;
  });
  return table;
}
