/**
 * Two builds' growth, measured side by side (issue 15): `node dist/bench/growth-ab.js OTHER_DIST
 * [FAMILY-PREFIX...]`, OTHER_DIST being the dist/ of another build (say a worktree of main after
 * `npx tsc -p tsconfig.build.json`). Both builds' engines are loaded in this one process and their
 * batches interleaved (4 rounds of at least 0.2 s of CPU each, the minimum kept), so that the load
 * of a shared machine falls on both alike; in separate processes, the one run second in each pair
 * looked a few percent slower. Prints CPU ms per op of the other build, then of this one, per case,
 * then both slopes per family.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SHAPES, SIZES, logLogSlope } from './scaling.js';

const here = dirname(fileURLToPath(import.meta.url));
const ownDist = resolve(here, '..');
const repo = resolve(here, here.includes(`${join('dist', 'bench')}`) ? '../..' : '..');
const schemaText = readFileSync(resolve(repo, '..', 'shared', 'reference', 'kubernetes-schema.yaml'), 'utf8');
const [otherDist, ...wanted] = process.argv.slice(2);
if (!otherDist) throw new Error('usage: growth-ab.js OTHER_DIST [FAMILY-PREFIX...]');

type Outcome = { ok: boolean; object?: unknown; managers?: unknown; error?: { message: string } };
interface Build {
  atom(type: string): unknown;
  validate(v: unknown, atom: unknown): unknown;
  apply(ctx: unknown, live: unknown, obj: unknown, v: string, m: unknown, who: string, force: boolean): Outcome;
  update(ctx: unknown, live: unknown, obj: unknown, v: string, m: unknown, who: string): Outcome;
}

async function load(dist: string): Promise<Build> {
  const at = (p: string) => import(pathToFileURL(join(dist, 'src', p)).href);
  const [{ parseSchema }, { Schema }, { applyValidated }, { updateValidated }, { validate }] = await Promise.all(
    ['schema/parse-schema.js', 'schema/schema.js', 'merge/apply.js', 'merge/update.js', 'typed/validate.js'].map(at),
  );
  const schema = new Schema(parseSchema(schemaText));
  return { atom: (type) => schema.named(type), validate, apply: applyValidated, update: updateValidated };
}

const builds = [await load(resolve(otherDist)), await load(ownDist)];
const none = new Map();
const must = (o: Outcome): Outcome => {
  if (!o.ok) throw new Error(o.error?.message);
  return o;
};
const cpuNs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) * 1000;
};
const batch = (fn: () => void): number => {
  const start = cpuNs();
  let n = 0;
  while (n < 2 || cpuNs() - start < 2e8) {
    fn();
    n++;
  }
  return (cpuNs() - start) / n;
};

const points = new Map<string, { n: number; ns: number[] }[]>();
for (const [label, type, make] of SHAPES) {
  for (const op of ['Validate', 'Apply', 'Update']) {
    const family = `${label}/${op}`;
    if (wanted.length > 0 && !wanted.some((w) => family.startsWith(w))) continue;
    for (const n of SIZES) {
      const obj = make(n);
      const changed = make(n, '-b');
      const fns = builds.map((b): (() => void) => {
        const atom = b.atom(type);
        const ctx = { atom };
        if (op === 'Validate') return () => void b.validate(obj, atom);
        if (op === 'Apply') return () => void must(b.apply(ctx, null, obj, 'v1', none, 'default', false));
        return () => {
          const first = must(b.update(ctx, null, obj, 'v1', none, 'controller'));
          must(b.update(ctx, first.object, changed, 'v1', first.managers, 'other'));
        };
      });
      const best = fns.map((f) => (f(), Infinity));
      for (let round = 0; round < 4; round++) fns.forEach((f, i) => (best[i] = Math.min(best[i], batch(f))));
      points.set(family, [...(points.get(family) ?? []), { n, ns: best }]);
      console.log(`${family}/n=${n}`.padEnd(32) + best.map((ns) => (ns / 1e6).toFixed(3).padStart(11)).join('') + ' ms CPU/op');
    }
  }
}
for (const [family, ps] of points) {
  const slopes = builds.map((_, i) => logLogSlope(ps.map((p) => ({ n: p.n, ns: p.ns[i] }))).toFixed(3).padStart(11));
  console.log(`${family}`.padEnd(32) + slopes.join('') + ' slope');
}
