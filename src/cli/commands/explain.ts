import { SsaError } from '../../errors/ssa-error.js';
import { parseGivenTime } from '../../apiserver/rfc3339-time.js';
import { toYaml } from '../../manifest/write-yaml.js';
import { copiesOf, pathOwnership } from '../../scenarios/explain-path.js';
import { resolvePathString, valueAtPath } from '../../scenarios/value-at-path.js';
import { PeKind } from '../../fieldpath/path-element.js';
import { meaningLines } from '../../scenarios/explain-meaning.js';
import type { KubeObject } from '../../apiserver/types.js';
import { pathToString } from '../../fieldpath/path-string.js';
import { clusterObjectDisplay } from '../../scenarios/cluster-mode.js';
import { readUserPath } from '../../scenarios/locate-path.js';
import { apiVersionShown, type OwnerEntry } from '../../scenarios/owners.js';
import { parseCommandArgs, usageError } from '../args.js';
import { type CommandIO, EXIT_OK } from '../io.js';
import { withSchemaTypes } from '../../scenarios/typed-live-objects.js';
import { NO_OBJECTS } from '../../scenarios/read-live-objects.js';
import { objectDisplayName } from '../read-live.js';
import { FILENAME_OPTIONS, filenamesOf } from '../read-manifest-paths.js';
import { CLUSTER_OPTIONS, CLUSTER_OPTIONS_HELP, LIVE_CLUSTER_HELP, liveSourceArgs, missingLines, readLiveSource } from '../live-source.js';
import { catalogFromFlags, SCHEMA_OPTIONS, SCHEMA_OPTIONS_HELP } from '../schema-flags.js';
import { age, describeOwner } from './blame.js';
import { outputTarget, writeFileAtomically } from '../write-output.js';
import { applyVerdict, dryRunApply, explainApplyOnPath } from './explain-apply.js';
import { ownershipReport, verdictReport } from './explain-json.js';
import { stringifyJson } from '../../value/stringify-json.js';

export const explainUsage = `Usage: ssa-sim explain LIVE PATH [-f MANIFEST --field-manager NAME [--force-conflicts]] [--now TIME]
                       [-o json|FILE] [--schema FILE]... [--crd FILE]...
       ssa-sim explain PATH --live cluster -f MANIFEST [--field-manager NAME] [-n NAMESPACE]
                       [--context NAME] [--kubeconfig FILE] ...

Says who owns the field PATH of the object(s) in LIVE (kubectl get -o yaml
--show-managed-fields output), by which operation, since when, and what that means for the next
apply or update. With -f and --field-manager: what applying MANIFEST as that manager would do
to the field, as one verdict read from the offline apply's result (the dry run preview makes):
ADD, TAKE, SHARE, CONFLICT, REMOVE, GIVE UP or NO CHANGE. A field only the manifest has is
explained too (ADD).
${LIVE_CLUSTER_HELP.replaceAll('ssa-sim ... --live -', "ssa-sim explain - '.spec.updateStrategy'")}
  With --live cluster, -f names the objects to read; add --field-manager for the apply's verdict.

PATH is written as conflicts and ssa-sim print paths:
  .spec.replicas   .metadata.labels.app   .spec.template.spec.containers[name="app"].image
  .metadata.finalizers[="example.com/f"]   .spec.ports[port=443,protocol="TCP"].targetPort
An item of a keyed list may be written by position (.spec.template.spec.containers[0].image):
explain reads it as the item's key and says so. A path the object does not have is an error
(exit 2) that names what is near ("did you mean"), unless a managedFields entry still names it.

Options:
  -f, --filename       the manifest you would apply: a file, a directory (its .json, .yaml and
                       .yml files) or a glob; repeatable, or comma-separated
  -R, --recursive      with a directory: its subdirectories too
  --field-manager      the manager you would apply as (required with -f)
  --force-conflicts    the apply would force
  --server-side        accepted for kubectl muscle memory (explain always models server-side apply)
  --now                the time ages are measured from (RFC 3339); default: now
  -o, --output         json, or a file name (written atomically; .json for JSON): the answer
                       as data, verdict included (see docs/reports.md)
  --live               LIVE, -, or cluster (then PATH is the only argument)
  -n, --namespace      with --live cluster: the namespace of objects without one
${SCHEMA_OPTIONS_HELP}
${CLUSTER_OPTIONS_HELP}

Examples:
  ssa-sim explain aws-node.yaml '.spec.template.spec.containers[name="aws-node"].image'
  ssa-sim explain aws-node.yaml '.spec.template.spec.containers[0].image'
  ssa-sim explain aws-node.yaml '.spec.template.spec.containers[name="aws-node"].image' \\
      -f aws-k8s-cni-v1.11.4.yaml --field-manager eks
  ssa-sim explain prometheus.yaml .spec.replicas --crd prometheus-crd.yaml
  ssa-sim explain aws-node.yaml '.spec.template.spec.containers[0].image' -f aws-k8s-cni.yaml --field-manager eks -o json
  ssa-sim explain '.spec.template.spec.containers[0].image' --live cluster -f aws-k8s-cni.yaml --field-manager eks
`;

export const OPTIONS = {
  ...FILENAME_OPTIONS,
  'field-manager': { type: 'string' },
  'force-conflicts': { type: 'boolean' },
  'server-side': { type: 'boolean' },
  now: { type: 'string' },
  output: { type: 'string', short: 'o' },
  live: { type: 'string' },
  namespace: { type: 'string', short: 'n' },
  ...SCHEMA_OPTIONS,
  ...CLUSTER_OPTIONS,
} as const;

function ownerLine(o: OwnerEntry, now: number): string {
  const since = o.time ? `since ${o.time}${age(o.time, now) ? `, ${age(o.time, now)}` : ''}` : 'no time recorded';
  return `${o.manager} (${o.operation}${o.subresource ? ` through /${o.subresource}` : ''} at ${o.apiVersion}, ${since})`;
}

/** Notes on managers whose names carry a meaning of their own (apiserver-semantics §2.6-2.8, §5). */
function managerNote(o: OwnerEntry): string | undefined {
  if (o.manager === 'before-first-apply') {
    return 'before-first-apply is the placeholder the API server creates at the first apply to an object that had no managedFields: it owns whatever existed then.';
  }
  if (o.manager === 'ancient-changes') return 'ancient-changes is where the API server merges the oldest Update entries once there are more than 10.';
  if (o.manager === 'kubectl-client-side-apply' && o.operation === 'Update') {
    return 'kubectl-client-side-apply owns what `kubectl apply` (client-side) wrote. Only an applier named exactly `kubectl` is forgiven conflicts with it, and only for fields still equal to the last-applied-configuration annotation; any other manager (eks, helm, flux...) conflicts.';
  }
  return undefined;
}

export async function explainCommand(args: string[], io: CommandIO): Promise<number> {
  const parsed = parseCommandArgs('explain', args, OPTIONS, explainUsage, io);
  if (typeof parsed === 'number') return parsed;
  // With --live, PATH is the only argument.
  const withFlag = parsed.values.live !== undefined;
  const [liveFile, pathText, ...rest] = withFlag ? [undefined, ...parsed.positionals] : parsed.positionals;
  if ((!withFlag && liveFile === undefined) || pathText === undefined) return usageError('explain', withFlag ? 'expected PATH' : 'expected LIVE and PATH', explainUsage, io);
  if (rest.length > 0) return usageError('explain', `unexpected argument ${JSON.stringify(rest[0])}`, explainUsage, io);
  if (!pathText.startsWith('.')) return usageError('explain', `PATH starts with "." (such as .spec.replicas), not ${JSON.stringify(pathText)}`, explainUsage, io);
  const source = liveSourceArgs('explain', parsed, liveFile, explainUsage, io);
  if (typeof source === 'number') return source;
  const manifestFiles = filenamesOf(parsed.values.filename as string[] | undefined);
  const manifestFile = manifestFiles.length > 0 ? manifestFiles.join(',') : undefined;
  const manager = parsed.values['field-manager'] as string | undefined;
  // With --live cluster, -f alone names the objects to read; the apply's verdict needs a manager.
  if (manifestFile !== undefined && source.kind === 'file' && (manager === undefined || manager === '')) return usageError('explain', '-f needs --field-manager NAME (the manager you would apply as)', explainUsage, io);
  if (manager === '') return usageError('explain', '--field-manager needs a name', explainUsage, io);
  if (manifestFile === undefined && manager !== undefined) return usageError('explain', '--field-manager goes with -f MANIFEST', explainUsage, io);
  const target = outputTarget(parsed.values.output as string | undefined, ['text', 'json']);
  if (typeof target === 'string') return usageError('explain', target, explainUsage, io);
  const nowText = parsed.values.now as string | undefined;
  const now = nowText === undefined ? Date.now() : parseGivenTime(nowText);
  if (now === undefined) return usageError('explain', `--now must be an RFC 3339 time such as 2022-08-23T10:00:00Z, not ${JSON.stringify(nowText)}`, explainUsage, io);

  const catalog = catalogFromFlags((parsed.values.schema as string[] | undefined) ?? [], (parsed.values.crd as string[] | undefined) ?? []);
  const read = await readLiveSource(source, catalog, io);
  if (read.objects.length === 0 && read.missing.length === 0) throw new SsaError('INPUT', NO_OBJECTS, { source: { file: read.name } });
  const objects = withSchemaTypes(read.objects, catalog);

  const dry =
    manifestFile === undefined || manager === undefined
      ? undefined
      : await dryRunApply({
          live: objects.map((o) => o.manifest.object),
          manifestFiles,
          recursive: parsed.values.recursive === true,
          ...(read.manifestObjects !== undefined ? { manifestObjects: read.manifestObjects } : {}),
          manager,
          force: parsed.values['force-conflicts'] === true,
          io,
          now,
          catalog,
        });

  const out: string[] = [];
  const reports: object[] = [];
  let firstProblem: SsaError | undefined;
  for (const typed of objects) {
    const m = typed.manifest;
    const display = clusterObjectDisplay(m.object);
    let found = readUserPath(typed.object, typed.type, typed.owners, pathText);
    // A field only the manifest has: read the path in the object as the apply leaves it.
    const applied = dry?.after(display);
    const added = 'problem' in found && applied !== undefined ? readUserPath(applied.object, applied.type.get(), applied.owners, pathText) : undefined;
    if (added !== undefined && !('problem' in added)) found = added;
    if ('problem' in found) {
      firstProblem ??= new SsaError('INPUT', `${objectDisplayName(m.object)}: ${found.problem}`, { source: m.source, path: pathText });
      continue;
    }
    const path = found.path;
    const written = pathToString(path);
    out.push(`${objectDisplayName(m.object)} ${written}`);
    if (found.translated) out.push(`  read ${pathText} as ${written}: field paths name the items of a keyed list by their keys, not by position.`);
    const verdict = dry ? applyVerdict(dry, display, path, manager!) : undefined;
    const report = {
      object: objectDisplayName(m.object),
      path: written,
      asked: pathText,
      translated: found.translated,
      inLiveObject: found !== added && found.inObject,
      apply: dry ? verdictReport(dry, verdict, manifestFile!, parsed.values['force-conflicts'] === true, dry.names(display)) : null,
    };
    if (found === added) {
      out.push('  not in the live object: the manifest adds it.');
      out.push(...explainApplyOnPath(dry!, verdict, display));
      reports.push({ ...report, value: null, owners: [], below: [] });
      continue;
    }
    const o = pathOwnership(typed.object, typed.owners, path, typed.type);
    // A key that names several items (duplicates): the item asked by position is the one shown.
    const byPosition = found.translated ? resolvePathString(typed.object, pathText) : undefined;
    for (let i = 0; byPosition !== undefined && i < path.length; i++) {
      const copies = path[i].kind === PeKind.Key ? copiesOf(typed.object, typed.type, path.slice(0, i + 1)) : 1;
      const at = byPosition[i];
      if (copies > 1 && at?.kind === PeKind.Index) out.push(`  ${pathToString(path.slice(0, i + 1))} names ${copies} items of the list (duplicates): this is the one at position ${at.index}.`);
    }
    const value = byPosition !== undefined ? valueAtPath(typed.object, byPosition) : o.value;
    reports.push({ ...report, ...ownershipReport(o), value: value ?? null });
    if (value === undefined) out.push('  not in the object (an entry still names it)');
    else {
      const y = toYaml(value).replace(/\n$/, '');
      out.push(y.includes('\n') ? `  value:\n${y.split('\n').map((l) => `    ${l}`).join('\n')}` : `  value: ${y}`);
    }
    if (o.owners.length === 1) out.push(`  owned by ${ownerLine(o.owners[0], now)}`);
    else if (o.owners.length > 1) {
      // Owners are entries: one manager's Apply and Update entries are two of them.
      const managers = new Set(o.owners.map((x) => x.manager)).size;
      out.push(`  shared by ${o.owners.length} ${managers === o.owners.length ? 'managers' : 'entries'}:`);
      for (const x of o.owners) out.push(`    ${ownerLine(x, now)}`);
    }
    for (const v of o.viaAtomic) {
      const why = v.copies > 1 ? `${v.copies} items with this key: the engine owns them as one item, nothing under it apart` : 'atomic: owned and replaced as a whole';
      out.push(`  owned as part of ${v.ancestor} (${why}) by ${ownerLine(v.owner, now)}`);
    }
    // Entries written at another API version own it through what it converts to there.
    for (const x of [...o.owners, ...o.viaAtomic.map((v) => v.owner)]) {
      const there = x.reach && x.stored ? x.reach(path).intersection(x.stored).paths().map(pathToString) : [];
      if (there.length > 0) out.push(`  ${x.manager}'s entry is at ${x.apiVersion}: there it owns ${there.join(', ')}, which this field converts to (the API server compares it there)`);
    }
    const all = [...o.owners, ...o.viaAtomic.map((v) => v.owner)];
    out.push('  what this means:');
    out.push(...meaningLines({ catalog, live: m.object as KubeObject, object: typed.object, type: typed.type, ownership: o, now: new Date(now).toISOString() }));
    for (const x of all) {
      const note = managerNote(x);
      if (note && !out.includes(`  - ${note}`)) out.push(`  - ${note}`);
    }
    if (o.below.length > 0) {
      out.push('  fields under it:');
      const versionShown = apiVersionShown(typed.owners);
      for (const b of o.below) out.push(`    ${b.count} owned by ${describeOwner(b.owner, 'none', now, versionShown(b.owner))}`);
    }
    if (dry) out.push(...explainApplyOnPath(dry, verdict, display));
  }
  // A path no object has is a mistake (a typo, a wrong key): exit 2 with what is near.
  if (out.length === 0 && firstProblem) throw firstProblem;
  if (target.format === 'json') for (const line of missingLines(read.missing)) io.writeError(`warning: ${line}\n`);
  else out.push(...missingLines(read.missing));
  const text = target.format === 'json' ? `${stringifyJson({ kind: 'ExplainReport', objects: reports }, 2)}\n` : out.join('\n') + '\n';
  if (target.file) writeFileAtomically(target.file, text);
  else io.write(text);
  return EXIT_OK;
}
