/**
 * kube-apiserver 1.32's probe checks (`validateLivenessProbe`, `validateReadinessProbe`,
 * `validateStartupProbe`, `validateProbe`, `validateHandler`): exactly one handler (exec with a
 * command, httpGet with a path, a valid port and scheme, tcpSocket or grpc with a valid port),
 * the delays, periods and thresholds not negative (defaulting has replaced the zeros), a
 * termination grace period above 0; a liveness or startup probe's successThreshold 1, no grace
 * period on a readiness probe.
 */
import { getKey, isMap, type Value } from '../value/value.js';
import { forbidden, invalidValue, notSupported, required } from './field-error.js';
import { PORT_RANGE, portNameErrors, validPortNumber } from './validate-container-ports.js';
import type { FieldError } from './status.js';

const at = (v: Value | undefined, key: string): Value | undefined => (isMap(v) ? getKey(v, key) : undefined);
const text = (v: Value | undefined, key: string): string => {
  const s = at(v, key);
  return typeof s === 'string' ? s : '';
};
const isInt = (v: Value | undefined): v is number | bigint => typeof v === 'number' || typeof v === 'bigint';

export type ProbeKind = 'livenessProbe' | 'readinessProbe' | 'startupProbe';

const SCHEMES = ['HTTP', 'HTTPS'];
const PROBE_HANDLERS = ['exec', 'httpGet', 'tcpSocket', 'grpc'];
const HEADER_FMT = '[-A-Za-z0-9]+';
const HEADER_ERR = "a valid HTTP header must consist of alphanumeric characters or '-'";

/** `ValidatePortNumOrName`: an integer port in range, or a port name. */
function portErrors(port: Value | undefined, field: string): FieldError[] {
  if (typeof port === 'string') return portNameErrors(port).map((msg) => invalidValue(field, port, msg));
  const n = isInt(port) ? Number(port) : 0;
  return validPortNumber(n) ? [] : [invalidValue(field, n, PORT_RANGE)];
}

function handlerContentErrors(kind: string, handler: Value, field: string): FieldError[] {
  switch (kind) {
    case 'exec': {
      const command = at(handler, 'command');
      return Array.isArray(command) && command.length > 0 ? [] : [required(`${field}.command`)];
    }
    case 'httpGet': {
      const errors = text(handler, 'path') === '' ? [required(`${field}.path`)] : [];
      errors.push(...portErrors(at(handler, 'port'), `${field}.port`));
      const scheme = text(handler, 'scheme');
      if (!SCHEMES.includes(scheme)) errors.push(notSupported(`${field}.scheme`, scheme, SCHEMES));
      const headers = at(handler, 'httpHeaders');
      if (Array.isArray(headers)) {
        for (const h of headers) {
          const name = text(h, 'name');
          if (!new RegExp(`^${HEADER_FMT}$`).test(name)) {
            errors.push(invalidValue(`${field}.httpHeaders`, name, `${HEADER_ERR} (e.g. 'X-Header-Name', regex used for validation is '${HEADER_FMT}')`));
          }
        }
      }
      return errors;
    }
    default:
      return portErrors(at(handler, 'port'), `${field}.port`);
  }
}

/**
 * `validateHandler`: exactly one of `kinds` (a probe's exec, httpGet, tcpSocket, grpc; a
 * lifecycle hook's exec, httpGet, tcpSocket, sleep). A sleep's seconds are not checked: in 1.32
 * their bound and its text depend on the PodLifecycleSleepActionAllowZero gate.
 */
export function handlerErrors(handlers: Value, field: string, kinds: readonly string[]): FieldError[] {
  const errors: FieldError[] = [];
  let count = 0;
  for (const kind of kinds) {
    const handler = at(handlers, kind);
    if (!isMap(handler)) continue;
    if (count > 0) {
      errors.push(forbidden(`${field}.${kind}`, 'may not specify more than 1 handler type'));
      continue;
    }
    count++;
    if (kind !== 'sleep') errors.push(...handlerContentErrors(kind, handler, `${field}.${kind}`));
  }
  if (count === 0) errors.push(required(field, 'must specify a handler type'));
  return errors;
}

/** The probe of `kind` at `field` (`...containers[0].livenessProbe`), when the container has one. */
export function probeErrors(kind: ProbeKind, probe: Value | undefined, field: string): FieldError[] {
  if (!isMap(probe)) return [];
  const errors = handlerErrors(probe, field, PROBE_HANDLERS);
  for (const key of ['initialDelaySeconds', 'timeoutSeconds', 'periodSeconds', 'successThreshold', 'failureThreshold']) {
    const v = at(probe, key);
    if (isInt(v) && v < 0) errors.push(invalidValue(`${field}.${key}`, v, 'must be greater than or equal to 0'));
  }
  const grace = at(probe, 'terminationGracePeriodSeconds');
  if (isInt(grace) && grace <= 0) errors.push(invalidValue(`${field}.terminationGracePeriodSeconds`, grace, 'must be greater than 0'));
  const success = at(probe, 'successThreshold');
  if (kind === 'readinessProbe') {
    if (isInt(grace)) errors.push(invalidValue(`${field}.terminationGracePeriodSeconds`, grace, 'must not be set for readinessProbes'));
  } else if (isInt(success) && Number(success) !== 1) {
    errors.push(invalidValue(`${field}.successThreshold`, success, 'must be 1'));
  }
  return errors;
}
