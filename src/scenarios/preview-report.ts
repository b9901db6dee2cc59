/**
 * The machine report of an offline apply (`ssa-sim preview -o json`), written on success and on
 * failure alike. Its parts that `run -o json` also has (ownership changes) come from the same
 * functions, so the two reports share one schema (docs/reports.md).
 */
import type { Value } from '../value/value.js';
import { type ConflictEntry, conflictEntry, type MigrationEntry, statusConflicts } from './apply-facts.js';
import { type OwnershipChangesReport, ownershipChangesReport } from './format-run.js';
import type { OfflineApplyResult, TargetRef } from './offline-apply.js';
import { type ValueChange, valueChanges } from './value-changes.js';

export type { ConflictEntry } from './apply-facts.js';

export interface PreviewReport {
  readonly request: {
    readonly fieldManager: string;
    readonly mode: 'server-side' | 'client-side';
    readonly force: boolean;
    /** `-n` as given, or null. */
    readonly namespace: string | null;
    /** kubectl migrated client-side-apply ownership to the applier before the apply took effect. */
    readonly migratedClientSideOwnership: boolean;
  };
  readonly manifest: string;
  readonly live: string;
  /** True when the apply would succeed (exit 0). */
  readonly succeeded: boolean;
  readonly exitCode: number;
  /** What kubectl prints. */
  readonly stdout: string;
  readonly stderr: string;
  /** Each field the schema does not declare, with its FILE:LINE:COLUMN in the manifest and "did you mean". */
  readonly fieldErrors: readonly string[];
  readonly conflicts: readonly ConflictEntry[];
  /** Conflicts the API server did not report: the last-applied exception (manager `kubectl` only). */
  readonly forgivenConflicts: readonly ConflictEntry[];
  /** kubectl's migrations of client-side-apply ownership (`kubectl apply --server-side`). */
  readonly migrations: readonly MigrationEntry[];
  readonly ownershipChanges: readonly OwnershipChangesReport[];
  readonly removals: readonly { readonly object: string; readonly path: string }[];
  /** The scalar values that change at the paths of the ownership changes (before/after null: absent). */
  readonly valueChanges: readonly ValueChange[];
  /** Every manifest object the apply is aimed at; `created` when no live object matched it. */
  readonly targets: readonly (TargetRef & { readonly created: boolean })[];
  /** The objects after the apply (the live ones unchanged when it fails), with managedFields. */
  readonly objects: readonly Value[];
}

export interface PreviewReportInput {
  readonly result: OfflineApplyResult;
  readonly fieldManager: string;
  readonly clientSide: boolean;
  readonly force: boolean;
  readonly namespace: string | undefined;
  readonly manifestName: string;
  readonly liveName: string;
  /** The manifest objects as sent (the conflicts' applied values are read from them). */
  readonly sent: readonly Value[];
  /** The objects after the apply, as stored (with managedFields). */
  readonly objects: readonly Value[];
  /** Fields the schema does not declare, located in the manifest (undeclared-fields.ts lines). */
  readonly fieldErrors: readonly string[];
}

const same = (a: TargetRef, b: TargetRef) =>
  a.apiVersion === b.apiVersion && a.kind === b.kind && a.name === b.name && (a.namespace ?? '') === (b.namespace ?? '');

/** The conflicts the API server answered, one entry per cause, with the owning entry and values. */
function conflictsOf(input: PreviewReportInput): ConflictEntry[] {
  const out: ConflictEntry[] = [];
  for (const r of input.result.outcome.requests) {
    const conflicts = statusConflicts(r.failure);
    if (conflicts.length === 0) continue;
    const sent = input.sent.find((o) => {
      const m = (o as { metadata?: { name?: unknown } }).metadata;
      return (o as { kind?: unknown }).kind === r.target.kind && m?.name === r.target.name;
    });
    for (const c of conflicts) out.push(conflictEntry(c, r.target, input.result.before.objects, sent));
  }
  return out;
}

export function previewReport(input: PreviewReportInput): PreviewReport {
  const { result } = input;
  const changes = ownershipChangesReport(result.changes);
  return {
    request: {
      fieldManager: input.fieldManager,
      mode: input.clientSide ? 'client-side' : 'server-side',
      force: input.force,
      namespace: input.namespace ?? null,
      migratedClientSideOwnership: result.migrated,
    },
    manifest: input.manifestName,
    live: input.liveName,
    succeeded: result.outcome.exitCode === 0,
    exitCode: result.outcome.exitCode,
    stdout: result.outcome.stdout,
    stderr: result.outcome.stderr,
    fieldErrors: input.fieldErrors,
    conflicts: conflictsOf(input),
    forgivenConflicts: result.facts.forgivenConflicts,
    migrations: result.facts.migrations,
    ownershipChanges: changes,
    valueChanges: valueChanges(result.changes, result.before, result.after),
    removals: changes.flatMap((c) => c.changes.filter((x) => x.kind === 'removed').flatMap((x) => x.paths.map((path) => ({ object: c.object, path })))),
    targets: result.targets.map((t) => ({ ...t, created: result.created.some((c) => same(c, t)) })),
    objects: input.objects,
  };
}
