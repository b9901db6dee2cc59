/**
 * A step's outcome in one line, for comparing the scenario's step with a what-if of it:
 *   409 Conflict: 2 conflicts with kubectl-client-side-apply
 *   succeeded: eks took 2 fields from kubectl-client-side-apply; eks now shares 37 fields with ...
 * Built from the step record alone (the action's result and the scenario layer's ownership
 * changes), so it says what the run says and nothing worked out again.
 */
import { changeSentence, entryGoneSentence, fieldsWord, type OwnershipChange } from '../scenarios/ownership-changes.js';
import type { StepRecord } from '../scenarios/run-types.js';

/** Takeovers and removals first: they are what a learner compares. */
const ORDER: readonly OwnershipChange['kind'][] = ['took', 'removed', 'gave-up', 'entry-gone', 'released-changed', 'released', 'owns', 'shares'];

/** A change summed over the objects, in the scenario layer's words ("eks took 2 fields from ..."). */
function changeWords(c: OwnershipChange, n: number): string {
  return c.kind === 'entry-gone' ? entryGoneSentence(c.manager ?? '') : changeSentence(c.kind, c.manager ?? '', c.other ?? '', fieldsWord(n), n);
}

export function outcomeLine(rec: StepRecord): string {
  const r = rec.result;
  if (!r.ok) {
    if (r.conflicts.length > 0) {
      const managers = [...new Set(r.conflicts.map((c) => c.manager))];
      return `409 Conflict: ${r.conflicts.length} conflict${r.conflicts.length === 1 ? '' : 's'} with ${managers.join(', ')}`;
    }
    const first = (r.error ?? '').split('\n')[0].trim();
    return `failed${first ? `: ${first}` : ''}`;
  }
  // The same kind of change between the same managers, summed over the objects.
  const groups = new Map<string, { change: OwnershipChange; n: number }>();
  for (const oc of rec.changes) {
    for (const c of oc.changes) {
      const key = `${c.kind}\u0000${c.manager ?? ''}\u0000${c.other ?? ''}`;
      const g = groups.get(key);
      if (g) g.n += c.fields.length;
      else groups.set(key, { change: c, n: c.fields.length });
    }
  }
  if (groups.size === 0) return 'succeeded: no change in ownership';
  const sorted = [...groups.values()].sort((a, b) => ORDER.indexOf(a.change.kind) - ORDER.indexOf(b.change.kind));
  return `succeeded: ${sorted.map((g) => changeWords(g.change, g.n)).join('; ')}`;
}
