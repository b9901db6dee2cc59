#!/usr/bin/env node
/**
 * Writes V8's code cache of the bundled command's chunks (dist/cli/chunks/NAME.js.cache), read
 * by src/cli/chunk-loader.ts. `npm run build` runs it (vite.cli.config.ts) with the Node that
 * builds, in a process of its own with no V8 flags, since V8 takes a cache only from the same
 * version with the same flags.
 *
 *   node tools/write-code-cache.mjs DIST_CLI_FOLDER '[["--help"], ["run", "FILE"]]'
 *
 * Each argument list is run in turn as `ssa-sim ARGS...` (output discarded by the caller); then
 * the caches are taken, so they hold every function those runs compiled, not only the top level.
 * Each file is written beside its chunk through a temporary name and a rename.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const [dir, runsText] = process.argv.slice(2);
if (dir === undefined || runsText === undefined) {
  process.stderr.write('usage: node tools/write-code-cache.mjs DIST_CLI_FOLDER RUNS_JSON\n');
  process.exit(2);
}
const runs = JSON.parse(runsText);
const { chunkLoader, cacheFileOf } = createRequire(import.meta.url)(join(dir, 'load-chunks.js'));
const chunks = chunkLoader(dir);
const entry = join(dir, 'ssa-sim.js');
for (const args of runs) {
  process.argv = [process.argv[0], entry, ...args];
  await chunks.require('./chunks/start.js').start();
}
// A run's verdict (a scenario that fails) is no concern of the cache: only this script's errors are.
process.exitCode = 0;
for (const { file, data } of chunks.codeCaches()) {
  const target = cacheFileOf(file);
  writeFileSync(`${target}.tmp`, data);
  renameSync(`${target}.tmp`, target);
}
