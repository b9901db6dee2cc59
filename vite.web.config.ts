/**
 * Vite configuration of the web playground (src/web), kept apart from vitest.config.ts so that
 * the test runner's configuration is untouched. `npm run playground` serves it; `npm run
 * build:web` writes static files to dist-web/ (relative asset paths: any static host works).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const repo = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  base: './',
  server: { host: '127.0.0.1', fs: { allow: [repo] } },
  preview: { host: '127.0.0.1' },
  build: {
    outDir: fileURLToPath(new URL('./dist-web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 2000,
  },
});
