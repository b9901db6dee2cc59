/**
 * One field's story through a scenario: at every position, who owned it, the line it showed, and
 * what the step did to it (the same marks the object view shows). Built from the session's
 * snapshots and step records, so it says what the run said at each step.
 */
import { type OwnerTag, objectLines, rowMarks, type RowMark } from './page-model.js';
import { type Session, lastPosition, snapshotAtPosition } from './session.js';

export interface TimelinePoint {
  /** 0: before the first step; k: after step k. */
  readonly pos: number;
  readonly title: string;
  /** undefined: the object or the field did not exist at this position. */
  readonly owners: readonly OwnerTag[] | undefined;
  /** The field's YAML line (`image: ...`), trimmed. */
  readonly text: string | undefined;
  readonly mark: RowMark | undefined;
  /** Its owners or its line differ from the position before. */
  readonly changed: boolean;
}

export function fieldTimeline(s: Session, display: string, path: string): TimelinePoint[] {
  const points: TimelinePoint[] = [];
  const engineMode = s.scenario?.mode === 'engine';
  let previous: string | undefined;
  for (let pos = 0; pos <= lastPosition(s); pos++) {
    const view = snapshotAtPosition(s, pos)?.objects.find((o) => o.display === display);
    const rec = pos > 0 ? s.steps[pos - 1] : undefined;
    const title = pos === 0 ? 'before the first step' : `step ${pos}: ${s.scenario?.steps[pos - 1]?.title || rec?.step.action || ''}`;
    const row = view ? objectLines(view, s.managerSlots).find((r) => r.path === path) : undefined;
    const mark = view && rec ? rowMarks(rec, view, engineMode).get(path) : undefined;
    // The field's own owners: a line that starts a list item also carries the item's.
    const owners = row?.fieldOwners;
    const text = row?.text.trim();
    const key = row ? `${owners!.map((o) => o.key).join('\u0000')}\u0001${text}` : '';
    points.push({ pos, title, owners, text, mark, changed: pos > 0 && key !== previous });
    previous = key;
  }
  return points;
}
