/**
 * `explain -o json`: the answer as data (shape in docs/reports.md, `## explain -o json`).
 */
import type { PathVerdict } from '../../scenarios/apply-verdict.js';
import type { PathOwnership } from '../../scenarios/explain-path.js';
import { entryReport } from '../../scenarios/blame-report.js';
import type { DryRun } from './explain-apply.js';


export function ownershipReport(o: PathOwnership) {
  return {
    value: o.value ?? null,
    owners: [...o.owners.map((e) => ({ ...entryReport(e), through: null })), ...o.viaAtomic.map((v) => ({ ...entryReport(v.owner), through: v.ancestor }))],
    below: o.below.map((b) => ({ ...entryReport(b.owner), count: b.count })),
  };
}

export function verdictReport(dry: DryRun, v: PathVerdict | undefined, manifest: string, force: boolean, inManifest: boolean) {
  return {
    manager: dry.manager,
    manifest,
    force,
    inManifest,
    verdict: v?.verdict ?? null,
    error: v === undefined ? (dry.error ?? null) : null,
    fieldErrors: v === undefined ? dry.fieldErrors : [],
    failedElsewhere: v !== undefined && v.verdict !== 'CONFLICT' && dry.failedElsewhere,
    ownersBefore: v?.ownersBefore ?? [],
    ownersAfter: v?.ownersAfter ?? [],
    // The report's shape (docs/reports.md): the manager and path, the version of a converted one.
    conflicts: (v?.conflicts ?? []).map(({ owner: _owner, ...c }) => c),
    valueBefore: v?.valueBefore ?? null,
    valueAfter: v?.valueAfter ?? null,
  };
}
