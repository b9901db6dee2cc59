/**
 * The page model as HTML strings, one per region of index.html. DOM-free, so the bench can time
 * the whole render in Node; app.ts puts the strings into the page.
 */
import { type Part, partsHtml } from './dom-patch.js';
import { attrs, esc, join } from './html.js';
import { inlineMarkdown, markdown } from './markdown.js';
import { type BlameRow, type EntryModel, type FocusLevel, type ObjectModel, type OwnerTag, type PageModel, type ResultModel, type RowMark, STRONG_MARKS } from './page-model.js';
import type { TimelinePoint } from './field-timeline.js';
import { renderProblem } from './render-problem.js';
import type { ObjectChanges } from '../scenarios/run-types.js';
import { type ValueChange, afterText, beforeText, valuesPerChange } from '../scenarios/value-changes.js';

export interface RenderedPage {
  readonly info: string;
  readonly position: string;
  readonly steps: string;
  readonly result: string;
  readonly object: string;
  readonly managed: string;
  /** The same regions as parts, one per element, for patching the page (dom-patch.ts). */
  readonly parts: { readonly steps: readonly Part[]; readonly object: readonly Part[]; readonly managed: readonly Part[] };
}

export function swatch(tag: OwnerTag): string {
  return `<span class="swatch m${tag.slot}" aria-hidden="true"></span>`;
}

export function renderInfo(m: PageModel): string {
  const s = m.scenario;
  if (!s) return '<h2 id="scenario-name">No scenario loaded</h2>';
  return join([
    `<h2 id="scenario-name">${esc(s.name)}</h2>`,
    `<p class="file">${esc(s.file)} · ${esc(s.mode)} mode</p>`,
    s.description && `<div class="description">${markdown(s.description)}</div>`,
    s.warnings.length > 0 && `<ul class="warnings">${s.warnings.map((w) => `<li>warning: ${esc(w)}</li>`).join('')}</ul>`,
  ]);
}

export function renderPosition(m: PageModel): string {
  const total = m.steps.length;
  if (!m.scenario) return 'No scenario loaded';
  if (m.whatIf?.record) return `What-if of step ${m.pos + 1} (after step ${m.pos} of ${total})`;
  if (m.pos === 0) return `Start: before step 1 of ${total}`;
  return `Step ${m.pos} of ${total}`;
}

export function renderSteps(m: PageModel): string {
  return stepParts(m).join('');
}

/** The step list, one `<li>` per position. */
export function stepParts(m: PageModel): string[] {
  const item = (pos: number, label: string, status: string, reachable: boolean, expected = false) => {
    const current = pos === m.pos;
    return `<li><button type="button" class="step-button"${attrs({
      'data-pos': pos,
      'aria-current': current ? 'step' : undefined,
      title: label,
      disabled: !reachable,
    })}><span class="step-n">${pos === 0 ? 'start' : pos}</span> <span class="step-title">${esc(label)}</span>${status ? ` <span class="step-status${expected ? ' expected' : ''}">${esc(status)}</span>` : ''}</button></li>`;
  };
  const parts = [item(0, 'before the first step', '', true)];
  for (const s of m.steps) {
    let status = '';
    if (s.pending) status = '';
    else if (s.ok === undefined) status = 'did not run';
    else if (s.passed === false) status = 'expectation failed';
    else if (s.expectedFailure) status = 'fails as expected';
    else if (!s.ok) status = 'failed';
    parts.push(item(s.number, s.title, status, s.number <= m.last, s.expectedFailure && s.passed !== false));
  }
  return parts;
}

function pre(cls: string, text: string, extra: Record<string, string> = {}): string {
  return `<pre class="${cls}"${attrs(extra)}>${esc(text.replace(/\n$/, ''))}</pre>`;
}

function renderChanges(r: ResultModel): string {
  if (r.changes.length === 0) return '<h3>What changed in ownership</h3><p class="no-change">No change in ownership.</p>';
  const several = r.changes.length > 1 || r.changes[0].display !== 'the object';
  const objectChanges = (oc: ObjectChanges, o: number): string => {
    const values = valuesPerChange(oc, r.values);
    const items = oc.changes.map((c, i) => {
      // Long lists are closed disclosures: their bodies are rendered when first opened (changeDetail).
      const listed = c.paths.length > 1 && !c.paths.every((p) => c.text.includes(p));
      const paths = listed ? `<details class="paths" data-change="${o}.${i}"><summary>the ${c.paths.length} paths</summary></details>` : '';
      const v = values[i];
      const shownValues = v.length <= VALUES_SHOWN ? renderValueList(v) : `<details class="values" data-change="${o}.${i}"><summary>the ${v.length} values, before → after</summary></details>`;
      return `<li class="change change-${esc(c.kind)}">${esc(c.text)}${shownValues}${paths}</li>`;
    });
    return (several ? `<p class="changes-object">${esc(oc.display)}</p>` : '') + `<ul class="changes">${items.join('')}</ul>`;
  };
  return '<h3>What changed in ownership</h3>' + r.changes.map(objectChanges).join('');
}

/**
 * The body of one of the result's closed disclosures, rendered when it is opened: `which` is
 * `paths` or `values`, `at` its `data-change` ("object.change").
 */
export function changeDetail(r: ResultModel, which: string, at: string): string {
  const [o, i] = at.split('.').map(Number);
  const oc = r.changes[o];
  const c = oc?.changes[i];
  if (!c) return '';
  if (which === 'paths') return `<ul class="paths">${c.paths.map((p) => `<li><code>${esc(p)}</code></li>`).join('')}</ul>`;
  if (which === 'values') return renderValueList(valuesPerChange(oc, r.values)[i] ?? []);
  return '';
}

/** Past this many, a change's values fold into a disclosure (a created object's every field is a new value). */
const VALUES_SHOWN = 6;

/** The values behind one ownership change, before and after: `path: "old" → "new"`, `(none)` when added, `(removed)`. */
function renderValueList(values: readonly ValueChange[]): string {
  if (values.length === 0) return '';
  const side = (v: ValueChange, which: 'before' | 'after') => {
    const missing = (which === 'before' ? v.before : v.after) === null;
    const text = which === 'before' ? beforeText(v) : afterText(v);
    return `<span class="${which}${missing ? ' missing' : ''}">${esc(text)}</span>`;
  };
  const items = values.map((v) => `<li><code class="path">${esc(v.path)}</code>: ${side(v, 'before')} <span aria-label="becomes">→</span> ${side(v, 'after')}</li>`).join('');
  return `<ul class="values" aria-label="values changed">${items}</ul>`;
}

/** A step's outcome: green success, red failure, or neutral for a failure the scenario expects. */
function outcome(r: ResultModel): string {
  if (r.ok) return '<p class="outcome ok">The step succeeded.</p>';
  if (r.expectedFailure) {
    const what = r.conflicts.length > 0 ? 'a 409 Conflict' : 'an error';
    return `<p class="outcome expected">The step failed with ${what}, as the scenario expects.</p>`;
  }
  return '<p class="outcome failed">The step failed.</p>';
}

export function renderResult(m: PageModel): string {
  const r = m.result;
  const problemHere = m.problem && (m.pos === m.last || m.scenario === undefined) ? renderProblem(m.problem, 3) : '';
  if (!r) {
    const total = m.steps.length;
    return join([
      `<h2 id="result-heading">Before the first step</h2>`,
      m.scenario && `<p>The objects as the scenario starts${m.time ? ` (${esc(m.time)})` : ''}. ${total > 0 ? 'Press <kbd>→</kbd> or <em>Next</em> to run step 1.' : ''}</p>`,
      m.scenario && m.scenario.learn.length > 0 && `<h3>What you will learn</h3><ul class="learn">${m.scenario.learn.map((l) => `<li>${inlineMarkdown(l)}</li>`).join('')}</ul>`,
      problemHere,
    ]);
  }
  const heading = r.kind === 'what-if' ? `What-if: step ${r.number}, edited` : `Step ${r.number} of ${m.steps.length}`;
  const exp = r.expectations;
  return join([
    `<h2 id="result-heading">${esc(heading)}${r.title ? `: <span class="step-heading-title">${esc(r.title)}</span>` : ''}</h2>`,
    r.kind === 'what-if' && `<p class="what-if-banner">Not part of the scenario: the edited step, run on the state after step ${m.pos}.</p>`,
    r.comparison && renderComparison(r.comparison),
    r.explain && `<div class="explain"><h3 class="sr-only">Why this step matters</h3>${markdown(r.explain)}</div>`,
    `<h3 class="sr-only">What ran and what it printed</h3>`,
    pre('cmd', `$ ${r.summary}`),
    r.stdout.trim() !== '' && pre('stdout', r.stdout, { 'aria-label': 'standard output' }),
    r.stderr.trim() !== '' && pre('stderr', r.stderr, { 'aria-label': 'standard error' }),
    outcome(r),
    r.error !== undefined && `<h3>Error</h3><pre class="error" data-testid="step-error">${esc(r.error)}</pre>`,
    r.conflicts.length > 0 &&
      `<h3>Conflicts</h3><ul class="conflicts">${r.conflicts.map((c) => `<li><code>${esc(c.path)}</code> ${c.owner !== undefined ? `conflicts with <strong>${esc(c.owner)}</strong>` : `owned by <strong>${esc(c.manager)}</strong>`}</li>`).join('')}</ul>`,
    r.facts.length > 0 && `<h3>What decided it</h3><pre class="facts" data-testid="apply-facts">${esc(r.facts.join('\n'))}</pre>`,
    r.notes.length > 0 && `<ul class="notes">${r.notes.map((n) => `<li>note: ${esc(n)}</li>`).join('')}</ul>`,
    exp.length > 0 && renderExpectations(r),
    renderChanges(r),
    problemHere,
  ]);
}

/** Scenario and what-if outcomes side by side. */
function renderComparison(c: NonNullable<ResultModel['comparison']>): string {
  return `<dl class="comparison" data-testid="what-if-comparison"><div><dt>scenario</dt><dd>${c.scenario === undefined ? 'no step follows here' : esc(c.scenario)}</dd></div><div><dt>what-if</dt><dd>${esc(c.whatIf)}</dd></div></dl>`;
}

/**
 * A step's expectations: PASS and FAIL. A what-if is not meant to pass the scenario's
 * expectations: there they say, in a neutral colour, which still hold and which differ.
 */
function renderExpectations(r: ResultModel): string {
  const whatIf = r.kind === 'what-if';
  const items = r.expectations.map((e) => {
    const [cls, word] = e.passed ? (whatIf ? ['holds', 'HOLDS'] : ['pass', 'PASS']) : whatIf ? ['differs', 'DIFFERS'] : ['fail', 'FAIL'];
    const where = e.passed ? '' : ` <span class="source">(${esc(e.source)})</span>`;
    return `<li class="${cls}"><strong>${word}</strong> <span class="said">${esc(e.description)}</span>${where}${e.detail ? `<pre class="detail">${esc(e.detail)}</pre>` : ''}</li>`;
  });
  const heading = whatIf ? "The scenario's expectations, checked on the what-if" : 'Expectations';
  return `<h3>${heading}</h3><ul class="expectations${whatIf ? ' what-if-expectations' : ''}">${items.join('')}</ul>`;
}

function ownersText(row: BlameRow): string {
  if (row.owners.length === 0) return '<span class="nobody">no owner</span>';
  const names = row.owners.map((o) => esc(o.label)).join(', ');
  return `${row.shared ? '<span class="shared-tag">shared:</span> ' : ''}${names}${row.viaAtomic ? ' <span class="atomic-tag" title="owned as part of an atomic map or list above, or of a list item the list holds more than once (owned as one)">(atomic)</span>' : ''}`;
}

/** The owners column fits the longest owners text of the object (within limits). */
export function whoWidth(o: ObjectModel): number {
  let max = 'no owner'.length;
  for (const r of o.rows) {
    const n = r.owners.reduce((sum, t) => sum + t.label.length + 2, r.shared ? 'shared: '.length : 0) + (r.viaAtomic ? ' (atomic)'.length : 0);
    if (n > max) max = n;
  }
  // ch is the monospace width of the row; the owners' sans-serif text is narrower.
  return Math.min(Math.ceil(max * 0.8), 34) + 1;
}

/** The word on a marked line (its full sentence is the badge's tooltip and screen-reader text). */
const MARK_WORD: Record<RowMark['kind'], string> = { conflict: '409', took: 'took', 'gave-up': 'gave up', shares: 'shares', owns: 'new owner', released: 'released' };

function renderRow(row: BlameRow, context = false): string {
  const cls = join(['row', row.owners.length === 0 ? 'unowned' : row.shared ? 'shared' : `owned m${row.owners[0].slot}`, row.changed && 'changed', row.mark && `mark-${row.mark.kind}`], ' ');
  const stripes = row.owners.map((o) => `<i class="m${o.slot}"></i>`).join('');
  // The path as a tooltip; the changed mark is drawn by CSS and said in words for screen readers.
  const changed = row.changed ? '<span class="sr-only">owners changed: </span>' : '';
  const mark = row.mark ? `<span class="mark" title="${esc(row.mark.text)}"><span aria-hidden="true">${MARK_WORD[row.mark.kind]}</span><span class="sr-only">${esc(row.mark.text)}: </span></span>` : '';
  // A value the step changed: what it was, under the line (the line shows what it is now).
  const was = row.value ? `<span class="was"><span class="sr-only">the step changed this value; </span>was ${esc(beforeText(row.value))}</span>` : '';
  return `<li class="${cls}"${attrs({ title: row.path, tabindex: !context && (row.mark || row.changed) ? -1 : undefined })}>${changed}<span class="stripes">${stripes}</span><span class="who">${ownersText(row)}</span>${mark}<code class="line">${esc(row.text)}${was}</code></li>`;
}

export function renderShown(o: ObjectModel): string {
  return shownParts(o).join('');
}

/** The lines the focus shows and the folds between them, one `<li>` each. */
function shownParts(o: ObjectModel): string[] {
  return o.shown.map((x) =>
    'hidden' in x ? `<li class="fold"><button type="button" class="show-all">⋯ ${x.hidden} line${x.hidden === 1 ? '' : 's'} not shown</button></li>` : renderRow(x.row, x.context),
  );
}

/** The focus controls: which lines to show, and jumps between the lines the step marked or changed. */
function renderFocus(o: ObjectModel): string {
  const marked = o.rows.filter((r) => r.mark && STRONG_MARKS.has(r.mark.kind)).length;
  const changed = o.rows.filter((r) => r.changed).length;
  const option = (value: FocusLevel, label: string) => `<option${attrs({ value, selected: o.focus.level === value })}>${esc(label)}</option>`;
  return `<div class="focus" role="group" aria-label="Which lines to show"><label for="focus-level">Show</label> <select id="focus-level">${option('all', `all ${o.rows.length} lines`)}${option('changed', `lines changed in this step (${changed})`)}${option('marked', `conflicts and takeovers (${marked})`)}</select> <label class="check"><input type="checkbox" id="focus-unowned"${o.focus.hideUnowned ? ' checked' : ''} /> hide lines nobody owns</label> <button type="button" id="jump-prev" title="Previous changed or marked line"${changed + marked === 0 ? ' disabled' : ''}>↑ previous change</button> <button type="button" id="jump-next" title="Next changed or marked line"${changed + marked === 0 ? ' disabled' : ''}>↓ next change</button></div>`;
}

export function renderObject(m: PageModel): string {
  return partsHtml(objectParts(m));
}

/** The object region: heading, object buttons, legend, focus controls, then the lines, one part each. */
export function objectParts(m: PageModel): Part[] {
  const o = m.object;
  if (!o) {
    const why = !m.scenario ? 'No scenario is loaded.' : m.pos === 0 ? 'The cluster has no objects before the first step.' : 'No object exists at this point.';
    return ['<h2 id="object-heading">Objects</h2>', `<p>${why}</p>`];
  }
  const tabs =
    m.objects.length > 1
      ? `<div class="object-tabs" role="group" aria-label="Objects in the cluster">${m.objects
          .map(
            (x, i) =>
              `<button type="button" class="object-tab"${attrs({ 'data-object': x.display, 'aria-pressed': i === m.selected ? 'true' : 'false', title: x.display })}>${esc(shortName(x.display))}${x.touched ? ' <span class="touched">(this step)</span>' : ''}</button>`,
          )
          .join('')}</div>`
      : '';
  const lines: Part = {
    open: `<ol class="blame" style="--who:${whoWidth(o)}ch" aria-label="${esc(o.display)}: YAML, each line with the managers that own it">`,
    close: '</ol>',
    children: shownParts(o),
  };
  return [`<h2 id="object-heading">Live object: <span class="object-name">${esc(o.display)}</span></h2>`, ...(tabs ? [tabs] : []), renderLegend(o), renderFocus(o), lines];
}

/** `clusterrole.rbac.authorization.k8s.io/aws-node` → `clusterrole/aws-node` (the full name is in the heading). */
function shortName(display: string): string {
  return display.split(' ')[0].replace(/^([^./]+)\.[^/]+\//, '$1/');
}

export function renderLegend(o: ObjectModel): string {
  const items = o.legend.map((t) => `<li>${swatch(t)}${esc(t.label)}</li>`);
  items.push('<li><span class="swatch shared-swatch" aria-hidden="true"></span>shared: more than one manager</li>');
  if (o.rows.some((r) => r.changed)) items.push('<li><span class="legend-mark" aria-hidden="true">▸</span> owners changed in this step</li>');
  return `<ul class="legend" aria-label="Managers">${items.join('')}</ul>`;
}

/** The FieldsV1 table of one entry (rendered when the entry is opened). */
export function renderEntryTable(e: EntryModel): string {
  const rows = e
    .rows()
    .map(
      (r) =>
        `<tr${r.owned ? ' class="owned-key"' : ''}><td class="key" style="--d:${r.depth}"><code>${esc(r.key)}</code></td><td class="path"><code>${esc(r.path)}</code>${r.self ? ' <span class="self">(the item itself)</span>' : ''}</td></tr>`,
    )
    .join('');
  return `<table class="fields"><colgroup><col class="key-col"><col></colgroup><thead><tr><th scope="col">FieldsV1 key</th><th scope="col">Field path it means</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function renderEntry(e: EntryModel, index: number): string {
  const meta = join([e.operation, e.apiVersion, e.subresource && `subresource ${e.subresource}`, e.time], ' · ');
  // Entries that changed are open with their keys; the others get theirs when opened.
  return `<details class="entry" data-entry="${index}"${e.changed ? ' open' : ''}><summary>${swatch(e.tag)}<strong>${esc(e.tag.label)}</strong> <span class="entry-meta">${esc(meta)} · ${e.fieldCount} field${e.fieldCount === 1 ? '' : 's'}</span>${e.changed ? ' <span class="entry-changed">changed in this step</span>' : ''}</summary><div class="entry-body">${e.changed ? renderEntryTable(e) : ''}</div></details>`;
}

export function renderManaged(m: PageModel): string {
  return partsHtml(managedParts(m));
}

/** The managedFields region: heading, field counts, then one `<details>` per entry. */
export function managedParts(m: PageModel): string[] {
  const o = m.object;
  if (!o) return [];
  const title = m.scenario?.mode === 'engine' ? 'Managers' : 'managedFields';
  if (o.entries.length === 0) return [`<h2 id="managed-heading">${title}</h2>`, '<p>Nobody owns any field of this object.</p>'];
  const counts = renderFieldCounts(o);
  return [
    `<h2 id="managed-heading">${title} of <span class="object-name">${esc(o.display)}</span></h2>`,
    ...(counts ? [counts] : []),
    `<p class="hint">Each entry's FieldsV1, key by key, with the field path each key means. Entries that changed in this step are open.</p>`,
    ...o.entries.map((e, i) => renderEntry(e, i)),
  ];
}

/** Per entry, its fields before and after the step, with the entries the step removed. */
function renderFieldCounts(o: ObjectModel): string {
  const rows = [
    ...o.entries.filter((e) => e.fieldCountBefore !== undefined).map((e) => ({ tag: e.tag, before: e.fieldCountBefore!, after: e.fieldCount })),
    ...o.goneEntries.map((g) => ({ tag: g.tag, before: g.fieldCountBefore, after: 0 })),
  ];
  if (rows.length === 0 || rows.every((r) => r.before === r.after)) return '';
  const delta = (d: number) => (d > 0 ? `+${d}` : d < 0 ? `−${-d}` : '0');
  return `<table class="field-counts"><caption>Fields per entry in this step</caption><thead><tr><th scope="col">entry</th><th scope="col">before</th><th scope="col">after</th><th scope="col">change</th></tr></thead><tbody>${rows
    .map((r) => `<tr${r.before === r.after ? '' : ' class="changed"'}><th scope="row">${swatch(r.tag)}${esc(r.tag.label)}</th><td>${r.before}</td><td>${r.after}</td><td>${delta(r.after - r.before)}</td></tr>`)
    .join('')}</tbody></table>`;
}

export function renderPage(m: PageModel): RenderedPage {
  const parts = { steps: stepParts(m), object: objectParts(m), managed: managedParts(m) };
  return {
    info: renderInfo(m),
    position: renderPosition(m),
    steps: parts.steps.join(''),
    result: renderResult(m),
    object: partsHtml(parts.object),
    managed: parts.managed.join(''),
    parts,
  };
}

/** One field's owners and line at every position (field-timeline.ts), each position a button to go there. */
export function renderTimeline(path: string, points: readonly TimelinePoint[], current: number): string {
  const items = points.map((p) => {
    const owners = p.owners === undefined ? '<span class="nobody">not in the object</span>' : p.owners.length === 0 ? '<span class="nobody">no owner</span>' : p.owners.map((o) => `${swatch(o)}${esc(o.label)}`).join(', ');
    return `<li${attrs({ class: join([p.changed && 'changed', p.pos === current && 'current'], ' ') || undefined })}><button type="button"${attrs({ 'data-pos': p.pos, 'aria-current': p.pos === current ? 'step' : undefined })}>${esc(p.title)}</button><div class="owners">${owners}</div>${p.text !== undefined ? `<code>${esc(p.text)}</code>` : ''}${p.mark ? `<div class="mark-text">${esc(p.mark.text)}</div>` : ''}</li>`;
  });
  return `<h2 id="history-heading">History of <code>${esc(path)}</code></h2><p class="hint">Its owners and its line at every step; the steps that changed it are marked.</p><ol class="timeline">${items.join('')}</ol>`;
}
