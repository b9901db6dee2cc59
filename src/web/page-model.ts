/**
 * What the page shows at one position of a session, as plain data (no DOM): the step list, the
 * step's result, and for the object in view its YAML with owners per line and its managedFields
 * entries with each FieldsV1 key's path. render-page.ts turns it into HTML.
 */
import { formatSource } from '../errors/ssa-error.js';
import { type BlameLine, blameLines } from '../scenarios/blame.js';
import { failureExpected } from '../scenarios/expected-failure.js';
import type { ObjectRef } from '../scenarios/model.js';
import { type OwnerEntry, ownerKey, ownerLabeler } from '../scenarios/owners.js';
import type { ConflictReport, ObjectChanges, ObjectView, Snapshot, StepRecord } from '../scenarios/run-types.js';
import { type FieldsRow, fieldsV1Rows } from './fieldsv1-rows.js';
import { managerColour, managerSlot } from './manager-colour.js';
import type { Problem } from './problem.js';
import { type Session, clampPosition, snapshotAtPosition } from './session.js';
import { outcomeLine } from './outcome-line.js';
import type { WhatIf } from './what-if.js';

export interface OwnerTag {
  /** How the entry is named in text: the manager, qualified when the name alone is ambiguous. */
  readonly label: string;
  readonly manager: string;
  readonly colour: string;
  readonly slot: number;
}

export interface BlameRow {
  readonly text: string;
  readonly path: string | undefined;
  readonly owners: readonly OwnerTag[];
  /** Owned by more than one entry. */
  readonly shared: boolean;
  /** Owned through an atomic ancestor (the whole map or list is owned as one). */
  readonly viaAtomic: boolean;
  /** Its owners differ from the previous position's. */
  readonly changed: boolean;
}

export interface EntryModel {
  readonly tag: OwnerTag;
  readonly operation: string;
  readonly apiVersion: string;
  readonly subresource: string;
  readonly time: string | undefined;
  readonly fieldCount: number;
  /** New or changed at this position. */
  readonly changed: boolean;
  /** The FieldsV1 keys with their paths; computed when first asked for (entries start closed). */
  readonly rows: () => readonly FieldsRow[];
}

export interface ObjectModel {
  readonly display: string;
  readonly rows: readonly BlameRow[];
  readonly entries: readonly EntryModel[];
  readonly legend: readonly OwnerTag[];
}

export interface ExpectationModel {
  readonly passed: boolean;
  readonly description: string;
  readonly detail: string | undefined;
  readonly source: string;
}

export interface ResultModel {
  readonly kind: 'step' | 'what-if';
  /** 1-based step number. */
  readonly number: number;
  readonly title: string;
  readonly explain: string;
  readonly summary: string;
  readonly ok: boolean;
  /** It failed as the scenario's expectations say it must. */
  readonly expectedFailure: boolean;
  readonly stdout: string;
  readonly stderr: string;
  readonly error: string | undefined;
  readonly conflicts: readonly ConflictReport[];
  readonly notes: readonly string[];
  readonly expectations: readonly ExpectationModel[];
  readonly changes: readonly ObjectChanges[];
  /** A what-if's outcome beside the scenario's own step (what-if results only). */
  readonly comparison?: { readonly scenario: string | undefined; readonly whatIf: string };
}

export interface StepItem {
  readonly number: number;
  readonly title: string;
  /** undefined: the step did not run (an earlier one could not). */
  readonly ok: boolean | undefined;
  readonly passed: boolean | undefined;
  /** It failed as the scenario's expectations say it must (the 409 that is the lesson). */
  readonly expectedFailure: boolean;
}

export interface PageModel {
  readonly scenario:
    | { readonly name: string; readonly description: string; readonly learn: readonly string[]; readonly file: string; readonly mode: string; readonly warnings: readonly string[] }
    | undefined;
  readonly steps: readonly StepItem[];
  /** 0: before the first step; k: after step k. */
  readonly pos: number;
  readonly last: number;
  /** The step that led here (undefined at position 0). */
  readonly result: ResultModel | undefined;
  /** What stopped the scenario (shown at the last position, or at once when nothing ran). */
  readonly problem: Problem | undefined;
  readonly whatIf: WhatIf | undefined;
  readonly objects: readonly { readonly display: string; readonly touched: boolean }[];
  readonly selected: number;
  readonly object: ObjectModel | undefined;
  /** Time on the scenario's clock at this position. */
  readonly time: string | undefined;
}

function sameRef(view: ObjectView, ref: ObjectRef): boolean {
  const r = view.ref;
  return r !== undefined && r.kind === ref.kind && r.name === ref.name && (ref.namespace === undefined || (r.namespace ?? '') === ref.namespace);
}

/**
 * The object to show: the one the user chose if it still exists; else the one the step's
 * expectations are about; else, of the objects the step touched, the one whose ownership changed
 * most; else the first object.
 */
export function chooseObject(snapshot: Snapshot, rec: StepRecord | undefined, preferred: string | undefined): number {
  const objects = snapshot.objects;
  if (preferred !== undefined) {
    const i = objects.findIndex((o) => o.display === preferred);
    if (i >= 0) return i;
  }
  if (!rec) return 0;
  for (const e of rec.step.expectations) {
    if (!e.target) continue;
    const i = objects.findIndex((o) => sameRef(o, e.target!));
    if (i >= 0) return i;
  }
  let best = -1;
  let bestScore = -1;
  for (const ref of rec.result.touched) {
    const i = objects.findIndex((o) => sameRef(o, ref));
    if (i < 0) continue;
    const changes = rec.changes.find((c) => c.display === objects[i].display)?.changes ?? [];
    const score = changes.reduce((n, c) => n + c.paths.length, 0);
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best >= 0 ? best : 0;
}

function tagger(owners: readonly OwnerEntry[], slots: ReadonlyMap<string, number>): (e: OwnerEntry) => OwnerTag {
  const label = ownerLabeler(owners);
  return (e) => ({ label: label(e), manager: e.manager, colour: managerColour(e.manager, slots), slot: managerSlot(e.manager, slots) });
}

function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/**
 * Blame lines per object view. Views are frozen and shared: the state after step k is the state
 * before step k+1, so stepping forward computes each object's blame once.
 */
const blameCache = new WeakMap<ObjectView, { lines: BlameLine[]; byPath: Map<string, string> }>();

function blameOf(view: ObjectView): { lines: BlameLine[]; byPath: Map<string, string> } {
  let b = blameCache.get(view);
  if (!b) {
    const label = ownerLabeler(view.owners);
    const lines = blameLines(view.object, view.owners, view.type.get());
    const byPath = new Map<string, string>();
    for (const l of lines) if (l.path !== undefined) byPath.set(l.path, l.owners.map(label).join('\u0000'));
    b = { lines, byPath };
    if (Object.isFrozen(view)) blameCache.set(view, b);
  }
  return b;
}

/** `slots`: the session's manager colours (managerSlots of its managers in order of appearance). */
export function objectModel(view: ObjectView, before: ObjectView | undefined, slots: ReadonlyMap<string, number> = new Map()): ObjectModel {
  const tag = tagger(view.owners, slots);
  const { lines } = blameOf(view);
  const previous = before ? blameOf(before).byPath : undefined;
  const rows: BlameRow[] = lines.map((l) => {
    const owners = l.owners.map(tag);
    const key = owners.map((o) => o.label).join('\u0000');
    const changed = previous !== undefined && l.path !== undefined && previous.get(l.path) !== key && !(key === '' && !previous.has(l.path));
    return { text: l.text, path: l.path, owners, shared: owners.length > 1, viaAtomic: l.viaAtomic, changed };
  });
  const beforeSets = new Map((before?.owners ?? []).map((e) => [ownerKey(e), e.set]));
  const entries: EntryModel[] = view.owners.map((e) => {
    const old = beforeSets.get(ownerKey(e));
    return {
      tag: tag(e),
      operation: e.operation,
      apiVersion: e.apiVersion,
      subresource: e.subresource,
      time: e.time,
      fieldCount: e.set.size(),
      changed: before !== undefined && (old === undefined || !old.equals(e.set)),
      rows: lazy(() => fieldsV1Rows(e.set)),
    };
  });
  const seen = new Set<string>();
  const legend: OwnerTag[] = [];
  for (const e of entries) {
    if (seen.has(e.tag.label)) continue;
    seen.add(e.tag.label);
    legend.push(e.tag);
  }
  return { display: view.display, rows, entries, legend };
}

function resultModel(rec: StepRecord, kind: 'step' | 'what-if', number: number): ResultModel {
  return {
    kind,
    number,
    title: rec.step.title,
    explain: rec.step.explain,
    summary: rec.result.summary,
    ok: rec.result.ok,
    expectedFailure: failureExpected(rec),
    stdout: rec.result.stdout,
    stderr: rec.result.stderr,
    error: rec.result.error,
    conflicts: rec.result.conflicts,
    notes: rec.result.notes,
    expectations: rec.expectations.map((e) => ({ passed: e.passed, description: e.description, detail: e.detail, source: formatSource(e.expectation.source) })),
    changes: rec.changes,
  };
}

export interface ViewOptions {
  /** The object the user picked (by display name). */
  readonly preferredObject?: string;
  /** A what-if run from this position; when it ran, the page shows its result and state. */
  readonly whatIf?: WhatIf;
}

export function pageModel(s: Session, requested: number, opts: ViewOptions = {}): PageModel {
  const pos = clampPosition(s, requested);
  const sc = s.scenario;
  const steps: StepItem[] = (sc?.steps ?? []).map((st, i) => {
    const rec = s.steps[i];
    return { number: i + 1, title: st.title || `${st.action}`, ok: rec?.result.ok, passed: rec?.passed, expectedFailure: rec !== undefined && failureExpected(rec) };
  });
  const whatIf = opts.whatIf && opts.whatIf.base === pos ? opts.whatIf : undefined;
  const shownRecord = whatIf?.record;
  const rec = shownRecord ?? (pos > 0 ? s.steps[pos - 1] : undefined);
  const snapshot = shownRecord ? shownRecord.after : snapshotAtPosition(s, pos);
  const before = shownRecord ? shownRecord.before : pos > 0 ? snapshotAtPosition(s, pos - 1) : undefined;
  let selected = 0;
  let object: ObjectModel | undefined;
  const objects = (snapshot?.objects ?? []).map((o) => ({ display: o.display, touched: (rec?.result.touched ?? []).some((r) => sameRef(o, r)) }));
  if (snapshot && snapshot.objects.length > 0) {
    selected = chooseObject(snapshot, rec, opts.preferredObject);
    const view = snapshot.objects[selected];
    // An object new at this step: every owned line is a change.
    const prior = before ? (before.objects.find((o) => o.display === view.display) ?? { ...view, object: null, owners: [] }) : undefined;
    object = objectModel(view, prior, s.managerSlots);
  }
  let result = rec ? resultModel(rec, shownRecord ? 'what-if' : 'step', shownRecord ? pos + 1 : pos) : undefined;
  if (result && shownRecord) {
    // The scenario's own step from this position, when there is one (a what-if of the last step
    // runs it again after itself and has nothing to stand beside).
    const own = s.steps[pos];
    result = { ...result, comparison: { scenario: own ? outcomeLine(own) : undefined, whatIf: outcomeLine(shownRecord) } };
  }
  return {
    scenario: sc
      ? { name: sc.name, description: sc.description, learn: sc.learn, file: s.file, mode: sc.mode, warnings: sc.warnings.map((w) => `${formatSource(w.source)}: ${w.message}`) }
      : undefined,
    steps,
    pos,
    last: s.steps.length,
    result,
    problem: s.problem,
    whatIf,
    objects,
    selected,
    object,
    time: snapshot?.time,
  };
}
