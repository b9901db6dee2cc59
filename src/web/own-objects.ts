/**
 * "Your own objects": a `kubectl get -o yaml --show-managed-fields` dump (one object, several
 * documents or a List) read as `ssa-sim blame` reads it — the same functions of src/scenarios
 * (readLiveObjectsText, withSchemaTypes, blameReport) — and shown with the scenario view's line
 * model and colours (objectModel), plus its managedFields entries in the order of their times.
 * Custom resources are typed by the CRDs and schemas given in the page, read as `--schema FILE`
 * reads them. Nothing leaves the page.
 */
import { describeError, SsaError } from '../errors/ssa-error.js';
import { loadSchemaSources, type SchemaCatalog } from '../schema/catalog.js';
import { type BlameReport, blameReport } from '../scenarios/blame-report.js';
import { NO_OBJECTS, readLiveObjectsText } from '../scenarios/read-live-objects.js';
import type { ObjectView } from '../scenarios/run-types.js';
import { type TypedLiveObject, withSchemaTypes } from '../scenarios/typed-live-objects.js';
import { compareStrings } from '../value/compare-strings.js';
import { managerSlots } from './manager-colour.js';
import { type EntryModel, type ObjectModel, objectModel } from './page-model.js';
import { type Problem, problemFrom } from './problem.js';

/** The name a pasted dump's errors carry (a dropped or opened file keeps its own). */
export const PASTED_DUMP = 'live.yaml';

/** A schema source given in the page: an opened file, or the pasted text (`schema.yaml`). */
export interface SchemaText {
  readonly name: string;
  readonly text: string;
}

/** The name pasted schema text's errors carry. */
export const PASTED_SCHEMA = 'schema.yaml';

/** The sources with FILE added last, or in the place of the one of the same name (opened again). */
export function withSchemaText(sources: readonly SchemaText[], file: SchemaText): SchemaText[] {
  const at = sources.findIndex((s) => s.name === file.name);
  return at < 0 ? [...sources, file] : sources.map((s, i) => (i === at ? file : s));
}

/**
 * The built-in kinds plus each source, in order, as `--schema FILE`... reads them (CRDs, OpenAPI
 * v2/v3 or schema YAML, detected); an unreadable source is an error naming it.
 */
export function schemaCatalog(sources: readonly SchemaText[]): SchemaCatalog {
  const byName = new Map(sources.map((s) => [s.name, s.text]));
  return loadSchemaSources({ builtin: true, schemaFiles: [...byName.keys()], readFile: (name) => byName.get(name)! });
}

export interface OwnObject {
  readonly display: string;
  /** `ssa-sim blame -o json`'s answer for the object. */
  readonly report: BlameReport;
  /** Its lines with their owners, entries and legend, as the scenario view shows an object. */
  readonly model: ObjectModel;
  /** Its managedFields entries, oldest first (entries without a time last, in their order). */
  readonly history: readonly EntryModel[];
}

export interface OwnObjects {
  readonly name: string;
  readonly text: string;
  /** What blame writes to stderr as warnings, without `warning: `. */
  readonly warnings: readonly string[];
  readonly objects: readonly OwnObject[];
  /** The objects as read (for a preview against them). */
  readonly live: readonly TypedLiveObject[];
  /** The schema they were read with (the preview applies with it too). */
  readonly catalog: SchemaCatalog;
  /** Each manager's colour slot, in order of first appearance in the dump. */
  readonly slots: ReadonlyMap<string, number>;
  /** Why the dump could not be read: the CLI's message, at its line and column. */
  readonly problem: Problem | undefined;
  /** The problem is a kind no schema declares: a CRD or schema would help. */
  readonly unknownKind: boolean;
}

/** A problem whose message is the CLI's (`FILE:LINE:COLUMN: ...`), with the lines around it. */
export function cliProblem(err: unknown, title: string, text: string, file: string): Problem {
  const p = problemFrom(err, title, { text, file });
  return err instanceof SsaError ? { ...p, message: describeError(err) } : p;
}

/** Entries by time, as RFC 3339 strings in UTC sort; entries without a time keep their order, last. */
export function byTime(entries: readonly EntryModel[]): EntryModel[] {
  const timed = entries.filter((e) => e.time !== undefined);
  const untimed = entries.filter((e) => e.time === undefined);
  const at = (e: EntryModel) => Date.parse(e.time!);
  return [...timed.sort((a, b) => at(a) - at(b) || compareStrings(a.time!, b.time!)), ...untimed];
}

/** The view of a live object the scenario view's object model takes. */
export function liveView(live: TypedLiveObject, display: string): ObjectView {
  return { display, ref: undefined, object: live.object, owners: live.owners, type: { get: () => live.type } };
}

export function readOwnObjects(text: string, name: string = PASTED_DUMP, schemas: readonly SchemaText[] = []): OwnObjects {
  const failed = (problem: Problem, warnings: readonly string[] = [], unknownKind = false): OwnObjects => ({
    name,
    text,
    warnings,
    objects: [],
    live: [],
    catalog: loadSchemaSources({ builtin: true }),
    slots: new Map(),
    problem,
    unknownKind,
  });
  const unread = (err: unknown, warnings: readonly string[] = []) =>
    failed(cliProblem(err, 'The objects could not be read', text, name), warnings, err instanceof SsaError && err.code === 'UNKNOWN_KIND');
  let catalog: SchemaCatalog;
  try {
    catalog = schemaCatalog(schemas);
  } catch (err) {
    // Shown in the text of the source it names.
    const file = err instanceof SsaError ? err.source?.file : undefined;
    const source = schemas.find((s) => s.name === file) ?? { name: file ?? PASTED_SCHEMA, text: '' };
    return failed(cliProblem(err, 'The schemas could not be read', source.text, source.name));
  }
  let read: ReturnType<typeof readLiveObjectsText>;
  try {
    read = readLiveObjectsText(text, name);
    if (read.objects.length === 0) throw new SsaError('INPUT', NO_OBJECTS, { source: { file: name } });
  } catch (err) {
    return unread(err);
  }
  let live: TypedLiveObject[];
  try {
    live = withSchemaTypes(read.objects, catalog);
  } catch (err) {
    return unread(err, read.warnings);
  }
  const slots = managerSlots(live.map((o) => o.owners.map((e) => e.manager)));
  const objects = live.map((o) => {
    const report = blameReport(o);
    const model = objectModel(liveView(o, report.object), undefined, slots, new Map(), { level: 'all', hideUnowned: false });
    return { display: report.object, report, model, history: byTime(model.entries) };
  });
  return { name, text, warnings: read.warnings, objects, live, catalog, slots, problem: undefined, unknownKind: false };
}
