import { maskSecretData } from '../../actors/kubectl/diff.js';
import type { KubeObject } from '../../apiserver/types.js';
import { formatObjects } from '../../manifest/format-objects.js';
import { offlineDiff } from '../../scenarios/offline-diff.js';
import { parseCommandArgs, usageError } from '../args.js';
import { type DiffFile, runDiffProgram } from '../diff-program.js';
import { type CommandIO, EXIT_USAGE } from '../io.js';
import { DRY_RUN_HELP, DRY_RUN_OPTION } from '../dry-run-flag.js';
import { checkApplyFlags, readApplyInputs } from '../apply-inputs.js';
import { FILENAME_OPTIONS } from '../read-manifest-paths.js';
import { CLUSTER_OPTIONS, CLUSTER_OPTIONS_HELP, LIVE_CLUSTER_HELP } from '../live-source.js';
import { SCHEMA_OPTIONS, SCHEMA_OPTIONS_HELP } from '../schema-flags.js';

export const diffUsage = `Usage: ssa-sim diff -f MANIFEST... [-R] --live LIVE|-|cluster [-n NAMESPACE] [--server-side [--force-conflicts]]
                   [--field-manager NAME] [--show-managed-fields] [--schema FILE]... [--crd FILE]...

Prints what \`kubectl diff -f MANIFEST\` would print against the cluster the live objects came
from (kubectl get ... -o yaml --show-managed-fields > LIVE): for each object a unified diff
between the live object and the object as the apply would leave it, as the API server answers
kubectl diff's dry run, in YAML as kubectl prints it. As kubectl does, both versions are written
to two temporary directories ($TMPDIR/LIVE-NNN and $TMPDIR/MERGED-NNN, one file per object named
group.version.kind.namespace.name) and compared with \`diff -u -N\`, or with the program
KUBECTL_EXTERNAL_DIFF names (e.g. KUBECTL_EXTERNAL_DIFF="colordiff -N -u").

Like kubectl diff, the default is a client-side apply (the three-way patch, field manager
kubectl-client-side-apply); an add-on manager such as EKS applies server-side: add
--server-side --field-manager eks. metadata.managedFields are left out unless
--show-managed-fields; the values of a Secret's data are masked (***) as kubectl masks them.

Options:
  -f, --filename         the manifest: a file (- for standard input), a directory (its .json,
                         .yaml and .yml files) or a glob; repeatable, or comma-separated
  -R, --recursive        with a directory: its subdirectories too
  --live                 the captured live objects: a file, - (standard input), or cluster
${CLUSTER_OPTIONS_HELP}
  -n, --namespace        namespace for manifest objects without one (default: default)
  --server-side          diff a server-side apply (kubectl diff --server-side)
  --client-side          diff a client-side apply (the default, as kubectl diff)
  --field-manager        the applier (default: kubectl-client-side-apply, or kubectl with --server-side)
  --force-conflicts      take conflicting fields (server-side only)
  --show-managed-fields  include metadata.managedFields in the diff
${DRY_RUN_HELP} (kubectl diff has no such flag)
  --now                  the time of the dry run (RFC 3339), for managedFields times
${SCHEMA_OPTIONS_HELP}

${LIVE_CLUSTER_HELP}
Exit status: 0 no differences, 1 differences found, 2 (above 1) an error: invalid input, the
apply failing (a conflict: kubectl's error on stderr), or the diff program failing.

Examples:
  kubectl get ds aws-node -n kube-system -o yaml --show-managed-fields > live.yaml
  ssa-sim diff -f aws-k8s-cni-v1.11.4.yaml --live live.yaml --server-side --field-manager eks --force-conflicts
  ssa-sim diff -f manifests/ -R --live live.yaml
  KUBECTL_EXTERNAL_DIFF="diff -u -N --color=always" ssa-sim diff -f app.yaml --live live.yaml
  ssa-sim diff -f app.yaml --live live.yaml --show-managed-fields --server-side
  ssa-sim diff -f aws-k8s-cni-v1.11.4.yaml --live cluster --context my-eks --server-side --field-manager eks
  ssa-sim diff -f app.yaml --live cluster --kubeconfig ~/.kube/staging -n staging --dry-run=server
  kubectl get cm app -n staging -o yaml --show-managed-fields | ssa-sim diff -f app.yaml --live -
`;

export const OPTIONS = {
  ...FILENAME_OPTIONS,
  live: { type: 'string' },
  ...CLUSTER_OPTIONS,
  namespace: { type: 'string', short: 'n' },
  'server-side': { type: 'boolean' },
  'client-side': { type: 'boolean' },
  'field-manager': { type: 'string' },
  'force-conflicts': { type: 'boolean' },
  'show-managed-fields': { type: 'boolean' },
  now: { type: 'string' },
  ...DRY_RUN_OPTION,
  ...SCHEMA_OPTIONS,
} as const;

/** A klog warning line as kubectl writes it: `W1123 23:25:24.915505    1290 diff.go:723] message` (local time, pid). */
export function klogWarning(message: string, at: Date, pid: number): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const stamp = `${two(at.getMonth() + 1)}${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}.${String(at.getMilliseconds() * 1000).padStart(6, '0')}`;
  return `W${stamp} ${String(pid).padStart(7)} diff.go:723] ${message}\n`;
}

/** The object as kubectl diff writes it: YAML as kubectl prints it, without managedFields unless asked; '' when absent. */
function printed(obj: KubeObject | undefined, showManagedFields: boolean): string {
  return obj === undefined ? '' : formatObjects([obj], { output: 'yaml', showManagedFields });
}

export async function diffCommand(args: string[], io: CommandIO): Promise<number> {
  const parsed = parseCommandArgs('diff', args, OPTIONS, diffUsage, io);
  if (typeof parsed === 'number') return parsed;
  const v = parsed.values;
  const flags = checkApplyFlags('diff', v, parsed.positionals);
  if ('usage' in flags) return usageError('diff', flags.usage, diffUsage, io);
  if ('error' in flags) {
    io.writeError(`error: ${flags.error}\n`);
    return EXIT_USAGE;
  }
  const serverSide = v['server-side'] === true;
  const force = v['force-conflicts'] === true;
  const { namespace, now: nowText } = flags;
  const { catalog, manifest, live, fromKubectl, filename } = await readApplyInputs(flags, v, 'no objects to diff', io);
  const fieldManager = v['field-manager'] as string | undefined;
  const result = offlineDiff({
    catalog,
    live,
    manifests: fromKubectl?.aimed ?? manifest.manifests.map((m) => m.object),
    serverSide,
    force,
    now: nowText,
    ...(fieldManager !== undefined ? { fieldManager } : {}),
    ...(namespace !== undefined ? { namespace } : {}),
    filename,
  });
  io.write(result.stdout);
  for (const w of result.lockWarnings) io.writeError(klogWarning(w, new Date(), process.pid));
  io.writeError(result.stderr);
  // kubectl diff: an error is above 1 (1 means "differences").
  if (result.exitCode !== 0) return EXIT_USAGE;
  const showManagedFields = v['show-managed-fields'] === true;
  const files: DiffFile[] = result.objects.map((o) => {
    const masked = maskSecretData(o.live, o.merged);
    return { name: o.name, live: printed(masked.live, showManagedFields), merged: printed(masked.merged, showManagedFields) };
  });
  return runDiffProgram(files, io);
}
