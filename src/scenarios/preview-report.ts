/**
 * The machine report of an offline apply (`ssa-sim preview -o json`), written on success and on
 * failure alike. Its parts that `run -o json` also has (ownership changes) come from the same
 * functions, so the two reports share one schema (docs/reports.md).
 */
import { managerOfCause, subresourceOfCause, updateApiVersionOfCause } from '../apiserver/conflict-status.js';
import type { Value } from '../value/value.js';
import { type OwnershipChangesReport, ownershipChangesReport } from './format-run.js';
import type { OfflineApplyResult, TargetRef } from './offline-apply.js';
import type { ObjectView } from './run-types.js';
import { resolvePathString, valueAtPath } from './value-at-path.js';
import { type ValueChange, valueChanges } from './value-changes.js';

/** One conflicting field: who owns it (the entry), where, and the two values. */
export interface ConflictEntry {
  readonly object: string;
  readonly manager: string;
  readonly operation: 'Apply' | 'Update';
  /** The entry's apiVersion (null when no entry of the live object matches the cause). */
  readonly apiVersion: string | null;
  /** '' for the main resource. */
  readonly subresource: string;
  readonly path: string;
  /** The live value at the path (null when the live object has nothing there). */
  readonly liveValue: Value | null;
  /** The value the manifest applies there (null when it has nothing there). */
  readonly appliedValue: Value | null;
}

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
  readonly conflicts: readonly ConflictEntry[];
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
}

const same = (a: TargetRef, b: TargetRef) =>
  a.apiVersion === b.apiVersion && a.kind === b.kind && a.name === b.name && (a.namespace ?? '') === (b.namespace ?? '');

function valueAt(object: Value | undefined, path: string): Value | null {
  if (object === undefined) return null;
  const p = resolvePathString(object, path);
  return p ? (valueAtPath(object, p) ?? null) : null;
}

function viewOf(objects: readonly ObjectView[], t: TargetRef): ObjectView | undefined {
  return objects.find((o) => o.ref && o.ref.kind === t.kind && o.ref.name === t.name && (o.ref.namespace ?? '') === (t.namespace ?? ''));
}

/** The conflicts the API server answered, one entry per cause, with the owning entry and values. */
function conflictsOf(input: PreviewReportInput): ConflictEntry[] {
  const out: ConflictEntry[] = [];
  for (const r of input.result.outcome.requests) {
    if (r.failure?.reason !== 'Conflict') continue;
    const view = viewOf(input.result.before.objects, r.target);
    const sent = input.sent.find((o) => {
      const m = (o as { metadata?: { name?: unknown } }).metadata;
      return (o as { kind?: unknown }).kind === r.target.kind && m?.name === r.target.name;
    });
    for (const cause of r.failure.causes ?? []) {
      const manager = managerOfCause(cause.message);
      const subresource = subresourceOfCause(cause.message);
      const updateVersion = updateApiVersionOfCause(cause.message);
      const operation = updateVersion === undefined ? 'Apply' : 'Update';
      const entry = view?.owners.find((e) => e.manager === manager && e.operation === operation && e.subresource === subresource && (updateVersion === undefined || e.apiVersion === updateVersion));
      out.push({
        object: view?.display ?? `${r.target.kind}/${r.target.name}`,
        manager,
        operation,
        apiVersion: updateVersion ?? entry?.apiVersion ?? null,
        subresource,
        path: cause.field,
        liveValue: valueAt(view?.object, cause.field),
        appliedValue: valueAt(sent, cause.field),
      });
    }
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
    conflicts: conflictsOf(input),
    ownershipChanges: changes,
    valueChanges: valueChanges(result.changes, result.before, result.after),
    removals: changes.flatMap((c) => c.changes.filter((x) => x.kind === 'removed').flatMap((x) => x.paths.map((path) => ({ object: c.object, path })))),
    targets: result.targets.map((t) => ({ ...t, created: result.created.some((c) => same(c, t)) })),
    objects: input.objects,
  };
}
