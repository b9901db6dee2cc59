/** What the controller-like actors share: their default user agent and how failures print. */
import type { ApiResponse, ClusterState } from '../../apiserver/types.js';
import type { CommonOptions } from '../actor.js';
import { Wire } from '../wire.js';

/** kube-controller-manager's user agent on the story's cluster (manager `kube-controller-manager`). */
export const CONTROLLER_MANAGER_USER_AGENT = 'kube-controller-manager/v1.22.12 (linux/amd64) kubernetes/dade57b/system:serviceaccount:kube-system:generic-garbage-collector';

/** Go's default client user agent (manager `Go-http-client`), which EKS's add-on manager sends. */
export const GO_HTTP_CLIENT = 'Go-http-client/1.1';

export function controllerWire(state: ClusterState, options: CommonOptions, defaultUserAgent: string): Wire {
  return new Wire(state, { userAgent: options.userAgent ?? defaultUserAgent, ...(options.now ? { now: options.now } : {}) });
}

/** Records a failure as a program's log line on stderr; true when the response failed. */
export function reportFailure(wire: Wire, response: ApiResponse): boolean {
  if (response.ok) return false;
  wire.printError(`${response.code} ${response.status.reason ?? ''}: ${response.status.message}\n`);
  return true;
}
