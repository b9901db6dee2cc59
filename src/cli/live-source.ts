/**
 * `--live SOURCE`, as preview, blame and explain take it: a file of captured objects, `-` for
 * standard input (`kubectl get ... -o yaml --show-managed-fields | ssa-sim ...`), or `cluster`
 * to have the user's kubectl read the manifest's objects (src/cli/live-cluster.ts), with
 * `--context` and `--kubeconfig` passed on to it.
 */
import { SsaError } from '../errors/ssa-error.js';
import type { SchemaCatalog } from '../schema/catalog.js';
import { usageError } from './args.js';
import type { CommandIO } from './io.js';
import type { KubectlAccess } from './kubectl-process.js';
import { objectRefDisplay } from '../scenarios/object-views.js';
import { CLUSTER_SOURCE, type ClusterTarget, readLiveFromCluster } from './live-cluster.js';
import { type LiveObject, readLiveObjects } from './read-live.js';
import { filenamesOf, readManifestObjects } from './read-manifest-paths.js';
import type { ValueMap } from '../value/value.js';

/** The --live word that means "ask the cluster" (a file of that name is ./cluster). */
export const LIVE_CLUSTER = 'cluster';

/** The flags that go with `--live cluster`, declared once for every command that takes it. */
export const CLUSTER_OPTIONS = {
  context: { type: 'string' },
  kubeconfig: { type: 'string' },
} as const;

/** The flags' lines for a command's --help. */
export const CLUSTER_OPTIONS_HELP = `  --context NAME       with --live cluster: the kubeconfig context kubectl uses
  --kubeconfig FILE    with --live cluster: the kubeconfig file kubectl uses`;

/** What --help says about `--live cluster` (the same for every command that takes it). */
export const LIVE_CLUSTER_HELP = `With --live cluster, your own kubectl reads each object of the manifest
  (kubectl get TYPE.VERSION.GROUP/NAME -o json --show-managed-fields, with -n, --context and
  --kubeconfig passed on), so your kubeconfig and its credential plugins (aws eks get-token...)
  are used as they are; $KUBECTL names another kubectl. An object kubectl does not find would
  be created by an apply. When kubectl fails, its own message is printed and the exit status is 2.
  Objects without a namespace go to -n, else the context's namespace, else default.
  --live - reads the objects from standard input instead:
    kubectl get ds aws-node -n kube-system -o yaml --show-managed-fields | ssa-sim ... --live -`;

type Values = Readonly<Record<string, string | boolean | string[] | undefined>>;

/** The kubeconfig and context given on the command line. */
export function kubectlAccess(values: Values): KubectlAccess {
  const context = values.context as string | undefined;
  const kubeconfig = values.kubeconfig as string | undefined;
  return { ...(context !== undefined ? { context } : {}), ...(kubeconfig !== undefined ? { kubeconfig } : {}) };
}

/** --context and --kubeconfig only mean something with --live cluster: a usage problem otherwise. */
export function clusterFlagsProblem(live: string | undefined, values: Values): string | undefined {
  if (live === LIVE_CLUSTER) return undefined;
  for (const flag of ['context', 'kubeconfig']) if (values[flag] !== undefined) return `--${flag} goes with --live cluster`;
  return undefined;
}

/** Where a command that reads live objects (blame, explain) takes them from. */
export type LiveSource =
  | { readonly kind: 'file'; readonly file: string | undefined }
  | {
      readonly kind: 'cluster';
      /** -f: files, directories, globs, `-`; with -R. */
      readonly manifestFiles: readonly string[];
      readonly recursive: boolean;
      readonly namespace: string | undefined;
      readonly access: KubectlAccess;
    };

/**
 * The live source of a command that takes LIVE as an argument or as --live (not both); with
 * --live cluster, -f names the objects and -n the namespace of those without one.
 */
export function liveSourceArgs(command: string, parsed: { readonly values: Values }, positional: string | undefined, usage: string, io: CommandIO): LiveSource | number {
  const v = parsed.values;
  const flag = v.live as string | undefined;
  if (flag !== undefined && positional !== undefined) return usageError(command, `give the live objects as LIVE or as --live, not both (found ${JSON.stringify(positional)} and --live ${flag})`, usage, io);
  const live = flag ?? positional;
  const problem = clusterFlagsProblem(live, v);
  if (problem !== undefined) return usageError(command, problem, usage, io);
  const namespace = v.namespace as string | undefined;
  if (live !== LIVE_CLUSTER) {
    if (namespace !== undefined) return usageError(command, '-n goes with --live cluster (a captured object has its namespace)', usage, io);
    // No LIVE at all is standard input too (blame with a pipe).
    if ((live === undefined || live === '-') && filenamesOf(v.filename as string[] | undefined).includes('-')) {
      return usageError(command, '-f and the live objects cannot both read standard input', usage, io);
    }
    return { kind: 'file', file: live };
  }
  const manifestFiles = filenamesOf(v.filename as string[] | undefined);
  if (manifestFiles.length === 0) return usageError(command, '--live cluster needs -f MANIFEST: the objects to read from the cluster', usage, io);
  if (namespace === '') return usageError(command, '-n needs a namespace name', usage, io);
  return { kind: 'cluster', manifestFiles, recursive: v.recursive === true, namespace, access: kubectlAccess(v) };
}

export interface LiveSourceRead {
  /** The file's name, `<stdin>`, or `the cluster`. */
  readonly name: string;
  readonly objects: readonly LiveObject[];
  /** Objects of the manifest the cluster does not have. */
  readonly missing: readonly ClusterTarget[];
  /**
   * With --live cluster: the manifest's objects as kubectl apply would send them (namespaces
   * aimed: src/cli/live-cluster.ts), read once (standard input cannot be read twice).
   */
  readonly manifestObjects?: readonly ValueMap[];
}

/** The live objects from a file, standard input, or (--live cluster) kubectl. */
export async function readLiveSource(source: LiveSource, catalog: SchemaCatalog, io: CommandIO): Promise<LiveSourceRead> {
  if (source.kind === 'file') return { ...(await readLiveObjects(source.file, io)), missing: [] };
  const { files, manifests } = await readManifestObjects(source.manifestFiles, source.recursive, io);
  if (manifests.length === 0) throw new SsaError('INPUT', 'no objects to read from the cluster', { source: { file: files.map((f) => f.name).join(', ') } });
  const read = await readLiveFromCluster(manifests, { catalog, namespace: source.namespace, access: source.access }, io);
  return { name: CLUSTER_SOURCE, objects: read.objects, missing: read.missing, manifestObjects: read.aimed };
}

/** One line per manifest object the cluster does not have. */
export function missingLines(missing: readonly ClusterTarget[]): string[] {
  return missing.map((t) => `${objectRefDisplay(t)}: not found in the cluster (an apply would create it)`);
}
