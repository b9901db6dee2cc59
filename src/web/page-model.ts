/**
 * What the page shows at one position of a session, as plain data (no DOM): the step list, the
 * step's result, and for the object in view its YAML with owners per line and its managedFields
 * entries with each FieldsV1 key's path. render-page.ts turns it into HTML.
 */
import { causeNamesEntry } from '../apiserver/conflict-status.js';
import { formatSource } from '../errors/ssa-error.js';
import { pathToString } from '../fieldpath/path-string.js';
import { type BlameLine, blameLines } from '../scenarios/blame.js';
import { failureExpected } from '../scenarios/expected-failure.js';
import { resultFactLines } from '../scenarios/format-run.js';
import type { ObjectRef } from '../scenarios/model.js';
import { type OwnerEntry, ownerKey, ownerLabeler } from '../scenarios/owners.js';
import type { OwnershipChange } from '../scenarios/ownership-changes.js';
import type { ConflictReport, ObjectChanges, ObjectView, Snapshot, StepRecord } from '../scenarios/run-types.js';
import { type ValueChange, valueChanges } from '../scenarios/value-changes.js';
import { type FieldsRow, fieldsV1Rows } from './fieldsv1-rows.js';
import { managerColour, managerSlot } from './manager-colour.js';
import type { Problem } from './problem.js';
import { type Session, clampPosition, lastReachable, snapshotAtPosition } from './session.js';
import { outcomeLine } from './outcome-line.js';
import type { WhatIf } from './what-if.js';

export interface OwnerTag {
  /** How the entry is named in text: the manager, qualified when the name alone is ambiguous. */
  readonly label: string;
  /** The entry's identity (the API server's identifier): labels name an entry differently as other entries come and go. */
  readonly key: string;
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
  /** What the step did to this line's field, when it did something a learner looks for. */
  readonly mark?: RowMark;
  /** The list item that starts on this line (`- name: aws-node`), as a path. */
  readonly item?: string;
  /** The step changed this line's value (from one value to another) where it changed its ownership. */
  readonly value?: ValueChange;
}

/**
 * A line the step is about: a field its write conflicted on (409), or one whose ownership it
 * changed, in the words of the scenario layer's ownership changes.
 */
export interface RowMark {
  readonly kind: 'conflict' | 'took' | 'gave-up' | 'shares' | 'owns' | 'released';
  readonly text: string;
}

/** Which lines the object view shows: every line, the lines changed in the step, or only the marked ones. */
export type FocusLevel = 'all' | 'changed' | 'marked';

export interface Focus {
  readonly level: FocusLevel;
  /** Hide lines that no manager owns (server-set and defaulted fields nobody claimed). */
  readonly hideUnowned: boolean;
}

/**
 * A line shown, or a run of lines the focus hides. `context`: shown only because it leads to a
 * line the focus shows (the jumps skip it).
 */
export type ShownRow = { readonly row: BlameRow; readonly index: number; readonly context?: true } | { readonly hidden: number };

/** Marks that say a field changed hands or was refused: what the `marked` focus shows. */
export const STRONG_MARKS: ReadonlySet<RowMark['kind']> = new Set(['conflict', 'took', 'gave-up']);

export interface EntryModel {
  readonly tag: OwnerTag;
  readonly operation: string;
  readonly apiVersion: string;
  readonly subresource: string;
  readonly time: string | undefined;
  readonly fieldCount: number;
  /** Its field count at the position before (0 when it had no entry then; undefined at the start). */
  readonly fieldCountBefore: number | undefined;
  /** New or changed at this position. */
  readonly changed: boolean;
  /** The FieldsV1 keys with their paths; computed when first asked for (entries start closed). */
  readonly rows: () => readonly FieldsRow[];
}

export interface ObjectModel {
  readonly display: string;
  /** Entries the position before had and this one has not (their fields went to others or away). */
  readonly goneEntries: readonly { readonly tag: OwnerTag; readonly fieldCountBefore: number }[];
  readonly rows: readonly BlameRow[];
  /** The focus in effect (the user's, or the default for the object's size) and the lines it shows. */
  readonly focus: Focus;
  readonly shown: readonly ShownRow[];
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
  /** What decided the apply besides the engine's rules (forgiven conflicts, kubectl's migration), in run's words. */
  readonly facts: readonly string[];
  readonly notes: readonly string[];
  readonly expectations: readonly ExpectationModel[];
  readonly changes: readonly ObjectChanges[];
  /** The values at the changes' paths that differ before and after the step, as preview lists them. */
  readonly values: readonly ValueChange[];
  /** A what-if's outcome beside the scenario's own step (what-if results only). */
  readonly comparison?: { readonly scenario: string | undefined; readonly whatIf: string };
}

export interface StepItem {
  readonly number: number;
  readonly title: string;
  /** undefined: the step did not run (an earlier one could not), or has not run yet (pending). */
  readonly ok: boolean | undefined;
  /** Not run yet: the page runs it in the background, or when it is asked for. */
  readonly pending: boolean;
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
  return (e) => ({ label: label(e), key: ownerKey(e), manager: e.manager, colour: managerColour(e.manager, slots), slot: managerSlot(e.manager, slots) });
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
    const lines = blameLines(view.object, view.owners, view.type.get());
    // By entry, not by name: a manager's entry is named "m" alone, then "m (Apply)" once m has another.
    const byPath = new Map<string, string>();
    for (const l of lines) if (l.path !== undefined) byPath.set(l.path, l.owners.map(ownerKey).join('\u0000'));
    b = { lines, byPath };
    if (Object.isFrozen(view)) blameCache.set(view, b);
  }
  return b;
}

const MARK_ORDER: readonly RowMark['kind'][] = ['conflict', 'took', 'gave-up', 'shares', 'owns', 'released'];

/** The marks of the step on one object's lines, by field path; the strongest mark wins. */
export function rowMarks(rec: StepRecord | undefined, view: ObjectView, engineMode: boolean): Map<string, RowMark> {
  if (!rec) return new Map();
  // A conflict belongs to the object of the refused write; the engine has only one object.
  const conflicts = rec.result.conflicts.filter((c) => (c.object ? sameRef(view, c.object) : engineMode));
  const label = ownerLabeler(view.owners);
  const earlier = rec.before.objects.find((o) => o.display === view.display)?.owners ?? [];
  const named = conflicts.map((c) => {
    const entry = conflictEntryOf(c, view.owners) ?? conflictEntryOf(c, earlier);
    return { path: c.path, manager: entry ? label(entry) : (c.owner ?? c.manager) };
  });
  return marksOf(named, rec.changes.find((c) => c.display === view.display)?.changes ?? []);
}

/**
 * The entry a conflict is with: the one the 409's cause names (cluster mode), or the engine's
 * manager of that name (the engine keeps one entry per manager).
 */
function conflictEntryOf(c: ConflictReport, owners: readonly OwnerEntry[]): OwnerEntry | undefined {
  if (c.owner === undefined) return owners.find((e) => e.manager === c.manager);
  const message = `conflict with ${c.owner}`;
  return owners.find((e) => causeNamesEntry(message, e));
}

/**
 * The marks on one object's lines from the conflicts of a write to it and the ownership changes
 * it made (the scenario layer's), by field path; the strongest mark wins. Every manager behind
 * the winning kind is named, as the 409 and the change lines name them all ("409: conflicts with
 * team-a, team-b"; "scale_test took it from co_owning_test, replace_test").
 */
export function marksOf(conflicts: readonly { readonly path: string; readonly manager: string }[], changes: readonly OwnershipChange[]): Map<string, RowMark> {
  /** Per path, the strongest kind seen and, per manager of it, the others it names, in order. */
  const found = new Map<string, { kind: RowMark['kind']; byManager: Map<string, string[]>; changed: boolean }>();
  const put = (path: string, kind: RowMark['kind'], manager: string, other: string, changed = false) => {
    let f = found.get(path);
    if (f && MARK_ORDER.indexOf(kind) > MARK_ORDER.indexOf(f.kind)) return;
    if (!f || MARK_ORDER.indexOf(kind) < MARK_ORDER.indexOf(f.kind)) found.set(path, (f = { kind, byManager: new Map(), changed }));
    const others = f.byManager.get(manager) ?? [];
    if (other !== '' && !others.includes(other)) others.push(other);
    f.byManager.set(manager, others);
    f.changed ||= changed;
  };
  for (const c of conflicts) put(c.path, 'conflict', '', c.manager);
  for (const c of changes) {
    const kind: RowMark['kind'] | undefined = c.kind === 'released-changed' ? 'released' : c.kind === 'removed' || c.kind === 'entry-gone' ? undefined : c.kind;
    if (kind === undefined) continue;
    for (const p of c.fields) put(p, kind, c.manager ?? '', c.other ?? '', c.kind === 'released-changed');
  }
  const marks = new Map<string, RowMark>();
  for (const [path, f] of found) {
    const phrases = [...f.byManager].map(([m, others]) => {
      const o = others.join(', ');
      switch (f.kind) {
        case 'conflict':
          return `409: conflicts with ${o}`;
        case 'took':
          return `${m} took it from ${o}`;
        case 'gave-up':
          return `${m} gave it up; ${o} still ${others.length === 1 ? 'owns' : 'own'} it`;
        case 'shares':
          return `${m} now shares it with ${o}`;
        case 'owns':
          return `${m} owns it, nobody did`;
        case 'released':
          return `${m} released it${f.changed ? '; its value changed' : ''}`;
      }
    });
    marks.set(path, { kind: f.kind, text: phrases.join('; ') });
  }
  return marks;
}

/** Objects longer than this open focused on what the step did. */
const LARGE_OBJECT_ROWS = 80;

/** The focus an object opens with: small objects whole; large ones on the step's marks, else its changes. */
export function defaultFocus(rows: readonly BlameRow[]): Focus {
  if (rows.length <= LARGE_OBJECT_ROWS) return { level: 'all', hideUnowned: false };
  if (rows.some((r) => r.mark && STRONG_MARKS.has(r.mark.kind))) return { level: 'marked', hideUnowned: true };
  return { level: rows.some((r) => r.changed || r.mark) ? 'changed' : 'all', hideUnowned: true };
}

/**
 * The lines the focus shows, with the runs it hides counted: a line is shown when it passes the
 * focus, or when it leads to one that does (its ancestors, for context); a line without a path
 * (the rest of a long value) goes with the line before it.
 */
export function shownRows(rows: readonly BlameRow[], focus: Focus): ShownRow[] {
  const passes = (r: BlameRow) =>
    (focus.level === 'all' || (focus.level === 'changed' ? r.changed || r.mark !== undefined : r.mark !== undefined && STRONG_MARKS.has(r.mark.kind))) &&
    !(focus.hideUnowned && r.owners.length === 0 && r.mark === undefined);
  const keep = rows.map(passes);
  const target = [...keep];
  if (focus.level !== 'all') {
    // Every prefix of a kept path that ends before a `.` or `[`: the ancestors are among them.
    const leads = new Set<string>();
    rows.forEach((r, i) => {
      if (!keep[i] || r.path === undefined) return;
      for (let j = 1; j < r.path.length; j++) if (r.path[j] === '.' || r.path[j] === '[') leads.add(r.path.slice(0, j));
    });
    rows.forEach((r, i) => {
      if (!keep[i] && ((r.path !== undefined && leads.has(r.path)) || (r.item !== undefined && leads.has(r.item)))) keep[i] = true;
    });
  }
  for (let i = 1; i < rows.length; i++) if (rows[i].path === undefined) [keep[i], target[i]] = [keep[i - 1], target[i - 1]];
  const out: ShownRow[] = [];
  let hidden = 0;
  rows.forEach((row, index) => {
    if (keep[index]) {
      if (hidden > 0) out.push({ hidden });
      hidden = 0;
      out.push(target[index] ? { row, index } : { row, index, context: true });
    } else hidden++;
  });
  if (hidden > 0) out.push({ hidden });
  return out;
}

/** An object's lines with their owners (the field's and the item's starting there), and the field's alone, as the object view tags them. */
export function objectLines(
  view: ObjectView,
  slots: ReadonlyMap<string, number>,
): { readonly path: string | undefined; readonly text: string; readonly owners: OwnerTag[]; readonly fieldOwners: OwnerTag[] }[] {
  const tag = tagger(view.owners, slots);
  return blameOf(view).lines.map((l) => ({ path: l.path, text: l.text, owners: l.owners.map(tag), fieldOwners: l.fieldOwners.map(tag) }));
}

/**
 * `slots`: the session's manager colours (managerSlots of its managers in order of appearance);
 * `marks`: what the step did to the lines (rowMarks); `focus`: the user's choice of lines, else
 * the default for the object's size.
 */
export function objectModel(
  view: ObjectView,
  before: ObjectView | undefined,
  slots: ReadonlyMap<string, number> = new Map(),
  marks: ReadonlyMap<string, RowMark> = new Map(),
  focus?: Focus,
  values: readonly ValueChange[] = [],
): ObjectModel {
  const tag = tagger(view.owners, slots);
  const { lines } = blameOf(view);
  const previous = before ? blameOf(before).byPath : undefined;
  // Values that went from one value to another: an added value is the line itself, a removed one has no line.
  const changedValues = new Map(values.filter((v) => v.object === view.display && v.before !== null && v.after !== null).map((v) => [v.path, v]));
  const rows: BlameRow[] = lines.map((l) => {
    const owners = l.owners.map(tag);
    const key = owners.map((o) => o.key).join('\u0000');
    const changed = previous !== undefined && l.path !== undefined && previous.get(l.path) !== key && !(key === '' && !previous.has(l.path));
    // A mark on the list item starting here (a 409 on a duplicated item, an item taken) is the line's too; the stronger wins.
    const fieldMark = l.path !== undefined ? marks.get(l.path) : undefined;
    const itemMark = l.item ? marks.get(pathToString(l.item.at)) : undefined;
    const mark = fieldMark && itemMark ? (MARK_ORDER.indexOf(itemMark.kind) < MARK_ORDER.indexOf(fieldMark.kind) ? itemMark : fieldMark) : (fieldMark ?? itemMark);
    const value = l.path !== undefined ? changedValues.get(l.path) : undefined;
    return {
      text: l.text,
      path: l.path,
      owners,
      shared: owners.length > 1,
      viaAtomic: l.viaAtomic,
      changed,
      ...(mark ? { mark } : {}),
      ...(l.item ? { item: pathToString(l.item.at) } : {}),
      ...(value ? { value } : {}),
    };
  });
  const inEffect = focus ?? defaultFocus(rows);
  // An entry's FieldsV1 as recorded (`stored`: an entry of another API version, version-owners.ts).
  const beforeSets = new Map((before?.owners ?? []).map((e) => [ownerKey(e), e.stored ?? e.set]));
  const entries: EntryModel[] = view.owners.map((e) => {
    const old = beforeSets.get(ownerKey(e));
    return {
      tag: tag(e),
      operation: e.operation,
      apiVersion: e.apiVersion,
      subresource: e.subresource,
      time: e.time,
      fieldCount: (e.stored ?? e.set).size(),
      fieldCountBefore: before === undefined ? undefined : (old?.size() ?? 0),
      changed: before !== undefined && (old === undefined || !old.equals(e.stored ?? e.set)),
      rows: lazy(() => fieldsV1Rows(e.stored ?? e.set)),
    };
  });
  const seen = new Set<string>();
  const legend: OwnerTag[] = [];
  for (const e of entries) {
    if (seen.has(e.tag.label)) continue;
    seen.add(e.tag.label);
    legend.push(e.tag);
  }
  const now = new Set(view.owners.map(ownerKey));
  const beforeTag = tagger(before?.owners ?? [], slots);
  const goneEntries = (before?.owners ?? []).filter((e) => !now.has(ownerKey(e))).map((e) => ({ tag: beforeTag(e), fieldCountBefore: (e.stored ?? e.set).size() }));
  return { display: view.display, goneEntries, rows, focus: inEffect, shown: shownRows(rows, inEffect), entries, legend };
}

/** Records are frozen and kept by the session: each step's value changes are read once. */
const valueCache = new WeakMap<StepRecord, readonly ValueChange[]>();

function stepValues(rec: StepRecord): readonly ValueChange[] {
  let v = valueCache.get(rec);
  if (!v) {
    v = valueChanges(rec.changes, rec.before, rec.after);
    valueCache.set(rec, v);
  }
  return v;
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
    facts: resultFactLines(rec.result),
    notes: rec.result.notes,
    expectations: rec.expectations.map((e) => ({ passed: e.passed, description: e.description, detail: e.detail, source: formatSource(e.expectation.source) })),
    changes: rec.changes,
    values: stepValues(rec),
  };
}

export interface ViewOptions {
  /** The object the user picked (by display name). */
  readonly preferredObject?: string;
  /** A what-if run from this position; when it ran, the page shows its result and state. */
  readonly whatIf?: WhatIf;
  /** The lines the user chose to see (undefined: the default for the object's size). */
  readonly focus?: Focus;
}

/** The step list: each step of the scenario with how it went (or that it has not run yet). */
export function stepItems(s: Session): StepItem[] {
  return (s.scenario?.steps ?? []).map((st, i) => {
    const rec = s.steps[i];
    return { number: i + 1, title: st.title || `${st.action}`, ok: rec?.result.ok, passed: rec?.passed, expectedFailure: rec !== undefined && failureExpected(rec), pending: !rec && !s.done };
  });
}

/**
 * A position's model brought up to the run `s`: what depends on the steps after the position
 * (the step list, the last position, the problem that stopped the run) from `s`, the rest as it
 * was. A position's own model does not change as later steps run (each manager keeps its colour
 * slot as others appear), so a model made before the whole run was, with withRun, is the one
 * made after it.
 */
export function withRun(m: PageModel, s: Session): PageModel {
  return { ...m, steps: stepItems(s), last: lastReachable(s), problem: s.problem };
}

export function pageModel(s: Session, requested: number, opts: ViewOptions = {}): PageModel {
  const pos = clampPosition(s, requested);
  const sc = s.scenario;
  const steps = stepItems(s);
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
    object = objectModel(view, prior, s.managerSlots, rowMarks(rec, view, sc?.mode === 'engine'), opts.focus, rec ? stepValues(rec) : []);
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
    last: lastReachable(s),
    result,
    problem: s.problem,
    whatIf,
    objects,
    selected,
    object,
    time: snapshot?.time,
  };
}
