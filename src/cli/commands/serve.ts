import { existsSync } from 'node:fs';
import { createCluster, serviceRangesOf } from '../../apiserver/server.js';
import type { CatalogLike, ClusterState, KubeObject } from '../../apiserver/types.js';
import { formatSource, SsaError } from '../../errors/ssa-error.js';
import { readManifests } from '../../manifest/read-manifests.js';
import { modeRunner, runScenario, type ClusterRunState } from '../../scenarios/index.js';
import { newClusterState, type ServiceRangeOptions, withInitialObjects, withObjects } from '../../server/initial-state.js';
import { startServer, wallClock } from '../../server/start-server.js';
import { stateFromText, stateToText } from '../../server/state-file.js';
import { sessionScenario, type RecordedExchange } from '../../server/recorder.js';
import { parseCommandArgs, usageError } from '../args.js';
import { type CommandIO, EXIT_OK } from '../io.js';
import { readTextFile } from '../read-input.js';
import { NO_OBJECTS, ownersOfLive } from '../../scenarios/read-live-objects.js';
import { writeFileAtomically } from '../write-output.js';
import { catalogFromFlags } from '../schema-flags.js';
import { fileEnvironment, loadScenario } from './run.js';

export const serveUsage = `Usage: ssa-sim serve [--address 127.0.0.1] [--port 6443|0] [--kubeconfig FILE] [--token T]
                    [--objects FILE]... [--scenario FILE] [--state FILE] [--record FILE]
                    [--service-cluster-ip-range CIDR] [--service-node-port-range RANGE]
                    [--schema FILE]... [--crd FILE]...

Serves the simulated API server over HTTP (HTTPS with --token), so real kubectl and client
libraries can talk to it: exact managedFields, conflicts and 409 texts, no etcd. It starts with
what a new cluster has (the namespaces default, kube-node-lease, kube-public, kube-system and the
kubernetes Service), prints one line with its URL when ready, and stops on SIGINT or SIGTERM.

Options:
  --address A        where to listen (default 127.0.0.1); anything but loopback needs --token
  --port N           the port (default 6443; 0 picks a free one)
  --kubeconfig FILE  write a kubeconfig whose current context points at the server
  --token T          require "Authorization: Bearer T" (the kubeconfig carries it); otherwise 401.
                     Serves HTTPS, as kubectl sends a kubeconfig's token only over HTTPS, with a
                     certificate made at start for localhost, 127.0.0.1, ::1 and --address
                     (the kubeconfig carries its CA)
  --objects FILE     start with these objects, managedFields kept (captured with
                     kubectl get -o yaml --show-managed-fields; several documents or Lists);
                     their namespaces are created when missing; repeatable
  --scenario FILE    start with the objects a cluster scenario ends with (its steps run first)
  --state FILE       load the state from FILE when it exists (then --objects and --scenario are
                     not read), and save it there atomically after every successful write
  --record FILE      write the session as a scenario file (the starting objects, then one
                     request step per write with its answer as the expectation), rewritten
                     atomically after every write; replay it with ssa-sim run FILE
  --service-cluster-ip-range CIDR
                     the IPv4 range Services get cluster IPs from (default 10.96.0.0/12)
  --service-node-port-range RANGE
                     the node ports NodePort and LoadBalancer Services get (default 30000-32767)
  --schema FILE      extra schema (schema YAML, OpenAPI v2/v3, or CRDs); repeatable
  --crd FILE         CustomResourceDefinition manifests; repeatable

Examples:
  ssa-sim serve --port 0 --kubeconfig /tmp/ssa-sim.kubeconfig
  ssa-sim serve --token s3cret --kubeconfig /tmp/ssa-sim.kubeconfig     # HTTPS
  ssa-sim serve --objects live.yaml --state /tmp/cluster.json
  ssa-sim serve --scenario scenarios/eks-vpc-cni-addon.yaml
  KUBECONFIG=/tmp/ssa-sim.kubeconfig kubectl apply --server-side -f deployment.yaml
`;

export const OPTIONS = {
  address: { type: 'string' },
  port: { type: 'string' },
  kubeconfig: { type: 'string' },
  token: { type: 'string' },
  schema: { type: 'string', multiple: true },
  crd: { type: 'string', multiple: true },
  objects: { type: 'string', multiple: true },
  scenario: { type: 'string' },
  state: { type: 'string' },
  record: { type: 'string' },
  'service-cluster-ip-range': { type: 'string' },
  'service-node-port-range': { type: 'string' },
} as const;

/** The cluster a scenario ends with (served with the given ranges), plus the objects of a new cluster. */
function scenarioState(file: string, now: string, ranges: ServiceRangeOptions): ClusterState {
  const scenario = loadScenario(file);
  if (scenario.mode === 'engine') throw new SsaError('INPUT', `${file}: an engine scenario has no cluster to serve (it runs without the API server)`, { source: { file } });
  const run = runScenario(scenario, modeRunner(scenario, fileEnvironment(file)));
  const last = run.steps.length > 0 ? run.steps[run.steps.length - 1].after : run.initial;
  const state = (last.state as ClusterRunState).cluster;
  return withInitialObjects({ ...state, config: { ...state.config, serviceRanges: serviceRangesOf(ranges) }, now });
}

/** Objects from --objects files, stored as given. */
function seedObjects(state: ClusterState, files: readonly string[], io: CommandIO): ClusterState {
  let next = state;
  for (const file of files) {
    const read = readManifests(readTextFile(file), { file });
    // A capture that holds nothing (kubectl get wrote nothing, or found nothing) is a mistake to
    // report, as blame and explain report it, not a server started without the objects asked for.
    if (read.manifests.length === 0) throw new SsaError('INPUT', NO_OBJECTS, { source: { file } });
    for (const w of read.warnings) io.writeError(`warning: ${formatSource(w.source)}: ${w.message}\n`);
    // Captured objects: their managedFields must read as an API server's (an error at the entry otherwise).
    for (const m of read.manifests) ownersOfLive(m);
    const seeded = withObjects(next, read.manifests.map((m) => m.object as KubeObject));
    if ('problem' in seeded) {
      const hint = seeded.problem.startsWith('the cluster does not serve') ? ' (add its CRD with --crd)' : '';
      throw new SsaError('INPUT', `${seeded.problem}${hint}`, { source: read.manifests[seeded.index].source });
    }
    next = seeded.state;
  }
  return next;
}

/** The state to start from: the --state file when it exists, else a new cluster with the seeds. */
function startingState(catalog: CatalogLike, v: Record<string, unknown>, io: CommandIO): ClusterState {
  const now = wallClock();
  const stateFile = v.state as string | undefined;
  const objectFiles = (v.objects as string[] | undefined) ?? [];
  const scenarioFile = v.scenario as string | undefined;
  const cidr = v['service-cluster-ip-range'] as string | undefined;
  const nodePorts = v['service-node-port-range'] as string | undefined;
  const ranges: ServiceRangeOptions = { ...(cidr !== undefined ? { serviceClusterIPRange: cidr } : {}), ...(nodePorts !== undefined ? { serviceNodePortRange: nodePorts } : {}) };
  if (stateFile !== undefined && existsSync(stateFile)) {
    if (objectFiles.length > 0 || scenarioFile !== undefined) io.writeError(`ssa-sim serve: ${stateFile} exists, so --objects and --scenario are not read\n`);
    return { ...stateFromText(createCluster({ catalog, now, ...ranges }), readTextFile(stateFile), stateFile), now };
  }
  const base = scenarioFile !== undefined ? scenarioState(scenarioFile, now, ranges) : newClusterState(catalog, now, ranges);
  return seedObjects(base, objectFiles, io);
}

/** Resolves when the process is asked to stop (SIGINT, SIGTERM). */
export function processStopSignal(): Promise<string> {
  return new Promise((resolve) => {
    const stop = (signal: string) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/** `ssa-sim serve`; runs until `stop` resolves (the process's SIGINT/SIGTERM by default). */
export async function serveCommand(args: string[], io: CommandIO, stop: Promise<unknown> = processStopSignal()): Promise<number> {
  const parsed = parseCommandArgs('serve', args, OPTIONS, serveUsage, io);
  if (typeof parsed === 'number') return parsed;
  const v = parsed.values;
  if (parsed.positionals.length > 0) return usageError('serve', `unexpected argument ${JSON.stringify(parsed.positionals[0])}`, serveUsage, io);
  const portText = (v.port as string | undefined) ?? '6443';
  const port = /^\d{1,5}$/.test(portText) ? Number(portText) : NaN;
  if (!(port >= 0 && port <= 65535)) return usageError('serve', `--port must be a number from 0 to 65535, not ${JSON.stringify(portText)}`, serveUsage, io);
  const token = v.token as string | undefined;
  if (token !== undefined && (token === '' || /[\s]/.test(token))) return usageError('serve', '--token must be a non-empty text without spaces', serveUsage, io);
  const catalog = catalogFromFlags((v.schema as string[] | undefined) ?? [], (v.crd as string[] | undefined) ?? []);
  const state = startingState(catalog, v, io);
  const stateFile = v.state as string | undefined;
  if (stateFile !== undefined) writeFileAtomically(stateFile, stateToText(state), '--state');
  const recordFile = v.record as string | undefined;
  const exchanges: RecordedExchange[] = [];
  const startedAt = wallClock();
  const record = () => recordFile !== undefined && writeFileAtomically(recordFile, sessionScenario(state, exchanges, startedAt), '--record');
  record();
  const server = await startServer({
    address: (v.address as string | undefined) ?? '127.0.0.1',
    port,
    state,
    ...(token !== undefined ? { token } : {}),
    // kubectl (clientcmd) sends a kubeconfig user's token only to an https:// server, so a token
    // server on plain HTTP would answer every kubectl command with 401; and over HTTPS kubectl
    // asks for a username when the kubeconfig has no credentials, so without a token HTTP it is.
    tls: token !== undefined,
    ...(stateFile !== undefined ? { onWrite: (w) => writeFileAtomically(stateFile, stateToText(w.state), '--state') } : {}),
    ...(recordFile !== undefined
      ? {
          onExchange: (e) => {
            exchanges.push(e);
            record();
          },
        }
      : {}),
  });
  const kubeconfigFile = v.kubeconfig as string | undefined;
  if (kubeconfigFile !== undefined) {
    try {
      writeFileAtomically(kubeconfigFile, server.kubeconfig, '--kubeconfig');
    } catch (err) {
      // The server is listening already: left open, it would keep the process alive after the error.
      await server.close();
      throw err;
    }
  }
  io.write(`ssa-sim serve: listening on ${server.url}\n`);
  await stop;
  await server.close();
  return EXIT_OK;
}
