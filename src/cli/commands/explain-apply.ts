/**
 * `explain -f MANIFEST --field-manager NAME`: the apply run once, offline, against the captured
 * objects (the same dry run as `ssa-sim preview`), and for the asked path the verdict read from
 * that result (src/scenarios/apply-verdict.ts).
 */
import { describeVerdict, type PathVerdict, pathVerdict } from '../../scenarios/apply-verdict.js';
import { clusterObjectDisplay } from '../../scenarios/cluster-mode.js';
import { offlineApply, type OfflineApplyResult } from '../../scenarios/offline-apply.js';
import { undeclaredFieldNotes } from '../../scenarios/undeclared-fields.js';
import type { ConflictReport, ObjectView } from '../../scenarios/run-types.js';
import { statusConflicts } from '../../scenarios/apply-facts.js';
import type { Path } from '../../fieldpath/path-element.js';
import type { SchemaCatalog } from '../../schema/catalog.js';
import type { ValueMap } from '../../value/value.js';
import type { CommandIO } from '../io.js';
import { readManifestObjects } from '../read-manifest-paths.js';
import { SsaError } from '../../errors/ssa-error.js';
import { NO_MANIFEST_OBJECTS } from '../../scenarios/preview-apply.js';

export interface DryRunInput {
  readonly live: readonly ValueMap[];
  /** The -f values (files, directories, globs, `-`) and -R. */
  readonly manifestFiles: readonly string[];
  readonly recursive: boolean;
  /** The manifest's objects when they are already read (--live cluster); otherwise the -f values are read. */
  readonly manifestObjects?: readonly ValueMap[];
  readonly manager: string;
  readonly force: boolean;
  readonly io: CommandIO;
  readonly now: number;
  readonly catalog: SchemaCatalog;
}

/** The apply's result as explain reads it, per object (by kubectl's display name). */
export interface DryRun {
  readonly manager: string;
  readonly heading: string;
  /** Set when the apply failed on conflicts: the apply is then run forced to show the rest. */
  readonly failedElsewhere: boolean;
  /** The server's error when the apply fails for another reason than conflicts. */
  readonly error: string | undefined;
  /** With `error`: each field the schema does not declare, located in the manifest (scenarios/undeclared-fields.ts). */
  readonly fieldErrors: readonly string[];
  /** Whether the manifest has an object aimed at the live object shown as `display`. */
  names(display: string): boolean;
  before(display: string): ObjectView | undefined;
  after(display: string): ObjectView | undefined;
  conflicts(display: string): readonly ConflictReport[];
}

function conflictsOf(result: OfflineApplyResult): Map<string, ConflictReport[]> {
  const out = new Map<string, ConflictReport[]>();
  for (const r of result.outcome.requests) {
    const conflicts = statusConflicts(r.failure);
    if (conflicts.length === 0) continue;
    const display = clusterObjectDisplay({ apiVersion: r.target.apiVersion, kind: r.target.kind, metadata: { name: r.target.name, ...(r.target.namespace ? { namespace: r.target.namespace } : {}) } });
    out.set(display, [...(out.get(display) ?? []), ...conflicts.map(({ manager, path, message }) => ({ manager, path, owner: message.replace(/^conflict with /, '') }))]);
  }
  return out;
}

export async function dryRunApply(input: DryRunInput): Promise<DryRun> {
  // Read from the files, the manifests can also say where their fields are (fieldErrors).
  const manifests = input.manifestObjects === undefined ? (await readManifestObjects(input.manifestFiles, input.recursive, input.io)).manifests : [];
  const objects = input.manifestObjects ?? manifests.map((o) => o.object);
  // kubectl's "no objects passed to apply": nothing to give a verdict on.
  if (objects.length === 0) throw new SsaError('INPUT', NO_MANIFEST_OBJECTS, { source: { file: input.manifestFiles.join(', ') } });
  const now = new Date(input.now).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const run = (force: boolean) => offlineApply({ catalog: input.catalog, live: input.live, manifests: objects, fieldManager: input.manager, force, clientSide: false, now });
  const first = run(input.force);
  const conflicts = conflictsOf(first);
  let result: OfflineApplyResult | undefined = first;
  let error: string | undefined;
  if (first.outcome.exitCode !== 0) {
    result = conflicts.size > 0 ? run(true) : undefined;
    if (result && result.outcome.exitCode !== 0) result = undefined;
    if (!result) error = first.outcome.stderr.trim();
  }
  const find = (snap: OfflineApplyResult['after'] | undefined, display: string) => snap?.objects.find((o) => o.display === display);
  return {
    manager: input.manager,
    heading: `  if ${input.manager} applied ${input.manifestFiles.join(', ')}${input.force ? ' with --force-conflicts' : ''}:`,
    failedElsewhere: first.outcome.exitCode !== 0 && conflicts.size > 0,
    error,
    fieldErrors: error === undefined ? [] : undeclaredFieldNotes(first.outcome.requests, manifests),
    names: (d) => first.targets.some((t) => clusterObjectDisplay({ apiVersion: t.apiVersion, kind: t.kind, metadata: { name: t.name, ...(t.namespace ? { namespace: t.namespace } : {}) } }) === d),
    before: (d) => find(first.before, d),
    after: (d) => find(result?.after, d),
    conflicts: (d) => conflicts.get(d) ?? [],
  };
}

/**
 * The verdict for the field at `path` of the live object shown as `display`; undefined when the
 * apply fails outright or does not touch the object (the manifest does not name it).
 */
export function applyVerdict(dry: DryRun, display: string, path: Path, manager: string): PathVerdict | undefined {
  if (dry.error !== undefined || !dry.names(display)) return undefined;
  return pathVerdict({ path, manager, before: dry.before(display), after: dry.after(display), conflicts: dry.conflicts(display) });
}

/** The same in words, for the live object shown as `display`. */
export function explainApplyOnPath(dry: DryRun, verdict: PathVerdict | undefined, display: string): string[] {
  const out = [dry.heading];
  if (dry.error === undefined && !dry.names(display)) return [...out, `  - the manifest has no ${display}: the apply leaves it alone.`];
  if (verdict === undefined) return [...out, `  - the apply fails: ${dry.error ?? ''}`, ...dry.fieldErrors.map((l) => `    ${l}`)];
  if (verdict.verdict !== 'CONFLICT' && dry.failedElsewhere) out.push('  - the apply fails on other fields (see `ssa-sim preview`); if those were resolved:');
  return [...out, ...describeVerdict(verdict)];
}
