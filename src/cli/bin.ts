#!/usr/bin/env node
import { processIO } from './io.js';
import { main } from './main.js';

main(process.argv.slice(2), processIO()).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`ssa-sim: internal error: ${(err as Error).message ?? String(err)}\n`);
    process.exitCode = 70;
  },
);
