/**
 * A fuzz worker: runs cases `from`, `from + stride`, ... in this thread and reports each to the
 * parent, which stops a worker that stops answering (a hang) and starts another after that case.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import type { Target } from './cases.js';
import { loadCorpus } from './corpus.js';
import { caseAt } from './generate.js';
import { caseRunner } from './run-case.js';

export interface WorkerJob {
  readonly repo: string;
  readonly seed: number;
  readonly from: number;
  readonly stride: number;
  readonly until: number;
  readonly deadline: number;
  readonly targets: readonly Target[];
}

export type WorkerMessage =
  | { type: 'start'; index: number }
  | { type: 'done'; index: number; target: Target; ok: boolean; kind?: string; detail?: string; exit?: number }
  | { type: 'heap'; index: number; usedBytes: number }
  | { type: 'finished' };

const job = workerData as WorkerJob;
const post = (m: WorkerMessage): void => parentPort?.postMessage(m);
const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-fuzz-'));
const run = caseRunner(dir);
const corpus = loadCorpus(job.repo);
let count = 0;
for (let i = job.from; i < job.until && Date.now() < job.deadline; i += job.stride) {
  post({ type: 'start', index: i });
  const c = caseAt(job.seed, i, corpus, job.targets);
  const verdict = await run(c);
  post(verdict.ok ? { type: 'done', index: i, target: c.target, ok: true, exit: verdict.exit } : { type: 'done', index: i, target: c.target, ok: false, kind: verdict.kind, detail: verdict.detail });
  if (++count % 500 === 0) post({ type: 'heap', index: i, usedBytes: getHeapStatistics().used_heap_size });
}
rmSync(dir, { recursive: true, force: true });
post({ type: 'finished' });
