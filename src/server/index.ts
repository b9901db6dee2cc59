/**
 * `ssa-sim serve` as a library: the simulated API server over HTTP for real kubectl and real
 * client libraries (docs/serve.md).
 *
 * - start-server.ts: startServer(options) → { url, kubeconfig, state, close }
 * - handle.ts: handleRequest(state, httpRequest, context), the server without sockets
 * - types.ts: HttpRequest, HttpResponse, RequestLogEntry (what `onRequest` receives)
 */
export type { HttpRequest, HttpResponse, RequestLogEntry } from './types.js';
export { isLoopback, MAX_BODY_BYTES, startServer, wallClock, type RunningServer, type ServerWrite, type StartServerOptions } from './start-server.js';
export { handleRequest, type HandleResult, type ServerContext } from './handle.js';
export { kubeconfigText } from './kubeconfig.js';
export { versionInfo, type VersionInfo } from './version.js';
export { INITIAL_NAMESPACES, newClusterState, withInitialObjects, withKubernetesService, withNamespace, withObjects } from './initial-state.js';
export { stateFromText, stateToText } from './state-file.js';
// What a library user needs to build or inspect the state a server holds.
export { createCluster, serve } from '../apiserver/server.js';
export type { ApiRequest, ApiResponse, ClusterState, KubeObject } from '../apiserver/types.js';
export { builtinCatalog } from '../schema/builtin/builtin-catalog.js';
