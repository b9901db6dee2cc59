import { applyStrategicMergePatch } from '../../apiserver/patch/strategic-merge-patch.js';
import { SsaError } from '../../errors/ssa-error.js';
import { valueEquals } from '../../value/equals.js';
import { isMap, type ValueMap } from '../../value/value.js';
import type { ActorOutcome, ClusterState, KubectlEditOptions } from '../actor.js';
import type { Wire } from '../wire.js';
import { withoutManagedFields } from '../objects.js';
import { fieldValidation, kubectlWire, runKubectl } from './kubectl.js';
import { lastAppliedValue, withLastApplied } from './last-applied.js';
import { successLine } from './output.js';
import { fetch, isEmptyPatch, resolveTarget, sendPatch, type Target, twoWayPatch } from './target.js';
import { applyMergePatch } from '../../apiserver/patch/merge-patch.js';

/**
 * `kubectl edit <resource>/<name>` — manager `kubectl-edit`, Update. The user's edit is given
 * as `changes` (the lines the user changed in the object kubectl shows, managedFields hidden:
 * made to that document as a strategic merge patch, so a list item is found by its merge key and
 * the other items stay; JSON merge patch for custom resources) or as the whole `edited` object. kubectl sends the two-way patch between what it showed and what was
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
    let edited = options.edited ?? editedDocument(wire, t, shown, options.changes!);
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

/**
 * The document the user saves: the one kubectl showed, with `changes` made to it where they are.
 * Built-in kinds: the changes as a strategic merge patch (list items by merge key, `null` and
 * `$patch: delete` to remove), as a person edits one line; custom resources: a JSON merge patch.
 */
function editedDocument(wire: Wire, t: Target, shown: ValueMap, changes: ValueMap): ValueMap {
  if (t.c.custom) return applyMergePatch(shown, changes) as ValueMap;
  const catalog = wire.state.config.catalog;
  const typeName = catalog.typeFor(t.c.apiVersion, t.c.kind);
  const atom = typeName && catalog.schema.hasType(typeName) ? catalog.schema.named(typeName) : undefined;
  const r = applyStrategicMergePatch(shown, changes, atom);
  if (!r.ok) throw new SsaError('INPUT', `kubectl-edit changes: ${r.message}`);
  if (!isMap(r.value)) throw new SsaError('INPUT', 'kubectl-edit changes: the edited object is not an object');
  return r.value;
}
