/**
 * An add-on check as text (a compact table per object, then what happened in each cell) or as
 * markdown ready to paste into a pull request. The JSON form is the report itself (model.ts).
 */
import { cellDetail, cellWords, counted, eventful, headline, objectsOf, summaryLine } from './cell-summary.js';
import type { AddonCheckReport, Cell } from './model.js';

function cellAt(report: AddonCheckReport, state: string, mode: string): Cell {
  return report.cells.find((c) => c.state === state && c.mode === mode)!;
}

function table(report: AddonCheckReport, object: string): string[][] {
  return report.states.map((s) => [
    s.name,
    ...report.modes.map((m) => {
      const cell = cellAt(report, s.name, m);
      return cellWords(cell, cell.objects.find((o) => o.object === object)!);
    }),
  ]);
}

/** Objects with something in some cell, those whose tables read the same grouped under one. */
function tables(report: AddonCheckReport): { objects: string[]; rows: string[][] }[] {
  const groups = new Map<string, { objects: string[]; rows: string[][] }>();
  for (const object of objectsOf(report).filter((o) => eventful(report, o))) {
    const rows = table(report, object);
    const key = JSON.stringify(rows);
    const g = groups.get(key);
    if (g) g.objects.push(object);
    else groups.set(key, { objects: [object], rows });
  }
  return [...groups.values()];
}

function quiet(report: AddonCheckReport): string[] {
  return objectsOf(report).filter((o) => !eventful(report, o));
}

export function formatText(report: AddonCheckReport): string {
  const out: string[] = [headline(report), ''];
  for (const group of tables(report)) {
    const rows = [['cluster state', ...report.modes], ...group.rows];
    const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
    out.push(group.objects.join(', '));
    for (const r of rows) out.push(`  ${r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]))).join('  ')}`);
    out.push('');
  }
  const q = quiet(report);
  if (q.length > 0) out.push(`No conflict, user change or ownership change in any cell: ${q.join(', ')}`, '');
  for (const s of report.states) {
    out.push(`${s.name} (${s.operation})${s.description ? `: ${s.description}` : ''}`);
    for (const m of report.modes) {
      const cell = cellAt(report, s.name, m);
      const detail = cellDetail(cell);
      out.push(`  ${m}: ${cell.addonStatus ?? 'request refused'}${detail.length === 0 ? ', no user change and no ownership change' : ''}`);
      for (const d of detail) out.push(`    ${d}`);
    }
    out.push('');
  }
  out.push(summaryLine(report));
  return out.join('\n') + '\n';
}

function mdCell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\n/g, '<br>');
}

function code(text: string): string {
  const ticks = text.includes('`') ? '``' : '`';
  return `${ticks}${text}${ticks}`;
}

export function formatMarkdown(report: AddonCheckReport): string {
  const out: string[] = [`### Add-on upgrade check: ${code(report.from)} → ${code(report.to)}`, ''];
  out.push(`${counted(report.states.length, 'cluster state')} × ${report.modes.length} \`resolveConflicts\` mode${report.modes.length === 1 ? '' : 's'}: ${summaryLine(report)}.`, '');
  for (const group of tables(report)) {
    out.push(group.objects.map((o) => `**${code(o)}**`).join(', '), '');
    out.push(`| cluster state | ${report.modes.join(' | ')} |`);
    out.push(`| --- | ${report.modes.map(() => '---').join(' | ')} |`);
    for (const r of group.rows) out.push(`| ${r.map((c, i) => (i === 0 ? code(c) : /^(FAILS|LOSES)/.test(c) ? `**${mdCell(c)}**` : mdCell(c))).join(' | ')} |`);
    out.push('');
  }
  const q = quiet(report);
  if (q.length > 0) out.push(`No conflict, user change or ownership change in any cell: ${q.map(code).join(', ')}.`, '');
  out.push('<details><summary>What happens in each cell</summary>', '');
  for (const s of report.states) {
    out.push(`- ${code(s.name)} (${s.operation})${s.description ? `: ${mdCell(s.description)}` : ''}`);
    for (const m of report.modes) {
      const cell = cellAt(report, s.name, m);
      const detail = cellDetail(cell);
      out.push(`  - ${m}: ${cell.addonStatus ?? 'request refused'}${detail.length === 0 ? ', no user change and no ownership change' : ''}`);
      for (const d of detail) out.push(`    - ${code(d)}`);
    }
  }
  out.push('', '</details>');
  return out.join('\n') + '\n';
}
