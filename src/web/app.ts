/**
 * The page's behaviour: choosing or pasting a scenario, stepping (buttons, step list, arrow
 * keys), the what-if editor, and the link in the URL hash. Everything shown comes from
 * pageModel + renderPage; this file only moves strings into the DOM and reacts to input.
 */
import { docSection, type DocsFiles } from './doc-section.js';
import { esc } from './html.js';
import { type PageLocation, formatHash, parseHash } from './location-hash.js';
import { markdown } from './markdown.js';
import { paletteCss } from './manager-colour.js';
import { type Focus, type FocusLevel, type PageModel, pageModel, withRun } from './page-model.js';
import { problemFrom } from './problem.js';
import { fieldTimeline } from './field-timeline.js';
import { patchChildren, prepareChildren, prepareHtml, replaceHtml, stage, unstage } from './dom-patch.js';
import { type RenderedPage, changeDetail, renderEntryTable, renderPage, renderTimeline, stepParts } from './render-page.js';
import { renderProblem } from './render-problem.js';
import { DEFAULT_SCENARIO_ID, type LibraryEntry, type LibraryFiles, libraryEntries, libraryEnvironment } from './scenario-library.js';
import { type Session, clampPosition, failedSession, lastPosition, openSession, runSessionTo, slotsSettled } from './session.js';
import { type StepFlags, readFlags, setForce, setManager } from './step-flags.js';
import { type WhatIf, hasNextStep, nextStepText, runWhatIf } from './what-if.js';

const PASTED_FILE = 'pasted.yaml';
const PASTED_VALUE = '__pasted__';

/** The element of index.html with this id (the page is broken without it). */
export function byId<T extends HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`the page has no #${id}`);
  return el as T;
}

interface State {
  source: { kind: 'library'; entry: LibraryEntry } | { kind: 'pasted' };
  session: Session;
  pos: number;
  preferredObject: string | undefined;
  whatIf: WhatIf | undefined;
  /** The lines the user chose to see; undefined: each object's default. */
  focus: Focus | undefined;
}

/** `loadDocs`: the pages of docs/ that a citation opens, loaded when one is first opened. */
export function startApp(files: LibraryFiles, loadDocs: () => Promise<DocsFiles> = async () => new Map()): void {
  const entries = libraryEntries(files);
  const el = {
    app: byId('app'),
    select: byId<HTMLSelectElement>('scenario-select'),
    pasteToggle: byId<HTMLButtonElement>('paste-toggle'),
    pastePanel: byId('paste-panel'),
    pasteText: byId<HTMLTextAreaElement>('paste-text'),
    pasteRun: byId<HTMLButtonElement>('paste-run'),
    pasteCancel: byId<HTMLButtonElement>('paste-cancel'),
    info: byId('scenario-info'),
    prev: byId<HTMLButtonElement>('prev'),
    next: byId<HTMLButtonElement>('next'),
    copyLink: byId<HTMLButtonElement>('copy-link'),
    position: byId('position'),
    steps: byId('step-list'),
    loadProblem: byId('load-problem'),
    object: byId('object-panel'),
    result: byId('result'),
    managed: byId('managed-panel'),
    whatIfPanel: byId('what-if-panel'),
    whatIfIntro: byId('what-if-intro'),
    whatIfText: byId<HTMLTextAreaElement>('what-if-text'),
    whatIfForce: byId<HTMLInputElement>('what-if-force'),
    whatIfForceLabel: byId('what-if-force-label'),
    whatIfManager: byId<HTMLInputElement>('what-if-manager'),
    whatIfRun: byId<HTMLButtonElement>('what-if-run'),
    whatIfReset: byId<HTMLButtonElement>('what-if-reset'),
    whatIfBack: byId<HTMLButtonElement>('what-if-back'),
    historyPanel: byId('history-panel'),
    historyBody: byId('history-body'),
    historyClose: byId<HTMLButtonElement>('history-close'),
    docPanel: byId('doc-panel'),
    docBody: byId('doc-body'),
    docClose: byId<HTMLButtonElement>('doc-close'),
    whatIfProblem: byId('what-if-problem'),
  };

  // The picker: library scenarios grouped by folder, then "your own".
  const groups = new Map<string, LibraryEntry[]>();
  for (const e of entries) groups.set(e.group, [...(groups.get(e.group) ?? []), e]);
  const option = (e: LibraryEntry) => `<option value="${encodeAttr(e.id)}">${encodeText(e.name)}</option>`;
  el.select.innerHTML =
    [...groups]
      .map(([g, list]) => (g === '' ? list.map(option).join('') : `<optgroup label="${encodeAttr(`${g}/`)}">${list.map(option).join('')}</optgroup>`))
      .join('') + `<option value="${PASTED_VALUE}">Your own (pasted)</option>`;

  let state: State | undefined;
  let model: PageModel | undefined;

  const palette = document.createElement('style');
  palette.textContent = paletteCss();
  document.head.append(palette);

  const load = (loc: PageLocation | undefined): void => {
    let source: State['source'];
    let text: string;
    let file: string;
    if (loc?.kind === 'pasted') {
      source = { kind: 'pasted' };
      text = loc.text;
      file = PASTED_FILE;
      el.pasteText.value = text;
    } else {
      const wanted = loc?.id ?? DEFAULT_SCENARIO_ID;
      const entry = entries.find((e) => e.id === wanted) ?? entries.find((e) => e.id === DEFAULT_SCENARIO_ID) ?? entries[0];
      if (!entry) {
        el.loadProblem.innerHTML = renderProblem({ title: 'No scenarios', message: 'the page was built without the scenario library; paste a scenario instead', line: undefined, column: undefined, excerpt: [] });
        return;
      }
      if (loc && entry.id !== loc.id) {
        el.loadProblem.innerHTML = renderProblem({ title: 'Scenario not found', message: `the library has no scenario "${loc.id}"; showing "${entry.name}"`, line: undefined, column: undefined, excerpt: [] });
      } else el.loadProblem.innerHTML = '';
      source = { kind: 'library', entry };
      text = files.get(entry.file) ?? '';
      file = entry.file;
    }
    let session: Session;
    try {
      // The position asked for is shown first; the other steps run after it is painted (runInBackground).
      session = runUpTo(openSession(text, file, libraryEnvironment(files, source.kind === 'library' ? file : `scenarios/${PASTED_FILE}`)), loc?.step ?? 0);
    } catch (err) {
      // openSession and runNextStep catch what they expect; anything else is still shown, never a blank page.
      const problem = problemFrom(err, 'The scenario could not run');
      session = failedSession(text, file, undefined, problem);
    }
    el.select.value = source.kind === 'library' ? source.entry.id : PASTED_VALUE;
    state = { source, session, pos: clampPosition(session, loc?.step ?? 0), preferredObject: undefined, whatIf: undefined, focus: undefined };
    closeHistory(false);
    resetWhatIfText();
    render();
    scheduleRun();
    // A pasted scenario that cannot be read: keep its text in view for fixing.
    if (source.kind === 'pasted' && !session.scenario) openPaste(true, false);
  };

  /**
   * The session with the steps up to `pos` run. Colours are given in order of appearance, and
   * past the palette's twelve a colour depends on every manager shown with it: then all run.
   */
  function runUpTo(s: Session, pos: number): Session {
    const out = runSessionTo(s, pos);
    return slotsSettled(out) ? out : runSessionTo(out, Number.POSITIVE_INFINITY);
  }

  /** Makes sure the steps up to `pos` have run, before anything shows them. */
  const ensureRun = (pos: number): void => {
    if (state && !state.session.done) state.session = runUpTo(state.session, pos);
  };

  /**
   * The steps not run yet run one per idle callback after the page is painted, so the first
   * position shows without waiting for them; the step list gets each one's status as it comes.
   * Between them, the views of the positions next to the one shown are prepared as soon as their
   * steps have run; once every step has, every position's view is (prepareOne, one per idle
   * callback too), so that a click on a step only patches the DOM.
   */
  let cancelRun: (() => void) | undefined;
  function scheduleRun(): void {
    cancelRun?.();
    const working = state !== undefined && (!state.session.done || toPrepare() !== undefined || toParse() !== undefined || toStage() !== undefined);
    // When the page is idle: after the frame is painted, and after the tasks already queued
    // (a reader's input among them), so work done here never delays what is being shown. At
    // most 250 ms later: headless Chromium gives no idle period after a pointer click until
    // something else draws a frame, and the next position's elements would not be parsed ahead.
    cancelRun = working ? whenIdle(runInBackground, 250) : undefined;
    // For the bench and the browser test: whether every step has run (the step list is final)
    // and every position is prepared.
    el.app.dataset.run = working ? 'running' : 'done';
    if (!working && performance.getEntriesByName('playground-run-done').length === 0) performance.mark('playground-run-done');
  }
  const runInBackground = (): void => {
    cancelRun = undefined;
    const near = toPrepare(1);
    const ahead = near === undefined ? toParse() : undefined;
    const next = near === undefined && ahead === undefined ? toStage() : undefined;
    if (ahead) parseAhead(ahead);
    else if (next) stageLines(next);
    else if (state?.session.done || near !== undefined) prepareOne(near ?? toPrepare());
    if (ahead || next || state?.session.done || near !== undefined) {
      scheduleRun();
      return;
    }
    // For the browser test: when the steps run (after the first frame).
    performance.mark('playground-background-step');
    if (state && !state.session.done) {
      state.session = runUpTo(state.session, state.session.steps.length + 1);
      if (state.session.problem && state.pos >= state.session.steps.length) {
        // The run stopped where the reader is: the last position explains why.
        state.pos = state.session.steps.length;
        render();
      } else if (model) {
        model = withRun(model, state.session);
        patchChildren(el.steps, stepParts(model));
        el.next.disabled = state.pos >= model.last;
      }
    }
    scheduleRun();
  };


  const location = (): PageLocation | undefined => {
    if (!state) return undefined;
    return state.source.kind === 'library' ? { kind: 'library', id: state.source.entry.id, step: state.pos } : { kind: 'pasted', text: state.session.text, step: state.pos };
  };

  const render = (): void => {
    if (!state) return;
    const s = state;
    const wasPrepared = viewsFor(s).has(s.pos);
    const view = viewOf(s, s.pos);
    // For the browser test: whether a render found its model and HTML prepared.
    performance.mark('playground-view', { detail: { pos: s.pos, prepared: wasPrepared } });
    // The step list as the run stands now (the view may have been prepared before later steps ran).
    model = withRun(view.model, s.session);
    const html = view.html;
    // Lines staged for this view show where they are, in place of the lines shown; those staged
    // for positions not ahead of this one, or for other options, go.
    const shown = staged.find((x) => x.view === view && x.el.isConnected);
    const byPos = viewsFor(s);
    for (const x of staged) if (x !== shown && (x.pos <= s.pos || byPos.get(x.pos) !== x.view)) x.el.remove();
    if (shown) {
      el.object.querySelector('ol.blame:not(.staged)')?.remove();
      unstage(shown.el);
    }
    staged = staged.filter((x) => x !== shown && x.el.isConnected);
    // Only what changed goes into the DOM: a step mostly changes the marks on the object's lines.
    setHtml(el.info, html.info);
    if (el.position.textContent !== html.position) el.position.textContent = html.position;
    patchChildren(el.steps, stepParts(model));
    setHtml(el.result, html.result);
    patchChildren(el.object, html.parts.object);
    patchChildren(el.managed, html.parts.managed);
    el.prev.disabled = s.pos <= 0 && !s.whatIf;
    el.next.disabled = s.pos >= model.last;
    const n = s.session.scenario?.steps.length ?? 0;
    el.whatIfIntro.textContent =
      n === 0
        ? 'No scenario is loaded.'
        : hasNextStep(s.session, s.pos)
          ? `Edit step ${s.pos + 1} (the next step) and run it on the state shown here. The scenario itself does not change.`
          : `This is the end of the scenario. Edit the last step (or write a new one) and run it on the state shown here.`;
    el.whatIfBack.hidden = !s.whatIf;
    el.whatIfPanel.hidden = !s.session.scenario;
    setHtml(el.whatIfProblem, s.whatIf?.problem ? renderProblem(s.whatIf.problem, 3) : '');
    syncFlags();
    revealInFrame();
    renderHistory();
    el.app.setAttribute('aria-busy', 'false');
    // For the browser test's timing report: navigation start → first page shown.
    if (performance.getEntriesByName('playground-ready').length === 0) performance.mark('playground-ready');
    // The address follows when the page is idle, at most 200 ms later: replaceState can wait on the
    // browser process, and in the task right after the frame it delayed the next click's paint.
    cancelHash ??= whenIdle(syncHash, 200);
    // What is not prepared for these options yet is prepared when the page is idle.
    scheduleRun();
  };

  /** The address says what is shown. */
  let cancelHash: (() => void) | undefined;
  const syncHash = (): void => {
    cancelHash?.();
    cancelHash = undefined;
    const loc = location();
    if (!loc) return;
    const hash = formatHash(loc);
    if (window.location.hash !== hash) history.replaceState(null, '', hash);
  };

  /**
   * The current step's button and the step's first conflicting or taken line come into view, in
   * the frame's animation-frame callback: reading their positions there costs no layout of its
   * own (the frame lays the page out once, after it), and the scrolls only move what is painted.
   */
  let revealPending = false;
  const revealInFrame = (): void => {
    if (revealPending) return;
    revealPending = true;
    requestAnimationFrame(() => {
      revealPending = false;
      // Every read first, then the writes: a write between reads would lay the page out again.
      const writes = [revealCurrentStep(), revealMark()];
      for (const w of writes) w?.();
    });
  };

  /**
   * The page model and HTML of each position, per set of options (the run, the object picked,
   * the what-if, the focus), made when first shown or prepared while the page is idle: a click on
   * a prepared position only patches the DOM. The views of the two latest option sets are kept
   * (leaving a what-if finds the scenario's views again). A view stays good while later steps run
   * (a session per step, with the same scenario): only the step list is made again when it is
   * shown (withRun); a problem that stops the run starts new views.
   */
  interface View {
    readonly model: PageModel;
    readonly html: RenderedPage;
  }
  let views: { readonly key: readonly unknown[]; readonly byPos: Map<number, View> }[] = [];
  const viewsFor = (s: State): Map<number, View> => {
    const key = [s.session.scenario ?? s.session, s.session.problem, s.preferredObject, s.whatIf, s.focus?.level, s.focus?.hideUnowned];
    let set = views.find((v) => sameKey(v.key, key));
    if (!set) set = { key, byPos: new Map() };
    if (views[0] !== set) views = [set, ...views.filter((v) => v !== set)].slice(0, 2);
    return set.byPos;
  };
  const viewOf = (s: State, pos: number): View => {
    const byPos = viewsFor(s);
    let view = byPos.get(pos);
    if (!view) {
      const m = pageModel(s.session, pos, { preferredObject: s.preferredObject, whatIf: s.whatIf, focus: s.focus });
      view = { model: m, html: renderPage(m) };
      byPos.set(pos, view);
    }
    return view;
  };
  /**
   * The position to prepare next, at most `within` from the one shown: of the positions whose
   * steps have run, the nearest to the one shown, forward first.
   */
  const toPrepare = (within = Number.POSITIVE_INFINITY): number | undefined => {
    if (!state || state.whatIf) return undefined;
    const last = lastPosition(state.session);
    const byPos = viewsFor(state);
    for (let d = 1; d <= Math.min(last, within); d++) for (const p of [state.pos + d, state.pos - d]) if (p >= 0 && p <= last && !byPos.has(p)) return p;
    return undefined;
  };
  /**
   * The object lines of the positions after the one shown whose step makes most of its lines
   * anew (a scenario's first step creates the object; a step can show another object, or change
   * every line's owners): made while the page is idle, nearest first, in the object panel but
   * unseen (hidden, out of the flow, inert), as wide as they will show (dom-patch.ts's stage).
   * The browser parses, styles and lays them out then; a click on such a step only reveals its
   * lines (render), where a patch would make, style and lay out most of them in the click's frame.
   */
  let staged: { readonly pos: number; readonly view: View; readonly el: Element }[] = [];
  const toStage = (): { pos: number; view: View } | undefined => {
    if (!state || state.whatIf) return undefined;
    const byPos = viewsFor(state);
    const last = lastPosition(state.session);
    for (let p = state.pos + 1; p <= last; p++) {
      const [before, view] = [byPos.get(p - 1), byPos.get(p)];
      // Nearest first: a position not prepared yet is waited for.
      if (!before || !view) return undefined;
      if (!staged.some((x) => x.view === view) && mostlyNewLines(before, view)) return { pos: p, view };
    }
    return undefined;
  };
  const stageLines = ({ pos, view }: { pos: number; view: View }): void => {
    // The object region's parts end with its lines (objectParts).
    const lines = view.html.parts.object.at(-1);
    if (lines !== undefined && typeof lines !== 'string') staged.push({ pos, view, el: stage(el.object, lines) });
  };

  /**
   * The elements of the next position's view that are not in the page, parsed while the page is
   * idle after each step (dom-patch.ts's prepareChildren and prepareHtml): a click on Next then
   * moves them into the page instead of parsing their HTML. Once per view shown next.
   */
  let parsedAhead: View | undefined;
  const toParse = (): View | undefined => {
    if (!state || state.whatIf || !model) return undefined;
    const view = viewsFor(state).get(state.pos + 1);
    return view !== parsedAhead ? view : undefined;
  };
  const parseAhead = (view: View): void => {
    parsedAhead = view;
    if (!state) return;
    const shown = viewsFor(state).get(state.pos);
    prepareHtml(el.result, view.html.result);
    prepareChildren(el.steps, stepParts(withRun(view.model, state.session)));
    // Lines a step makes mostly anew are staged instead (toStage): not parsed here a second time.
    const object = view.html.parts.object;
    prepareChildren(el.object, shown && mostlyNewLines(shown, view) ? object.slice(0, -1) : object);
    prepareChildren(el.managed, view.html.parts.managed);
    // For the browser test: which position's elements were parsed ahead.
    performance.mark('playground-parsed-ahead', { detail: { pos: state.pos + 1 } });
  };

  /** Prepares position `p`: its view, and the flags of the what-if text it shows. */
  const prepareOne = (p: number | undefined): void => {
    if (p === undefined || !state) return;
    viewOf(state, p);
    flagsOf(nextStepText(state.session, p));
    // For the browser test: which position was prepared, and when.
    performance.mark('playground-prepared', { detail: { pos: p } });
  };

  /**
   * Reads where `row` is and returns the write that scrolls the object's lines (only them, not the
   * page) so that it shows, in the middle.
   */
  const scrollToRow = (row: HTMLElement): (() => void) | undefined => {
    const box = row.closest<HTMLElement>('ol.blame');
    if (!box) return undefined;
    const top = Math.max(0, row.offsetTop - box.offsetTop - box.clientHeight / 2);
    return () => (box.scrollTop = top);
  };

  /** The first conflicting or taken line of the step comes into view (reads now, returns the write). */
  const revealMark = (): (() => void) | undefined => {
    const row = el.object.querySelector<HTMLElement>('ol.blame:not(.staged) :is(li.mark-conflict, li.mark-took, li.mark-gave-up)');
    return row ? scrollToRow(row) : undefined;
  };

  /** Moves the focus to the next (or previous) line the step changed or marked. */
  const jump = (dir: 1 | -1): void => {
    const rows = [...el.object.querySelectorAll<HTMLElement>('ol.blame:not(.staged) li[tabindex]')];
    if (rows.length === 0) return;
    const at = rows.indexOf(document.activeElement as HTMLElement);
    const next = rows[at < 0 ? (dir === 1 ? 0 : rows.length - 1) : (at + dir + rows.length) % rows.length];
    scrollToRow(next)?.();
    next.focus({ preventScroll: true });
  };

  const setFocus = (change: Partial<Focus>): void => {
    if (!state || !model?.object) return;
    state.focus = { ...model.object.focus, ...change };
    render();
  };
  el.object.addEventListener('change', (ev) => {
    const t = ev.target as HTMLElement;
    if (t.id === 'focus-level') setFocus({ level: (t as HTMLSelectElement).value as FocusLevel });
    else if (t.id === 'focus-unowned') setFocus({ hideUnowned: (t as HTMLInputElement).checked });
    el.object.querySelector<HTMLElement>(`#${t.id}`)?.focus();
  });

  /**
   * Scrolls the step list sideways (only) so that the current step shows wholly (reads now,
   * returns the write). Positions come from the boxes as laid out, fractions included: offsetLeft
   * rounds the step and the list each to a whole pixel, and scrolling by their difference could
   * leave the step's edge a fraction of a pixel outside the list.
   */
  const revealCurrentStep = (): (() => void) | undefined => {
    const b = el.steps.querySelector<HTMLElement>('[aria-current="step"]');
    if (!b) return undefined;
    const item = (b.parentElement as HTMLElement).getBoundingClientRect();
    const list = el.steps.getBoundingClientRect();
    const [scrolled, shown] = [el.steps.scrollLeft, el.steps.clientWidth];
    // The step's edges in the list's scrolled content.
    const start = item.left - (list.left + el.steps.clientLeft) + scrolled;
    const end = start + item.width;
    if (start < scrolled) return () => (el.steps.scrollLeft = Math.floor(start));
    if (end > scrolled + shown) return () => (el.steps.scrollLeft = Math.ceil(end - shown));
    return undefined;
  };

  const go = (pos: number): void => {
    if (!state) return;
    const ran = state.session;
    ensureRun(pos);
    const target = clampPosition(state.session, pos);
    // Staying put shows nothing new, unless running the steps stopped at a problem (shown here).
    if (target === state.pos && !state.whatIf && state.session === ran) return;
    state.pos = target;
    state.whatIf = undefined;
    resetWhatIfText();
    render();
  };

  const resetWhatIfText = (): void => {
    if (!state) return;
    const text = nextStepText(state.session, state.pos);
    if (el.whatIfText.value !== text) el.whatIfText.value = text;
  };

  /**
   * The flags of a step text, read once per text: each position's text is read when it is
   * prepared (prepareOne), so a step shows its flags without parsing the YAML again.
   */
  const flagsRead = new Map<string, StepFlags>();
  const flagsOf = (text: string): StepFlags => {
    let f = flagsRead.get(text);
    if (!f) {
      f = readFlags(text);
      flagsRead.set(text, f);
      // A few recent texts are enough: those of the positions next to the one shown.
      if (flagsRead.size > 64) flagsRead.delete(flagsRead.keys().next().value!);
    }
    return f;
  };

  const syncFlags = (): void => {
    const f = flagsOf(el.whatIfText.value);
    el.whatIfForce.disabled = f.force === undefined;
    el.whatIfForce.checked = f.force?.checked ?? false;
    el.whatIfForceLabel.textContent = f.force?.label ?? (f.action ? `${f.action} has no force flag` : 'no action found');
    el.whatIfManager.disabled = f.manager === undefined;
    if (document.activeElement !== el.whatIfManager) el.whatIfManager.value = f.manager?.value ?? '';
    el.whatIfManager.placeholder = f.manager ? f.manager.placeholder || 'manager name' : f.action ? `${f.action} names no field manager` : '';
  };

  // A docs citation in a scenario text (or in a docs page shown) opens that part of docs/.
  let docOpener: HTMLElement | undefined;
  let docs: Promise<DocsFiles> | undefined;
  const showDoc = (b: HTMLElement, ref: string, html: string): void => {
    el.docBody.innerHTML = html;
    if (!el.docPanel.contains(b)) docOpener = b;
    el.docPanel.hidden = false;
    el.docPanel.scrollIntoView({ block: 'nearest' });
    el.docPanel.focus();
  };
  document.addEventListener('click', (ev) => {
    const b = (ev.target as HTMLElement).closest<HTMLButtonElement>('button.doc-ref');
    if (!b) return;
    const ref = b.dataset.doc ?? '';
    docs ??= loadDocs();
    docs.then(
      (pages) => {
        const section = docSection(pages, ref);
        showDoc(
          b,
          ref,
          section
            ? `<h2 id="doc-heading">${esc(section.title)} <span class="hint">(${esc(ref)})</span></h2>${markdown(section.text, 2)}`
            : `<h2 id="doc-heading">${esc(ref)}</h2><p>This page is not part of the playground.</p>`,
        );
      },
      (err: unknown) => {
        // Loading the pages can fail (the site's files went away): say so, and try again next time.
        docs = undefined;
        showDoc(b, ref, `<h2 id="doc-heading">${esc(ref)}</h2><p>The docs pages could not be loaded: ${esc(err instanceof Error ? err.message : String(err))}</p>`);
      },
    );
  });
  el.docClose.addEventListener('click', () => {
    el.docPanel.hidden = true;
    docOpener?.focus();
  });

  // A field's history: click a line (or press Enter on a focused one).
  let shownField: { display: string; path: string; opener: HTMLElement } | undefined;
  const renderHistory = (): void => {
    if (!state || !shownField) return;
    // A field's history covers every step.
    ensureRun(Number.POSITIVE_INFINITY);
    el.historyBody.innerHTML = renderTimeline(shownField.path, fieldTimeline(state.session, shownField.display, shownField.path), state.whatIf ? -1 : state.pos);
  };
  const openHistory = (line: HTMLElement): void => {
    const path = line.getAttribute('title');
    const display = model?.object?.display;
    if (!path || !display) return;
    shownField = { display, path, opener: line };
    renderHistory();
    el.historyPanel.hidden = false;
    el.historyPanel.scrollIntoView({ block: 'nearest' });
    el.historyPanel.focus({ preventScroll: true });
  };
  el.object.addEventListener('keydown', (ev) => {
    const line = (ev.target as HTMLElement).closest<HTMLElement>('ol.blame li.row[title]');
    if (line && ev.key === 'Enter') openHistory(line);
  });
  el.historyPanel.addEventListener('click', (ev) => {
    const b = (ev.target as HTMLElement).closest<HTMLButtonElement>('button[data-pos]');
    if (b) go(Number(b.dataset.pos));
  });
  function closeHistory(refocus: boolean): void {
    el.historyPanel.hidden = true;
    const opener = shownField?.opener;
    shownField = undefined;
    if (refocus && opener?.isConnected) opener.focus();
  }
  el.historyClose.addEventListener('click', () => closeHistory(true));

  // Stepping.
  el.prev.addEventListener('click', () => (state?.whatIf ? go(state.pos) : go((state?.pos ?? 0) - 1)));
  el.next.addEventListener('click', () => go((state?.pos ?? 0) + 1));
  el.steps.addEventListener('click', (ev) => {
    const b = (ev.target as HTMLElement).closest<HTMLButtonElement>('button[data-pos]');
    if (b) go(Number(b.dataset.pos));
  });
  el.object.addEventListener('click', (ev) => {
    const t = ev.target as HTMLElement;
    if (t.closest('#jump-next')) return jump(1);
    if (t.closest('#jump-prev')) return jump(-1);
    if (t.closest('button.show-all')) {
      setFocus({ level: 'all', hideUnowned: false });
      el.object.querySelector<HTMLElement>('#focus-level')?.focus();
      return;
    }
    const line = t.closest<HTMLElement>('ol.blame li.row[title]');
    if (line) return openHistory(line);
    const b = t.closest<HTMLButtonElement>('button[data-object]');
    if (!b || !state) return;
    state.preferredObject = b.dataset.object;
    render();
    el.object.querySelector<HTMLButtonElement>(`button[data-object="${cssEscape(b.dataset.object ?? '')}"]`)?.focus();
  });
  // A long list of the result (a change's paths or values) is rendered when it is first opened.
  el.result.addEventListener(
    'toggle',
    (ev) => {
      const d = ev.target as HTMLDetailsElement;
      const at = d.dataset.change;
      const r = model?.result;
      if (!d.open || at === undefined || !r || d.childElementCount > 1) return;
      d.insertAdjacentHTML('beforeend', changeDetail(r, d.classList.contains('values') ? 'values' : 'paths', at));
    },
    true,
  );
  // An entry's FieldsV1 table is rendered when it is first opened ('toggle' does not bubble).
  el.managed.addEventListener(
    'toggle',
    (ev) => {
      const d = ev.target as HTMLDetailsElement;
      const body = d.querySelector('.entry-body');
      const entry = model?.object?.entries[Number(d.dataset.entry)];
      if (d.open && body && body.childElementCount === 0 && entry) body.innerHTML = renderEntryTable(entry);
    },
    true,
  );
  document.addEventListener('keydown', (ev) => {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const t = ev.target as HTMLElement | null;
    if (t && (t.closest('input, textarea, select, [contenteditable="true"]') || t.isContentEditable)) return;
    if (!state) return;
    const keys: Record<string, () => number> = {
      ArrowLeft: () => (state!.whatIf ? state!.pos : state!.pos - 1),
      ArrowRight: () => state!.pos + 1,
      Home: () => 0,
      End: () => Number.MAX_SAFE_INTEGER,
    };
    const k = keys[ev.key];
    if (!k) return;
    ev.preventDefault();
    const focusedStep = t?.closest('button[data-pos]');
    go(k());
    // Keep the focus on the current step's button when the step list had it.
    if (focusedStep) el.steps.querySelector<HTMLButtonElement>('button[aria-current="step"]')?.focus();
  });
  el.copyLink.addEventListener('click', () => {
    syncHash();
    const url = window.location.href;
    void navigator.clipboard?.writeText(url).then(
      () => (el.copyLink.textContent = 'Link copied'),
      () => (el.copyLink.textContent = 'Copy the address bar'),
    );
    window.setTimeout(() => (el.copyLink.textContent = 'Copy link'), 2000);
  });

  // Choosing and pasting.
  function openPaste(open: boolean, focus = true): void {
    el.pastePanel.hidden = !open;
    el.pasteToggle.setAttribute('aria-expanded', String(open));
    if (open && focus) {
      if (el.pasteText.value === '' && state) el.pasteText.value = state.session.text;
      el.pasteText.focus();
    }
  }
  el.select.addEventListener('change', () => {
    if (el.select.value === PASTED_VALUE) {
      openPaste(true);
      return;
    }
    load({ kind: 'library', id: el.select.value, step: 0 });
  });
  el.pasteToggle.addEventListener('click', () => openPaste(el.pastePanel.hidden));
  el.pasteCancel.addEventListener('click', () => {
    openPaste(false);
    el.pasteToggle.focus();
  });
  el.pasteRun.addEventListener('click', () => {
    load({ kind: 'pasted', text: el.pasteText.value, step: 0 });
    el.result.focus();
  });

  // What-if.
  el.whatIfText.addEventListener('input', syncFlags);
  el.whatIfForce.addEventListener('change', () => {
    el.whatIfText.value = setForce(el.whatIfText.value, el.whatIfForce.checked);
    syncFlags();
  });
  el.whatIfManager.addEventListener('change', () => {
    el.whatIfText.value = setManager(el.whatIfText.value, el.whatIfManager.value.trim());
    syncFlags();
  });
  el.whatIfRun.addEventListener('click', () => {
    if (!state) return;
    // Apply a manager typed but not yet committed with Enter/Tab.
    if (!el.whatIfManager.disabled) el.whatIfText.value = setManager(el.whatIfText.value, el.whatIfManager.value.trim());
    // The what-if stands beside the scenario's own next step.
    ensureRun(state.pos + 1);
    state.whatIf = runWhatIf(state.session, state.pos, el.whatIfText.value);
    render();
    if (state.whatIf.record) el.result.focus();
  });
  el.whatIfReset.addEventListener('click', () => {
    resetWhatIfText();
    syncFlags();
  });
  el.whatIfBack.addEventListener('click', () => {
    if (!state) return;
    state.whatIf = undefined;
    render();
    el.whatIfRun.focus();
  });

  window.addEventListener('hashchange', () => {
    const loc = parseHash(window.location.hash);
    const cur = location();
    if (!loc || !cur) return;
    if (formatHash(loc) === formatHash(cur)) return;
    const sameScenario = loc.kind === cur.kind && (loc.kind === 'library' ? loc.id === (cur as typeof loc).id : loc.text === (cur as typeof loc).text);
    if (sameScenario) go(loc.step);
    else load(loc);
  });

  load(parseHash(window.location.hash));
}

/**
 * Runs `fn` when the page is idle, or after `timeoutMs` at the latest when given (in a task of its
 * own where idle callbacks are missing). Returns the cancel.
 */
function whenIdle(fn: () => void, timeoutMs?: number): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = window.setTimeout(fn, 0);
    return () => window.clearTimeout(timer);
  }
  const id = requestIdleCallback(() => fn(), timeoutMs === undefined ? undefined : { timeout: timeoutMs });
  return () => cancelIdleCallback(id);
}

/** Whether a step from `before` to `view` makes more than half of `view`'s object lines anew (a patch keeps a line whose HTML is the same). */
function mostlyNewLines(before: { readonly html: RenderedPage }, view: { readonly html: RenderedPage }): boolean {
  const linesOf = (v: { readonly html: RenderedPage }) => {
    const p = v.html.parts.object.at(-1);
    return p !== undefined && typeof p !== 'string' ? p.children : undefined;
  };
  const [was, lines] = [linesOf(before), linesOf(view)];
  if (!lines || lines.length === 0) return false;
  const kept = new Set(was ?? []);
  return lines.filter((l) => !kept.has(l)).length * 2 > lines.length;
}

function sameKey(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** The HTML of a region, parsed again only when it differs from what the region shows. */
const regionHtml = new WeakMap<Element, string>();

function setHtml(region: Element, html: string): void {
  if (regionHtml.get(region) === html) return;
  replaceHtml(region, html);
  regionHtml.set(region, html);
}

function encodeText(s: string): string {
  return s.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

function encodeAttr(s: string): string {
  return encodeText(s).replace(/"/g, '&quot;');
}

function cssEscape(s: string): string {
  return typeof CSS !== 'undefined' && CSS.escape ? CSS.escape(s) : s.replace(/["\\]/g, '\\$&');
}
