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
 * Timings are information: tests print them and never assert on them (bench/main.ts reports them).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';

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

/** Navigation start → every step of the scenario run (the page runs them after the first render), in ms. */
export async function allStepsRunMs(page: Page): Promise<number> {
  await page.waitForFunction(() => performance.getEntriesByName('playground-run-done').length > 0);
  return page.evaluate(() => performance.getEntriesByName('playground-run-done')[0].startTime);
}

/**
 * Click-to-paint of each click on Next from the position shown to the last one (at most `limit`
 * clicks), in ms. It starts when the page has run the scenario's steps (in the background after
 * the first render: a reader's first click comes later than that); a click before then also runs
 * the steps it needs.
 */
export async function stepTimes(page: Page, limit = Number.MAX_SAFE_INTEGER): Promise<number[]> {
  await page.waitForSelector('#app[data-run="done"]');
  return page.evaluate(async (limit) => {
    const next = document.getElementById('next') as HTMLButtonElement;
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const out: number[] = [];
    // Start from a quiet page: whatever the previous action left to render is done.
    await frame();
    while (!next.disabled && out.length < limit) {
      const t = performance.now();
      next.click();
      await frame();
      out.push(performance.now() - t);
    }
    return out;
  }, limit);
}

/**
 * The main thread's CPU time of each click on Next to the painted frame, in ms, from a Chromium
 * trace (thread time of the renderer's main-thread tasks between the click and the frame). Wall
 * time counts the waits of a loaded machine; this counts the page's own work.
 */
export async function stepCpuTimes(page: Page): Promise<number[]> {
  await page.waitForSelector('#app[data-run="done"]');
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (d) => {
    events.push(...(d.value as unknown as TraceEvent[]));
  });
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,blink.user_timing', transferMode: 'ReportEvents' });
  const steps = await page.evaluate(async () => {
    const next = document.getElementById('next') as HTMLButtonElement;
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    let n = 0;
    await frame();
    while (!next.disabled) {
      performance.mark(`step-start-${n}`);
      next.click();
      await frame();
      performance.mark(`step-end-${n++}`);
    }
    return n;
  });
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  // The page's renderer main thread: of the renderers' main threads in the trace, the busiest.
  const busy = (t: TraceEvent) => events.reduce((sum, e) => sum + (e.ph === 'X' && e.pid === t.pid && e.tid === t.tid ? (e.tdur ?? 0) : 0), 0);
  const main = events
    .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .map((t) => ({ t, busy: busy(t) }))
    .sort((a, b) => b.busy - a.busy)[0]?.t;
  const at = (name: string) => events.find((e) => e.name === name && e.ph !== 'X')?.ts ?? NaN;
  // Outermost tasks of the main thread, each with its thread time.
  const tasks = events.filter((e) => e.ph === 'X' && main && e.pid === main.pid && e.tid === main.tid && e.tdur !== undefined).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const outer: TraceEvent[] = [];
  for (const t of tasks) if (outer.length === 0 || t.ts >= outer[outer.length - 1].ts + (outer[outer.length - 1].dur ?? 0)) outer.push(t);
  return Array.from({ length: steps }, (_, i) => {
    const [from, to] = [at(`step-start-${i}`), at(`step-end-${i}`)];
    return outer.filter((t) => t.ts + (t.dur ?? 0) > from && t.ts < to).reduce((sum, t) => sum + (t.tdur ?? 0), 0) / 1000;
  });
}

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  readonly dur?: number;
  readonly tdur?: number;
  readonly args?: { readonly name?: string };
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
 *   Playground/Chromium/Step-median      click-to-paint of Next, median over every step of every
 *                                        library scenario
 *   Playground/Chromium/Step-max         the slowest of those steps
 *   Playground/Chromium/AllStepsRun-max  navigation to the last step run in the background, the
 *                                        slowest scenario (information)
 *   Playground/Chromium/StepCpu-median|max  the steps' main-thread CPU time (stepCpuTimes)
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
    for (let i = 0; i < 5; i++) {
      const page = await openTimed(browser, base);
      firsts.push(await firstRenderMs(page));
      await page.close();
    }
    const perScenario: number[] = [];
    const allRun: number[] = [];
    const steps: number[] = [];
    const cpu: number[] = [];
    for (const id of scenarios) {
      const page = await openTimed(browser, `${base}#scenario=${encodeURIComponent(id)}`);
      perScenario.push(await firstRenderMs(page));
      allRun.push(await allStepsRunMs(page));
      const times = await stepTimes(page);
      await page.close();
      // The same steps on a fresh page, traced: the main thread's CPU time of each.
      const traced = await openTimed(browser, `${base}#scenario=${encodeURIComponent(id)}`);
      const cpuTimes = await stepCpuTimes(traced);
      await traced.close();
      const [s, c] = [summarize(times), summarize(cpuTimes)];
      log(`  ${id.padEnd(52)} ${s.n} steps: median ${s.median.toFixed(1)} ms, max ${s.max.toFixed(1)} ms; main-thread CPU median ${c.median.toFixed(1)} ms, max ${c.max.toFixed(1)} ms`);
      steps.push(...times);
      cpu.push(...cpuTimes);
    }
    const all = summarize(steps);
    const allCpu = summarize(cpu);
    return [
      { name: 'Playground/Chromium/FirstRender', ms: summarize(firsts).median, budgetMs: 500 },
      { name: 'Playground/Chromium/FirstRender-max', ms: summarize(perScenario).max, budgetMs: 500 },
      { name: 'Playground/Chromium/AllStepsRun-max', ms: summarize(allRun).max, budgetMs: undefined },
      { name: 'Playground/Chromium/Step-median', ms: all.median, budgetMs: 16 },
      { name: 'Playground/Chromium/Step-max', ms: all.max, budgetMs: 50 },
      { name: 'Playground/Chromium/StepCpu-median', ms: allCpu.median, budgetMs: 16 },
      { name: 'Playground/Chromium/StepCpu-max', ms: allCpu.max, budgetMs: 50 },
    ];
  } finally {
    await browser?.close().catch(() => undefined);
    await closeServer(server);
    rmSync(outDir, { recursive: true, force: true });
  }
}
