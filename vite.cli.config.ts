/**
 * Bundles the command line (src/cli/bin.ts) into dist/cli/ssa-sim.js, the package's `bin`, with
 * one chunk per command (src/cli/main.ts loads each on first use); and the kubectl plugin
 * (src/cli/kubectl-plugin.ts) into dist/cli/kubectl-ssa_sim.js, a few lines over the same chunks. A process that starts from
 * one bundled module skips resolving and compiling some 250 separate files, and `--help` loads
 * none of the layers: cold start is what a user at a terminal feels (`npm run bench`, CLI/*).
 * The dependencies are bundled too, so the command needs nothing from node_modules at run time.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
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
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name].js' },
    },
  },
  ssr: { noExternal: true, target: 'node' },
});
