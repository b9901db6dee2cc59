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
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

/** dist/cli/package.json: the chunks are CommonJS, whatever the package's own `type`. */
const commonJsScope: Plugin = {
  name: 'ssa-sim-commonjs-scope',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'package.json', source: `${JSON.stringify({ type: 'commonjs' })}\n` });
  },
};

export default defineConfig({
  plugins: [commonJsScope],
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
      },
      output: {
        format: 'cjs',
        charset: 'ascii',
        comments: { legal: true, annotation: false, jsdoc: false },
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name].js',
      },
    },
  },
  ssr: { noExternal: true, target: 'node' },
});
