import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { Readable } from 'node:stream';
import { main } from '../../src/cli/main.js';
import type { CommandIO } from '../../src/cli/io.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `ssa-sim ARGS` in-process with the given stdin text and environment. */
export async function runCli(
  args: string[],
  opts: { stdin?: string | Uint8Array; env?: Record<string, string | undefined>; isTTY?: boolean; isErrorTTY?: boolean; program?: string } = {},
): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const io: CommandIO = {
    stdin: Readable.from(opts.stdin === undefined ? [] : [Buffer.from(opts.stdin)]),
    write: (t) => void (stdout += t),
    writeError: (t) => void (stderr += t),
    env: opts.env ?? {},
    isTTY: opts.isTTY ?? false,
    isErrorTTY: opts.isErrorTTY ?? false,
    ...(opts.program !== undefined ? { program: opts.program } : {}),
  };
  const code = await main(args, io);
  return { code, stdout, stderr };
}

/**
 * A folder of its own for a test file's inputs, removed after the file's tests: call it at the
 * top of a test file. `write` puts a file there and gives its path.
 */
export function scratchDir(prefix: string): { dir: string; write: (name: string, text: string) => string } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return {
    dir,
    write: (name, text) => {
      const path = join(dir, name);
      writeFileSync(path, text);
      return path;
    },
  };
}
