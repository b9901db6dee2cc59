import { SsaError } from '../../errors/ssa-error.js';
import { parseGivenTime } from '../../apiserver/rfc3339-time.js';
import { absentFields, blameLines } from '../../scenarios/blame.js';
import { fieldsWord } from '../../scenarios/ownership-changes.js';
import { apiVersionShown, type OwnerEntry } from '../../scenarios/owners.js';
import { parseCommandArgs, usageError } from '../args.js';
import { ANSI, isColorMode, managerColor, SHARED_COLOR, useColor } from '../color.js';
import { type CommandIO, EXIT_OK, withIO } from '../io.js';
import { type TypedLiveObject, withSchemaTypes } from '../../scenarios/typed-live-objects.js';
import { blameReport } from '../../scenarios/blame-report.js';
import { NO_OBJECTS } from '../../scenarios/read-live-objects.js';
import { FILENAME_OPTIONS } from '../read-manifest-paths.js';
import { CLUSTER_OPTIONS, CLUSTER_OPTIONS_HELP, LIVE_CLUSTER_HELP, liveSourceArgs, missingLines, readLiveSource } from '../live-source.js';
import { outputTarget, writeFileAtomically } from '../write-output.js';
import { catalogFromFlags, SCHEMA_OPTIONS, SCHEMA_OPTIONS_HELP } from '../schema-flags.js';
import { stringifyJson } from '../../value/stringify-json.js';

export const blameUsage = `Usage: ssa-sim blame [LIVE|-] [--color auto|always|never] [--time relative|full|none] [--now TIME]
                     [-o json|FILE] [--schema FILE]... [--crd FILE]...
       ssa-sim blame --live cluster -f MANIFEST [-n NAMESPACE] [--context NAME] [--kubeconfig FILE] ...

Prints each object of LIVE (kubectl get -o yaml --show-managed-fields output: YAML or JSON,
several documents or a List) with every line annotated by the managers that own its field:
manager (operation, /subresource, age). A field owned by several entries (managers, or one
manager's Apply and Update) is marked [shared].
Reads standard input when LIVE is - or absent; --live LIVE says the same.
${LIVE_CLUSTER_HELP.replaceAll('ssa-sim ... --live -', 'ssa-sim blame')}

Who owns a line follows the object's schema, as the API server does: the managers whose
managedFields hold the line's field, or hold a map or list above it that the schema makes atomic
(owned and replaced as a whole). A manager that holds only a map's own key owns that the map
exists, not the fields in it. Built-in kinds need no schema; give custom resources theirs.

Options:
  --color   auto (default: colour on a terminal, unless NO_COLOR is set or TERM=dumb), always, never
  --time    relative (default: "5m ago"), full (RFC 3339), none
  --now     the time ages are measured from (RFC 3339); default: now
  -o, --output  json, or a file name (written atomically; .json for JSON): the owners of every
            line as data (see docs/reports.md)
  --live    LIVE, -, or cluster (with -f: the objects of MANIFEST, read with your kubectl)
  -f, --filename       with --live cluster: the manifest whose objects are read (files,
                       directories, globs; repeatable); -R, --recursive: directories' subdirectories
  -n, --namespace      with --live cluster: the namespace of objects without one
${SCHEMA_OPTIONS_HELP}
${CLUSTER_OPTIONS_HELP}

Examples:
  kubectl get ds aws-node -n kube-system -o yaml --show-managed-fields | ssa-sim blame
  ssa-sim blame aws-node.yaml --time full --color never
  ssa-sim blame prometheus.yaml --crd prometheus-crd.yaml
  ssa-sim blame aws-node.yaml -o json
  ssa-sim blame --live cluster -f aws-k8s-cni.yaml --context my-eks
`;

export const OPTIONS = {
  color: { type: 'string' },
  time: { type: 'string' },
  now: { type: 'string' },
  output: { type: 'string', short: 'o' },
  live: { type: 'string' },
  ...FILENAME_OPTIONS,
  namespace: { type: 'string', short: 'n' },
  ...SCHEMA_OPTIONS,
  ...CLUSTER_OPTIONS,
} as const;

export { NO_MANAGED_FIELDS_WARNING, objectDisplayName } from '../read-live.js';

/** `5s`, `3m`, `2h`, `4d`, `2y` ago, as kubectl prints ages. */
export function age(time: string | undefined, now: number): string | undefined {
  if (time === undefined) return undefined;
  const t = Date.parse(time);
  if (Number.isNaN(t)) return undefined;
  const s = Math.max(0, Math.round((now - t) / 1000));
  if (s < 120) return `${s}s ago`;
  if (s < 3600 * 2) return `${Math.floor(s / 60)}m ago`;
  if (s < 86400 * 2) return `${Math.floor(s / 3600)}h ago`;
  if (s < 86400 * 365 * 2) return `${Math.floor(s / 86400)}d ago`;
  return `${Math.floor(s / (86400 * 365))}y ago`;
}

export type TimeMode = 'relative' | 'full' | 'none';

/**
 * `eks (Apply 5m ago)`, `kube-controller-manager (Update /status 2h ago)`, and with `version`
 * (another entry of the manager differs only by it) `m (Update apps/v1 5m ago)`.
 */
export function describeOwner(o: OwnerEntry, time: TimeMode, now: number, version = false): string {
  const when = time === 'none' ? undefined : time === 'full' ? o.time : age(o.time, now);
  return `${o.manager} (${o.operation}${version ? ` ${o.apiVersion}` : ''}${o.subresource ? ` /${o.subresource}` : ''}${when ? ` ${when}` : ''})`;
}

function gutter(owners: readonly OwnerEntry[], versionShown: (e: OwnerEntry) => boolean, time: TimeMode, now: number, color: boolean): { plain: string; styled: string } {
  if (owners.length === 0) return { plain: '', styled: '' };
  const parts = owners.map((o) => describeOwner(o, time, now, versionShown(o)));
  // Each entry is an owner of its own (an apply conflicts with it, dropping the field leaves its share).
  const shared = owners.length > 1;
  const plain = parts.join(', ') + (shared ? ' [shared]' : '');
  if (!color) return { plain, styled: plain };
  const styled =
    owners.map((o, i) => `${managerColor(o.manager)}${parts[i]}${ANSI.reset}`).join(', ') + (shared ? ` ${SHARED_COLOR}[shared]${ANSI.reset}` : '');
  return { plain, styled };
}

/**
 * The annotated text of one object: its lines, then the owned fields it does not have (as YAML
 * comments), each with its owners.
 */
export function blameText(live: TypedLiveObject, opts: { time: TimeMode; now: number; color: boolean }): string {
  const absent = absentFields(live.object, live.owners);
  const rows: { owners: readonly OwnerEntry[]; text: string }[] = [
    ...blameLines(live.object, live.owners, live.type),
    ...(absent.length === 0 ? [] : [{ owners: [], text: '# owned, not in the object:' }]),
    ...absent.map((a) => ({ owners: a.owners, text: `#   ${a.path}${a.fields > 1 ? ` (and ${fieldsWord(a.fields - 1)} under it)` : ''}` })),
  ];
  const versionShown = apiVersionShown(live.owners);
  const gutters = rows.map((l) => gutter(l.owners, versionShown, opts.time, opts.now, opts.color));
  const width = Math.min(72, Math.max(0, ...gutters.map((g) => g.plain.length)));
  return rows.map((l, i) => `${gutters[i].styled}${' '.repeat(Math.max(0, width - gutters[i].plain.length))} | ${l.text}\n`).join('');
}

export async function blameCommand(args: string[], io: CommandIO): Promise<number> {
  const parsed = parseCommandArgs('blame', args, OPTIONS, blameUsage, io);
  if (typeof parsed === 'number') return parsed;
  if (parsed.positionals.length > 1) return usageError('blame', `expected one LIVE file, found ${parsed.positionals.length}`, blameUsage, io);
  const source = liveSourceArgs('blame', parsed, parsed.positionals[0], blameUsage, io);
  if (typeof source === 'number') return source;
  if (source.kind === 'file' && parsed.values.filename !== undefined) return usageError('blame', '-f goes with --live cluster (blame LIVE reads a file)', blameUsage, io);
  const colorFlag = (parsed.values.color as string | undefined) ?? 'auto';
  if (!isColorMode(colorFlag)) return usageError('blame', `--color must be auto, always or never, not ${JSON.stringify(colorFlag)}`, blameUsage, io);
  const time = (parsed.values.time as string | undefined) ?? 'relative';
  if (time !== 'relative' && time !== 'full' && time !== 'none') return usageError('blame', `--time must be relative, full or none, not ${JSON.stringify(time)}`, blameUsage, io);
  const target = outputTarget(parsed.values.output as string | undefined, ['text', 'json']);
  if (typeof target === 'string') return usageError('blame', target, blameUsage, io);
  const nowText = parsed.values.now as string | undefined;
  const now = nowText === undefined ? Date.now() : parseGivenTime(nowText);
  if (now === undefined) return usageError('blame', `--now must be an RFC 3339 time such as 2022-08-23T10:00:00Z, not ${JSON.stringify(nowText)}`, blameUsage, io);

  const catalog = catalogFromFlags((parsed.values.schema as string[] | undefined) ?? [], (parsed.values.crd as string[] | undefined) ?? []);
  const read = await readLiveSource(source, catalog, io);
  if (read.objects.length === 0 && read.missing.length === 0) throw new SsaError('INPUT', NO_OBJECTS, { source: { file: read.name } });
  const objects = withSchemaTypes(read.objects, catalog);
  if (target.format === 'json') {
    for (const line of missingLines(read.missing)) io.writeError(`warning: ${line}\n`);
    const text = `${stringifyJson({ kind: 'BlameReport', objects: objects.map(blameReport) }, 2)}\n`;
    if (target.file) writeFileAtomically(target.file, text);
    else io.write(text);
    return EXIT_OK;
  }
  // A file is not a terminal: colour there only with --color=always.
  const color = useColor(colorFlag, target.file ? withIO(io, { isTTY: false }) : io);
  const progress = io.isErrorTTY === true && objects.length > 50;
  const parts: string[] = [];
  const out = (text: string) => (target.file ? parts.push(text) : io.write(text));
  objects.forEach((o, i) => {
    if (progress && i % 10 === 0) io.writeError(`\r\u001b[Kblame: object ${i + 1} of ${objects.length}`);
    out((i > 0 ? '---\n' : '') + blameText(o, { time, now, color }));
  });
  if (progress) io.writeError('\r\u001b[K');
  out(missingLines(read.missing).map((l, i) => `${objects.length + i > 0 ? '---\n' : ''}${l}\n`).join(''));
  if (target.file) writeFileAtomically(target.file, parts.join(''));
  return EXIT_OK;
}
