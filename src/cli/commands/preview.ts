import { formatObjects } from '../../manifest/format-objects.js';
import { type ChangeStyle, NO_MANIFEST_OBJECTS, PLAIN_CHANGES, preview, previewNames, previewOutput } from '../../scenarios/preview-apply.js';
import { afterText, beforeText } from '../../scenarios/value-changes.js';
import { parseCommandArgs, usageError } from '../args.js';
import { type CommandIO, EXIT_FAILED, EXIT_OK, EXIT_USAGE, withIO } from '../io.js';
import { ANSI, isColorMode, useColor } from '../color.js';
import { DRY_RUN_HELP, DRY_RUN_OPTION } from '../dry-run-flag.js';
import { checkApplyFlags, readApplyInputs } from '../apply-inputs.js';
import { FILENAME_OPTIONS } from '../read-manifest-paths.js';
import { outputTarget, writeFileAtomically } from '../write-output.js';
import { CLUSTER_SOURCE } from '../live-cluster.js';
import { CLUSTER_OPTIONS, CLUSTER_OPTIONS_HELP, LIVE_CLUSTER, LIVE_CLUSTER_HELP } from '../live-source.js';
import { stringifyJson } from '../../value/stringify-json.js';

export const previewUsage = `Usage: ssa-sim preview -f MANIFEST... [-R] --live LIVE|-|cluster [-n NAMESPACE] [--field-manager NAME] [--force-conflicts]
                      [--client-side] [-o yaml|json|FILE] [--schema FILE]... [--crd FILE]...
                      [--context NAME] [--kubeconfig FILE]

Applies MANIFEST offline to the live object(s) you captured with
  kubectl get ... -o yaml --show-managed-fields > LIVE
(YAML or JSON, several documents or a List), and says what would happen. Server-side (the
default), the apply is the request NAME's client sends (EKS, Flux, Helm...); with NAME kubectl
(the default) it is \`kubectl apply --server-side\`, including kubectl's migration of client-side
ownership. When kubectl apply --server-side --field-manager NAME would migrate client-side
ownership too (kubectl does for any name), a line says so and what that would remove.
--client-side models kubectl's client-side apply (a three-way patch).
The first line names the request: field manager, mode, force. Lines after it say when the
API server's last-applied exception (field manager kubectl only) forgave conflicts, which and
with whom, and when kubectl migrated client-side-apply entries to the applier. Objects are aimed as kubectl aims them: a manifest object without
metadata.namespace goes to -n (default: default); an object that matches no live object is
created (\`configmap/x created\`, and one warning line on stderr).
  - on a conflict, exactly what kubectl would print, and exit 1; a field the schema does not
    declare gets, after kubectl's text, its FILE:LINE:COLUMN in MANIFEST and a "did you mean";
  - otherwise the ownership changes and the fields that would be removed, and exit 0, with
    kubectl's own warnings on stderr as kubectl prints them (a missing last-applied annotation);
    with -o yaml the resulting objects instead (with --show-managed-fields, their managedFields),
    with -o name their names;
  - with -o json (or -o FILE.json) a report, on a conflict as well: the request, each conflict
    (manager, operation, apiVersion, subresource, path, live and applied values), the forgiven
    conflicts and migrations, ownership changes, removals, created objects and the objects
    (docs/reports.md).
${LIVE_CLUSTER_HELP}

Options:
  -f, --filename       the manifest to apply: a file (- for standard input), a directory (its
                       .json, .yaml and .yml files), or a glob; repeatable, or comma-separated
  -R, --recursive      with a directory: its subdirectories too
  --live               the captured live objects: a file, - (standard input), or cluster
  -n, --namespace      namespace for manifest objects without one (default: default); an object
                       naming another namespace is kubectl's error
  --field-manager      the applier (default: kubectl, or kubectl-client-side-apply with --client-side)
  --force-conflicts    take conflicting fields (server-side only)
  --client-side        model kubectl's client-side apply (three-way patch) instead
  --server-side        accepted for kubectl muscle memory (the default)
  -o, --output         yaml (the resulting objects), name (their names, as kubectl apply -o name),
                       json (the report), or a file name (written atomically; format from the
                       extension: .json the report, .yaml the objects, else the text preview
                       prints, on a conflict too)
  --show-managed-fields  with -o yaml: keep metadata.managedFields (kubectl leaves them out)
  --color              auto (a terminal without NO_COLOR), always or never: conflicts in red,
                       ownership changes in colour, old and new values in red and green
${DRY_RUN_HELP}
  --now                the time of the apply (RFC 3339), for managedFields times (default: now)
  --schema FILE        extra schema (schema YAML, OpenAPI v2/v3, or CRDs); repeatable
  --crd FILE           CustomResourceDefinition manifests; repeatable
${CLUSTER_OPTIONS_HELP}

Exit status: 0 the apply succeeds, 1 it would fail (a conflict), 2 invalid input or usage, or
kubectl could not read the live objects.

Examples:
  kubectl get ds aws-node -n kube-system -o yaml --show-managed-fields > live.yaml
  ssa-sim preview -f aws-k8s-cni.yaml --live live.yaml --field-manager eks
  ssa-sim preview -f aws-k8s-cni.yaml --live live.yaml --field-manager eks --force-conflicts -o yaml --show-managed-fields
  ssa-sim preview -f aws-k8s-cni.yaml --live live.yaml --field-manager eks --dry-run=server -o name
  ssa-sim preview -f manifests/ -R --live live.yaml --field-manager eks
  ssa-sim preview -f daemonset-without-namespace.yaml -n kube-system --live live.yaml --field-manager eks
  ssa-sim preview -f aws-k8s-cni.yaml --live live.yaml --field-manager eks -o report.json || jq .conflicts report.json
  ssa-sim preview -f aws-k8s-cni.yaml --live cluster --context my-eks --field-manager eks
  ssa-sim preview -f app.yaml --live live.yaml --client-side --color=always | less -R
  kubectl get ds aws-node -n kube-system -o yaml --show-managed-fields | ssa-sim preview -f aws-k8s-cni.yaml --live - --field-manager eks
`;

export const OPTIONS = {
  ...FILENAME_OPTIONS,
  live: { type: 'string' },
  'field-manager': { type: 'string' },
  'force-conflicts': { type: 'boolean' },
  'client-side': { type: 'boolean' },
  'server-side': { type: 'boolean' },
  output: { type: 'string', short: 'o' },
  schema: { type: 'string', multiple: true },
  crd: { type: 'string', multiple: true },
  now: { type: 'string' },
  namespace: { type: 'string', short: 'n' },
  'show-managed-fields': { type: 'boolean' },
  color: { type: 'string' },
  ...DRY_RUN_OPTION,
  ...CLUSTER_OPTIONS,
} as const;

/** How ownership changes are coloured on a terminal: gains green, takes and losses yellow, conflicts red. */
function changeStyle(color: boolean): ChangeStyle {
  if (!color) return PLAIN_CHANGES;
  const wrap = (code: string, t: string) => `${code}${t}${ANSI.reset}`;
  return {
    change: (kind, t) => wrap(kind === 'owns' || kind === 'shares' ? ANSI.green : ANSI.yellow, t),
    value: (v) => `${v.path}: ${wrap(ANSI.red, beforeText(v))} -> ${wrap(ANSI.green, afterText(v))}`,
    // Line by line, so that a pager or a terminal that resets colours per line keeps them.
    conflict: (t) => t.replace(/^(.+)$/gm, (line) => wrap(ANSI.red, line)),
  };
}

export async function previewCommand(args: string[], io: CommandIO): Promise<number> {
  const parsed = parseCommandArgs('preview', args, OPTIONS, previewUsage, io);
  if (typeof parsed === 'number') return parsed;
  const v = parsed.values;
  const flags = checkApplyFlags('preview', v, parsed.positionals);
  if ('usage' in flags) return usageError('preview', flags.usage, previewUsage, io);
  if ('error' in flags) {
    io.writeError(`error: ${flags.error}\n`);
    return EXIT_USAGE;
  }
  const clientSide = v['client-side'] === true;
  if (clientSide && v['force-conflicts'] === true) return usageError('preview', '--force-conflicts only works with --server-side', previewUsage, io);
  const target = outputTarget(v.output as string | undefined, ['text', 'yaml', 'json', 'name']);
  if (typeof target === 'string') return usageError('preview', target, previewUsage, io);
  const colorMode = (v.color as string | undefined) ?? 'auto';
  if (!isColorMode(colorMode)) return usageError('preview', `--color must be auto, always or never, not ${JSON.stringify(colorMode)}`, previewUsage, io);
  // A report file is not a terminal: colour there only when asked for (--color always).
  const style = changeStyle(useColor(colorMode, target.file ? withIO(io, { isTTY: false }) : io));
  const errorStyle = changeStyle(useColor(colorMode, withIO(io, { isTTY: io.isErrorTTY ?? false })));
  const { namespace, now: nowText, liveFile } = flags;
  const fromCluster = liveFile === LIVE_CLUSTER;
  const { catalog, manifest: manifestObjects, live, fromKubectl, filename } = await readApplyInputs(flags, v, NO_MANIFEST_OBJECTS, io);
  const manifest = { name: manifestObjects.files.map((f) => f.name).join(', ') };
  const liveName = fromCluster ? CLUSTER_SOURCE : liveFile === '-' ? '<stdin>' : liveFile;
  const p = preview({
    catalog,
    live,
    manifests: manifestObjects.manifests,
    ...(fromKubectl ? { sent: fromKubectl.aimed } : {}),
    fieldManager: v['field-manager'] as string | undefined,
    force: v['force-conflicts'] === true,
    clientSide,
    now: nowText,
    namespace,
    filename,
    manifestName: manifest.name,
    liveName,
  });
  const o = p.result.outcome;
  if (target.format === 'json') {
    // The report is written whatever the outcome: scripts need it most when the apply fails.
    const json = stringifyJson(p.report, 2) + '\n';
    if (target.file) writeFileAtomically(target.file, json);
    else io.write(json);
    io.writeError(o.stderr);
    for (const line of p.fieldErrors) io.writeError(`${line}\n`);
    return o.exitCode === 0 ? EXIT_OK : EXIT_FAILED;
  }
  const out = previewOutput(p, style, errorStyle);
  if (target.format === 'text') {
    // The text report is the request line and what follows it, on a conflict too: a file gets all
    // of it, as a terminal would, and never stays as an earlier run left it.
    const text = out.head + out.body;
    if (target.file) writeFileAtomically(target.file, text);
    else io.write(text);
    io.writeError(out.stderr);
    return out.exitCode === 0 ? EXIT_OK : EXIT_FAILED;
  }
  io.writeError(out.stderr);
  if (out.exitCode !== 0) {
    io.write(out.body);
    return EXIT_FAILED;
  }
  const text = target.format === 'name' ? previewNames(p) : formatObjects(p.objects, { output: 'yaml', showManagedFields: v['show-managed-fields'] === true });
  if (target.file) writeFileAtomically(target.file, text);
  else io.write(text);
  return EXIT_OK;
}
