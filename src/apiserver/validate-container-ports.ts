/**
 * kube-apiserver 1.32's `validateContainerPorts` (a container's ports: names an IANA_SVC_NAME,
 * no name twice in one container, containerPort required and in range, hostPort in range, a
 * supported protocol) and `AccumulateUniqueHostPorts` (no protocol/hostIP/hostPort twice among
 * the containers checked together).
 */
import { getKey, isMap, type Value } from '../value/value.js';
import { duplicate, invalidValue, notSupported, required } from './field-error.js';
import type { FieldError } from './status.js';

const at = (v: Value | undefined, key: string): Value | undefined => (isMap(v) ? getKey(v, key) : undefined);
const text = (v: Value | undefined, key: string): string => {
  const s = at(v, key);
  return typeof s === 'string' ? s : '';
};
const int = (v: Value | undefined): number => (typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : 0);

/** `sets.List` of the supported protocols: sorted. */
const PROTOCOLS = ['SCTP', 'TCP', 'UDP'];
export const PORT_RANGE = 'must be between 1 and 65535, inclusive';

/** `IsValidPortName` (IANA_SVC_NAME, lower case only). */
export function portNameErrors(name: string): string[] {
  const errs: string[] = [];
  if (name.length > 15) errs.push('must be no more than 15 characters');
  if (!/^[-a-z0-9]+$/.test(name)) errs.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)');
  if (!/[a-z]/.test(name)) errs.push('must contain at least one letter (a-z)');
  if (name.includes('--')) errs.push('must not contain consecutive hyphens');
  if (name.length > 0 && (name.startsWith('-') || name.endsWith('-'))) errs.push('must not begin or end with a hyphen');
  return errs;
}

export const validPortNumber = (n: number): boolean => n >= 1 && n <= 65535;

export function containerPortsErrors(ports: Value | undefined, field: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!Array.isArray(ports)) return errors;
  const names = new Set<string>();
  ports.forEach((port, i) => {
    const path = `${field}[${i}]`;
    const name = text(port, 'name');
    if (name !== '') {
      const msgs = portNameErrors(name);
      if (msgs.length > 0) for (const msg of msgs) errors.push(invalidValue(`${path}.name`, name, msg));
      else if (names.has(name)) errors.push(duplicate(`${path}.name`, name));
      else names.add(name);
    }
    const containerPort = int(at(port, 'containerPort'));
    if (containerPort === 0) errors.push(required(`${path}.containerPort`));
    else if (!validPortNumber(containerPort)) errors.push(invalidValue(`${path}.containerPort`, containerPort, PORT_RANGE));
    const hostPort = int(at(port, 'hostPort'));
    if (hostPort !== 0 && !validPortNumber(hostPort)) errors.push(invalidValue(`${path}.hostPort`, hostPort, PORT_RANGE));
    const protocol = text(port, 'protocol');
    if (protocol === '') errors.push(required(`${path}.protocol`));
    else if (!PROTOCOLS.includes(protocol)) errors.push(notSupported(`${path}.protocol`, protocol, PROTOCOLS));
  });
  return errors;
}

/**
 * `checkHostPortConflicts` over `containers`, at `field` (`spec.containers`), indexed within the
 * list given: an init container is checked alone, so upstream names it `initContainers[0]`.
 */
export function hostPortConflictErrors(containers: readonly Value[], field: string): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  containers.forEach((container, ci) => {
    const ports = at(container, 'ports');
    if (!Array.isArray(ports)) return;
    ports.forEach((port, pi) => {
      const hostPort = int(at(port, 'hostPort'));
      if (hostPort === 0) return;
      const key = `${text(port, 'protocol')}/${text(port, 'hostIP')}/${hostPort}`;
      if (seen.has(key)) errors.push(duplicate(`${field}[${ci}].ports[${pi}].hostPort`, key));
      else seen.add(key);
    });
  });
  return errors;
}
