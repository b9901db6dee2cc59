/**
 * A new Pod's status as its registry strategy writes it (kubernetes/kubernetes 1.32
 * pkg/registry/core/pod/strategy.go, PrepareForCreate): phase `Pending` and the QoS class the
 * containers' resources give (pkg/apis/core/helper/qos, ComputePodQOS), plus the `PodScheduled`
 * False `SchedulingGated` condition when the pod has scheduling gates. It runs after the field
 * manager and admission, so nobody owns it; a write to the main resource keeps the stored status.
 *
 * The QoS class: only cpu and memory count, and only quantities above zero; requests and limits
 * are summed over containers and init containers. No such request or limit: `BestEffort`. Every
 * container limiting both cpu and memory, and the summed requests equal to the summed limits for
 * every resource: `Guaranteed`. Otherwise `Burstable`.
 */
import { getKey, isMap, newMap, type Value, type ValueMap } from '../value/value.js';
import { getPath, mapsAt, setPath } from './object-paths.js';
import { addQuantities, compareQuantities, parseQuantity, type Quantity } from './quantity.js';
import type { ResourceType } from './types.js';

const QOS_RESOURCES = ['cpu', 'memory'];
const ZERO: Quantity = { mantissa: 0n, exponent: 0, format: 'DecimalSI' };

function isPod(resource: ResourceType): boolean {
  return resource.group === '' && resource.kind === 'Pod' && !resource.custom;
}

/** The cpu and memory quantities above zero in a resource list. */
function positive(list: Value | undefined): Map<string, Quantity> {
  const out = new Map<string, Quantity>();
  if (!isMap(list)) return out;
  for (const name of QOS_RESOURCES) {
    const text = getKey(list, name);
    const q = typeof text === 'string' ? parseQuantity(text) : undefined;
    if (q?.ok && compareQuantities(q.quantity, ZERO) > 0) out.set(name, q.quantity);
  }
  return out;
}

function addInto(sum: Map<string, Quantity>, more: Map<string, Quantity>): void {
  for (const [name, q] of more) {
    const had = sum.get(name);
    sum.set(name, had ? addQuantities(q, had) : q);
  }
}

export function podQosClass(spec: Value | undefined): 'BestEffort' | 'Burstable' | 'Guaranteed' {
  const requests = new Map<string, Quantity>();
  const limits = new Map<string, Quantity>();
  let guaranteed = true;
  for (const c of [...mapsAt(spec, ['containers']), ...mapsAt(spec, ['initContainers'])]) {
    addInto(requests, positive(getPath(c, ['resources', 'requests'])));
    const own = positive(getPath(c, ['resources', 'limits']));
    addInto(limits, own);
    if (!QOS_RESOURCES.every((name) => own.has(name))) guaranteed = false;
  }
  if (requests.size === 0 && limits.size === 0) return 'BestEffort';
  for (const [name, req] of requests) {
    const lim = limits.get(name);
    if (!lim || compareQuantities(lim, req) !== 0) guaranteed = false;
  }
  return guaranteed && requests.size === limits.size ? 'Guaranteed' : 'Burstable';
}

/** PrepareForCreate of a Pod: the status a new pod starts with (other kinds unchanged). */
export function podStatusOnCreate(resource: ResourceType, obj: ValueMap): ValueMap {
  if (!isPod(resource)) return obj;
  const spec = getKey(obj, 'spec');
  const status = newMap();
  status.phase = 'Pending';
  status.qosClass = podQosClass(spec);
  if (mapsAt(spec, ['schedulingGates']).length > 0) {
    const condition = newMap();
    condition.type = 'PodScheduled';
    condition.status = 'False';
    condition.lastProbeTime = null;
    condition.lastTransitionTime = null;
    condition.reason = 'SchedulingGated';
    condition.message = 'Scheduling is blocked due to non-empty scheduling gates';
    status.conditions = [condition];
  }
  return setPath(obj, ['status'], status);
}
