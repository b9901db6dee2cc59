/**
 * `startServer`: the simulated API server on an HTTP or HTTPS socket. Reads each request (bounded
 * in size and time), hands it to `handleRequest`, keeps the state it returns, and tells the hooks.
 * With `tls` it makes its certificate at start (serving-certificate.ts) and serves the same
 * handler through node:https, loaded only then.
 */
import { createServer, type IncomingMessage, type ServerOptions, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';
import { statusFailure } from '../apiserver/status.js';
import type { ApiRequest, ClusterState, StatusObject } from '../apiserver/types.js';
import { SsaError } from '../errors/ssa-error.js';
import { builtinCatalog } from '../schema/builtin/builtin-catalog.js';
import { DocumentCache } from './documents.js';
import { handleRequest, type ServerContext } from './handle.js';
import { newClusterState } from './initial-state.js';
import { kubeconfigText } from './kubeconfig.js';
import { bodyTooLarge } from './status-json.js';
import { statusAnswer } from './encode-answer.js';
import type { HttpRequest, HttpResponse, RequestLogEntry } from './types.js';
import { versionInfo } from './version.js';
import { withServedCrds } from '../apiserver/served-crds.js';
import { withNamespaceLifecycle, withServiceAccountAdmission } from '../apiserver/server.js';
import { withDefaultServiceAccounts } from './service-accounts.js';
import type { RecordedExchange } from './recorder.js';
import { eventsBetween, type StoreEvent } from './watch-events.js';
import { WatchHub } from './watch-hub.js';
import { servingCertificate } from './serving-certificate.js';
import { servingNames, type HostFacts } from './serving-names.js';
import { bookmarkLine, eventLine, expiredLine, type WatchSpec } from './watch-spec.js';

/** kube-apiserver's limit on request bodies (3 MiB). */
export const MAX_BODY_BYTES = 3 * 1024 * 1024;

export interface StartServerOptions {
  /** Where to listen. Default `127.0.0.1`. Anything but loopback needs `token`. */
  readonly address?: string;
  /** Default 0: a free port. */
  readonly port?: number;
  /** The cluster to serve. Default: the built-in kinds and the objects of a new cluster (initial-state.ts). */
  readonly state?: ClusterState;
  /** The service IP range of the default state (`10.96.0.0/12`); not read when `state` is given. */
  readonly serviceClusterIPRange?: string;
  /** The node port range of the default state (`30000-32767`); not read when `state` is given. */
  readonly serviceNodePortRange?: string;
  /** Required bearer token (the kubeconfig carries it). */
  readonly token?: string;
  /**
   * Serve HTTPS with a certificate made at start for loopback and `address` (the kubeconfig
   * carries its CA). Default false: plain HTTP. kubectl sends a `token` only over HTTPS.
   */
  readonly tls?: boolean;
  /** Told of every request as it arrived, before it is answered. */
  readonly onRequest?: (entry: RequestLogEntry) => void;
  /** Told of every write the API server answered, failures included (what `--record` writes down). */
  readonly onExchange?: (exchange: RecordedExchange) => void;
  /** Told of every request that changed the stored state, with the state after it. */
  readonly onWrite?: (write: ServerWrite) => void;
  /** The clock: RFC 3339 UTC at second precision. Default the wall clock. */
  readonly now?: () => string;
  /** Default 3 MiB. */
  readonly maxBodyBytes?: number;
  /** How long a client may take to send a request, in milliseconds. Default 60 s. */
  readonly requestTimeoutMs?: number;
  /** How often watches that allow bookmarks get one, in milliseconds. Default 60 s. */
  readonly bookmarkIntervalMs?: number;
  /**
   * The ServiceAccount admission plugin (pod-admission.ts). Default true; false is kube-apiserver's
   * `--disable-admission-plugins=ServiceAccount`, as Kubernetes' test-cmd runs it.
   */
  readonly serviceAccountAdmission?: boolean;
}

export interface ServerWrite {
  /** The API server requests that changed the state (several for a delete of a collection). */
  readonly requests: readonly ApiRequest[];
  readonly response: HttpResponse;
  readonly state: ClusterState;
}

export interface RunningServer {
  /** `http://127.0.0.1:PORT`, or `https://` with `tls` */
  readonly url: string;
  /** A kubeconfig (YAML text) whose current context points at `url`. */
  readonly kubeconfig: string;
  /** With `tls`: the PEM of the CA that signed the server's certificate (what a client trusts). */
  readonly certificateAuthority?: string;
  /** The cluster as it is now. */
  state(): ClusterState;
  /** Stops listening and closes every connection. */
  close(): Promise<void>;
}

export function wallClock(): string {
  return new Date().toISOString().replace(/\.\d+Z$/, 'Z');
}

export function isLoopback(address: string): boolean {
  return address === 'localhost' || address === '::1' || /^127(\.\d{1,3}){3}$/.test(address);
}

/** Why the server cannot listen, in words (the port taken, not allowed, an address not here). */
function listenError(err: NodeJS.ErrnoException, address: string, port: number): SsaError {
  const where = `${address.includes(':') ? `[${address}]` : address}:${port}`;
  const why: Record<string, string> = {
    EADDRINUSE: 'the address is already in use (another server listens there; --port 0 picks a free port)',
    EACCES: 'permission denied (ports below 1024 need privileges; --port 0 picks a free port)',
    EADDRNOTAVAIL: 'the address is not one of this machine\'s',
  };
  return new SsaError('INPUT', `cannot listen on ${where}: ${(err.code !== undefined && Object.hasOwn(why, err.code) ? why[err.code] : undefined) ?? err.message}`, { cause: err });
}

/** The machine's name and addresses, for a certificate of a server that listens on all of them. */
function thisHost(): HostFacts {
  const interfaceAddresses = Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address));
  return { hostname: hostname(), interfaceAddresses };
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const address = options.address ?? '127.0.0.1';
  if (!isLoopback(address) && options.token === undefined) {
    throw new SsaError('INPUT', `listening on ${address} (not loopback) needs a token (--token)`);
  }
  const limit = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const version = versionInfo();
  const initial =
    options.state ??
    newClusterState(builtinCatalog(), (options.now ?? wallClock)(), {
      ...(options.serviceClusterIPRange !== undefined ? { serviceClusterIPRange: options.serviceClusterIPRange } : {}),
      ...(options.serviceNodePortRange !== undefined ? { serviceNodePortRange: options.serviceNodePortRange } : {}),
    });
  const ctx: ServerContext = {
    version,
    now: options.now ?? wallClock,
    documents: new DocumentCache(version.gitVersion),
    ...(options.token !== undefined ? { token: options.token } : {}),
  };
  // Every namespace has its `default` account (service-accounts.ts), so pods are admitted as in a cluster.
  // NamespaceLifecycle is on whatever cluster is served, as on every kube-apiserver.
  const accounts = withDefaultServiceAccounts(withNamespaceLifecycle(withServedCrds(initial).state));
  let state = options.serviceAccountAdmission === false ? accounts : withServiceAccountAdmission(accounts);
  const hub = new WatchHub(state.resourceVersion);
  const bookmarkMs = options.bookmarkIntervalMs ?? 60_000;

  /** Sends a watch: the past events it asked for, then each new one, until it times out or the client goes. */
  const streamWatch = (req: IncomingMessage, res: ServerResponse, spec: WatchSpec) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache, private', 'Transfer-Encoding': 'chunked' });
    res.flushHeaders();
    const write = (line: string) => void res.write(line);
    // Handling and streaming happen in one turn, so every event delivered from now on is newer
    // than what the watch was sent from the state or the log.
    const deliver = (e: StoreEvent) => {
      if (spec.matches(e.object)) write(eventLine(spec, e, ctx.now()));
    };
    if (spec.fromResourceVersion === undefined) {
      for (const e of spec.initial) write(eventLine(spec, e, ctx.now()));
    } else {
      const past = hub.since(spec.fromResourceVersion, spec.prefix);
      if (!past) {
        write(expiredLine(spec.fromResourceVersion, hub.oldestResourceVersion));
        res.end();
        return;
      }
      for (const e of past) if (spec.matches(e.object)) write(eventLine(spec, e, ctx.now()));
    }
    if (spec.bookmarks) write(bookmarkLine(spec, state, state.resourceVersion));
    const timers: NodeJS.Timeout[] = [];
    const ended = new Promise<void>((resolve) => res.once('close', () => resolve()));
    const end = () => {
      remove();
      for (const t of timers) clearInterval(t);
      if (!res.writableEnded) res.end();
      return ended;
    };
    const remove = hub.add({ prefix: spec.prefix, deliver, end });
    if (spec.bookmarks) timers.push(setInterval(() => write(bookmarkLine(spec, state, state.resourceVersion)), bookmarkMs));
    timers.push(setTimeout(end, (spec.timeoutSeconds ?? 1800) * 1000));
    req.socket.setTimeout(0);
    res.on('close', end);
  };

  const send = (res: ServerResponse, r: HttpResponse, close = false) => {
    const headers: Record<string, string | string[]> = {
      'Content-Length': String(Buffer.byteLength(r.body)),
      'Cache-Control': 'no-cache, private',
    };
    // An answer without a body may have no media type (kube-openapi's bare 406).
    if (r.contentType !== '') headers['Content-Type'] = r.contentType;
    if (r.warnings.length > 0) headers['Warning'] = [...r.warnings];
    if (close) headers['Connection'] = 'close';
    res.writeHead(r.status, headers);
    res.end(r.body);
  };

  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const header = (name: string) => {
      const v = req.headers[name];
      return Array.isArray(v) ? v.join(', ') : v;
    };
    const requestOf = (body: Uint8Array): HttpRequest => ({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: [...url.searchParams.entries()],
      headers: {
        contentType: header('content-type'),
        accept: header('accept'),
        userAgent: header('user-agent'),
        authorization: header('authorization'),
      },
      body,
    });
    // Failures are negotiated like every answer (a YAML client gets a YAML Status).
    const fail = (status: StatusObject, close = false) => send(res, statusAnswer(state.config.catalog, requestOf(new Uint8Array()), status), close);
    const declared = Number(req.headers['content-length'] ?? '0');
    if (declared > limit) {
      fail(bodyTooLarge(limit), true);
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > limit) {
        tooLarge = true;
        fail(bodyTooLarge(limit), true);
        return;
      }
      chunks.push(chunk);
    });
    req.on('error', () => res.destroy());
    req.on('end', () => {
      if (tooLarge) return;
      const body = Buffer.concat(chunks);
      const httpRequest = requestOf(body);
      try {
        options.onRequest?.({
          method: httpRequest.method,
          path: httpRequest.path,
          query: url.search.replace(/^\?/, ''),
          contentType: httpRequest.headers.contentType,
          userAgent: httpRequest.headers.userAgent,
          body,
        });
        const result = handleRequest(state, httpRequest, ctx);
        // The write hook (the --state file) runs before the state moves on: when it fails, the
        // client gets a 500 and the server keeps what it had acknowledged before.
        if (result.exchange) options.onExchange?.({ ...result.exchange, title: `${httpRequest.method} ${httpRequest.path}`, after: result.state });
        if (result.writes.length > 0) options.onWrite?.({ requests: result.writes, response: result.response, state: result.state });
        // Each write is its own watch event, the CRD controllers' after the request's.
        let before = state;
        for (const step of result.state !== state ? (result.steps ?? [result.state]) : []) {
          hub.publish(eventsBetween(before, step));
          before = step;
        }
        state = result.state;
        if (result.watch) streamWatch(req, res, result.watch);
        else send(res, result.response);
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        fail(statusFailure(500, `ssa-sim: internal error: ${message}`, 'InternalError'));
      }
    });
  };

  const serverOptions: ServerOptions = { requestTimeout: options.requestTimeoutMs ?? 60_000, headersTimeout: 10_000, keepAliveTimeout: 5_000 };
  const certificate = options.tls === true ? servingCertificate(address, servingNames(address, thisHost), new Date()) : undefined;
  const server =
    certificate === undefined
      ? createServer(serverOptions, onRequest)
      : (await import('node:https')).createServer({ ...serverOptions, cert: certificate.certificateChain, key: certificate.privateKey }, onRequest);
  await new Promise<void>((resolve, reject) => {
    const refused = (err: NodeJS.ErrnoException) => reject(listenError(err, address, options.port ?? 0));
    server.once('error', refused);
    server.listen(options.port ?? 0, address, () => {
      server.off('error', refused);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const host = address.includes(':') ? `[${address}]` : address;
  const url = `${certificate === undefined ? 'http' : 'https'}://${host}:${port}`;
  return {
    url,
    kubeconfig: kubeconfigText(url, options.token, certificate?.certificateAuthority),
    ...(certificate !== undefined ? { certificateAuthority: certificate.certificateAuthority } : {}),
    state: () => state,
    close: async () => {
      // Watches end cleanly first, so what they were sent reaches their clients.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.race([hub.endAll(), new Promise((r) => setTimeout(r, 2000))]);
      server.closeAllConnections();
      await closed;
    },
  };
}
