/**
 * "Your own objects", the preview: a manifest applied to the pasted live objects as
 * `ssa-sim preview -f MANIFEST --live LIVE [--field-manager NAME] [--client-side]
 * [--force-conflicts]` applies it — the same function (src/scenarios/preview-apply.ts), so the
 * same conflicts, 409 text, ownership changes and value changes — and each object the apply
 * touched shown after it with the scenario view's marks (409, took, shares...).
 */
import { SsaError } from '../errors/ssa-error.js';
import { readManifests } from '../manifest/index.js';
import { NO_MANIFEST_OBJECTS, type Preview, type PreviewOutput, preview, previewOutput } from '../scenarios/preview-apply.js';
import { managerSlots } from './manager-colour.js';
import { cliProblem, type OwnObjects } from './own-objects.js';
import { type Focus, type ObjectModel, marksOf, objectModel } from './page-model.js';
import type { Problem } from './problem.js';

/** The name a pasted manifest's errors carry (an opened file keeps its own). */
export const PASTED_MANIFEST = 'manifest.yaml';

export interface OwnPreviewInput {
  readonly manifestText: string;
  readonly manifestName?: string;
  /** Empty or undefined: kubectl's own manager, as without --field-manager. */
  readonly fieldManager?: string;
  readonly clientSide: boolean;
  /** --force-conflicts (server-side only). */
  readonly force: boolean;
  /** The time of the apply (RFC 3339); the page passes its clock. */
  readonly now: string;
}

export interface OwnPreview {
  readonly problem: Problem | undefined;
  readonly preview: Preview | undefined;
  /** What `ssa-sim preview` prints, stream by stream. */
  readonly output: PreviewOutput | undefined;
  /** The objects the apply conflicted on or changed, after it, with the step view's marks (large ones focused on them). */
  readonly objects: readonly ObjectModel[];
  /** The same object with every line shown. */
  readonly whole: (index: number) => ObjectModel;
}

const failed = (problem: Problem): OwnPreview => ({ problem, preview: undefined, output: undefined, objects: [], whole: () => { throw new Error('no object'); } });

export function runOwnPreview(live: OwnObjects, input: OwnPreviewInput): OwnPreview {
  const manifestName = input.manifestName ?? PASTED_MANIFEST;
  // The CLI's usage error for the same flags (the page's force box is off for client-side).
  if (input.clientSide && input.force) return failed({ title: 'The options do not go together', message: '--force-conflicts only works with --server-side', line: undefined, column: undefined, excerpt: [] });
  let p: Preview;
  try {
    const { manifests } = readManifests(input.manifestText, { file: manifestName });
    if (manifests.length === 0) throw new SsaError('INPUT', NO_MANIFEST_OBJECTS, { source: { file: manifestName } });
    const manager = input.fieldManager?.trim();
    p = preview({
      catalog: live.catalog,
      live: live.live.map((o) => o.manifest.object),
      manifests,
      fieldManager: manager === '' ? undefined : manager,
      force: input.force,
      clientSide: input.clientSide,
      now: input.now,
      namespace: undefined,
      filename: manifestName,
      manifestName,
      liveName: live.name,
    });
  } catch (err) {
    return failed(cliProblem(err, 'The manifest could not be applied', input.manifestText, manifestName));
  }
  const r = p.result;
  // The applier takes the next free colour after the dump's managers.
  const slots = managerSlots([...live.objects.map((o) => o.model.entries.map((e) => e.tag.manager)), ...r.after.objects.map((o) => o.owners.map((e) => e.manager))]);
  const shown = new Set([...r.changes.map((c) => c.display), ...p.report.conflicts.map((c) => c.object)]);
  const models = r.after.objects
    .filter((view) => shown.has(view.display))
    .map((view) => {
      const before = r.before.objects.find((o) => o.display === view.display) ?? { ...view, object: null, owners: [] };
      const conflicts = p.report.conflicts.filter((c) => c.object === view.display);
      const changes = r.changes.find((c) => c.display === view.display)?.changes ?? [];
      return (focus?: Focus) => objectModel(view, before, slots, marksOf(conflicts, changes), focus);
    });
  const objects = models.map((m) => m());
  const whole = (i: number) => models[i]({ level: 'all', hideUnowned: false });
  return { problem: undefined, preview: p, output: previewOutput(p), objects, whole };
}
