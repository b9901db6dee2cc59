import { SsaError } from '../../errors/ssa-error.js';
import { goQuote } from '../../fieldpath/format-go-value.js';
import { valueEquals } from '../../value/equals.js';
import { getKey } from '../../value/value.js';
import type { ActorOutcome, ClusterState, KubectlLabelOptions } from '../actor.js';
import { kubectlWire, runKubectl } from './kubectl.js';
import { jsonLength, readMap, withMapChanges } from './metadata-map.js';
import { successLine } from './output.js';
import { fetch, resolveTarget, sendPatch } from './target.js';
import { createMergePatch } from './three-way-patch.js';

/**
 * `kubectl label <resource>/<name> key=value ... [key-]` — manager `kubectl-label`, a JSON merge
 * patch (Update) of `metadata.labels`; the entry gets `.metadata.labels.<key>`. Without
 * `overwrite`, changing an existing value fails with
 * `error: 'key' already has a value (old), and --overwrite is false`. Line:
 * `deployment.apps/nginx labeled` (`unlabeled` when only removing without --overwrite,
 * `not labeled` when nothing changes; kubectl still sends the patch), after a line
 * `label "key" not found.` for each `key-` the object does not have (except with --dry-run=client).
 */
export function kubectlLabel(state: ClusterState, options: KubectlLabelOptions): ActorOutcome {
  const wire = kubectlWire(state, options);
  return runKubectl(wire, (errors) => {
    const t = resolveTarget(wire, options);
    const live = fetch(wire, t, errors);
    if (!live) return;
    const dryRun = options.dryRun ?? 'none';
    const current = readMap(live, 'labels');
    // Each label to remove that the object lacks is named first, before the --overwrite check
    // (not with --dry-run=client).
    if (dryRun !== 'client') {
      for (const [k, v] of Object.entries(options.labels)) if (v === null && getKey(current, k) === undefined) wire.print(`label ${goQuote(k)} not found.\n`);
    }
    const overwrite = options.overwrite ?? false;
    if (!overwrite) {
      const problems = Object.entries(options.labels)
        .filter(([k, v]) => v !== null && getKey(current, k) !== undefined && getKey(current, k) !== v)
        .map(([k]) => `'${k}' already has a value (${String(getKey(current, k))}), and --overwrite is false`);
      if (problems.length === 1) throw new SsaError('INPUT', problems[0]);
      if (problems.length > 1) throw new SsaError('INPUT', `[${problems.join(', ')}]`);
    }
    const modified = withMapChanges(live, 'labels', options.labels);
    const patch = createMergePatch(live, modified);
    let msg = 'not labeled';
    if (!valueEquals(live, modified)) msg = !overwrite && jsonLength(modified) < jsonLength(live) ? 'unlabeled' : 'labeled';
    const r = sendPatch(wire, t, { patchType: 'merge', patch, fieldManager: options.fieldManager ?? 'kubectl-label', dryRun }, errors);
    if (r.ok) wire.print(successLine(t.c.kind, t.c.group, t.c.name, msg, dryRun));
  });
}
