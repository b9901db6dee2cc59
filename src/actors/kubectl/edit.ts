import { SsaError } from '../../errors/ssa-error.js';
import { valueEquals } from '../../value/equals.js';
import type { ValueMap } from '../../value/value.js';
import type { ActorOutcome, ClusterState, KubectlEditOptions } from '../actor.js';
import { withoutManagedFields } from '../objects.js';
import { fieldValidation, kubectlWire, runKubectl } from './kubectl.js';
import { lastAppliedValue, withLastApplied } from './last-applied.js';
import { successLine } from './output.js';
import { fetch, isEmptyPatch, resolveTarget, sendPatch, twoWayPatch } from './target.js';
import { applyMergePatch } from './three-way-patch.js';

/**
 * `kubectl edit <resource>/<name>` — manager `kubectl-edit`, Update. The user's edit is given
 * as `changes` (a JSON merge patch over the object kubectl shows, managedFields hidden) or as
 * the whole `edited` object. kubectl sends the two-way patch between what it showed and what was
 * saved (strategic merge patch; JSON merge patch for custom resources). Line:
 * `daemonset.apps/aws-node edited`; an unchanged file prints `Edit cancelled, no changes made.`
 * on stderr and sends nothing. `saveConfig` also refreshes the last-applied annotation. Sends
 * `?fieldValidation=` per `validate` (default Strict).
 */
export function kubectlEdit(state: ClusterState, options: KubectlEditOptions): ActorOutcome {
  const wire = kubectlWire(state, options);
  return runKubectl(wire, (errors) => {
    if ((options.changes === undefined) === (options.edited === undefined)) {
      throw new SsaError('INPUT', 'kubectl-edit needs exactly one of changes (a merge patch) or edited (the whole object)');
    }
    const validation = fieldValidation(options.validate);
    const t = resolveTarget(wire, options);
    const live = fetch(wire, t, errors);
    if (!live) return;
    const shown = withoutManagedFields(live);
    let edited = options.edited ?? (applyMergePatch(shown, options.changes!) as ValueMap);
    if (valueEquals(edited, shown)) {
      wire.printError('Edit cancelled, no changes made.\n');
      return;
    }
    if (options.saveConfig) edited = withLastApplied(edited, lastAppliedValue(edited));
    const { patchType, patch } = twoWayPatch(wire, t, shown, edited);
    if (isEmptyPatch(patch)) {
      wire.printError('Edit cancelled, no changes made.\n');
      return;
    }
    const r = sendPatch(wire, t, { patchType, patch, fieldManager: options.fieldManager ?? 'kubectl-edit', fieldValidation: validation }, errors);
    if (r.ok) wire.print(successLine(t.c.kind, t.c.group, t.c.name, 'edited'));
  });
}
