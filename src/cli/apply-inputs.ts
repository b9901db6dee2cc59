/**
 * What `preview` and `diff` both take, as kubectl apply and kubectl diff take it: a manifest (-f),
 * the live objects (--live FILE, - or cluster), --dry-run, --now and -n. The flags are checked in
 * one place, and the inputs read in one place: from files, or through the user's kubectl.
 */
import { SsaError } from '../errors/ssa-error.js';
import { parseGivenTime } from '../apiserver/rfc3339-time.js';
import type { SchemaCatalog } from '../schema/catalog.js';
import type { ValueMap } from '../value/value.js';
import { dryRunProblem } from './dry-run-flag.js';
import type { CommandIO } from './io.js';
import { type ClusterRead, readLiveFromCluster } from './live-cluster.js';
import { clusterFlagsProblem, kubectlAccess, LIVE_CLUSTER } from './live-source.js';
import { filenamesOf, readManifestObjects } from './read-manifest-paths.js';
import { readLiveObjects } from './read-live.js';
import { catalogFromFlags } from './schema-flags.js';

type Values = Readonly<Record<string, string | boolean | string[] | undefined>>;

export interface ApplyFlags {
  readonly manifestFiles: readonly string[];
  /** A file, `-` (standard input) or `cluster`. */
  readonly liveFile: string;
  readonly namespace: string | undefined;
  /** RFC 3339: --now, or the current time to the second. */
  readonly now: string;
}

/** A flag problem: `usage` is answered with the command's usage line, `error` as kubectl's `error: ...`. */
export type ApplyFlagsProblem = { readonly usage: string } | { readonly error: string };

/** The shared flags of `command`, or the first problem with them. */
export function checkApplyFlags(command: string, v: Values, positionals: readonly string[]): ApplyFlags | ApplyFlagsProblem {
  if (positionals.length > 0) return { usage: `unexpected argument ${JSON.stringify(positionals[0])} (the manifest goes after -f)` };
  const manifestFiles = filenamesOf(v.filename as string[] | undefined);
  const liveFile = v.live as string | undefined;
  if (manifestFiles.length === 0) return { usage: 'missing -f MANIFEST' };
  if (liveFile === undefined) return { usage: 'missing --live LIVE (kubectl get ... -o yaml --show-managed-fields)' };
  const clusterProblem = clusterFlagsProblem(liveFile, v);
  if (clusterProblem !== undefined) return { usage: clusterProblem };
  if (manifestFiles.includes('-') && liveFile === '-') return { usage: '-f and --live cannot both read standard input' };
  if (v['client-side'] === true && v['server-side'] === true) return { usage: '--client-side and --server-side exclude each other' };
  const dryRun = dryRunProblem(command, v['dry-run'] as string | undefined);
  if (dryRun !== undefined) return { error: dryRun };
  const now = (v.now as string | undefined) ?? new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  if (parseGivenTime(now) === undefined) return { usage: `--now must be an RFC 3339 time such as 2022-08-23T10:00:00Z, not ${JSON.stringify(now)}` };
  const namespace = v.namespace as string | undefined;
  if (namespace === '') return { usage: '-n needs a namespace name' };
  return { manifestFiles, liveFile, namespace, now };
}

export interface ApplyInputs {
  readonly catalog: SchemaCatalog;
  readonly manifest: Awaited<ReturnType<typeof readManifestObjects>>;
  /** The live objects, from the file or from the cluster. */
  readonly live: readonly ValueMap[];
  /** Set with --live cluster: what kubectl read, and the manifest objects aimed as kubectl aims them. */
  readonly fromKubectl: ClusterRead | undefined;
  /** The manifest's name in kubectl's messages: the one file as kubectl names it, else the -f values. */
  readonly filename: string;
}

/** Reads the schema flags, the manifest (`noObjects` when it has none) and the live objects. */
export async function readApplyInputs(flags: ApplyFlags, v: Values, noObjects: string, io: CommandIO): Promise<ApplyInputs> {
  const catalog = catalogFromFlags((v.schema as string[] | undefined) ?? [], (v.crd as string[] | undefined) ?? []);
  const fromCluster = flags.liveFile === LIVE_CLUSTER;
  const liveFromFile = fromCluster ? undefined : (await readLiveObjects(flags.liveFile, io)).objects.map((o) => o.manifest.object);
  const manifest = await readManifestObjects(flags.manifestFiles, v.recursive === true, io);
  if (manifest.manifests.length === 0) throw new SsaError('INPUT', noObjects, { source: { file: manifest.files.map((f) => f.name).join(', ') } });
  const fromKubectl = fromCluster ? await readLiveFromCluster(manifest.manifests, { catalog, namespace: flags.namespace, access: kubectlAccess(v) }, io) : undefined;
  const live = liveFromFile ?? fromKubectl!.objects.map((o) => o.manifest.object);
  const filename = manifest.files.length === 1 ? manifest.files[0].kubectlSource : flags.manifestFiles.join(',');
  return { catalog, manifest, live, fromKubectl, filename };
}
