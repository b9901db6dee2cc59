import { SsaError } from '../../errors/ssa-error.js';
import { getKey } from '../../value/value.js';
import type { ActorOutcome, ClusterState, KubectlAnnotateOptions } from '../actor.js';
import { kubectlWire, runKubectl } from './kubectl.js';
import { readMap, withMapChanges } from './metadata-map.js';
import { successLine } from './output.js';
import { fetch, resolveTarget, sendPatch } from './target.js';
import { createMergePatch } from './three-way-patch.js';

/** Annotations kubectl lets anyone overwrite without --overwrite. */
const CHANGE_CAUSE = 'kubernetes.io/change-cause';

/**
 * `kubectl annotate <resource>/<name> key=value ... [key-]` — manager `kubectl-annotate`, a JSON
 * merge patch (Update) of `metadata.annotations`; the entry gets `.metadata.annotations.<key>`.
 * Without `overwrite`, changing an existing value fails with
 * `error: --overwrite is false but found the following declared annotation(s): 'k' already has a value (v)`.
 * Line: `deployment.apps/nginx annotated`.
 */
export function kubectlAnnotate(state: ClusterState, options: KubectlAnnotateOptions): ActorOutcome {
  const wire = kubectlWire(state, options);
  return runKubectl(wire, (errors) => {
    const t = resolveTarget(wire, options);
    const live = fetch(wire, t, errors);
    if (!live) return;
    if (!(options.overwrite ?? false)) {
      const current = readMap(live, 'annotations');
      const found = Object.entries(options.annotations)
        .filter(([k, v]) => k !== CHANGE_CAUSE && v !== null && getKey(current, k) !== undefined && getKey(current, k) !== v)
        .map(([k]) => `'${k}' already has a value (${String(getKey(current, k))})`);
      if (found.length > 0) throw new SsaError('INPUT', `--overwrite is false but found the following declared annotation(s): ${found.join('; ')}`);
    }
    const patch = createMergePatch(live, withMapChanges(live, 'annotations', options.annotations));
    const dryRun = options.dryRun ?? 'none';
    const r = sendPatch(wire, t, { patchType: 'merge', patch, fieldManager: options.fieldManager ?? 'kubectl-annotate', dryRun }, errors);
    if (r.ok) wire.print(successLine(t.c.kind, t.c.group, t.c.name, 'annotated', dryRun));
  });
}
