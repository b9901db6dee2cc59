/**
 * Where a Chromium trace's main-thread time went, for the playground bench: the renderer main
 * thread's tasks that overlap a window (a click to its painted frame), their thread (CPU) time, and
 * that time split by what the browser was doing (script, style, layout, HTML parsing, paint, GC).
 * Pure over the trace's events (CDP `Tracing`, categories `devtools.timeline`), so it is tested
 * on made-up events.
 */

export interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  /** Start, µs. */
  readonly ts: number;
  /** Wall duration, µs (complete events). */
  readonly dur?: number;
  /** Thread (CPU) duration, µs (complete events). */
  readonly tdur?: number;
  readonly args?: { readonly name?: string };
}

export type Phase = 'script' | 'style' | 'layout' | 'parse' | 'paint' | 'gc' | 'other';

export const PHASES: readonly Phase[] = ['script', 'style', 'layout', 'parse', 'paint', 'gc', 'other'];

const BY_NAME: ReadonlyMap<string, Phase> = new Map<string, Phase>([
  ...['FunctionCall', 'EventDispatch', 'TimerFire', 'FireAnimationFrame', 'FireIdleCallback', 'RunMicrotasks', 'EvaluateScript', 'v8.evaluateModule', 'v8.compile', 'v8.compileModule', 'CompileScript', 'CompileCode', 'v8.run', 'XHRReadyStateChange'].map((n) => [n, 'script'] as const),
  ...['UpdateLayoutTree', 'RecalculateStyles', 'ParseAuthorStyleSheet', 'InvalidateLayout', 'ScheduleStyleRecalculation'].map((n) => [n, 'style'] as const),
  ...['Layout', 'UpdateLayerTree'].map((n) => [n, 'layout'] as const),
  ...['ParseHTML'].map((n) => [n, 'parse'] as const),
  ...['PrePaint', 'Paint', 'PaintImage', 'Layerize', 'Commit', 'CompositeLayers', 'RasterTask', 'IntersectionObserverController::computeIntersections', 'ScrollLayer', 'HitTest'].map((n) => [n, 'paint'] as const),
  ...['MinorGC', 'MajorGC', 'GCEvent', 'BlinkGC.AtomicPhase'].map((n) => [n, 'gc'] as const),
]);

/** What an event's own time was spent on (its children's time is theirs). */
export function phaseOf(name: string): Phase {
  return BY_NAME.get(name) ?? (name.startsWith('V8.GC') || name.startsWith('BlinkGC') ? 'gc' : name.startsWith('v8.') || name.startsWith('V8.') ? 'script' : 'other');
}

/** The page's renderer main thread: of the trace's renderer main threads, the one with the most task time. */
export function rendererMainThread(events: readonly TraceEvent[]): { readonly pid: number; readonly tid: number } | undefined {
  const busy = new Map<string, number>();
  for (const e of events) if (e.ph === 'X') busy.set(`${e.pid}/${e.tid}`, (busy.get(`${e.pid}/${e.tid}`) ?? 0) + (e.tdur ?? 0));
  let best: { pid: number; tid: number } | undefined;
  let most = -1;
  for (const t of events) {
    if (t.name !== 'thread_name' || t.args?.name !== 'CrRendererMain') continue;
    const b = busy.get(`${t.pid}/${t.tid}`) ?? 0;
    if (b > most) [best, most] = [{ pid: t.pid, tid: t.tid }, b];
  }
  return best;
}

export interface WindowCpu {
  /** Thread time of the tasks that overlap the window, ms. */
  readonly total: number;
  /** The same split by phase (each event's own time less its children's), ms. */
  readonly phases: Readonly<Record<Phase, number>>;
}

interface Node {
  readonly e: TraceEvent;
  readonly children: Node[];
}

/**
 * For each window ([from, to] in the trace's µs), the main thread's CPU time of the outermost
 * tasks that overlap it, split by phase. A task is counted whole in every window it overlaps: the
 * caller makes each click a task of its own so that no task spans two windows.
 */
export function windowCpu(events: readonly TraceEvent[], thread: { readonly pid: number; readonly tid: number }, windows: readonly { readonly from: number; readonly to: number }[]): WindowCpu[] {
  const complete = threadEvents(events, thread);
  const roots: Node[] = [];
  const stack: Node[] = [];
  for (const e of complete) {
    while (stack.length > 0 && end(stack[stack.length - 1].e) <= e.ts) stack.pop();
    const node: Node = { e, children: [] };
    (stack.length > 0 ? stack[stack.length - 1].children : roots).push(node);
    stack.push(node);
  }
  return windows.map(({ from, to }) => {
    const phases = Object.fromEntries(PHASES.map((p) => [p, 0])) as Record<Phase, number>;
    let total = 0;
    for (const r of roots) {
      if (end(r.e) <= from || r.e.ts >= to) continue;
      total += r.e.tdur ?? 0;
      addSelf(r, phases);
    }
    for (const p of PHASES) phases[p] /= 1000;
    return { total: total / 1000, phases };
  });
}

/** The thread's complete events, in order of start, an enclosing event before those inside it. */
function threadEvents(events: readonly TraceEvent[], thread: { readonly pid: number; readonly tid: number }): TraceEvent[] {
  return events.filter((e) => e.ph === 'X' && e.pid === thread.pid && e.tid === thread.tid && e.dur !== undefined).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
}

function end(e: TraceEvent): number {
  return e.ts + (e.dur ?? 0);
}

/** Adds each event's own thread time (its time less its children's) to its phase. */
function addSelf(n: Node, phases: Record<Phase, number>): void {
  const inChildren = n.children.reduce((s, c) => s + (c.e.tdur ?? 0), 0);
  phases[phaseOf(n.e.name)] += Math.max(0, (n.e.tdur ?? 0) - inChildren);
  for (const c of n.children) addSelf(c, phases);
}

/** Events that recompute style or lay the page out. */
const LAYOUT_WORK: ReadonlySet<string> = new Set(['Layout', 'UpdateLayoutTree', 'RecalculateStyles']);

/**
 * The style and layout work that script asked for outside a frame's animation-frame callbacks
 * (forced synchronous layout: a script read positions or sizes after changing the DOM), on the
 * thread's tasks that overlap [from, to]: each such event's name. Reads in an animation-frame
 * callback are not counted: the frame lays the page out then anyway.
 */
export function forcedLayouts(events: readonly TraceEvent[], thread: { readonly pid: number; readonly tid: number }, from: number, to: number): string[] {
  const complete = threadEvents(events, thread);
  const out: string[] = [];
  const stack: TraceEvent[] = [];
  for (const e of complete) {
    while (stack.length > 0 && end(stack[stack.length - 1]) <= e.ts) stack.pop();
    const inWindow = end(e) > from && e.ts < to;
    if (inWindow && LAYOUT_WORK.has(e.name) && stack.some((a) => phaseOf(a.name) === 'script') && !stack.some((a) => a.name === 'FireAnimationFrame')) out.push(e.name);
    stack.push(e);
  }
  return out;
}
