/**
 * The package's command is the bundle vite.cli.config.ts builds (dist/cli/ssa-sim.js, one chunk
 * per command). This builds it into a temporary folder and runs it as a user would, so a bundling
 * mistake (a module the bundle cannot load, a chunk missing for one command) fails here rather
 * than on a user's first run.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubectlAvailable } from '../server/kubectl-harness.js';

const repo = resolve(import.meta.dirname, '..', '..');
let outDir: string;

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'ssa-sim-bundle-'));
  const { build } = await import('vite');
  await build({ configFile: join(repo, 'vite.cli.config.ts'), logLevel: 'silent', build: { outDir } });
});

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

function runBundle(args: string[]): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, [join(outDir, 'ssa-sim.js'), ...args], { cwd: repo, encoding: 'utf8' });
}

describe('the bundled command', () => {
  it('has one chunk per command besides the entry', () => {
    const chunks = readdirSync(join(outDir, 'chunks'));
    for (const command of ['run', 'preview', 'blame', 'explain', 'fieldset', 'engine', 'version', 'completion']) expect(chunks).toContain(`${command}.js`);
  });

  it('is CommonJS in ASCII text: no ES module loader at start, one-byte sources for V8 (docs/performance.md)', () => {
    expect(JSON.parse(readFileSync(join(outDir, 'package.json'), 'utf8'))).toEqual({ type: 'commonjs' });
    // The JavaScript, not the code caches beside it (binary, V8's).
    const files = ['ssa-sim.js', 'kubectl-ssa_sim.js', 'load-chunks.js', ...readdirSync(join(outDir, 'chunks')).filter((c) => c.endsWith('.js')).map((c) => join('chunks', c))];
    const nonAscii = files.filter((f) => /[^\x00-\x7f]/.test(readFileSync(join(outDir, f), 'utf8')));
    expect(nonAscii).toEqual([]);
    // Node says which loader ran the entry: a CommonJS module has `module`, an ES module has not.
    const r = spawnSync(process.execPath, ['-e', `require(${JSON.stringify(join(outDir, 'ssa-sim.js'))}); console.log(typeof require.cache[${JSON.stringify(join(outDir, 'ssa-sim.js'))}])`, '--', '--help'], { encoding: 'utf8' });
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('object');
  });

  it('leaves stdin alone unless a command reads it: Node builds process.stdin on first use', () => {
    // A preload that reports the first use of process.stdin on stderr.
    const trap = join(outDir, 'stdin-trap.cjs');
    writeFileSync(trap, `const d = Object.getOwnPropertyDescriptor(process, 'stdin');
let told = false;
Object.defineProperty(process, 'stdin', { configurable: true, enumerable: d.enumerable, get() { if (!told) process.stderr.write('stdin used\\n'); told = true; return d.get.call(process); } });
`);
    const traced = (args: string[], input?: string) => spawnSync(process.execPath, ['--require', trap, join(outDir, 'ssa-sim.js'), ...args], { cwd: repo, encoding: 'utf8', input });
    expect(traced(['--help']).stderr).toBe('');
    expect(traced(['run', 'scenarios/eks-vpc-cni-addon.yaml']).stderr).toBe('');
    const decoded = traced(['fieldset', 'decode'], '{"f:a":{}}');
    expect(decoded.stdout).toBe('.a\n');
    expect(decoded.stderr).toBe('stdin used\n');
  });

  it('loads no Node module that a run of the EKS story does not use (crypto serves -o FILE, readline --step)', () => {
    const probe = join(outDir, 'modules-probe.cjs');
    writeFileSync(probe, `process.on('exit', () => process.stderr.write(JSON.stringify(process.moduleLoadList)));\n`);
    const r = spawnSync(process.execPath, ['--require', probe, join(outDir, 'ssa-sim.js'), 'run', 'scenarios/eks-vpc-cni-addon.yaml'], { cwd: repo, encoding: 'utf8' });
    expect(r.status).toBe(0);
    const loaded = JSON.parse(r.stderr) as string[];
    expect(loaded).toContain('NativeModule fs');
    expect(loaded.filter((m) => /^NativeModule (?:crypto|readline|internal\/crypto\/.*)$/.test(m))).toEqual([]);
  });

  /** Runs ssa-sim ARGS in a fresh Node through the bundle's loader; gives its output and what became of each chunk's cache. */
  function throughLoader(dir: string, args: string[]): { stdout: string; chunks: { file: string; cache: string }[] } {
    const script = `const chunks = require(${JSON.stringify(join(dir, 'load-chunks.js'))}).chunkLoader(${JSON.stringify(dir)});
process.argv = [process.argv[0], 'ssa-sim', ...${JSON.stringify(args)}];
chunks.require('./chunks/start.js').start().then(() => process.stderr.write(JSON.stringify(chunks.loaded())));`;
    // V8 takes a cache only under the flags it was made with: a plain node's, as the build's.
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'NODE_OPTIONS'));
    const r = spawnSync(process.execPath, ['-e', script], { cwd: repo, encoding: 'utf8', env });
    const chunks = JSON.parse(r.stderr) as { file: string; cache: string }[];
    return { stdout: r.stdout, chunks: chunks.map((c) => ({ file: c.file.slice(dir.length + 1), cache: c.cache })) };
  }

  it('starts `run` and --help from the V8 code cache the build wrote beside each chunk', () => {
    const eks = throughLoader(outDir, ['run', 'scenarios/eks-vpc-cni-addon.yaml']);
    expect(eks.stdout).toBe(runBundle(['run', 'scenarios/eks-vpc-cni-addon.yaml']).stdout);
    expect(eks.chunks.map((c) => c.file)).toEqual(expect.arrayContaining(['chunks/start.js', 'chunks/run.js', 'chunks/server.js']));
    // The CEL evaluator is loaded only for a schema with x-kubernetes-validations rules.
    expect(eks.chunks.map((c) => c.file)).not.toContain('cel-library.js');
    expect(eks.chunks.filter((c) => c.cache !== 'offered')).toEqual([]);
    expect(throughLoader(outDir, ['--help']).chunks).toEqual([{ file: 'chunks/start.js', cache: 'offered' }]);
  });

  it('runs the same when V8 refuses the caches (another Node), compiling the chunks from their text', () => {
    const copy = mkdtempSync(join(tmpdir(), 'ssa-sim-bundle-copy-'));
    try {
      cpSync(outDir, copy, { recursive: true, preserveTimestamps: true });
      const caches = readdirSync(join(copy, 'chunks')).filter((f) => f.endsWith('.js.cache'));
      expect(caches).toContain('run.js.cache');
      for (const c of caches) writeFileSync(join(copy, 'chunks', c), 'made by another V8');
      const eks = throughLoader(copy, ['run', 'scenarios/eks-vpc-cni-addon.yaml']);
      expect(eks.stdout).toBe(runBundle(['run', 'scenarios/eks-vpc-cni-addon.yaml']).stdout);
      expect(eks.chunks.filter((c) => c.cache !== 'rejected')).toEqual([]);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('prints the command list for --help', () => {
    const r = runBundle(['--help']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^ssa-sim: a simulator of Kubernetes Server-Side Apply field ownership/);
    expect(r.stdout).toContain('Run \'ssa-sim <command> --help\'');
  });

  it('runs the seed scenario to its verdict', () => {
    const r = runBundle(['run', 'scenarios/eks-vpc-cni-addon.yaml']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Apply failed with 2 conflicts: conflicts with "kubectl-client-side-apply" using apps/v1:');
    expect(r.stdout.trimEnd().split('\n').at(-1)).toMatch(/^OK The EKS vpc-cni add-on takes over aws-node: \d+ expectations hold$/);
  });

  it('steps through a scenario with --step (its line reader is loaded on demand, through the chunk loader)', () => {
    const r = spawnSync(process.execPath, [join(outDir, 'ssa-sim.js'), 'run', '--step', 'scenarios/engine/leaf-conflict-then-force.yaml'], { cwd: repo, encoding: 'utf8', input: '\nb\nq\n' });
    const prompt = (n: number) => `-- step ${n}/4: Enter for the next step, b to step back, q to quit -- `;
    expect(r.stderr).toBe(prompt(1) + prompt(2) + prompt(1));
    expect(r.status).toBe(0);
    expect([...r.stdout.matchAll(/^Step (\d)\/4/gm)].map((m) => m[1])).toEqual(['1', '2', '1']);
    expect(r.stdout).toContain('stopped after step 1 of 4');
  });

  it('ends as soon as its output is written, none of it lost to a reader slower than the command', async () => {
    // The entry ends the process itself once stdout has taken everything (src/cli/start.ts
    // exitWhenWritten): a pipe read only after a pause must still get every byte, and the status.
    const child = spawn(process.execPath, [join(outDir, 'ssa-sim.js'), 'run', '-o', 'json', ...readdirSync(join(repo, 'scenarios')).filter((f) => f.endsWith('.yaml')).map((f) => join('scenarios', f))], { cwd: repo });
    const ended = new Promise<number | null>((done) => child.on('close', done));
    await new Promise((r) => setTimeout(r, 300));
    const chunks: Buffer[] = [];
    for await (const c of child.stdout) chunks.push(c as Buffer);
    expect(await ended).toBe(0);
    const whole = Buffer.concat(chunks).toString('utf8');
    expect(whole.length).toBeGreaterThan(200_000);
    expect(() => JSON.parse(whole)).not.toThrow();
  });

  it('keeps serving until it is told to stop: serve settles only then', async () => {
    const child = spawn(process.execPath, [join(outDir, 'ssa-sim.js'), 'serve', '--port', '0'], { cwd: repo });
    const ended = new Promise<number | null>((done) => child.on('close', done));
    let out = '';
    const url = await new Promise<string>((found) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString('utf8');
        const m = /listening on (\S+)/.exec(out);
        if (m) found(m[1]);
      });
    });
    await new Promise((r) => setTimeout(r, 200));
    const version = await fetch(`${url}/version`);
    expect(version.status).toBe(200);
    child.kill('SIGTERM');
    expect(await ended).toBe(0);
  });

  it('serve evaluates a CRD\'s CEL rules with the evaluator the bundle carries (cel-library.js), nothing from node_modules', async () => {
    // A copy of the bundle where no node_modules can be found above it.
    const copy = mkdtempSync(join(tmpdir(), 'ssa-sim-bundle-cel-'));
    cpSync(outDir, copy, { recursive: true });
    const child = spawn(process.execPath, [join(copy, 'ssa-sim.js'), 'serve', '--port', '0'], { cwd: copy });
    const ended = new Promise<number | null>((done) => child.on('close', done));
    try {
      let out = '';
      const url = await new Promise<string>((found) => {
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString('utf8');
          const m = /listening on (\S+)/.exec(out);
          if (m) found(m[1]);
        });
      });
      const post = (path: string, body: unknown) => fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const spec = { type: 'object', 'x-kubernetes-validations': [{ rule: 'self.min <= self.max' }], properties: { min: { type: 'integer' }, max: { type: 'integer' } } };
      const crd = await post('/apis/apiextensions.k8s.io/v1/customresourcedefinitions', {
        apiVersion: 'apiextensions.k8s.io/v1',
        kind: 'CustomResourceDefinition',
        metadata: { name: 'widgets.example.com' },
        spec: { group: 'example.com', scope: 'Namespaced', names: { kind: 'Widget', plural: 'widgets' }, versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec } } } }] },
      });
      expect(crd.status).toBe(201);
      const widget = await post('/apis/example.com/v1/namespaces/default/widgets', { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'x' }, spec: { min: 5, max: 3 } });
      expect(widget.status).toBe(422);
      expect(((await widget.json()) as { message: string }).message).toBe('Widget.example.com "x" is invalid: spec: Invalid value: "object": failed rule: self.min <= self.max');
    } finally {
      child.kill('SIGTERM');
      await ended;
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('answers an unknown command with the usage error', () => {
    const r = runBundle(['no-such-command']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('Error: unknown command "no-such-command" for "ssa-sim"');
  });
});

describe('the kubectl plugin, run by the real kubectl', () => {
  const available = kubectlAvailable();
  let path: string;
  beforeAll(() => {
    // What npm does for each `bin` of package.json: a link by that name on the PATH to the built file.
    const bin = join(outDir, 'bin');
    mkdirSync(bin);
    const bins = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')).bin as Record<string, string>;
    for (const [name, file] of Object.entries(bins)) {
      const built = join(outDir, file.replace(/^dist\/cli\//, ''));
      chmodSync(built, 0o755);
      symlinkSync(built, join(bin, name));
    }
    path = `${bin}:${dirname(process.execPath)}:${process.env.PATH ?? ''}`;
  });
  const kubectl = (args: string[]) => spawnSync('kubectl', args, { cwd: repo, encoding: 'utf8', env: { PATH: path, HOME: outDir }, timeout: 60_000 });

  it.skipIf(!available)('kubectl plugin list finds kubectl-ssa_sim', () => {
    const r = kubectl(['plugin', 'list', '--name-only']);
    expect(r.stdout.split('\n')).toContain('kubectl-ssa_sim');
  });

  it.skipIf(!available)('kubectl ssa-sim version, and its usage texts name kubectl ssa-sim', () => {
    const version = kubectl(['ssa-sim', 'version']);
    expect(version.stderr).toBe('');
    expect(version.status).toBe(0);
    expect(version.stdout).toMatch(/^ssa-sim \d+\.\d+\.\d+\nModels the Kubernetes v1\.\d+ API server and kubectl v1\.\d+\.\d+\.\n$/);
    const help = kubectl(['ssa-sim', 'preview', '--help']);
    expect(help.stdout).toMatch(/^Usage: kubectl ssa-sim preview -f MANIFEST/);
    const wrong = kubectl(['ssa-sim', 'preview', '--nope']);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toBe("Error: unknown flag: --nope\nSee 'kubectl ssa-sim preview --help' for usage.\n");
  });

  it.skipIf(!available)('kubectl ssa-sim runs the seed scenario as ssa-sim does', () => {
    const viaKubectl = kubectl(['ssa-sim', 'run', 'scenarios/eks-vpc-cni-addon.yaml']);
    const direct = runBundle(['run', 'scenarios/eks-vpc-cni-addon.yaml']);
    expect(viaKubectl.status).toBe(0);
    expect(viaKubectl.stdout).toBe(direct.stdout);
  });
});
