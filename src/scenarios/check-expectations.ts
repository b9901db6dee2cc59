/**
 * Checking one step's expectations against what its action did and the snapshot after it.
 */
import { encodeFieldsV1, fieldsV1ValueText } from '../fieldpath/fieldsv1-encode.js';
import { compareStrings } from '../value/compare-strings.js';
import { valueEquals } from '../value/equals.js';
import type { Value } from '../value/value.js';
import { exactMismatch, subsetMismatch } from './match-value.js';
import type { ConflictSpec, LocatedExpectation, ManagedEntrySpec, ObjectRef } from './model.js';
import type { OwnerEntry } from './owners.js';
import type { CheckContext, ExpectationResult, ObjectView, Snapshot, Verdict } from './run-types.js';
import { ownerNamesAt, readUserPath } from './locate-path.js';
import { resolvePathString } from './value-at-path.js';
import { checkPathValue } from './check-path-value.js';
import { checkUnchanged } from './check-unchanged.js';
import { checkRequests, checkResponse, noResponse } from './check-wire.js';
import { fullObject, refText, viewOf } from './object-views.js';
import { stringifyJson } from '../value/stringify-json.js';

export type { CheckContext } from './run-types.js';

export function checkExpectations(expectations: readonly LocatedExpectation[], ctx: CheckContext): ExpectationResult[] {
  return expectations.map((e) => checkExpectation(e, ctx));
}

const NO_TARGET = 'this step touched no object; name one with `target: {kind, name, namespace}`';

function findView(snapshot: Snapshot, target: ObjectRef | undefined, touched: readonly ObjectRef[]): ObjectView | string {
  const ref = target ?? touched[0];
  if (!ref) {
    if (snapshot.objects.length === 1) return snapshot.objects[0];
    return NO_TARGET;
  }
  return viewOf(snapshot, ref) ?? `no ${refText(ref)} exists after this step`;
}

/**
 * A one-line text as the reader should see it, with no backslash the text itself does not have: in
 * double quotes, or in single quotes when it holds double quotes (a 409's message names managers in
 * double quotes, a path's keys are quoted). Only a text with a control character, or with both kinds
 * of quote, is JSON-escaped.
 */
function quote(s: string): string {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(s)) return JSON.stringify(s);
  if (!s.includes('"')) return `"${s}"`;
  if (!s.includes("'")) return `'${s}'`;
  return JSON.stringify(s);
}

/** A text after a word such as "is": quoted on the line, or, when it has several lines (a 409 with
 * several conflicts, a command's output), after a colon on lines of its own, as it was printed. */
function said(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.includes('\n') && !/[\u0000-\u0009\u000b-\u001f\u007f]/.test(s) ? `:\n${s}` : ` ${quote(s)}`;
}

export function checkExpectation(le: LocatedExpectation, ctx: CheckContext): ExpectationResult {
  const e = le.expectation;
  const r = ctx.result;
  const done: Verdict = (description, detail) => ({
    expectation: le,
    passed: detail === undefined,
    description,
    detail,
  });
  const view = (): ObjectView | string => findView(ctx.after, le.target, r.touched);
  switch (e.kind) {
    case 'exists': {
      const ref = le.target ?? r.touched[0];
      if (!ref) return done(e.value ? 'the object exists' : 'the object does not exist', NO_TARGET);
      const found = viewOf(ctx.after, ref) !== undefined;
      const detail = found === e.value ? undefined : found ? `after step ${ctx.step}, ${refText(ref)} exists` : `after step ${ctx.step}, there is no ${refText(ref)}`;
      return done(`${refText(ref)} ${e.value ? 'exists' : 'does not exist'}`, detail);
    }
    case 'unchangedSince':
      return checkUnchanged(e, le.target ?? r.touched[0], ctx, done);
    case 'length':
    case 'contains': {
      if (e.in === 'response') {
        const body = ctx.result.response?.body;
        return checkPathValue(e, body === undefined ? noResponse(ctx.step) : { value: body }, 'the response ', ctx.step, done);
      }
      const v = view();
      return checkPathValue(e, typeof v === 'string' ? v : { value: fullObject(v) }, '', ctx.step, done);
    }
    case 'responseCode':
    case 'responseBody':
      return checkResponse(e, ctx, done);
    case 'requests':
      return checkRequests(e, ctx, done);
    case 'succeeds':
      return done(e.value ? 'the step succeeds' : 'the step fails', r.ok === e.value ? undefined : r.ok ? 'it succeeded' : `it failed: ${r.error ?? r.stderr.trim()}`);
    case 'error':
      return done(`the error is${said(e.text)}`, r.error === e.text ? undefined : r.error === undefined ? 'the step succeeded' : `the error was${said(r.error)}`);
    case 'stdout':
      return done(`the output is${said(e.text)}`, r.stdout === e.text ? undefined : `the output was${said(r.stdout)}`);
    case 'stderr':
      return done(`the error output is${said(e.text)}`, r.stderr === e.text ? undefined : `the error output was${said(r.stderr)}`);
    case 'stdoutIncludes':
      return done(`the output includes${said(e.text)}`, r.stdout.includes(e.text) ? undefined : `the output was${said(r.stdout)}`);
    case 'stderrIncludes':
      return done(`the error output includes${said(e.text)}`, r.stderr.includes(e.text) ? undefined : `the error output was${said(r.stderr)}`);
    case 'exitCode':
      return done(`the exit code is ${e.code}`, r.exitCode === e.code ? undefined : `it was ${r.exitCode}`);
    case 'conflicts':
      return done(`conflicts: ${describeConflicts(e.conflicts)}`, conflictMismatch(e.conflicts, r.conflicts));
    case 'owners': {
      const v = view();
      const description = `${e.path} is owned by ${e.managers.length ? e.managers.join(', ') : 'nobody'}`;
      if (typeof v === 'string') return done(description, v);
      const actual = ownerNamesAt(v, e.path);
      const want = [...new Set(e.managers)].sort(compareStrings);
      if (actual.length === 0) {
        // A path the object lacks and no entry names: a typo says nothing about ownership.
        const read = readUserPath(v.object, v.type.get(), v.owners, e.path);
        if ('problem' in read) return done(description, `neither the object nor a managedFields entry has it: ${read.problem} (to say a field is not there, use absent)`);
      }
      return done(description, valueEquals(want, actual) ? undefined : `it is owned by ${actual.length ? actual.join(', ') : 'nobody'}`);
    }
    case 'absent': {
      const v = view();
      const description = `${e.path} is not in the object`;
      if (typeof v === 'string') return done(description, v);
      return done(description, resolvePathString(fullObject(v), e.path) === undefined ? undefined : 'it is there');
    }
    case 'object': {
      const v = view();
      const description = e.exact ? 'the object is exactly as given' : 'the object contains what is given';
      if (typeof v === 'string') return done(description, v);
      return done(description, e.exact ? exactMismatch(e.value, v.object) : subsetMismatch(e.value, v.object));
    }
    case 'managedFields': {
      const v = view();
      const description = e.exact ? `managedFields are exactly the ${e.entries.length} given entries` : `managedFields include ${e.entries.map((x) => x.manager).join(', ')}`;
      if (typeof v === 'string') return done(description, v);
      return done(description, managedMismatch(e.entries, v.owners, e.exact));
    }
    case 'changes': {
      const lines = ctx.changes.flatMap((c) => c.changes.map((x) => x.text));
      const missing = e.lines.filter((l) => !lines.includes(l));
      return done(
        `ownership changes include ${e.lines.map(quote).join(', ')}`,
        missing.length === 0 ? undefined : `missing ${missing.map(quote).join(', ')}; the changes were: ${lines.length ? lines.map(quote).join(', ') : 'none'}`,
      );
    }
  }
}

function describeConflicts(cs: readonly ConflictSpec[]): string {
  if (cs.length === 0) return 'none';
  return cs.map((c) => `${c.manager} ${c.path}`).join(', ');
}

function byManager(cs: readonly ConflictSpec[]): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const c of cs) m.set(c.manager, [...(m.get(c.manager) ?? []), c.path]);
  return m;
}

/** Same managers, and per manager the same paths in the same order (the vectors' rule). */
function conflictMismatch(expected: readonly ConflictSpec[], actual: readonly ConflictSpec[]): string | undefined {
  const e = byManager(expected);
  const a = byManager(actual);
  for (const name of new Set([...e.keys(), ...a.keys()])) {
    if (JSON.stringify(e.get(name) ?? []) !== JSON.stringify(a.get(name) ?? [])) {
      return `the conflicts were: ${describeConflicts(actual)}`;
    }
  }
  return undefined;
}

function entryText(e: OwnerEntry): string {
  return `${e.manager} ${e.operation}${e.subresource ? ` /${e.subresource}` : ''} ${e.apiVersion}${e.time ? ` ${e.time}` : ''} ${entryFieldsText(e)}`;
}

/** The entry's FieldsV1 as stored, or its set encoded when it has no stored form (engine scenarios). */
function entryFieldsText(e: OwnerEntry): string {
  return e.fieldsV1 !== undefined ? fieldsV1ValueText(e.fieldsV1) : encodeFieldsV1(e.set);
}

function specText(s: ManagedEntrySpec): string {
  const parts = [s.manager];
  if (s.operation) parts.push(s.operation);
  if (s.subresource) parts.push(`/${s.subresource}`);
  if (s.apiVersion) parts.push(s.apiVersion);
  if (s.time) parts.push(s.time);
  if (s.fieldsV1 !== undefined) parts.push(s.fieldsV1Text ?? stringifyJson(s.fieldsV1));
  return parts.join(' ');
}

/** Undefined when the entry matches the spec; otherwise the first field that differs. */
function entryMismatch(s: ManagedEntrySpec, e: OwnerEntry): string | undefined {
  if (s.manager !== e.manager) return `manager is ${e.manager}`;
  if (s.operation !== undefined && s.operation !== e.operation) return `operation is ${e.operation}`;
  if (s.subresource !== undefined && s.subresource !== e.subresource) return `subresource is${said(e.subresource)}`;
  if (s.apiVersion !== undefined && s.apiVersion !== e.apiVersion) return `apiVersion is ${e.apiVersion}`;
  if (s.time !== undefined && s.time !== e.time) return `time is ${e.time ?? 'not set'}`;
  if (s.fieldsV1 !== undefined) {
    const text = entryFieldsText(e);
    if (s.fieldsV1Text !== undefined ? text !== s.fieldsV1Text : !valueEquals(JSON.parse(text) as Value, s.fieldsV1)) return `fieldsV1 is ${text}`;
  }
  return undefined;
}

function managedMismatch(specs: readonly ManagedEntrySpec[], actual: readonly OwnerEntry[], exact: boolean): string | undefined {
  const list = () => (actual.length ? actual.map((a) => `\n    ${entryText(a)}`).join('') : ' none');
  if (exact) {
    if (specs.length !== actual.length) return `there are ${actual.length} entries:${list()}`;
    for (let i = 0; i < specs.length; i++) {
      const m = entryMismatch(specs[i], actual[i]);
      if (m) return `entry ${i + 1} (${specText(specs[i])}): ${m}; the entries are:${list()}`;
    }
    return undefined;
  }
  for (const s of specs) {
    const candidates = actual.filter(
      (a) =>
        a.manager === s.manager &&
        (s.operation === undefined || s.operation === a.operation) &&
        (s.subresource === undefined || s.subresource === a.subresource),
    );
    if (candidates.length === 0) return `no entry for ${s.manager}${s.operation ? ` (${s.operation})` : ''}; the entries are:${list()}`;
    const mismatches = candidates.map((c) => entryMismatch(s, c));
    if (!mismatches.includes(undefined)) return `${specText(s)}: ${mismatches[0]}`;
  }
  return undefined;
}
