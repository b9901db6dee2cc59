/**
 * The playground in Chromium, for the browser test and `npm run bench`: Vite builds the static
 * page (what `npm run build:web` writes) into a folder, a small static server serves it on
 * 127.0.0.1, and playwright-core drives Debian's Chromium (/usr/bin/chromium, headless). It times
 * what a reader waits for:
 *
 *   first render  navigation start → the first frame after the page's first render (parse and
 *                 run the scenario, page model, HTML into the DOM, then style, layout and paint)
 *   a step        a click on Next → the first frame after the DOM update (the click's handler
 *                 renders the step; the browser then lays out and paints the frame)
 *
 * "After the frame" is a task queued from the frame's animation-frame callback: Chromium renders
 * the frame (style, layout, paint) right after those callbacks, so the task runs once it is done.
 * A click comes right after a frame, so even a click that does nothing waits about one frame
 * interval for the next (16.7 ms at 60 Hz): floorTimes measures that floor of the method. Clicks
 * come as fast as frames do, or at a reader's pace (once the page is idle again, see Pace).
 * Timings are information: tests print them and never assert on them (bench/main.ts reports them).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { type Phase, PHASES, type TraceEvent, type WindowCpu, forcedLayouts, rendererMainThread, windowCpu } from './trace-breakdown.js';

export const CHROMIUM = '/usr/bin/chromium';

type Browser = import('playwright-core').Browser;
type Page = import('playwright-core').Page;

/** Runs `vite build` of the playground into `outDir`, bounded in time. */
export function buildPlayground(repo: string, outDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const vite = join(repo, 'node_modules', 'vite', 'bin', 'vite.js');
    const child = spawn(process.execPath, [vite, 'build', '--config', 'vite.web.config.ts', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: repo,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`vite build exited with ${code}:\n${output}`));
    });
  });
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' };

/** Serves `dir` on 127.0.0.1 at a free port. */
export function serveStatic(dir: string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    let file = normalize(join(dir, path));
    if (!file.startsWith(dir + sep) || path.endsWith('/')) file = join(dir, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

export function serverUrl(server: Server): string {
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

export function closeServer(server: Server | undefined): Promise<void> {
  return new Promise<void>((resolve) => {
    if (!server) return resolve();
    server.close(() => resolve());
    server.closeAllConnections?.();
  });
}

export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    timeout: 30_000,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * Runs in the page before its own scripts: marks `playground-painted` after the first frame that
 * follows the first render (when #app stops being busy).
 */
function markFirstPaint(): void {
  const painted = () => requestAnimationFrame(() => setTimeout(() => performance.mark('playground-painted'), 0));
  new MutationObserver((_, observer) => {
    if (document.getElementById('app')?.getAttribute('aria-busy') !== 'false') return;
    observer.disconnect();
    painted();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
}

/**
 * Opens `url` in a new page of `browser` that records its first paint (firstRenderMs reads it);
 * `prepare` runs before the page loads (to listen to its errors).
 */
export async function openTimed(browser: Browser, url: string, width = 1280, height = 800, prepare?: (page: Page) => void): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height } });
  page.setDefaultTimeout(30_000);
  prepare?.(page);
  await page.addInitScript(markFirstPaint);
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector('#app[aria-busy="false"]');
  return page;
}

/** Navigation start → the first frame after the first render, in ms (pages opened with openTimed). */
export async function firstRenderMs(page: Page): Promise<number> {
  await page.waitForFunction(() => performance.getEntriesByName('playground-painted').length > 0);
  return page.evaluate(() => performance.getEntriesByName('playground-painted')[0].startTime);
}

/**
 * The main thread's CPU time from navigation to the first frame after the first render (the
 * renderer main thread's tasks up to the first-paint mark, from a trace of the page's load), split
 * by phase: what the first render costs the page itself, without the waits of a loaded machine.
 */
export async function firstRenderCpu(browser: Browser, url: string, width = 1280, height = 800): Promise<WindowCpu> {
  const page = await browser.newPage({ viewport: { width, height } });
  try {
    page.setDefaultTimeout(30_000);
    await page.addInitScript(markFirstPaint);
    const { events } = await traced(page, async () => {
      await page.goto(url, { waitUntil: 'load' });
      await firstRenderMs(page);
    });
    const main = rendererMainThread(events);
    const painted = events.find((e) => e.name === 'playground-painted' && e.ph !== 'X')?.ts;
    if (!main || painted === undefined) throw new Error('the trace of the first render has no renderer main thread or no first-paint mark');
    return windowCpu(events, main, [{ from: 0, to: painted }])[0];
  } finally {
    await page.close();
  }
}

/** Navigation start → every step of the scenario run (the page runs them after the first render), in ms. */
export async function allStepsRunMs(page: Page): Promise<number> {
  await page.waitForFunction(() => performance.getEntriesByName('playground-run-done').length > 0);
  return page.evaluate(() => performance.getEntriesByName('playground-run-done')[0].startTime);
}

/**
 * How clicks follow one another: `frames`, each click in the task right after the previous click's
 * frame was painted (as fast as frames come, like a held arrow key); `reader`, each click once the
 * page is idle again (its idle callbacks have run), as a reader clicks after reading the step;
 * `user`, each click at a moment of the display's frame interval drawn at random (a fixed seed),
 * after the previous click's frame was painted: a person's click does not wait for a frame to
 * have just been drawn, so it waits for the next one half an interval on average, where `frames`
 * always waits a whole interval.
 */
export type Pace = 'frames' | 'reader' | 'user';

/** The seed of the `user` pace's moments (clickTimes): the same moments on every run. */
export const USER_PACE_SEED = 20261128;

/**
 * Click-to-paint of each click on Next from the position shown to the last one (at most `limit`
 * clicks), in ms. It starts when the page has run the scenario's steps (in the background after
 * the first render: a reader's first click comes later than that); a click before then also runs
 * the steps it needs.
 */
export async function stepTimes(page: Page, limit = Number.MAX_SAFE_INTEGER, pace: Pace = 'frames'): Promise<number[]> {
  await page.waitForSelector('#app[data-run="done"]');
  return page.evaluate(clickTimes, { selector: '#next', limit, pace, marks: false, seed: USER_PACE_SEED });
}

/**
 * The floor of the method: click-to-paint of `n` clicks on a button whose handler does nothing,
 * in ms. It is what a step costs with no work at all: the wait for the display's next frame (the
 * click comes right after a frame, so about one frame interval, 16.7 ms at 60 Hz).
 */
export async function floorTimes(page: Page, n = 20, pace: Pace = 'frames'): Promise<number[]> {
  await page.evaluate(() => {
    const b = document.createElement('button');
    b.id = 'bench-no-op';
    b.textContent = 'no-op';
    b.addEventListener('click', () => undefined);
    document.body.append(b);
  });
  const out = await page.evaluate(clickTimes, { selector: '#bench-no-op', limit: n, pace, marks: false, seed: USER_PACE_SEED });
  await page.evaluate(() => document.getElementById('bench-no-op')?.remove());
  return out;
}

/**
 * Runs in the page: clicks `selector` until it is disabled or `limit` clicks, each click in a task
 * of its own, and times each to the first frame painted after it. With `marks`, marks
 * `step-start-N` and `step-end-N` around each for a trace.
 */
async function clickTimes({ selector, limit, pace, marks, seed }: { selector: string; limit: number; pace: Pace; marks: boolean; seed: number }): Promise<number[]> {
  const target = document.querySelector(selector) as HTMLButtonElement;
  const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const task = (ms = 0) => new Promise<void>((resolve) => setTimeout(resolve, ms));
  const idle = () => new Promise<void>((resolve) => requestIdleCallback(() => resolve()));
  // The `user` pace's moments: a linear congruential sequence from `seed`, in [0, 1).
  let state = seed >>> 0;
  const nextMoment = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const out: number[] = [];
  // Start from a quiet page: whatever the previous action left to render is done.
  await frame();
  while (!target.disabled && out.length < limit) {
    if (pace === 'reader') await idle();
    // The click gets a task of its own: the trace then gives each click its own tasks. At the
    // `user` pace that task comes a random part of a 60 Hz frame interval after the last frame.
    await task(pace === 'user' ? nextMoment() * (1000 / 60) : 0);
    if (marks) performance.mark(`step-start-${out.length}`);
    const t = performance.now();
    target.click();
    await frame();
    out.push(performance.now() - t);
    if (marks) performance.mark(`step-end-${out.length - 1}`);
  }
  return out;
}

/**
 * The main thread's CPU time of each click on Next to the painted frame, from a Chromium trace
 * (thread time of the renderer main thread's tasks between the click and the frame), split by
 * phase (script, style, layout, HTML parsing, paint, GC). Wall time counts the waits of a loaded
 * machine; this counts the page's own work.
 */
export async function stepCpuTimes(page: Page, pace: Pace = 'frames'): Promise<WindowCpu[]> {
  await page.waitForSelector('#app[data-run="done"]');
  const { events, result: steps } = await traced(page, async () => (await page.evaluate(clickTimes, { selector: '#next', limit: Number.MAX_SAFE_INTEGER, pace, marks: true, seed: USER_PACE_SEED })).length);
  const main = rendererMainThread(events);
  if (!main) return [];
  return windowCpu(events, main, Array.from({ length: steps }, (_, i) => markWindow(events, i)));
}

/**
 * The style and layout work forced by script (forcedLayouts) between a click on `selector` and
 * the frame painted after it: what the click's handler made the browser lay out before the frame.
 */
export async function forcedLayoutsOfClick(page: Page, selector: string): Promise<string[]> {
  const { events } = await traced(page, () => page.evaluate(clickTimes, { selector, limit: 1, pace: 'frames' as Pace, marks: true, seed: USER_PACE_SEED }));
  const main = rendererMainThread(events);
  if (!main) throw new Error('the trace has no renderer main thread');
  const { from, to } = markWindow(events, 0);
  return forcedLayouts(events, main, from, to);
}

/** The trace's window of the click marked `step-start-i` … `step-end-i` (clickTimes with marks). */
function markWindow(events: readonly TraceEvent[], i: number): { from: number; to: number } {
  const at = (name: string) => events.find((e) => e.name === name && e.ph !== 'X')?.ts ?? NaN;
  return { from: at(`step-start-${i}`), to: at(`step-end-${i}`) };
}

/** Runs `act` with Chromium tracing the page (devtools.timeline and user timing), and gives the trace's events. */
async function traced<T>(page: Page, act: () => Promise<T>): Promise<{ events: TraceEvent[]; result: T }> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (d) => {
    events.push(...(d.value as unknown as TraceEvent[]));
  });
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,blink.user_timing', transferMode: 'ReportEvents' });
  const result = await act();
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  return { events, result };
}

export interface TimingSummary {
  readonly n: number;
  readonly median: number;
  readonly max: number;
}

export function summarize(xs: readonly number[]): TimingSummary {
  const sorted = [...xs].sort((a, b) => a - b);
  const n = sorted.length;
  const median = n === 0 ? NaN : n % 2 ? sorted[n >> 1] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  return { n, median, max: n === 0 ? NaN : sorted[n - 1] };
}

export interface ChromiumCase {
  readonly name: string;
  readonly ms: number;
  /** undefined: a figure for information, with no budget of its own. */
  readonly budgetMs: number | undefined;
}

/**
 * `npm run bench`'s Chromium cases, on a fresh static build of the playground at 1280x800:
 *   Playground/Chromium/FirstRender      the default page (the EKS story), navigation to the first
 *                                        painted frame, median of 5 fresh pages
 *   Playground/Chromium/FirstRender-max  the slowest first render of the library's scenarios
 *   Playground/Chromium/FirstRenderCpu   the default page's first render, main-thread CPU time
 *                                        (firstRenderCpu), median of 5 fresh pages
 *   Playground/Chromium/FirstRenderCpu-max  the same, the library scenario that costs most
 *   Playground/Chromium/AllStepsRun-max  navigation to the last step run in the background, the
 *                                        slowest scenario (information)
 *   Playground/Chromium/Floor-median|max the method's floor: a click whose handler does nothing, to
 *                                        the painted frame (floorTimes; information)
 *   Playground/Chromium/Step-median|max  click-to-paint of Next over every step of every library
 *                                        scenario, clicked as fast as frames come (pace `frames`)
 *   Playground/Chromium/StepReader-median|max  the same, each click once the page is idle (pace
 *                                        `reader`: the page has prepared what it prepares when idle)
 *   Playground/Chromium/FloorUser-median|max  the floor at pace `user` (floorTimes; information)
 *   Playground/Chromium/StepUser-median|max  the same steps on a fresh page, each click at a moment
 *                                        of the frame interval drawn at random (pace `user`)
 *   Playground/Chromium/StepCpu-median|max  the steps' main-thread CPU time at pace `frames`
 *                                        (stepCpuTimes); the log line splits it by phase
 * Budgets (issue 14): first render 500 ms, steps 16 ms median and 50 ms worst.
 * `scenarios`: the library's scenario ids. undefined when Chromium is missing.
 */
export async function chromiumPlaygroundCases(repo: string, scenarios: readonly string[], log: (line: string) => void): Promise<ChromiumCase[] | undefined> {
  if (!existsSync(CHROMIUM)) return undefined;
  const outDir = mkdtempSync(join(tmpdir(), 'ssa-playground-bench-'));
  let server: Server | undefined;
  let browser: Browser | undefined;
  try {
    await buildPlayground(repo, outDir);
    server = await serveStatic(outDir);
    const base = serverUrl(server);
    browser = await launchChromium();
    const firsts: number[] = [];
    const floor: number[] = [];
    const userFloor: number[] = [];
    const firstCpu: WindowCpu[] = [];
    for (let i = 0; i < 5; i++) {
      const page = await openTimed(browser, base);
      firsts.push(await firstRenderMs(page));
      floor.push(...(await floorTimes(page)));
      userFloor.push(...(await floorTimes(page, 20, 'user')));
      await page.close();
      firstCpu.push(await firstRenderCpu(browser, base));
    }
    const firstCpuAll: number[] = [];
    const perScenario: number[] = [];
    const allRun: number[] = [];
    const steps: number[] = [];
    const reader: number[] = [];
    const user: number[] = [];
    const cpu: WindowCpu[] = [];
    const open = (id: string) => openTimed(browser!, `${base}#scenario=${encodeURIComponent(id)}`);
    for (const id of scenarios) {
      const page = await open(id);
      perScenario.push(await firstRenderMs(page));
      allRun.push(await allStepsRunMs(page));
      const times = await stepTimes(page);
      await page.close();
      // Each on a fresh page: at a reader's pace, and traced (the main thread's CPU time of each step).
      const paced = await open(id);
      const readerTimes = await stepTimes(paced, Number.MAX_SAFE_INTEGER, 'reader');
      await paced.close();
      const person = await open(id);
      const userTimes = await stepTimes(person, Number.MAX_SAFE_INTEGER, 'user');
      await person.close();
      const traced = await open(id);
      const cpuTimes = await stepCpuTimes(traced);
      await traced.close();
      firstCpuAll.push((await firstRenderCpu(browser, `${base}#scenario=${encodeURIComponent(id)}`)).total);
      const [s, r, u, c] = [summarize(times), summarize(readerTimes), summarize(userTimes), summarize(cpuTimes.map((x) => x.total))];
      log(
        `  ${id.padEnd(52)} ${s.n} steps: median ${s.median.toFixed(1)} ms, max ${s.max.toFixed(1)} ms; at a reader's pace median ${r.median.toFixed(1)} ms, max ${r.max.toFixed(1)} ms; ` +
          `at a user's moments median ${u.median.toFixed(1)} ms, max ${u.max.toFixed(1)} ms; ` +
          `main-thread CPU median ${c.median.toFixed(1)} ms, max ${c.max.toFixed(1)} ms`,
      );
      steps.push(...times);
      reader.push(...readerTimes);
      user.push(...userTimes);
      cpu.push(...cpuTimes);
    }
    const allCpu = summarize(cpu.map((x) => x.total));
    const spent = (p: Phase) => cpu.reduce((sum, x) => sum + x.phases[p], 0);
    const cpuTotal = cpu.reduce((sum, x) => sum + x.total, 0);
    log(`  main-thread CPU of all ${cpu.length} steps, ${cpuTotal.toFixed(0)} ms: ${PHASES.map((p) => `${p} ${((100 * spent(p)) / cpuTotal).toFixed(0)} %`).join(', ')}`);
    const firstCpuTotal = firstCpu.reduce((sum, x) => sum + x.total, 0);
    const firstSpent = (p: Phase) => firstCpu.reduce((sum, x) => sum + x.phases[p], 0);
    log(`  main-thread CPU of the default page's first render, ${firstCpu.length} pages: ${PHASES.map((p) => `${p} ${((100 * firstSpent(p)) / firstCpuTotal).toFixed(0)} %`).join(', ')}`);
    const [fl, ufl, all, rd, us] = [summarize(floor), summarize(userFloor), summarize(steps), summarize(reader), summarize(user)];
    return [
      { name: 'Playground/Chromium/FirstRender', ms: summarize(firsts).median, budgetMs: 500 },
      { name: 'Playground/Chromium/FirstRender-max', ms: summarize(perScenario).max, budgetMs: 500 },
      { name: 'Playground/Chromium/FirstRenderCpu', ms: summarize(firstCpu.map((x) => x.total)).median, budgetMs: 500 },
      { name: 'Playground/Chromium/FirstRenderCpu-max', ms: summarize(firstCpuAll).max, budgetMs: 500 },
      { name: 'Playground/Chromium/AllStepsRun-max', ms: summarize(allRun).max, budgetMs: undefined },
      { name: 'Playground/Chromium/Floor-median', ms: fl.median, budgetMs: undefined },
      { name: 'Playground/Chromium/Floor-max', ms: fl.max, budgetMs: undefined },
      { name: 'Playground/Chromium/Step-median', ms: all.median, budgetMs: 16 },
      { name: 'Playground/Chromium/Step-max', ms: all.max, budgetMs: 50 },
      { name: 'Playground/Chromium/StepReader-median', ms: rd.median, budgetMs: 16 },
      { name: 'Playground/Chromium/StepReader-max', ms: rd.max, budgetMs: 50 },
      { name: 'Playground/Chromium/FloorUser-median', ms: ufl.median, budgetMs: undefined },
      { name: 'Playground/Chromium/FloorUser-max', ms: ufl.max, budgetMs: undefined },
      { name: 'Playground/Chromium/StepUser-median', ms: us.median, budgetMs: 16 },
      { name: 'Playground/Chromium/StepUser-max', ms: us.max, budgetMs: 50 },
      { name: 'Playground/Chromium/StepCpu-median', ms: allCpu.median, budgetMs: 16 },
      { name: 'Playground/Chromium/StepCpu-max', ms: allCpu.max, budgetMs: 50 },
    ];
  } finally {
    await browser?.close().catch(() => undefined);
    await closeServer(server);
    rmSync(outDir, { recursive: true, force: true });
  }
}
