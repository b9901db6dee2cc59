/**
 * The growth families of bench/scaling.ts alone, as CPU time per operation (issue 15):
 * `node dist/bench/growth.js [FAMILY-PREFIX...]`, for example `ConfigMapKeys Finalizers/Update`.
 * Each case is the minimum over 3 batches of at least 0.3 s of CPU time (user + system, from
 * `process.cpuUsage`), so that other processes on a loaded machine count for less than in wall
 * time; the fitted log-log slope of each family follows (1 = linear).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSchema } from '../src/schema/parse-schema.js';
import { Schema } from '../src/schema/schema.js';
import { logLogSlope, scalingCases } from './scaling.js';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, here.includes(`${join('dist', 'bench')}`) ? '../..' : '..');
const schema = new Schema(parseSchema(readFileSync(resolve(repo, '..', 'shared', 'reference', 'kubernetes-schema.yaml'), 'utf8')));

const cpuNs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) * 1000;
};

/** Minimum over 3 batches of CPU ns per call, each batch at least 0.3 s of CPU and 2 calls. */
function measure(fn: () => void): number {
  fn();
  let best = Infinity;
  for (let batch = 0; batch < 3; batch++) {
    const start = cpuNs();
    let n = 0;
    while (n < 2 || cpuNs() - start < 3e8) {
      fn();
      n++;
    }
    best = Math.min(best, (cpuNs() - start) / n);
  }
  return best;
}

const wanted = process.argv.slice(2);
const families = scalingCases(schema, measure, (name, ns) => console.log(`${name.padEnd(36)} ${(ns / 1e6).toFixed(3).padStart(10)} ms CPU/op`), (name) =>
  wanted.length === 0 || wanted.some((w) => name.startsWith(w)),
);
for (const f of families) console.log(`${f.name.padEnd(36)} slope ${logLogSlope(f.points).toFixed(3)}`);
