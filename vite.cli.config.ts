/**
 * Bundles the command line (src/cli/bin.ts) into dist/cli/ssa-sim.js, the package's `bin`, with
 * one chunk per command (src/cli/main.ts loads each on first use). A process that starts from
 * one bundled module skips resolving and compiling some 250 separate files, and `--help` loads
 * none of the layers: cold start is what a user at a terminal feels (`npm run bench`, CLI/*).
 * The dependencies are bundled too, so the command needs nothing from node_modules at run time.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  build: {
    ssr: fileURLToPath(new URL('./src/cli/bin.ts', import.meta.url)),
    outDir: fileURLToPath(new URL('./dist/cli', import.meta.url)),
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    rollupOptions: { output: { format: 'es', entryFileNames: 'ssa-sim.js', chunkFileNames: 'chunks/[name].js' } },
  },
  ssr: { noExternal: true, target: 'node' },
});
