import { SsaError } from '../errors/ssa-error.js';
import { formatGoValue } from '../fieldpath/format-go-value.js';
import type { Path } from '../fieldpath/path-element.js';
import { pathToString } from '../fieldpath/path-string.js';
import type { FieldSet } from '../fieldpath/set.js';
import { compareStrings } from '../value/compare-strings.js';

/** Another manager owns a path that an apply would change. */
export interface Conflict {
  readonly manager: string;
  readonly path: Path;
}

/** Conflicts per manager, each manager's paths in set order (members before deeper paths). */
export function conflictsFromSets(sets: ReadonlyMap<string, FieldSet>): Conflict[] {
  const out: Conflict[] = [];
  for (const [manager, set] of sets) set.iterate((path) => out.push({ manager, path }));
  return out;
}

/**
 * The reference's text: `conflict with "m": .path` for a single conflict; otherwise, managers
 * in byte order, `conflicts with "m":` followed by one `- .path` line per path.
 */
export function formatConflicts(conflicts: readonly Conflict[]): string {
  if (conflicts.length === 0) return '';
  if (conflicts.length === 1) {
    return `conflict with ${formatGoValue(conflicts[0].manager)}: ${pathToString(conflicts[0].path)}`;
  }
  return conflictLines(conflicts, formatGoValue).join('\n');
}

/**
 * Several conflicts grouped by manager: managers in byte order, each as `conflicts with NAME:`
 * (`name` prints the manager) followed by one `- .path` line per path, in the order given.
 */
export function conflictLines(conflicts: readonly Conflict[], name: (manager: string) => string): string[] {
  const byManager = new Map<string, string[]>();
  for (const c of conflicts) {
    let paths = byManager.get(c.manager);
    if (!paths) byManager.set(c.manager, (paths = []));
    paths.push(pathToString(c.path));
  }
  const lines: string[] = [];
  for (const manager of [...byManager.keys()].sort(compareStrings)) {
    lines.push(`conflicts with ${name(manager)}:`);
    for (const p of byManager.get(manager)!) lines.push(`- ${p}`);
  }
  return lines;
}

/** The error an apply fails with when it would change fields that others own. */
export class ConflictError extends SsaError {
  readonly conflicts: readonly Conflict[];
  constructor(conflicts: readonly Conflict[]) {
    super('CONFLICT', formatConflicts(conflicts), { path: conflicts.length ? pathToString(conflicts[0].path) : undefined });
    this.name = 'ConflictError';
    this.conflicts = conflicts;
  }
}
