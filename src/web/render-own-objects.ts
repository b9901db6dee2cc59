/**
 * "Your own objects" as HTML strings (DOM-free, like render-page.ts): each object's lines with
 * their owners in the scenario view's classes and colours, then its managedFields entries in the
 * order of their times, each openable to the FieldsV1 keys it holds.
 */
import { fieldsWord } from '../scenarios/ownership-changes.js';
import { esc, join } from './html.js';
import type { EntryModel } from './page-model.js';
import type { OwnObject, OwnObjects } from './own-objects.js';
import type { OwnPreview } from './own-preview.js';
import type { ObjectModel } from './page-model.js';
import { renderEntryTable, renderLegend, renderShown, swatch, whoWidth } from './render-page.js';
import { renderProblem } from './render-problem.js';

function renderHistoryEntry(e: EntryModel, index: number, lines: number): string {
  const meta = join([e.operation, e.subresource && `/${e.subresource}`, e.apiVersion], ' · ');
  return `<li><details class="entry" data-own-entry="${index}"><summary><span class="own-time">${esc(e.time ?? 'no time')}</span> ${swatch(e.tag)}<strong>${esc(e.tag.label)}</strong> <span class="entry-meta">${esc(meta)} · ${e.fieldCount} field${e.fieldCount === 1 ? '' : 's'} · owns ${lines} line${lines === 1 ? '' : 's'}</span></summary><div class="entry-body"></div></details></li>`;
}

/** The owned fields the object does not have (blame's `absent`), each with its owners. */
function renderAbsent(o: OwnObject): string | false {
  const absent = o.report.absent;
  if (absent.length === 0) return false;
  const label = (i: number) => `<strong>${esc(o.model.entries[i].tag.label)}</strong>`;
  const item = (a: (typeof absent)[number]) =>
    `<li><code>${esc(a.path)}</code>${a.fields > 1 ? ` (and ${fieldsWord(a.fields - 1)} under it)` : ''} owned by ${a.owners.map(label).join(', ')}</li>`;
  return `<h4>Owned, not in the object</h4><ul class="absent">${absent.map(item).join('')}</ul>`;
}

function renderObject(o: OwnObject, index: number): string {
  const m = o.model;
  const linesOf = (e: EntryModel) => m.rows.filter((r) => r.owners.some((t) => t.label === e.tag.label)).length;
  return join([
    `<section class="own-object" data-own-object="${index}" aria-labelledby="own-object-${index}">`,
    `<h3 id="own-object-${index}" class="object-name">${esc(o.display)}</h3>`,
    renderLegend(m),
    `<ol class="blame" style="--who:${whoWidth(m)}ch" aria-label="${esc(o.display)}: YAML, each line with the managers that own it">${renderShown(m)}</ol>`,
    renderAbsent(o),
    `<h4>History by time</h4>`,
    o.history.length === 0
      ? '<p>The object has no managedFields: nobody owns any of its fields (did you forget <code>--show-managed-fields</code>?).</p>'
      : `<p class="hint">The managedFields entries, oldest first: each manager's last write of that kind (an Apply, or Updates through the same API version and subresource), and what it owns now. Open one for its FieldsV1 keys.</p><ol class="own-history">${o.history.map((e) => renderHistoryEntry(e, m.entries.indexOf(e), linesOf(e))).join('')}</ol>`,
    `</section>`,
  ]);
}

export function renderOwnObjects(own: OwnObjects): string {
  if (own.problem) return renderProblem(own.problem, 3);
  const n = own.objects.length;
  return join([
    `<p class="own-summary">${n} object${n === 1 ? '' : 's'} from <code>${esc(own.name)}</code>, read as <code>ssa-sim blame</code> reads them.</p>`,
    own.warnings.length > 0 && `<ul class="warnings">${own.warnings.map((w) => `<li>warning: ${esc(w)}</li>`).join('')}</ul>`,
    own.objects.map(renderObject).join(''),
  ]);
}

/** The FieldsV1 table of a history entry, rendered when it is first opened. */
export function renderOwnEntry(own: OwnObjects, object: number, entry: number): string {
  const e = own.objects[object]?.model.entries[entry];
  return e ? renderEntryTable(e) : '';
}


function shown(v: unknown): string {
  return v === null ? '(none)' : JSON.stringify(v);
}

/** One object after the preview, its lines marked as a step's are (409, took, shares...). */
export function renderPreviewObject(o: ObjectModel, index: number): string {
  return join([
    `<section class="own-object" data-preview-object="${index}" aria-labelledby="own-preview-object-${index}">`,
    `<h4 id="own-preview-object-${index}" class="object-name">${esc(o.display)}, after the apply</h4>`,
    renderLegend(o),
    `<ol class="blame" style="--who:${whoWidth(o)}ch" aria-label="${esc(o.display)} after the apply: YAML, each line with the managers that own it">${renderShown(o)}</ol>`,
    `</section>`,
  ]);
}

/** The preview: what ssa-sim preview prints, its conflicts with both values, and the objects after it. */
export function renderOwnPreview(p: OwnPreview): string {
  if (p.problem) return renderProblem(p.problem, 3);
  const out = p.output!;
  const report = p.preview!.report;
  const stdout = out.head + out.body;
  return join([
    out.exitCode === 0
      ? '<p class="outcome ok">The apply would succeed (exit status 0).</p>'
      : `<p class="outcome failed">The apply would fail${report.conflicts.length > 0 ? ' with a 409 Conflict' : ''} (exit status 1).</p>`,
    `<h4>What <code>ssa-sim preview</code> prints</h4>`,
    `<pre class="stdout" data-testid="own-preview-stdout" aria-label="standard output">${esc(stdout.replace(/\n$/, ''))}</pre>`,
    out.stderr.trim() !== '' && `<pre class="${out.exitCode === 0 ? 'stderr' : 'error'}" data-testid="own-preview-stderr" aria-label="standard error">${esc(out.stderr.replace(/\n$/, ''))}</pre>`,
    report.conflicts.length > 0 &&
      `<h4>Conflicts</h4><ul class="conflicts">${report.conflicts
        .map((c) => `<li><code>${esc(c.path)}</code> owned by <strong>${esc(c.manager)}</strong> (${esc(c.operation)}${c.subresource ? ` /${esc(c.subresource)}` : ''}): live <code>${esc(shown(c.liveValue))}</code>, applied <code>${esc(shown(c.appliedValue))}</code></li>`)
        .join('')}</ul>`,
    p.objects.map(renderPreviewObject).join(''),
  ]);
}
