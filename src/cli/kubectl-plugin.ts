#!/usr/bin/env node
/**
 * `kubectl-ssa_sim`, the package's second command: kubectl runs it for `kubectl ssa-sim ...`
 * (a plugin's file name has `_` where the command has `-`). The same command line as `ssa-sim`,
 * whose usage texts and messages then say `kubectl ssa-sim`.
 */
import { KUBECTL_PLUGIN_PROGRAM } from './program-name.js';
import { exitWhenWritten, start } from './start.js';

void start(KUBECTL_PLUGIN_PROGRAM).then(exitWhenWritten);
