/**
 * `npm run fuzz`: mutated inputs through `ssa-sim engine`, `preview` (server-side and
 * client-side), `blame`, `explain` and `run`, reporting crashes (exit 70, an escaping exception, a
 * stack trace), hangs (a case that does not finish in --hang-seconds), prototype pollution and the
 * heap as cases go by. Each failing case is saved as a JSON file under --out for `--replay FILE`.
 *
 *   npm run fuzz -- [--cases 100000] [--seconds S] [--seed N] [--workers 2] [--targets engine,preview,...]
 *                   [--hang-seconds 60] [--out fuzz-failures] [--replay FILE]
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { TARGETS, type FuzzCase, type Target } from './cases.js';
import { loadCorpus } from './corpus.js';
import { caseAt } from './generate.js';
import { caseRunner } from './run-case.js';
import type { WorkerJob, WorkerMessage } from './worker.js';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, here.includes(join('dist', 'fuzz')) ? '../..' : '..');

const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '100000' },
    seconds: { type: 'string' },
    seed: { type: 'string', default: '1' },
    workers: { type: 'string', default: '2' },
    targets: { type: 'string', default: TARGETS.join(',') },
    'hang-seconds': { type: 'string', default: '60' },
    out: { type: 'string', default: join(repo, 'fuzz-failures') },
    replay: { type: 'string' },
  },
});

function wholeNumber(name: string, text: string | undefined): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) {
    process.stderr.write(`fuzz: --${name} takes a whole number, not ${JSON.stringify(text)}\n`);
    process.exit(2);
  }
  return n;
}

if (values.replay !== undefined) {
  const saved = JSON.parse(readFileSync(values.replay, 'utf8')) as { case: FuzzCase };
  const verdict = await caseRunner(mkdtempSync(join(tmpdir(), 'ssa-sim-fuzz-replay-')))(saved.case);
  process.stdout.write(`${JSON.stringify(verdict, null, 2)}\n`);
  process.exit(verdict.ok ? 0 : 1);
}

const seed = wholeNumber('seed', values.seed);
const total = wholeNumber('cases', values.cases);
const workers = Math.max(1, wholeNumber('workers', values.workers));
const hangMs = wholeNumber('hang-seconds', values['hang-seconds']) * 1000;
const deadline = values.seconds === undefined ? Number.POSITIVE_INFINITY : Date.now() + wholeNumber('seconds', values.seconds) * 1000;
const targets = (values.targets ?? '').split(',').filter((t) => t !== '') as Target[];
for (const t of targets) {
  if (!(TARGETS as readonly string[]).includes(t)) {
    process.stderr.write(`fuzz: unknown target ${JSON.stringify(t)}; targets: ${TARGETS.join(', ')}\n`);
    process.exit(2);
  }
}

const corpus = loadCorpus(repo);
const counts = { cases: 0, crash: 0, hang: 0, pollution: 0 };
const perTarget = new Map<string, number>();
const heap: { cases: number; mb: number }[] = [];
const started = Date.now();
mkdirSync(values.out as string, { recursive: true });

function save(index: number, kind: string, detail: string): void {
  const c = caseAt(seed, index, corpus, targets);
  const file = join(values.out as string, `${kind}-${c.target}-seed${seed}-case${index}.json`);
  writeFileSync(file, JSON.stringify({ seed, index, kind, detail, case: c }, null, 2));
  process.stderr.write(`fuzz: ${kind} in ${c.target} (case ${index}): ${detail.split('\n')[0].slice(0, 300)}\n  saved: ${file}\n`);
}

/** Runs one residue class of case numbers in a worker, restarting after a hang. */
function lane(from: number): Promise<void> {
  return new Promise((done) => {
    const job: WorkerJob = { repo, seed, from, stride: workers, until: total, deadline, targets };
    // The stack size of Node's main thread (984 KB), where the CLI runs: a worker's default 4 MB
    // lets deep nesting recurse far past where the CLI would stop with an error, and slowly.
    const worker = new Worker(join(here, 'worker.js'), { workerData: job, resourceLimits: { stackSizeMb: 0.96 } });
    let current = -1;
    let timer: NodeJS.Timeout | undefined;
    const arm = (): void => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        counts.hang++;
        save(current, 'hang', `no answer within ${hangMs / 1000} s`);
        void worker.terminate();
        lane(current + workers).then(done);
      }, hangMs);
    };
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'start') {
        current = m.index;
        arm();
      } else if (m.type === 'done') {
        counts.cases++;
        perTarget.set(m.target, (perTarget.get(m.target) ?? 0) + 1);
        if (!m.ok) {
          counts[m.kind === 'pollution' ? 'pollution' : 'crash']++;
          save(m.index, m.kind ?? 'crash', m.detail ?? '');
        }
        if (counts.cases % 5000 === 0) process.stderr.write(`fuzz: ${counts.cases} cases, ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
      } else if (m.type === 'heap') heap.push({ cases: counts.cases, mb: m.usedBytes / 2 ** 20 });
      else if (m.type === 'finished') {
        clearTimeout(timer);
        void worker.terminate();
        done();
      }
    });
    worker.on('error', (err) => {
      clearTimeout(timer);
      counts.crash++;
      save(current, 'crash', `worker died: ${err.stack ?? err.message}`);
      lane(current + workers).then(done);
    });
  });
}

await Promise.all(Array.from({ length: workers }, (_, w) => lane(w)));
const seconds = (Date.now() - started) / 1000;
process.stdout.write(`fuzz: seed ${seed}, ${counts.cases} cases in ${seconds.toFixed(0)} s (${(counts.cases / seconds).toFixed(0)}/s) over ${targets.join(', ')}\n`);
process.stdout.write(`  per target: ${[...perTarget].map(([t, n]) => `${t} ${n}`).join(', ')}\n`);
const step = Math.max(1, Math.floor(heap.length / 10));
process.stdout.write(`  heap used (MB) by cases run: ${heap.filter((_, i) => i % step === 0 || i === heap.length - 1).map((h) => `${h.cases}:${h.mb.toFixed(0)}`).join(' ')}\n`);
process.stdout.write(`fuzz: ${counts.crash} crashes, ${counts.hang} hangs, ${counts.pollution} pollution\n`);
process.exit(counts.crash + counts.hang + counts.pollution === 0 ? 0 : 1);
