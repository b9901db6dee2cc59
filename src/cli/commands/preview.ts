import { SsaError } from '../../errors/ssa-error.js';
import { formatObjects } from '../../manifest/format-objects.js';
import { clusterObjectDisplay, type ClusterRunState } from '../../scenarios/cluster-mode.js';
import { offlineApply } from '../../scenarios/offline-apply.js';
import { readManifests } from '../../manifest/index.js';
import type { ObjectChanges } from '../../scenarios/run-types.js';
import type { ValueMap } from '../../value/value.js';
import { parseCommandArgs, usageError } from '../args.js';
import { type CommandIO, EXIT_FAILED, EXIT_OK } from '../io.js';
import { readInput } from '../read-input.js';
import { catalogFromFlags } from '../schema-flags.js';

/** Kept for the commands that import it from here. */
export { catalogFromFlags };
import { outputTarget, writeFileAtomically } from '../write-output.js';
import { objectDisplayName, readLiveObjects } from '../read-live.js';

export const previewUsage = `Usage: ssa-sim preview -f MANIFEST --live LIVE [--field-manager NAME] [--force-conflicts] [--client-side]
                      [-o yaml|json|FILE] [--schema FILE]... [--crd FILE]...

Applies MANIFEST offline to the live object(s) you captured with
  kubectl get ... -o yaml --show-managed-fields > LIVE
(YAML or JSON, several documents or a List), and says what would happen. Server-side (the
default), the apply is the request NAME's client sends (EKS, Flux, Helm...); with NAME kubectl
(the default) it is \`kubectl apply --server-side\`, including kubectl's migration of client-side
ownership. --client-side models kubectl's client-side apply (a three-way patch).
  - on a conflict, exactly what kubectl would print, and exit 1;
  - otherwise the ownership changes and the fields that would be removed, and exit 0;
    with -o yaml|json the resulting objects with their managedFields instead.

Options:
  -f, --filename       the manifest to apply (- for standard input)
  --live               the captured live objects
  --field-manager      the applier (default: kubectl, or kubectl-client-side-apply with --client-side)
  --force-conflicts    take conflicting fields (server-side only)
  --client-side        model kubectl's client-side apply (three-way patch) instead
  --server-side        accepted for kubectl muscle memory (the default)
  -o, --output         yaml, json, or a file name (written atomically; format from the extension)
  --schema FILE        extra schema (schema YAML, OpenAPI v2/v3, or CRDs); repeatable
  --crd FILE           CustomResourceDefinition manifests; repeatable

Exit status: 0 the apply succeeds, 1 it would fail (a conflict), 2 invalid input or usage.

Examples:
  kubectl get ds aws-node -n kube-system -o yaml --show-managed-fields > live.yaml
  ssa-sim preview -f aws-k8s-cni.yaml --live live.yaml --field-manager eks
  ssa-sim preview -f aws-k8s-cni.yaml --live live.yaml --field-manager eks --force-conflicts -o yaml
`;

const OPTIONS = {
  filename: { type: 'string', short: 'f' },
  live: { type: 'string' },
  'field-manager': { type: 'string' },
  'force-conflicts': { type: 'boolean' },
  'client-side': { type: 'boolean' },
  'server-side': { type: 'boolean' },
  output: { type: 'string', short: 'o' },
  schema: { type: 'string', multiple: true },
  crd: { type: 'string', multiple: true },
  now: { type: 'string' },
} as const;


/** Live objects from a file, checked (see readLiveObjects). */
export async function readLive(file: string, io: CommandIO): Promise<ValueMap[]> {
  return (await readLiveObjects(file, io)).objects.map((o) => o.manifest.object);
}

export function formatChanges(changes: readonly ObjectChanges[]): string {
  if (changes.length === 0) return 'no change in ownership\n';
  return changes.map((c) => `${c.display}:\n${c.changes.map((x) => `  ${x.text}\n`).join('')}`).join('');
}

export async function previewCommand(args: string[], io: CommandIO): Promise<number> {
  const parsed = parseCommandArgs('preview', args, OPTIONS, previewUsage, io);
  if (typeof parsed === 'number') return parsed;
  const v = parsed.values;
  if (parsed.positionals.length > 0) return usageError('preview', `unexpected argument ${JSON.stringify(parsed.positionals[0])} (the manifest goes after -f)`, previewUsage, io);
  const manifestFile = v.filename as string | undefined;
  const liveFile = v.live as string | undefined;
  if (manifestFile === undefined) return usageError('preview', 'missing -f MANIFEST', previewUsage, io);
  if (liveFile === undefined) return usageError('preview', 'missing --live LIVE (kubectl get ... -o yaml --show-managed-fields)', previewUsage, io);
  if (manifestFile === '-' && liveFile === '-') return usageError('preview', '-f and --live cannot both read standard input', previewUsage, io);
  const clientSide = v['client-side'] === true;
  if (clientSide && v['server-side'] === true) return usageError('preview', '--client-side and --server-side exclude each other', previewUsage, io);
  if (clientSide && v['force-conflicts'] === true) return usageError('preview', '--force-conflicts only works with --server-side', previewUsage, io);
  const target = outputTarget(v.output as string | undefined, ['text', 'yaml', 'json']);
  if (typeof target === 'string') return usageError('preview', target, previewUsage, io);
  const nowText = (v.now as string | undefined) ?? new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  if (Number.isNaN(Date.parse(nowText))) return usageError('preview', `--now must be an RFC 3339 time, not ${JSON.stringify(nowText)}`, previewUsage, io);

  const catalog = catalogFromFlags((v.schema as string[] | undefined) ?? [], (v.crd as string[] | undefined) ?? []);
  const live = await readLive(liveFile, io);
  const manifest = await readInput(manifestFile, io);
  const manifestObjects = readManifests(manifest.text, { file: manifest.name });
  if (manifestObjects.manifests.length === 0) throw new SsaError('INPUT', 'no objects to apply', { source: { file: manifest.name } });
  const result = offlineApply({
    catalog,
    live,
    manifests: manifestObjects.manifests.map((o) => o.object),
    fieldManager: v['field-manager'] as string | undefined,
    force: v['force-conflicts'] === true,
    clientSide,
    now: nowText,
  });
  const o = result.outcome;
  if (o.exitCode !== 0) {
    io.write(o.stdout);
    io.writeError(o.stderr);
    return EXIT_FAILED;
  }
  for (const note of o.notes ?? []) io.writeError(`note: ${note}\n`);
  let text: string;
  if (target.format === 'text') {
    const changed = new Set(result.changes.map((c) => c.display));
    const names = new Set(manifestObjects.manifests.map((m) => `${String(m.object.kind)}/${String((m.object.metadata as ValueMap | undefined)?.name)}`));
    const unchanged = result.after.objects
      .filter((v) => v.ref && names.has(`${v.ref.kind}/${v.ref.name}`) && !changed.has(v.display))
      .map((v) => `${v.display}: no change in ownership\n`);
    text = o.stdout + (result.changes.length ? formatChanges(result.changes) : '') + unchanged.join('');
    if (result.changes.length === 0 && unchanged.length === 0) text += 'no change in ownership\n';
  } else {
    const touched = new Set(result.changes.map((c) => c.display));
    const applied = new Set(manifestObjects.manifests.map((m) => objectDisplayName(m.object)));
    const objects = [...(result.after.state as ClusterRunState).cluster.objects.values()].filter(
      (obj) => applied.has(objectDisplayName(obj)) || touched.has(clusterObjectDisplay(obj)),
    );
    text = formatObjects(objects, { output: target.format === 'json' ? 'json' : 'yaml', showManagedFields: true });
  }
  if (target.file) writeFileAtomically(target.file, text);
  else io.write(text);
  return EXIT_OK;
}
