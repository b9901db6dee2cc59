/**
 * What an apply did to one field, read from the API server's actual result (a dry run against
 * captured objects): one verdict per path, from the 409's causes when it failed, else from who
 * owned the path before and after (the ownership reader under the object's schema) and whether
 * the field is there. `ssa-sim explain -f` prints it.
 */
import type { Path } from '../fieldpath/path-element.js';
import { causeNamesEntry } from '../apiserver/conflict-status.js';
import { pathToString } from '../fieldpath/path-string.js';
import { ownersOfPath } from '../typed/owners-of-path.js';
import { compareStrings } from '../value/compare-strings.js';
import { valueEquals } from '../value/equals.js';
import type { Value } from '../value/value.js';
import { type OwnerEntry, ownerKey, ownerLabeler } from './owners.js';
import type { ConflictReport, ObjectView } from './run-types.js';
import { valueAtPath } from './value-at-path.js';
import { stringifyJson } from '../value/stringify-json.js';

export type VerdictKind = 'ADD' | 'TAKE' | 'SHARE' | 'CONFLICT' | 'REMOVE' | 'GIVE UP' | 'NO CHANGE';

export interface PathVerdict {
  readonly verdict: VerdictKind;
  /** The path as field paths write it. */
  readonly path: string;
  readonly manager: string;
  /** Managers owning the path before and after the apply (after: as if it succeeded, for CONFLICT). */
  readonly ownersBefore: readonly string[];
  readonly ownersAfter: readonly string[];
  /**
   * For CONFLICT: the managers the server named, per conflicting path at or above this one, or
   * (`atVersion`) a path of the manager's entry at another API version that this one converts to.
   */
  readonly conflicts: readonly (ConflictReport & { readonly atVersion?: string })[];
  readonly valueBefore: Value | undefined;
  readonly valueAfter: Value | undefined;
  /**
   * The entries owning the path after the apply other than the applier's Apply entry, and those
   * of them before that lost it, named as the views name entries (`m (Update)` beside m's Apply
   * entry): the verdict is about entries, as the API server keys owners.
   */
  readonly othersAfter: readonly string[];
  /** For CONFLICT: the entries the 409 names, so named (`a (/scale)`). */
  readonly conflictOwners: readonly string[];
  readonly lost: readonly string[];
  /** Every entry owning the path after the apply, so named. */
  readonly entriesAfter: readonly string[];
}

function ownerNames(view: ObjectView | undefined, path: Path): string[] {
  return [...new Set(owningEntries(view, path).map((e) => e.manager))].sort(compareStrings);
}

function owningEntries(view: ObjectView | undefined, path: Path): OwnerEntry[] {
  return view ? ownersOfPath(view.owners, path, view.type.get(), view.object).map((o) => o.entry) : [];
}

/**
 * The verdict for `path` when `manager` applied. `before`/`after` are the object in the dry
 * run's snapshots (`after` undefined when the apply failed); `conflicts` the server's causes for
 * this object.
 */
export function pathVerdict(input: {
  readonly path: Path;
  readonly manager: string;
  readonly before: ObjectView | undefined;
  readonly after: ObjectView | undefined;
  readonly conflicts: readonly ConflictReport[];
}): PathVerdict {
  const { path, manager, before, after } = input;
  const text = pathToString(path);
  const valueBefore = before ? valueAtPath(before.object, path) : undefined;
  const valueAfter = after ? valueAtPath(after.object, path) : undefined;
  const ownersBefore = ownerNames(before, path);
  const ownersAfter = ownerNames(after, path);
  // A conflict at the version of an entry written at another one (a 409 names its paths there):
  // this path's if the path stands for it at that version (version-owners.ts).
  const atVersion = (c: ConflictReport): string | undefined =>
    before?.owners.find((e) => e.manager === c.manager && e.reach !== undefined && e.reach(path).paths().some((p) => pathToString(p) === c.path))?.apiVersion;
  // The 409's paths are text; this path's own prefixes, element by element, are what they may be
  // (`.data.a` is not a prefix of `.data.a.b` when "a.b" is one key).
  const prefixes = new Set(path.map((_, n) => pathToString(path.slice(0, n + 1))));
  const here = input.conflicts.flatMap((c) => {
    if (prefixes.has(c.path)) return [c];
    const v = atVersion(c);
    return v === undefined ? [] : [{ ...c, atVersion: v }];
  });
  // The applier is its Apply entry of the main resource; its other entries are owners like any other.
  const label = ownerLabeler([...(before?.owners ?? []), ...(after?.owners ?? [])]);
  const mine = (e: OwnerEntry) => e.manager === manager && e.operation === 'Apply' && e.subresource === '';
  const entriesBefore = owningEntries(before, path);
  const entriesAfter = owningEntries(after, path);
  const othersAfterKeys = new Set(entriesAfter.filter((e) => !mine(e)).map(ownerKey));
  const othersAfter = entriesAfter.filter((e) => !mine(e)).map(label).sort(compareStrings);
  const lost = entriesBefore.filter((e) => !mine(e) && !othersAfterKeys.has(ownerKey(e))).map(label).sort(compareStrings);
  const named = (c: ConflictReport) =>
    before?.owners.find((e) => (c.owner !== undefined ? causeNamesEntry(`conflict with ${c.owner}`, e) : e.manager === c.manager));
  const conflictOwners = [...new Set(here.map((c) => { const e = named(c); return e ? label(e) : c.manager; }))];
  const base = { path: text, manager, ownersBefore, ownersAfter, conflicts: here, valueBefore, valueAfter, othersAfter, conflictOwners, lost, entriesAfter: entriesAfter.map(label).sort(compareStrings) };
  if (here.length > 0) return { ...base, verdict: 'CONFLICT' };
  const mineBefore = entriesBefore.some(mine);
  const mineAfter = entriesAfter.some(mine);
  let verdict: VerdictKind;
  if (mineAfter && !mineBefore) {
    if (valueBefore === undefined) verdict = 'ADD';
    else if (lost.length > 0 || othersAfter.length === 0) verdict = 'TAKE';
    else verdict = 'SHARE';
  } else if (mineAfter) verdict = lost.length > 0 ? 'TAKE' : 'NO CHANGE';
  else if (valueBefore !== undefined && valueAfter === undefined) verdict = 'REMOVE';
  else if (mineBefore) verdict = 'GIVE UP';
  else verdict = 'NO CHANGE';
  return { ...base, verdict };
}

/** The verdict in words, one line per fact, for `explain -f`. */
export function describeVerdict(v: PathVerdict): string[] {
  const show = (x: Value | undefined) => (x === undefined ? 'nothing' : stringifyJson(x));
  const others = v.othersAfter;
  const list = (names: readonly string[]) => names.join(' and ');
  const changed = !valueEquals(v.valueBefore ?? null, v.valueAfter ?? null);
  switch (v.verdict) {
    case 'CONFLICT': {
      const managers = v.conflictOwners;
      const ancestors = v.conflicts.filter((c) => c.path !== v.path && c.atVersion === undefined).map((c) => c.path);
      const converted = v.conflicts.filter((c) => c.atVersion !== undefined).map((c) => `as ${c.path} at ${c.atVersion}`);
      const at = [...(ancestors.length ? [`as part of ${ancestors.join(', ')}`] : []), ...converted];
      // A field the live object lacks is added by any value: there is no live value to share.
      if (v.valueBefore === undefined) {
        return [
          `  - CONFLICT: ${list(managers)} own${managers.length === 1 ? 's' : ''} it${at.length ? ` (${at.join('; ')})` : ''} and the manifest sets ${show(v.valueAfter)} where the live object does not have it: the server answers 409.`,
          '    Resolve it by --force-conflicts (take it) or removing it from the manifest (leave it to them): any value adds it, so it cannot be shared.',
        ];
      }
      return [
        `  - CONFLICT: ${list(managers)} own${managers.length === 1 ? 's' : ''} it${at.length ? ` (${at.join('; ')})` : ''} and the manifest sets ${show(v.valueAfter)} where the live value is ${show(v.valueBefore)}: the server answers 409.`,
        '    Resolve it by --force-conflicts (take it), removing it from the manifest (leave it to them), or setting the live value (share it).',
      ];
    }
    case 'ADD':
      return [`  - ADD: the live object does not have it; the manifest adds it as ${show(v.valueAfter)} and ${v.manager} would own it${others.length ? ` with ${list(others)}` : ''}.`];
    case 'TAKE': {
      const lost = v.lost;
      return [`  - TAKE: ${v.manager} would take it${lost.length ? ` from ${list(lost)}` : ' (nobody else owned it)'}${changed ? `, setting ${show(v.valueAfter)} (was ${show(v.valueBefore)})` : ''}.`];
    }
    case 'SHARE':
      return [`  - SHARE: the manifest sets the live value ${show(v.valueAfter)}, so ${v.manager} would co-own it with ${list(others)}: no conflict.`];
    case 'REMOVE':
      return [`  - REMOVE: the apply would remove it (was ${show(v.valueBefore)}): the manifest leaves it out and nobody else owns it.`];
    case 'GIVE UP': {
      // Nobody owns it after the apply, yet the server's answer has it: the server set it.
      const stays = others.length
        ? `it stays because ${list(others)} still own${others.length === 1 ? 's' : ''} it${changed ? `; its value changes from ${show(v.valueBefore)} to ${show(v.valueAfter)}` : ''}`
        : changed
          ? `nobody owns it after the apply, and the API server sets it to ${show(v.valueAfter)} (was ${show(v.valueBefore)})`
          : `nobody owns it after the apply, and it stays as ${show(v.valueAfter)}`;
      return [`  - GIVE UP: the manifest leaves it out, so ${v.manager} would stop owning it; ${stays}.`];
    }
    case 'NO CHANGE':
      return [
        `  - NO CHANGE: ${v.entriesAfter.length ? `${list(v.entriesAfter)} own${v.entriesAfter.length === 1 ? 's' : ''} it before and after` : 'nobody owns it before or after'}${changed ? `; its value changes from ${show(v.valueBefore)} to ${show(v.valueAfter)}` : ''}.`,
      ];
  }
}
