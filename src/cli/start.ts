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

/**
 * How the command line's entries end, once `start` settled: as soon as stdout and stderr have
 * taken all that was written, with the command's exit status. Left to end by itself, the process
 * first runs what V8 and Node scheduled meanwhile (a garbage collection the heap had grown into,
 * most often), which cost `ssa-sim run` some 10 ms of its cold start for nothing
 * (docs/performance.md, "Cold start"). The end waits a turn of the event loop (setImmediate), so
 * that a write error already on its way (EPIPE from `ssa-sim blame x | head -1`) is still handled
 * by io.ts first. A command that must go on (serve) settles only when it is done. Not part of
 * `start`: the build's code-cache run (tools/write-code-cache.mjs) starts commands in a process
 * that goes on after them.
 */
export function exitWhenWritten(): void {
  const streams = [process.stdout, process.stderr].filter((s) => s.writableLength > 0 && !s.destroyed);
  let waiting = streams.length;
  const end = (): void => void setImmediate(() => process.exit());
  if (waiting === 0) {
    end();
    return;
  }
  for (const s of streams) {
    s.once('drain', () => {
      if (--waiting === 0) end();
    });
  }
}
