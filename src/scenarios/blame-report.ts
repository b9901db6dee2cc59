/**
 * One object's blame as data (`ssa-sim blame -o json`, docs/reports.md `## blame -o json`; the
 * playground's "your own objects" view shows the same answer): each line of the object's YAML
 * with its owners, by index into `entries`.
 */
import { pathToString } from '../fieldpath/path-string.js';
import { absentFields, blameLines } from './blame.js';
import type { OwnerEntry } from './owners.js';
import { objectDisplayName } from './read-live-objects.js';
import type { TypedLiveObject } from './typed-live-objects.js';

/** A managedFields entry as the reports name it. */
export function entryReport(e: OwnerEntry) {
  return { manager: e.manager, operation: e.operation, apiVersion: e.apiVersion, subresource: e.subresource, time: e.time ?? null };
}

export function blameReport(live: TypedLiveObject) {
  const lines = blameLines(live.object, live.owners, live.type);
  const index = (e: OwnerEntry) => live.owners.indexOf(e);
  return {
    object: objectDisplayName(live.manifest.object),
    entries: live.owners.map(entryReport),
    lines: lines.map((l) => ({
      text: l.text,
      path: l.path ?? null,
      owners: l.owners.map(index),
      fieldOwners: l.fieldOwners.map(index),
      item: l.item ? { path: pathToString(l.item.at), owners: l.item.owners.map(index) } : null,
      shared: l.owners.length > 1,
      viaAtomic: l.viaAtomic,
    })),
    absent: absentFields(live.object, live.owners).map((a) => ({ path: a.path, owners: a.owners.map(index), fields: a.fields })),
  };
}

export type BlameReport = ReturnType<typeof blameReport>;
