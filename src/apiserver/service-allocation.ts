/**
 * What the Service registry does to a Service before storing it (kube-apiserver's
 * pkg/registry/core/service/storage `beginCreate`/`beginUpdate` and their allocators, 1.32,
 * single-stack IPv4): `clusterIPs` from `clusterIP`, `ipFamilyPolicy` and `ipFamilies`, a
 * cluster IP from the service range, node ports for NodePort and LoadBalancer services and a
 * health check node port for a LoadBalancer with `externalTrafficPolicy: Local`; on update the
 * values a client left out are kept, and ports are allocated for new ones. It runs after the
 * field manager and admission, so nobody owns what it sets.
 *
 * The allocators' state is the stored Services themselves (what they hold is allocated; a deleted
 * Service's values are free again), so it needs no state of its own and survives `--state`.
 * Dynamic values are the first free ones of the band the allocators prefer, in order, where
 * kube-apiserver picks at random (service-ranges.ts). A dry run answers as kube-apiserver's
 * dry-run allocators do: the range's network address for a cluster IP, node ports from 32769 up,
 * and requested values checked only as they check them.
 */
import { formatGoValue } from '../fieldpath/format-go-value.js';
import { deepCopy, getKey, isMap, newMap, type Value, type ValueMap } from '../value/value.js';
import { mapsAt, setPath } from './object-paths.js';
import { firstFree, formatIPv4, type IpRange, ipAt, ipOffset, parseIPv4, type PortRange } from './service-ranges.js';
import { type FieldError, internalError, invalid } from './status.js';
import type { KubeObject, StatusObject } from './types.js';

export interface ServiceRanges {
  readonly ips: IpRange;
  readonly nodePorts: PortRange;
}

/** What the other stored Services hold. */
export interface Allocated {
  readonly ips: ReadonlySet<string>;
  readonly nodePorts: ReadonlySet<number>;
}

export type AllocationOutcome = { ok: true; object: KubeObject } | { ok: false; status: StatusObject };

const NONE = 'None';
const IPV4 = 'IPv4';
const IPV6 = 'IPv6';
const FAMILIES = ['IPv4', 'IPv6'];
const POLICIES = ['PreferDualStack', 'RequireDualStack', 'SingleStack'];

/** The cluster IPs and node ports of `services` (the stored Services other than the one written). */
export function allocatedBy(services: Iterable<KubeObject>): Allocated {
  const ips = new Set<string>();
  const nodePorts = new Set<number>();
  for (const svc of services) {
    const spec = specOf(svc);
    for (const ip of strings(getKey(spec, 'clusterIPs'))) if (ip !== NONE && ip !== '') ips.add(ip);
    const one = str(spec, 'clusterIP');
    if (one !== '' && one !== NONE) ips.add(one);
    for (const n of nodePortsOf(spec)) nodePorts.add(n);
  }
  return { ips, nodePorts };
}

/** A new Service with its allocated fields (beginCreate), or the 422/500 a real server answers. */
export function allocateOnCreate(svc: KubeObject, ranges: ServiceRanges, others: Allocated, dryRun: boolean): AllocationOutcome {
  const spec = specCopy(svc);
  const name = nameOf(svc);
  // A client that sets only clusterIP (an old client) gets clusterIPs from it.
  const clusterIP = str(spec, 'clusterIP');
  if (clusterIP !== '' && strings(getKey(spec, 'clusterIPs')).length === 0) spec.clusterIPs = [clusterIP];
  const errors = initIPFamilyFields(spec, undefined);
  if (errors.length > 0) return { ok: false, status: invalid('', 'Service', name, errors) };
  const ports = new PortOperation(ranges.nodePorts, others.nodePorts, dryRun);
  const failed = allocateClusterIPs(spec, name, ranges.ips, others.ips, dryRun) ?? (needsNodePorts(spec) ? initNodePorts(spec, name, ports) : undefined) ?? healthCheckOnCreate(spec, ports);
  if (failed) return { ok: false, status: failed };
  return { ok: true, object: setPath(svc, ['spec'], spec) };
}

/** An updated Service (beginUpdate and the strategy's type-dependent drops), or the error. */
export function allocateOnUpdate(old: KubeObject, svc: KubeObject, ranges: ServiceRanges, others: Allocated, dryRun: boolean): AllocationOutcome {
  const oldSpec = specOf(old);
  const spec = specCopy(svc);
  const name = nameOf(svc);
  // The strategy's PrepareForUpdate, then beginUpdate.
  patchAllocatedValues(spec, oldSpec);
  normalizeClusterIPsOnUpdate(spec, oldSpec);
  dropTypeDependentFields(spec, oldSpec);
  const errors = initIPFamilyFields(spec, oldSpec);
  if (errors.length > 0) return { ok: false, status: invalid('', 'Service', name, errors) };
  const oldPorts = nodePortsOf(oldSpec);
  const ports = new PortOperation(ranges.nodePorts, new Set([...others.nodePorts, ...oldPorts]), dryRun);
  let failed: StatusObject | undefined;
  // From ExternalName to a type with a cluster IP: allocate as on create.
  if (typeOf(oldSpec) === 'ExternalName' && typeOf(spec) !== 'ExternalName') failed = allocateClusterIPs(spec, name, ranges.ips, others.ips, dryRun);
  if (!failed && needsNodePorts(spec)) failed = updateNodePorts(spec, name, ports, new Set(oldPorts));
  if (!failed) failed = healthCheckOnUpdate(spec, oldSpec, ports);
  if (failed) return { ok: false, status: failed };
  const invalidUpdate = clusterIPChanges(spec, oldSpec);
  if (invalidUpdate.length > 0) return { ok: false, status: invalid('', 'Service', name, invalidUpdate) };
  return { ok: true, object: setPath(svc, ['spec'], spec) };
}

// ---- IP families ---------------------------------------------------------------------------

function initIPFamilyFields(spec: ValueMap, old: ValueMap | undefined): FieldError[] {
  if (typeOf(spec) === 'ExternalName') return [];
  const policyGiven = getKey(spec, 'ipFamilyPolicy');
  if (policyGiven === undefined || policyGiven === null) {
    const oldPolicy = old ? getKey(old, 'ipFamilyPolicy') : undefined;
    if (typeof oldPolicy === 'string') spec.ipFamilyPolicy = oldPolicy;
    else if (str(spec, 'clusterIP') === NONE && !hasSelector(spec)) spec.ipFamilyPolicy = 'RequireDualStack';
    else spec.ipFamilyPolicy = 'SingleStack';
  }
  const fieldErrors = clusterIPFieldErrors(spec);
  if (fieldErrors.length > 0) return fieldErrors;
  const policy = str(spec, 'ipFamilyPolicy');
  const clusterIPs = strings(getKey(spec, 'clusterIPs'));
  const families = strings(getKey(spec, 'ipFamilies'));
  const errors: FieldError[] = [];
  if (policy === 'SingleStack') {
    if (clusterIPs.length === 2) errors.push(fieldInvalid('spec.ipFamilyPolicy', goString(policy), "must be 'RequireDualStack' or 'PreferDualStack' when multiple cluster IPs are specified"));
    if (families.length === 2) errors.push(fieldInvalid('spec.ipFamilyPolicy', goString(policy), "must be 'RequireDualStack' or 'PreferDualStack' when multiple IP families are specified"));
  }
  // The families follow the IPs the client gave; only IPv4 is configured.
  for (let i = 0; i < clusterIPs.length; i++) {
    if (clusterIPs[i] === NONE) break;
    if (i < families.length) continue;
    const family = clusterIPs[i].includes(':') ? IPV6 : IPV4;
    if (family !== IPV4) errors.push(fieldInvalid(`spec.clusterIPs[${i}]`, goStrings(clusterIPs), `${family} is not configured on this cluster`));
    else families.push(family);
  }
  if (errors.length > 0) return errors;
  // Headless without a selector: the cluster's family, and both when the policy allows.
  if (str(spec, 'clusterIP') === NONE && !hasSelector(spec)) {
    if (families.length === 0) families.push(IPV4);
    if (families.length < 2 && policy !== 'SingleStack') families.push(families[0] === IPV4 ? IPV6 : IPV4);
    spec.ipFamilies = families;
    return [];
  }
  if (policy === 'RequireDualStack') errors.push(fieldInvalid('spec.ipFamilyPolicy', goString(policy), 'this cluster is not configured for dual-stack services'));
  families.forEach((f, i) => {
    if (f !== IPV4) errors.push(fieldInvalid(`spec.ipFamilies[${i}]`, goString(f), 'not configured on this cluster'));
  });
  if (errors.length > 0) return errors;
  if (families.length === 0) families.push(IPV4);
  spec.ipFamilies = families;
  return [];
}

/** The loose checks of clusterIP, clusterIPs, ipFamilies and ipFamilyPolicy made before allocating. */
function clusterIPFieldErrors(spec: ValueMap): FieldError[] {
  const errors: FieldError[] = [];
  const clusterIP = str(spec, 'clusterIP');
  const clusterIPs = strings(getKey(spec, 'clusterIPs'));
  if (clusterIP !== '') {
    if (clusterIPs.length === 0) errors.push({ type: 'FieldValueRequired', field: 'spec.clusterIPs', detail: '' });
    else if (clusterIPs[0] !== clusterIP) errors.push(fieldInvalid('spec.clusterIPs', goStrings(clusterIPs), 'first value must match `clusterIP`'));
  } else if (clusterIPs.length > 0) {
    errors.push(fieldInvalid('spec.clusterIPs', goStrings(clusterIPs), 'must be empty when `clusterIP` is not specified'));
  }
  strings(getKey(spec, 'ipFamilies')).forEach((f, i) => {
    if (!FAMILIES.includes(f)) errors.push(notSupported(`spec.ipFamilies[${i}]`, f, FAMILIES));
  });
  const policy = str(spec, 'ipFamilyPolicy');
  if (!POLICIES.includes(policy)) errors.push(notSupported('spec.ipFamilyPolicy', policy, POLICIES));
  let badIPs = false;
  clusterIPs.forEach((ip, i) => {
    if (i === 0 && ip === NONE) {
      if (clusterIPs.length > 1) {
        badIPs = true;
        errors.push(fieldInvalid('spec.clusterIPs', goStrings(clusterIPs), "'None' must be the first and only value"));
      }
      return;
    }
    if (parseIPv4(ip) === undefined && !looksLikeIPv6(ip)) {
      badIPs = true;
      errors.push(fieldInvalid(`spec.clusterIPs[${i}]`, goString(ip), 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)'));
    }
  });
  if (clusterIPs.length > 2) errors.push(fieldInvalid('spec.clusterIPs', goStrings(clusterIPs), 'may only hold up to 2 values'));
  return badIPs || errors.length > 0 ? errors : [];
}

// ---- cluster IPs ---------------------------------------------------------------------------

function allocateClusterIPs(spec: ValueMap, name: string, range: IpRange, taken: ReadonlySet<string>, dryRun: boolean): StatusObject | undefined {
  if (typeOf(spec) === 'ExternalName') return undefined;
  const clusterIPs = strings(getKey(spec, 'clusterIPs'));
  if (clusterIPs[0] === NONE) return undefined;
  const families = strings(getKey(spec, 'ipFamilies'));
  while (clusterIPs.length < families.length) clusterIPs.push('');
  for (let i = 0; i < families.length; i++) {
    const ip = clusterIPs[i];
    if (ip === '') {
      if (dryRun) clusterIPs[i] = formatIPv4(range.network);
      else {
        const off = firstFree(range.max, range.offset, (o) => taken.has(ipAt(range, o)));
        if (off === undefined) return internalError('Internal error occurred: failed to allocate a serviceIP: range is full');
        clusterIPs[i] = ipAt(range, off);
      }
    } else {
      const n = parseIPv4(ip);
      const problem =
        n === undefined || ipOffset(range, n) === undefined
          ? `the provided IP (${ip}) is not in the valid range. The range of valid IPs is ${range.cidr}`
          : !dryRun && taken.has(formatIPv4(n))
            ? 'provided IP is already allocated'
            : undefined;
      if (problem) return invalid('', 'Service', name, [fieldInvalid('spec.clusterIPs', goStrings(clusterIPs), `failed to allocate IP ${ip}: ${problem}`)]);
    }
  }
  spec.clusterIPs = clusterIPs;
  if (clusterIPs.length > 0) spec.clusterIP = clusterIPs[0];
  return undefined;
}

function normalizeClusterIPsOnUpdate(spec: ValueMap, old: ValueMap): void {
  const oldIPs = strings(getKey(old, 'clusterIPs'));
  const oldIP = str(old, 'clusterIP');
  if (oldIPs.length > 0 && strings(getKey(spec, 'clusterIPs')).length === 0 && oldIP === str(spec, 'clusterIP')) spec.clusterIPs = [...oldIPs];
  const ip = str(spec, 'clusterIP');
  if (oldIP !== ip && sameList(oldIPs, strings(getKey(spec, 'clusterIPs')))) {
    if (oldIP !== '' && ip === '') delete spec.clusterIPs;
    else spec.clusterIPs = [ip];
  }
}

/** ValidateServiceUpdate's checks of a cluster IP that was set. */
function clusterIPChanges(spec: ValueMap, old: ValueMap): FieldError[] {
  if (typeOf(spec) === 'ExternalName' || typeOf(old) === 'ExternalName') return [];
  const oldIPs = strings(getKey(old, 'clusterIPs'));
  const ips = strings(getKey(spec, 'clusterIPs'));
  const headless = (l: string[]) => l.length === 1 && l[0] === NONE;
  if (headless(oldIPs) && headless(ips)) return [];
  if (oldIPs.length > 0 && ips.length === 0) return [fieldInvalid('spec.clusterIPs[0]', goStrings(ips), 'primary clusterIP can not be unset')];
  if (oldIPs.length > 0 && ips[0] !== oldIPs[0]) return [fieldInvalid('spec.clusterIPs[0]', goStrings(ips), 'may not change once set')];
  return [];
}

// ---- node ports ----------------------------------------------------------------------------

/** One request's node port allocations (portallocator's PortAllocationOperation). */
class PortOperation {
  private readonly allocated: number[] = [];
  constructor(
    private readonly range: PortRange,
    private readonly taken: ReadonlySet<number>,
    private readonly dryRun: boolean,
  ) {}

  /** Reserves `port`: the allocator's error text, or undefined. */
  allocate(port: number): string | undefined {
    const inRange = port >= this.range.base && port < this.range.base + this.range.size;
    if (!this.dryRun && !inRange) return `provided port is not in the valid range. The range of valid ports is ${this.range.text}`;
    if ((inRange && this.taken.has(port)) || this.allocated.includes(port)) return 'provided port is already allocated';
    this.allocated.push(port);
    return undefined;
  }

  /** The next free port, or undefined when the range is full. */
  next(): number | undefined {
    if (this.dryRun) {
      // The dry-run operation's dummy values: one past the largest it holds, 32769 at first.
      const port = (this.allocated.length === 0 ? 32768 : Math.max(...this.allocated)) + 1;
      this.allocated.push(port);
      return port;
    }
    const off = firstFree(this.range.size, this.range.offset, (o) => this.taken.has(this.range.base + o) || this.allocated.includes(this.range.base + o));
    if (off === undefined) return undefined;
    this.allocated.push(this.range.base + off);
    return this.range.base + off;
  }
}

function initNodePorts(spec: ValueMap, name: string, op: PortOperation): StatusObject | undefined {
  const ports = portsOf(spec);
  const byPort = new Map<number, number>();
  for (let i = 0; i < ports.length; i++) {
    const p = ports[i];
    const nodePort = num(p, 'nodePort');
    if (nodePort === 0 && !shouldAllocateNodePorts(spec)) continue;
    const port = num(p, 'port');
    const already = byPort.get(port);
    if (already === undefined) {
      const requested = ports.map((q) => (num(q, 'port') === port ? num(q, 'nodePort') : 0)).find((n) => n !== 0) ?? 0;
      if (requested !== 0) {
        const problem = op.allocate(requested);
        if (problem) return nodePortInvalid(name, i, requested, problem);
        p.nodePort = requested;
        byPort.set(port, requested);
      } else {
        const next = op.next();
        if (next === undefined) return internalError('Internal error occurred: failed to allocate a nodePort: range is full');
        p.nodePort = next;
        byPort.set(port, next);
      }
    } else if (nodePort !== already) {
      if (nodePort === 0) p.nodePort = already;
      else {
        const problem = op.allocate(nodePort);
        if (problem) return nodePortInvalid(name, i, nodePort, problem);
      }
    }
  }
  spec.ports = ports;
  return undefined;
}

function updateNodePorts(spec: ValueMap, name: string, op: PortOperation, oldPorts: ReadonlySet<number>): StatusObject | undefined {
  const ports = portsOf(spec);
  const reserved = new Set<number>();
  for (let i = 0; i < ports.length; i++) {
    const p = ports[i];
    const nodePort = num(p, 'nodePort');
    if (nodePort === 0 && !shouldAllocateNodePorts(spec)) continue;
    if (nodePort !== 0) {
      if (!oldPorts.has(nodePort) && !reserved.has(nodePort)) {
        const problem = op.allocate(nodePort);
        if (problem) return nodePortInvalid(name, i, nodePort, problem);
        reserved.add(nodePort);
      }
    } else {
      const next = op.next();
      if (next === undefined) return internalError('Internal error occurred: failed to allocate a nodePort: range is full');
      p.nodePort = next;
    }
  }
  spec.ports = ports;
  return undefined;
}

function healthCheckOnCreate(spec: ValueMap, op: PortOperation): StatusObject | undefined {
  if (!needsHealthCheck(spec)) return undefined;
  return allocateHealthCheck(spec, op);
}

function healthCheckOnUpdate(spec: ValueMap, old: ValueMap, op: PortOperation): StatusObject | undefined {
  const needed = needsHealthCheck(old);
  const needs = needsHealthCheck(spec);
  if (!needed && needs) return allocateHealthCheck(spec, op);
  if (needed && !needs) delete spec.healthCheckNodePort;
  return undefined;
}

function allocateHealthCheck(spec: ValueMap, op: PortOperation): StatusObject | undefined {
  const requested = num(spec, 'healthCheckNodePort');
  if (requested !== 0) {
    const problem = op.allocate(requested);
    return problem ? internalError(`Internal error occurred: failed to allocate requested HealthCheck NodePort ${requested}: ${problem}`) : undefined;
  }
  const next = op.next();
  if (next === undefined) return internalError('Internal error occurred: failed to allocate a HealthCheck NodePort 0: range is full');
  spec.healthCheckNodePort = next;
  return undefined;
}

/** Values the client left out that the registry allocated before: kept (patchAllocatedValues). */
function patchAllocatedValues(spec: ValueMap, old: ValueMap): void {
  if (typeOf(old) !== 'ExternalName' && typeOf(spec) !== 'ExternalName') {
    if (str(spec, 'clusterIP') === '' && str(old, 'clusterIP') !== '') spec.clusterIP = str(old, 'clusterIP');
    const oldIPs = strings(getKey(old, 'clusterIPs'));
    if (strings(getKey(spec, 'clusterIPs')).length === 0 && oldIPs.length > 0) spec.clusterIPs = [...oldIPs];
  }
  if (needsNodePorts(old) && needsNodePorts(spec)) {
    const ports = portsOf(spec);
    const newNumbers = new Set(ports.map((p) => num(p, 'nodePort')).filter((n) => n !== 0));
    const used = new Set(nodePortsOf(old, false).filter((n) => newNumbers.has(n)));
    const byName = new Map<string, number>();
    for (const p of portsOf(old)) byName.set(str(p, 'name'), num(p, 'nodePort'));
    for (const p of ports) {
      if (num(p, 'nodePort') !== 0) continue;
      const oldValue = byName.get(str(p, 'name')) ?? 0;
      if (oldValue !== 0 && !used.has(oldValue)) p.nodePort = oldValue;
    }
    spec.ports = ports;
  }
  if (needsHealthCheck(old) && needsHealthCheck(spec) && num(spec, 'healthCheckNodePort') === 0 && num(old, 'healthCheckNodePort') !== 0) {
    spec.healthCheckNodePort = num(old, 'healthCheckNodePort');
  }
}

/**
 * The strategy's PrepareForUpdate: a type change that no longer needs a cluster IP, node ports, a
 * health check node port, allocateLoadBalancerNodePorts, a loadBalancerClass or an
 * externalTrafficPolicy drops the values the old Service had, when the client left them as they
 * were (node ports: added none), so that what was allocated is freed.
 */
function dropTypeDependentFields(spec: ValueMap, old: ValueMap): void {
  if (typeOf(old) !== 'ExternalName' && typeOf(spec) === 'ExternalName') {
    if (str(spec, 'clusterIP') === str(old, 'clusterIP') && sameList(strings(getKey(spec, 'clusterIPs')), strings(getKey(old, 'clusterIPs')))) {
      delete spec.clusterIP;
      delete spec.clusterIPs;
    }
    if (sameList(strings(getKey(spec, 'ipFamilies')), strings(getKey(old, 'ipFamilies')))) delete spec.ipFamilies;
    if (str(spec, 'ipFamilyPolicy') === str(old, 'ipFamilyPolicy')) delete spec.ipFamilyPolicy;
  }
  if (needsNodePorts(old) && !needsNodePorts(spec)) {
    const oldPorts = new Set(nodePortsOf(old, false));
    const ports = portsOf(spec);
    if (ports.every((p) => num(p, 'nodePort') === 0 || oldPorts.has(num(p, 'nodePort')))) {
      for (const p of ports) delete p.nodePort;
      if (ports.length > 0) spec.ports = ports;
    }
  }
  if (needsHealthCheck(old) && !needsHealthCheck(spec) && num(spec, 'healthCheckNodePort') === num(old, 'healthCheckNodePort')) delete spec.healthCheckNodePort;
  if (typeOf(old) === 'LoadBalancer' && typeOf(spec) !== 'LoadBalancer') {
    const allocate = getKey(spec, 'allocateLoadBalancerNodePorts');
    if (typeof allocate === 'boolean' && allocate === getKey(old, 'allocateLoadBalancerNodePorts')) delete spec.allocateLoadBalancerNodePorts;
    if (getKey(spec, 'loadBalancerClass') === getKey(old, 'loadBalancerClass')) delete spec.loadBalancerClass;
  }
  if (needsNodePorts(old) && !needsNodePorts(spec) && str(spec, 'externalTrafficPolicy') === str(old, 'externalTrafficPolicy')) delete spec.externalTrafficPolicy;
}

// ---- reading a Service ---------------------------------------------------------------------

function specOf(svc: KubeObject): ValueMap {
  const spec = getKey(svc, 'spec');
  return isMap(spec) ? spec : newMap();
}

function specCopy(svc: KubeObject): ValueMap {
  return deepCopy(specOf(svc));
}

function nameOf(svc: KubeObject): string {
  const meta = getKey(svc, 'metadata');
  return isMap(meta) ? str(meta, 'name') : '';
}

function str(m: ValueMap, key: string): string {
  const v = getKey(m, key);
  return typeof v === 'string' ? v : '';
}

function num(m: ValueMap, key: string): number {
  const v = getKey(m, key);
  return typeof v === 'number' ? v : 0;
}

function strings(v: Value | undefined): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

function portsOf(spec: ValueMap): ValueMap[] {
  return mapsAt(spec, ['ports']);
}

/** The node ports a Service holds (its health check node port too, unless told not to). */
function nodePortsOf(spec: ValueMap, withHealthCheck = true): number[] {
  const out = portsOf(spec)
    .map((p) => num(p, 'nodePort'))
    .filter((n) => n !== 0);
  const hc = num(spec, 'healthCheckNodePort');
  return withHealthCheck && hc !== 0 ? [...out, hc] : out;
}

function typeOf(spec: ValueMap): string {
  return str(spec, 'type') || 'ClusterIP';
}

function hasSelector(spec: ValueMap): boolean {
  const s = getKey(spec, 'selector');
  return isMap(s) && Object.keys(s).length > 0;
}

function needsNodePorts(spec: ValueMap): boolean {
  const t = typeOf(spec);
  return t === 'NodePort' || t === 'LoadBalancer';
}

function shouldAllocateNodePorts(spec: ValueMap): boolean {
  if (typeOf(spec) === 'NodePort') return true;
  return typeOf(spec) === 'LoadBalancer' && getKey(spec, 'allocateLoadBalancerNodePorts') !== false;
}

function needsHealthCheck(spec: ValueMap): boolean {
  return typeOf(spec) === 'LoadBalancer' && str(spec, 'externalTrafficPolicy') === 'Local';
}

function looksLikeIPv6(ip: string): boolean {
  return /^[0-9a-fA-F:.]+$/.test(ip) && ip.includes(':');
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

// ---- error texts ---------------------------------------------------------------------------

function fieldInvalid(field: string, value: string, detail: string): FieldError {
  return { type: 'FieldValueInvalid', field, detail, value };
}

function notSupported(field: string, value: string, supported: readonly string[]): FieldError {
  return { type: 'FieldValueNotSupported', field, value: goString(value), detail: `supported values: ${supported.map(goString).join(', ')}` };
}

function nodePortInvalid(name: string, index: number, port: number, problem: string): StatusObject {
  return invalid('', 'Service', name, [fieldInvalid(`spec.ports[${index}].nodePort`, String(port), problem)]);
}

/** Go's `%#v` of a string (or of a named string type). */
function goString(s: string): string {
  return formatGoValue(s);
}

/** Go's `%#v` of a []string. */
function goStrings(list: readonly string[]): string {
  return `[]string{${list.map(goString).join(', ')}}`;
}
