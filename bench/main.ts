/**
 * `npm run bench`: the reference's BenchmarkOperations cases on ../shared/reference/objects with
 * the types of ../shared/reference/kubernetes-schema.yaml, objects parsed beforehand.
 *   Create     one update from an empty live object
 *   Apply      one apply from an empty live object
 *   ApplyTwice two managers apply the same object
 *   Update     two managers update with the same object
 * plus a scaling case: Endpoints with its address lists doubled and doubled again, the growth
 * families of bench/scaling.ts (map keys, keyed list items, set items, managers) with slopes,
 * and the cold start with the built-in schema in fresh processes (see `coldStart`),
 * and `preview` of a generated 2 MB captured object with 50 managers (bench/preview-big.ts).
 * As in the reference's benchmark, objects are validated once beforehand, not in every operation;
 * the validation itself is measured as its own case (`<Kind>/Validate`).
 * `--json` prints one line per case: {"case": "Pod/Apply", "nsPerOp": 123456}.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { applyValidated as apply } from '../src/merge/apply.js';
import type { EngineContext } from '../src/merge/context.js';
import type { ManagedFields } from '../src/merge/managers.js';
import type { EngineOutcome } from '../src/merge/outcome.js';
import { updateValidated as update } from '../src/merge/update.js';
import { parseSchema } from '../src/schema/parse-schema.js';
import { Schema } from '../src/schema/schema.js';
import { validate } from '../src/typed/validate.js';
import { chromiumPlaygroundCases, CHROMIUM } from './chromium-playground.js';
import { libraryFiles, playgroundTimings } from './playground.js';
import { libraryEntries } from '../src/web/scenario-library.js';
import { previewBigTimings } from './preview-big.js';
import { logLogSlope, scalingCases } from './scaling.js';
import { serverFigures } from './server.js';
import type { Value } from '../src/value/value.js';

const here = dirname(fileURLToPath(import.meta.url));
// Compiled to dist/bench/, run from the repo: ../shared is beside the repo either way.
const repo = resolve(here, here.includes(`${join('dist', 'bench')}`) ? '../..' : '..');
const shared = resolve(repo, '..', 'shared', 'reference');

/** The reference's figures on this class of machine (engine-semantics §9, HEAD v6.4.2), in ms. */
const referenceMs: Record<string, number> = {
  'Pod/Create': 0.17,
  'Pod/Apply': 0.38,
  'Pod/ApplyTwice': 0.8,
  'Pod/Update': 0.4,
  'Node/Create': 0.24,
  'Node/Apply': 0.51,
  'Node/ApplyTwice': 1.7,
  'Node/Update': 0.66,
  'Endpoints/Create': 0.014,
  'Endpoints/Apply': 0.039,
  'Endpoints/ApplyTwice': 4.0,
  'Endpoints/Update': 2.5,
};

const none: ManagedFields = new Map();

function must(o: EngineOutcome): EngineOutcome & { ok: true } {
  if (!o.ok) throw new Error(o.error.message);
  return o;
}

/**
 * Each operation gets the object twice, as two separately parsed copies: the second manager's
 * object must really be compared with the first one's, not recognised as the same reference.
 */
const operations: Record<string, (ctx: EngineContext, obj: Value, copy: Value) => void> = {
  Create: (ctx, obj) => void must(update(ctx, null, obj, 'v1', none, 'controller')),
  Apply: (ctx, obj) => void must(apply(ctx, null, obj, 'v1', none, 'default', false)),
  ApplyTwice: (ctx, obj, copy) => {
    const first = must(apply(ctx, null, obj, 'v1', none, 'default', false));
    must(apply(ctx, first.object, copy, 'v1', first.managers, 'other', false));
  },
  Update: (ctx, obj, copy) => {
    const first = must(update(ctx, null, obj, 'v1', none, 'controller'));
    must(update(ctx, first.object, copy, 'v1', first.managers, 'other'));
  },
};

/** Mean time per call: warm up, then run for at least `minMs` and at least `minRuns` iterations. */
function measure(fn: () => void, minMs = 1000, minRuns = 20): number {
  const warmUntil = performance.now() + minMs / 4;
  while (performance.now() < warmUntil) fn();
  let n = 0;
  const start = process.hrtime.bigint();
  const end = performance.now() + minMs;
  while (n < minRuns || performance.now() < end) {
    fn();
    n++;
  }
  return Number(process.hrtime.bigint() - start) / n;
}

function doubleAddresses(endpoints: Value): Value {
  const copy = structuredClone(endpoints) as { subsets: { addresses?: Value[]; notReadyAddresses?: Value[] }[] };
  for (const s of copy.subsets) {
    if (s.addresses) s.addresses = [...s.addresses, ...s.addresses];
    if (s.notReadyAddresses) s.notReadyAddresses = [...s.notReadyAddresses, ...s.notReadyAddresses];
  }
  return copy as unknown as Value;
}

function main(): void {
  const json = process.argv.includes('--json');
  const schema = new Schema(parseSchema(readFileSync(join(shared, 'kubernetes-schema.yaml'), 'utf8')));
  const load = (file: string) => parseYaml(readFileSync(join(shared, 'objects', file), 'utf8')) as Value;
  const endpoints = load('endpoints.yaml');
  const objects: [string, string, Value][] = [
    ['Pod', 'io.k8s.api.core.v1.Pod', load('pod.yaml')],
    ['Node', 'io.k8s.api.core.v1.Node', load('node.yaml')],
    ['Endpoints', 'io.k8s.api.core.v1.Endpoints', endpoints],
  ];
  const results: { name: string; ns: number }[] = [];
  const report = (name: string, ns: number) => {
    results.push({ name, ns });
    if (json) console.log(JSON.stringify({ case: name, nsPerOp: Math.round(ns) }));
    else {
      const ref = referenceMs[name];
      const vs = ref === undefined ? '' : `   reference ${ref.toFixed(3)} ms   ratio ${(ns / 1e6 / ref).toFixed(2)}`;
      console.log(`${name.padEnd(28)} ${(ns / 1e6).toFixed(3).padStart(9)} ms/op${vs}`);
    }
  };
  for (const [label, type, obj] of objects) {
    const ctx: EngineContext = { atom: schema.named(type) };
    const problems = validate(obj, ctx.atom);
    if (problems.length > 0) throw new Error(`${label} does not fit its schema: ${problems[0].path}: ${problems[0].message}`);
    report(`${label}/Validate`, measure(() => validate(obj, ctx.atom)));
    const copy = structuredClone(obj);
    for (const [op, fn] of Object.entries(operations)) report(`${label}/${op}`, measure(() => fn(ctx, obj, copy)));
  }
  // Scaling: the cost should grow linearly with the size of the object.
  const ctx: EngineContext = { atom: schema.named('io.k8s.api.core.v1.Endpoints') };
  let scaled = endpoints;
  const base: Record<string, number> = {};
  for (const factor of [1, 2, 4]) {
    const copy = structuredClone(scaled);
    for (const op of ['ApplyTwice', 'Update']) {
      const ns = measure(() => operations[op](ctx, scaled, copy));
      base[op] ??= ns;
      report(`Endpoints-x${factor}/${op}`, ns);
      if (!json) console.log(`${''.padEnd(28)} growth vs x1: ${(ns / base[op]).toFixed(2)} (linear = ${factor})`);
    }
    scaled = doubleAddresses(scaled);
  }
  // Growth with n keys, items, set items and managers, with the fitted log-log slope (bench/scaling.ts).
  // The 50,000 cases take seconds each: a few runs of each are enough for a slope.
  for (const f of scalingCases(schema, (fn) => measure(fn, 500, 3), report)) {
    const slope = logLogSlope(f.points);
    if (json) console.log(JSON.stringify({ case: `${f.name}/slope`, slope: Number(slope.toFixed(3)) }));
    else console.log(`${f.name.padEnd(28)} slope ${slope.toFixed(3)} (linear = 1)`);
  }
  if (!json) {
    const slower = results.filter((r) => referenceMs[r.name] !== undefined && r.ns / 1e6 > referenceMs[r.name]);
    console.log(slower.length === 0 ? 'every case matches or beats the reference' : `slower than the reference: ${slower.map((r) => r.name).join(', ')}`);
  }
  // Cold start with the built-in schema, in fresh processes (nothing compiled or cached).
  for (const { name, ms } of coldStart(load('pod.yaml'))) report(name, ms * 1e6);
  // preview of a generated 2 MB captured object with 50 managers, whole process (bench/preview-big.ts).
  for (const { name, ms, rssMb } of previewBigTimings(repo)) {
    report(name, ms * 1e6);
    if (!json) console.log(`${''.padEnd(28)} peak RSS ${rssMb.toFixed(0)} MB`);
  }
  // The web playground: the EKS story's first render and each step (bench/playground.ts).
  for (const { name, ms, budgetMs } of playgroundTimings(repo)) {
    report(name, ms * 1e6);
    if (!json) console.log(`${''.padEnd(28)} budget ${budgetMs} ms: ${ms < budgetMs ? 'within' : 'OVER'}`);
  }
}

/**
 * Start-up cost of the built-in schema, median of fresh Node processes:
 *   BuiltinSchema/ColdLoad    import the built-in catalog module, builtinCatalog(), resolve the DaemonSet type (timed inside the process)
 *   SchemaCatalogs/ColdImport import every schema source reader (src/schema/catalog.ts, with the yaml package)
 *   Process/Empty             `node -e 0`, the floor every CLI run pays
 *   CLI/EngineOnePod          `ssa-sim engine` answering one Pod apply with "schema": "builtin", whole process
 *   CLI/Help, CLI/Help/Best   `ssa-sim --help`, whole process (median, and the best run)
 *   CLI/RunEks, CLI/RunEks/Best  `ssa-sim run scenarios/eks-vpc-cni-addon.yaml`, whole process
 *   CLI/AddonCheck, CLI/AddonCheck/Best  `ssa-sim addon-check --from vpc-cni@v1.10.1 --to vpc-cni@v1.11.4`, whole process (budget 2 s)
 * The CLI cases run the bundled command (dist/cli/ssa-sim.js, built by `npm run build`).
 */
function coldStart(pod: Value): { name: string; ms: number }[] {
  const runs = 7;
  const sorted = (f: () => number): number[] => Array.from({ length: runs }, f).sort((a, b) => a - b);
  const median = (f: () => number): number => sorted(f)[runs >> 1];
  const wall = (args: string[], input?: string, status = 0): number => {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, args, { input, encoding: 'utf8' });
    const ms = performance.now() - t0;
    if (r.status !== status) throw new Error(`${args.join(' ')} failed: ${r.stderr}`);
    return ms;
  };
  const inProcess = (module: string, then: string): number =>
    median(() => {
      const url = pathToFileURL(join(repo, 'dist', 'src', 'schema', module)).href;
      const script = `const t0 = performance.now(); const m = await import(${JSON.stringify(url)}); ${then} process.stdout.write(String(performance.now() - t0));`;
      const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`loading ${module} failed: ${r.stderr}`);
      return Number(r.stdout);
    });
  const request = JSON.stringify({ schema: 'builtin', type: 'io.k8s.api.core.v1.Pod', steps: [{ op: 'apply', manager: 'kubectl', apiVersion: 'v1', object: pod }] });
  const bin = join(repo, 'dist', 'cli', 'ssa-sim.js');
  const wholeProcess = (name: string, args: string[], status = 0): { name: string; ms: number }[] => {
    const xs = sorted(() => wall([bin, ...args], undefined, status));
    return [
      { name, ms: xs[runs >> 1] },
      { name: `${name}/Best`, ms: xs[0] },
    ];
  };
  return [
    ...wholeProcess('CLI/Help', ['--help']),
    ...wholeProcess('CLI/RunEks', ['run', join(repo, 'scenarios', 'eks-vpc-cni-addon.yaml')]),
    // The vpc-cni upgrade over the default customizations in the three modes (exit 1: cells fail).
    ...wholeProcess('CLI/AddonCheck', ['addon-check', '--from', 'vpc-cni@v1.10.1', '--to', 'vpc-cni@v1.11.4'], 1),
    { name: 'BuiltinSchema/ColdLoad', ms: inProcess('builtin/builtin-catalog.js', "const c = m.builtinCatalog(); c.schema.named(c.typeFor('apps/v1', 'DaemonSet'));") },
    { name: 'SchemaCatalogs/ColdImport', ms: inProcess('catalog.js', '') },
    { name: 'Process/Empty', ms: median(() => wall(['-e', '0'])) },
    { name: 'CLI/EngineOnePod', ms: median(() => wall([bin, 'engine'], `${request}\n`)) },
  ];
}

main();
// `ssa-sim serve` over HTTP (bench/server.ts): cold start, and server-side apply under load.
for (const f of await serverFigures(repo)) {
  if (process.argv.includes('--json')) console.log(JSON.stringify({ case: f.name, nsPerOp: Math.round(f.ms * 1e6) }));
  else console.log(`${f.name.padEnd(28)} ${f.text}`);
}
// The playground in Chromium, from its static build (bench/chromium-playground.ts).
{
  const json = process.argv.includes('--json');
  const ids = libraryEntries(libraryFiles(repo)).map((e) => e.id);
  const cases = await chromiumPlaygroundCases(repo, ids, (line) => (json ? undefined : console.log(line)));
  // The note goes to stderr with --json, so that stdout stays one JSON object per line.
  if (!cases) (json ? console.error : console.log)(`Playground/Chromium/*: skipped, ${CHROMIUM} is not installed (apt-get install -y chromium)`);
  for (const c of cases ?? []) {
    if (json) console.log(JSON.stringify({ case: c.name, nsPerOp: Math.round(c.ms * 1e6) }));
    else console.log(`${c.name.padEnd(36)} ${c.ms.toFixed(1).padStart(9)} ms   ${c.budgetMs === undefined ? 'information' : `budget ${c.budgetMs} ms: ${c.ms < c.budgetMs ? 'within' : 'OVER'}`}`);
  }
}
