import { ownerNamesAt } from '../../scenarios/locate-path.js';
import { clusterObjectDisplay } from '../../scenarios/cluster-mode.js';
import { offlineApply } from '../../scenarios/offline-apply.js';
import { readManifests } from '../../manifest/index.js';
import { resolvePathString, valueAtPath } from '../../scenarios/value-at-path.js';
import { valueEquals } from '../../value/equals.js';
import type { Value, ValueMap } from '../../value/value.js';
import type { CommandIO } from '../io.js';
import { readInput } from '../read-input.js';
import type { SchemaCatalog } from '../../schema/catalog.js';

export interface ExplainApplyInput {
  readonly live: ValueMap;
  readonly pathText: string;
  readonly manifestFile: string;
  readonly manager: string;
  readonly force: boolean;
  readonly io: CommandIO;
  readonly now: number;
  readonly catalog: SchemaCatalog;
}

const show = (v: Value | undefined) => (v === undefined ? 'nothing' : JSON.stringify(v));

/** What applying the manifest as `manager` would do to the field, and why. */
export async function explainApplyOnPath(input: ExplainApplyInput): Promise<string[]> {
  const manifest = await readInput(input.manifestFile, input.io);
  const objects = readManifests(manifest.text, { file: manifest.name }).manifests.map((o) => o.object);
  const now = new Date(input.now).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const run = (force: boolean) =>
    offlineApply({ catalog: input.catalog, live: [input.live], manifests: objects, fieldManager: input.manager, force, clientSide: false, now });
  const display = clusterObjectDisplay(input.live);
  const out: string[] = [`  if ${input.manager} applied ${input.manifestFile}${input.force ? ' with --force-conflicts' : ''}:`];
  const first = run(input.force);
  const conflictsHere = first.outcome.exitCode !== 0 && first.outcome.stderr.includes(input.pathText);
  const viewOf = (snap: typeof first.after) => snap.objects.find((o) => o.display === display);
  const before = viewOf(first.before);
  const nameOf = (o: ValueMap) => `${String(o.kind)}/${String((o.metadata as ValueMap | undefined)?.name)}`;
  const manifestObj = objects.find((o) => nameOf(o) === nameOf(input.live)) ?? objects[0];
  const inManifest = manifestObj ? resolvePathString(manifestObj, input.pathText) : undefined;
  const liveValue = before ? valueAtPath(before.object, resolvePathString(before.object, input.pathText) ?? []) : undefined;
  const wanted = inManifest && manifestObj ? valueAtPath(manifestObj, inManifest) : undefined;
  const ownersBefore = before ? ownerNamesAt(before, input.pathText).filter((m) => m !== input.manager) : [];
  if (conflictsHere) {
    out.push(
      `  - CONFLICT: ${ownersBefore.join(' and ') || 'another manager'} own${ownersBefore.length === 1 ? 's' : ''} it and the manifest sets ${show(wanted)} where the live value is ${show(liveValue)}.`,
      '    Resolve it by --force-conflicts (take it), removing it from the manifest (leave it to them), or setting the live value (share it).',
    );
    return out;
  }
  let result = first;
  if (first.outcome.exitCode !== 0) {
    out.push('  - the apply fails on other fields (see `ssa-sim preview`); if those were resolved:');
    result = run(true);
  }
  const after = viewOf(result.after);
  const path = after ? resolvePathString(after.object, input.pathText) : undefined;
  const ownersAfter = after ? ownerNamesAt(after, input.pathText) : [];
  const mine = ownersAfter.includes(input.manager);
  const others = ownersAfter.filter((m) => m !== input.manager);
  const lost = ownersBefore.filter((m) => !others.includes(m));
  if (mine && ownersBefore.length === 0) out.push(`  - TAKE: nobody else owns it; ${input.manager} would own it${valueEquals(wanted ?? null, liveValue ?? null) ? '' : ` and set it to ${show(wanted)}`}.`);
  else if (mine && lost.length > 0) out.push(`  - TAKE: ${input.manager} would take it from ${lost.join(' and ')} (forced), setting ${show(wanted)}.`);
  else if (mine) out.push(`  - SHARE: the manifest sets the live value ${show(liveValue)}, so ${input.manager} would co-own it with ${others.join(' and ')}: no conflict.`);
  else if (!path && liveValue !== undefined) out.push(`  - REMOVE: ${input.manager} applied it before, the manifest leaves it out, and nobody else owns it.`);
  else if (path && before && ownerNamesAt(before, input.pathText).includes(input.manager))
    out.push(`  - GIVE UP: the manifest leaves it out; it stays because ${others.join(' and ') || 'nobody (unowned now)'} still own${others.length === 1 ? 's' : ''} it.`);
  else out.push(`  - UNTOUCHED: the manifest does not set it and ${input.manager} does not own it.`);
  return out;
}
