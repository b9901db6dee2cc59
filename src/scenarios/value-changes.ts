/**
 * The values behind ownership changes: for each path an ownership change names, the value before
 * and after the step when they differ (`.spec...image: "...:v1.10.1" -> "...:v1.11.4"`). Read
 * from the snapshots' objects at the changes' own paths, so a value change is shown exactly where
 * the engine reports an ownership change; fields whose ownership did not change are not listed.
 */
import { stringifyJson } from '../value/stringify-json.js';
import type { Path } from '../fieldpath/path-element.js';
import { pathReader } from '../fieldpath/value-at-path.js';
import type { Value } from '../value/value.js';
import type { ObjectChanges, ObjectView, Snapshot } from './run-types.js';

export interface ValueChange {
  /** `daemonset.apps/aws-node -n kube-system` */
  readonly object: string;
  readonly path: string;
  /** null when the field was absent. */
  readonly before: Value | null;
  /** null when the field is absent afterwards (removed). */
  readonly after: Value | null;
}

const isScalar = (v: Value | null): boolean => v === null || typeof v !== 'object';

/** The value at a path of `view`'s object (null: absent, or no object); one reader per object. */
function valuesIn(view: ObjectView | undefined): (path: Path) => Value | null {
  if (view === undefined) return () => null;
  const read = pathReader(view.object);
  return (path) => read(path) ?? null;
}

/** Every scalar value that differs at a path of the ownership changes, once per object and path, in their order. */
export function valueChanges(changes: readonly ObjectChanges[], before: Snapshot, after: Snapshot): ValueChange[] {
  const out: ValueChange[] = [];
  for (const c of changes) {
    const was = valuesIn(before.objects.find((o) => o.display === c.display));
    const now = valuesIn(after.objects.find((o) => o.display === c.display));
    const seen = new Set<string>();
    for (const x of c.changes) {
      for (let i = 0; i < x.paths.length; i++) {
        const path = x.paths[i];
        if (seen.has(path)) continue;
        seen.add(path);
        const a = was(x.at[i]);
        const b = now(x.at[i]);
        if (!isScalar(a) || !isScalar(b) || a === b) continue;
        out.push({ object: c.display, path, before: a, after: b });
      }
    }
  }
  return out;
}

/**
 * The value changes that go with each ownership change of one object, in the changes' order: the
 * values at the change's paths, each value under the first change that names its path. What
 * preview prints under each ownership line and the playground shows beside it.
 */
export function valuesPerChange(changes: ObjectChanges, values: readonly ValueChange[]): ValueChange[][] {
  const shown = new Set<ValueChange>();
  const mine = values.filter((v) => v.object === changes.display);
  return changes.changes.map((x) => {
    const paths = new Set(x.paths);
    const here = mine.filter((v) => paths.has(v.path) && !shown.has(v));
    here.forEach((v) => shown.add(v));
    return here;
  });
}

/** One side of a value change as the text output shows it: JSON, `(none)` before a field existed, `(removed)` after it went. */
export function beforeText(v: ValueChange): string {
  return v.before === null ? '(none)' : stringifyJson(v.before);
}

export function afterText(v: ValueChange): string {
  return v.after === null ? '(removed)' : stringifyJson(v.after);
}

/** `"a" -> "b"`, `(none) -> 5`, `"x" -> (removed)`: one value change as the text output shows it. */
export function valueChangeText(v: ValueChange): string {
  return `${v.path}: ${beforeText(v)} -> ${afterText(v)}`;
}
