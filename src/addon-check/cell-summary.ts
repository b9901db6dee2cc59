/**
 * The words of an add-on check's report, shared by its text and markdown forms: what a cell did
 * to one object in a few words, and the lines that explain it.
 */
import type { Value } from '../value/value.js';
import type { AddonCheckReport, Cell, CellObject, UserChangeFate } from './model.js';

/** A value as short text: strings quoted, the rest as compact JSON, long ones cut. */
export function shortValue(v: Value, present: boolean): string {
  if (!present) return '(absent)';
  const text = JSON.stringify(v);
  return text.length > 72 ? `${text.slice(0, 69)}...` : text;
}

/** What the cell did to the object, in a few words (`FAILS: 2 conflicts`, `LOSES 1`, `ok, keeps 1`). */
export function cellWords(cell: Cell, o: CellObject): string {
  if (!cell.succeeded) {
    if (o.conflicts.length > 0) return `FAILS: ${o.conflicts.length} conflict${o.conflicts.length === 1 ? '' : 's'}`;
    return cell.objects.some((x) => x.conflicts.length > 0) ? 'add-on fails' : 'FAILS';
  }
  const lost = o.userChanges.filter((u) => u.fate !== 'kept').length;
  const kept = o.userChanges.length - lost;
  const parts: string[] = [];
  if (lost > 0) parts.push(`LOSES ${lost}`);
  if (kept > 0) parts.push(`keeps ${kept}`);
  if (o.preserved.length > 0) parts.push(`preserved ${o.preserved.length}`);
  const took = o.ownershipChanges.filter((c) => c.kind === 'took').reduce((n, c) => n + c.paths.length, 0);
  if (took > 0) parts.push(`takes ${took}`);
  if (lost > 0) return parts.join(', ');
  return ['ok', ...parts].join(', ');
}

/** Whether an object is worth a table: something happened to it in some cell. */
export function eventful(report: AddonCheckReport, object: string): boolean {
  return report.cells.some((c) => {
    const o = c.objects.find((x) => x.object === object);
    return o !== undefined && (o.conflicts.length > 0 || o.userChanges.length > 0 || o.ownershipChanges.length > 0 || o.preserved.length > 0);
  });
}

export function objectsOf(report: AddonCheckReport): string[] {
  return report.cells[0]?.objects.map((o) => o.object) ?? [];
}

function fateLine(u: UserChangeFate): string {
  const owners = u.ownersAfter.length > 0 ? ` (${u.ownersAfter.join(', ')})` : ' (owned by nobody)';
  if (u.fate === 'kept') return `kept ${u.path} = ${shortValue(u.value, u.present)}${u.present ? owners : ''}`;
  if (u.fate === 'removed') return `removed ${u.path} (was ${shortValue(u.value, u.present)})`;
  if (!u.present) return `restored ${u.path} = ${shortValue(u.after, u.presentAfter)}${owners} (the user had removed it)`;
  return `overwritten ${u.path}: ${shortValue(u.value, u.present)} -> ${shortValue(u.after, u.presentAfter)}${u.presentAfter ? owners : ''}`;
}

/** The explanation of one cell, one line each: error, what happened to user changes, ownership. */
export function cellDetail(cell: Cell): string[] {
  const lines: string[] = [];
  const many = cell.objects.filter((o) => o.userChanges.length > 0 || o.ownershipChanges.length > 0).length > 1;
  if (!cell.succeeded) lines.push(...(cell.error ?? '').split('\n'));
  if (cell.preserveModel && cell.objects.some((o) => o.preserved.length > 0)) lines.push(`PRESERVE model ${cell.preserveModel} (ssa-sim's model; AWS does not document how PRESERVE works)`);
  for (const o of cell.objects) {
    const prefix = many ? `${o.object}: ` : '';
    for (const u of cell.succeeded ? o.userChanges : []) lines.push(prefix + fateLine(u));
    for (const c of o.ownershipChanges) lines.push(prefix + c.text);
  }
  return lines;
}

/** `24 cells: 5 fail, 4 lose a user change`; `1 fails`, `1 loses a user change`. */
export function summaryLine(report: AddonCheckReport): string {
  const s = report.summary;
  return `${s.cells} cells: ${s.failed} ${s.failed === 1 ? 'fails' : 'fail'}, ${s.losingUserChanges} ${s.losingUserChanges === 1 ? 'loses' : 'lose'} a user change`;
}

/** `9 cluster states`, `1 mode`: a count and its noun, singular for one. */
export function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

export function headline(report: AddonCheckReport): string {
  return `${report.from} -> ${report.to}: ${counted(report.states.length, 'cluster state')} x ${counted(report.modes.length, 'mode')} (${report.modes.join(', ')})`;
}
