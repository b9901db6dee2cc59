/**
 * Bundles the command line (src/cli/bin.ts) into dist/cli/ssa-sim.js, the package's `bin`, with
 * one chunk per command (src/cli/main.ts loads each on first use); and the kubectl plugin
 * (src/cli/kubectl-plugin.ts) into dist/cli/kubectl-ssa_sim.js, a few lines over the same chunks. A process that starts from
 * one bundled module skips resolving and compiling some 250 separate files, and `--help` loads
 * none of the layers: cold start is what a user at a terminal feels (`npm run bench`, CLI/*).
 * The dependencies are bundled too, so the command needs nothing from node_modules at run time.
 *
 * What else makes the start cheaper (docs/performance.md, "Cold start"):
 * - CommonJS chunks, with a package.json in dist/cli saying so: Node then never starts its ES
 *   module loader (resolution, format detection, linking), which costs more than our `--help`.
 * - ASCII only (`charset`) and no comments but the licences: V8 reads a source with one non-ASCII
 *   character as two-byte text, which it decodes and scans more slowly; the prose of our comments
 *   had such characters in almost every chunk.
 * - V8's code cache: the entries load their chunks through dist/cli/load-chunks.js
 *   (src/cli/chunk-loader.ts), which hands V8 the bytecode the build wrote beside each chunk
 *   (tools/write-code-cache.mjs, after a run of `--help` and of the EKS scenario), so a run does
 *   not parse and compile the chunks again. Without a usable cache the chunks compile as usual.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const repo = fileURLToPath(new URL('.', import.meta.url));
const LOADER = 'load-chunks';
/**
 * The CEL evaluator (src/apiserver/cel/engine.ts): a file of its own, which the chunks require
 * only when a custom resource's schema has x-kubernetes-validations rules, by the path defined
 * below (from dist/cli/chunks/).
 */
const CEL_LIBRARY = 'cel-library';
/** The runs whose compiled functions the code cache holds: what a user most often starts. */
const CACHE_RUNS = [['--help'], ['run', join(repo, 'scenarios', 'eks-vpc-cni-addon.yaml')]];

/** dist/cli/package.json: the chunks are CommonJS, whatever the package's own `type`. */
const commonJsScope: Plugin = {
  name: 'ssa-sim-commonjs-scope',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'package.json', source: `${JSON.stringify({ type: 'commonjs' })}\n` });
  },
};

/**
 * The entries reach their chunks through the loader: each `require("./chunks/...")` of an entry
 * becomes `chunks.require("./chunks/...")`. Once the bundle is written, the code cache is made.
 */
const codeCache: Plugin = {
  name: 'ssa-sim-code-cache',
  renderChunk(code, chunk) {
    if (!chunk.isEntry || chunk.name === LOADER || chunk.name === CEL_LIBRARY) return null;
    let out = code;
    for (const imported of chunk.imports) {
      const call = `require(${JSON.stringify(`./${imported}`)})`;
      if (!out.includes(call)) this.error(`${chunk.fileName}: no ${call} to route through ${LOADER}.js`);
      out = out.replaceAll(call, `chunks.${call}`);
    }
    const shebang = /^#!.*\n/.exec(out)?.[0] ?? '';
    return `${shebang}const chunks = require("./${LOADER}.js").chunkLoader(__dirname);\n${out.slice(shebang.length)}`;
  },
  writeBundle(options) {
    const dir = options.dir ?? '';
    // No NODE_OPTIONS: V8 takes a cache only under the flags it was made with, a plain `node`'s.
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'NODE_OPTIONS'));
    const r = spawnSync(process.execPath, [join(repo, 'tools', 'write-code-cache.mjs'), dir, JSON.stringify(CACHE_RUNS)], { cwd: repo, env, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
    if (r.status !== 0) this.error(`writing the code cache failed (${r.error?.message ?? `exit ${r.status}`}): ${r.stderr}`);
  },
};

export default defineConfig({
  plugins: [commonJsScope, codeCache],
  define: { __SSA_SIM_CEL_LIBRARY__: JSON.stringify(`../${CEL_LIBRARY}.js`) },
  build: {
    ssr: true,
    outDir: fileURLToPath(new URL('./dist/cli', import.meta.url)),
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    rollupOptions: {
      input: {
        'ssa-sim': fileURLToPath(new URL('./src/cli/bin.ts', import.meta.url)),
        'kubectl-ssa_sim': fileURLToPath(new URL('./src/cli/kubectl-plugin.ts', import.meta.url)),
        [LOADER]: fileURLToPath(new URL('./src/cli/chunk-loader.ts', import.meta.url)),
        [CEL_LIBRARY]: fileURLToPath(new URL('./src/apiserver/cel/library.ts', import.meta.url)),
      },
      output: {
        format: 'cjs',
        // `await import('node:readline')` (run --step) becomes a require: the chunks run through
        // vm.Script (load-chunks.js), which has no loader for import().
        dynamicImportInCjs: false,
        charset: 'ascii',
        comments: { legal: true, annotation: false, jsdoc: false },
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name].js',
      },
    },
  },
  ssr: { noExternal: true, target: 'node' },
});
