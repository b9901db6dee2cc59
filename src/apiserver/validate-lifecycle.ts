/**
 * kube-apiserver 1.32's `validateLifecycle`: a container's postStart and preStop hooks, each with
 * exactly one handler (exec, httpGet, tcpSocket or sleep), checked as a probe's handler is
 * (validate-probes.ts).
 */
import { getKey, isMap, type Value } from '../value/value.js';
import type { FieldError } from './status.js';
import { handlerErrors } from './validate-probes.js';

const HOOK_HANDLERS = ['exec', 'httpGet', 'tcpSocket', 'sleep'];

/** The hooks of the lifecycle at `field` (`...containers[0].lifecycle`), when the container has one. */
export function lifecycleErrors(lifecycle: Value | undefined, field: string): FieldError[] {
  if (!isMap(lifecycle)) return [];
  return ['postStart', 'preStop'].flatMap((hook) => {
    const handler = getKey(lifecycle, hook);
    return isMap(handler) ? handlerErrors(handler, `${field}.${hook}`, HOOK_HANDLERS) : [];
  });
}
