import { newClusterState } from '../../server/initial-state.js';
import { startServer, wallClock } from '../../server/start-server.js';
import { parseCommandArgs, usageError } from '../args.js';
import { type CommandIO, EXIT_OK } from '../io.js';
import { writeFileAtomically } from '../write-output.js';
import { catalogFromFlags } from './preview.js';

export const serveUsage = `Usage: ssa-sim serve [--address 127.0.0.1] [--port 6443|0] [--kubeconfig FILE] [--token T]
                    [--schema FILE]... [--crd FILE]...

Serves the simulated API server over HTTP, so real kubectl and client libraries can talk to it:
exact managedFields, conflicts and 409 texts, no etcd. It starts with the namespaces a new
cluster has (default, kube-node-lease, kube-public, kube-system), prints one line with its URL
when ready, and stops on SIGINT or SIGTERM.

Options:
  --address A        where to listen (default 127.0.0.1); anything but loopback needs --token
  --port N           the port (default 6443; 0 picks a free one)
  --kubeconfig FILE  write a kubeconfig whose current context points at the server
  --token T          require "Authorization: Bearer T" (the kubeconfig carries it); otherwise 401
  --schema FILE      extra schema (schema YAML, OpenAPI v2/v3, or CRDs); repeatable
  --crd FILE         CustomResourceDefinition manifests; repeatable

Examples:
  ssa-sim serve --port 0 --kubeconfig /tmp/ssa-sim.kubeconfig
  KUBECONFIG=/tmp/ssa-sim.kubeconfig kubectl apply --server-side -f deployment.yaml
`;

const OPTIONS = {
  address: { type: 'string' },
  port: { type: 'string' },
  kubeconfig: { type: 'string' },
  token: { type: 'string' },
  schema: { type: 'string', multiple: true },
  crd: { type: 'string', multiple: true },
} as const;

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
  const server = await startServer({
    address: (v.address as string | undefined) ?? '127.0.0.1',
    port,
    state: newClusterState(catalog, wallClock()),
    ...(token !== undefined ? { token } : {}),
  });
  const kubeconfigFile = v.kubeconfig as string | undefined;
  if (kubeconfigFile !== undefined) writeFileAtomically(kubeconfigFile, server.kubeconfig);
  io.write(`ssa-sim serve: listening on ${server.url}\n`);
  await stop;
  await server.close();
  return EXIT_OK;
}
