import { processIO } from './io.js';
import { main } from './main.js';

/**
 * Runs the command line with the process's arguments as PROGRAM: `ssa-sim`, or `kubectl ssa-sim`
 * when started as the kubectl plugin (src/cli/kubectl-plugin.ts), which usage texts then name.
 * Settles once the command is done and `process.exitCode` set (the build's code-cache run waits
 * for it, tools/write-code-cache.mjs); it never rejects.
 */
export function start(program?: string): Promise<void> {
  return main(process.argv.slice(2), processIO(program)).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.stderr.write(`${program ?? 'ssa-sim'}: internal error: ${(err as Error).message ?? String(err)}\n`);
      process.exitCode = 70;
    },
  );
}
