/**
 * stdout or stderr that cannot be written (a full disk: `ssa-sim run x.yaml > /dev/full`): one
 * line in words naming the stream, and exit 74 (EX_IOERR); a reader that went away (`| head -1`)
 * stops quietly with 141, as a tool killed by SIGPIPE (closed-stdout.test.ts runs that one).
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { EXIT_CLOSED_PIPE, EXIT_OUTPUT_ERROR, stopOnClosedOutput } from '../../src/cli/io.js';

class Stopped extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

function failWith(code: string, stream: 'stdout' | 'stderr' = 'stdout'): { exit: number; said: string } {
  const emitter = new EventEmitter();
  let said = '';
  stopOnClosedOutput(emitter as unknown as NodeJS.WriteStream, (c) => {
    throw new Stopped(c);
  }, stream, (t) => void (said += t));
  try {
    emitter.emit('error', Object.assign(new Error(`${code}: write failed`), { code }));
  } catch (e) {
    if (e instanceof Stopped) return { exit: e.code, said };
    throw e;
  }
  throw new Error('did not stop');
}

describe('output that cannot be written', () => {
  it('a full disk: the stream and the reason in words, exit 74', () => {
    expect(failWith('ENOSPC')).toEqual({ exit: EXIT_OUTPUT_ERROR, said: 'ssa-sim: cannot write to standard output: no space left on the device (ENOSPC)\n' });
    expect(EXIT_OUTPUT_ERROR).toBe(74);
  });

  it('another error: its code', () => {
    expect(failWith('EIO', 'stderr').said).toBe('ssa-sim: cannot write to standard error: input/output error (EIO)\n');
  });

  it('a reader that went away: quietly, 141', () => {
    expect(failWith('EPIPE')).toEqual({ exit: EXIT_CLOSED_PIPE, said: '' });
    expect(EXIT_CLOSED_PIPE).toBe(141);
  });
});
