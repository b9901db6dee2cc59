/** Where a command reads and writes; injectable so that commands can be tested in-process. */
export interface CommandIO {
  readonly stdin: NodeJS.ReadableStream;
  write(text: string): void;
  writeError(text: string): void;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly isTTY: boolean;
  /** Whether stderr is a terminal (progress is shown there only then). */
  readonly isErrorTTY?: boolean;
  /** The name the user typed when it is not `ssa-sim` (`kubectl ssa-sim`: src/cli/program-name.ts). */
  readonly program?: string;
  /** The command names, which usage texts are rewritten around for another program name. */
  readonly commandNames?: readonly string[];
}

/**
 * Exit status after the reader of stdout went away (`ssa-sim blame x | head -1`): what the shell
 * reports for a Unix tool killed by SIGPIPE, 128 + 13. Never 1, which means "failed" here.
 */
export const EXIT_CLOSED_PIPE = 128 + 13;

/** Exit status when output cannot be written for another reason (EX_IOERR). */
export const EXIT_OUTPUT_ERROR = 74;

/** Why a stream could not be written, in words, with the code for a search. */
function whyNotWritable(err: NodeJS.ErrnoException): string {
  const words: Record<string, string> = {
    ENOSPC: 'no space left on the device',
    EDQUOT: 'the disk quota is used up',
    EIO: 'input/output error',
    EFBIG: 'the file is too large',
    EBADF: 'the stream is not open',
  };
  const said = err.code === undefined ? undefined : words[err.code];
  return said === undefined ? (err.code ?? err.message) : `${said} (${err.code})`;
}

/**
 * Makes a closed stdout or stderr end the process quietly, as it ends a Unix tool: the write error
 * arrives as an event, so it is handled here once for every command. Any other write error (a full
 * disk) is one line in words on stderr, and EX_IOERR.
 */
export function stopOnClosedOutput(
  stream: NodeJS.WriteStream,
  exit: (code: number) => never,
  name: 'stdout' | 'stderr' = 'stdout',
  report: (text: string) => void = (t) => void process.stderr.write(t),
): void {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE' || err.code === 'ERR_STREAM_DESTROYED') exit(EXIT_CLOSED_PIPE);
    try {
      report(`ssa-sim: cannot write to standard ${name === 'stdout' ? 'output' : 'error'}: ${whyNotWritable(err)}\n`);
    } finally {
      exit(EXIT_OUTPUT_ERROR);
    }
  });
}

export function processIO(program?: string): CommandIO {
  const exit = (code: number): never => process.exit(code);
  stopOnClosedOutput(process.stdout, exit, 'stdout');
  stopOnClosedOutput(process.stderr, exit, 'stderr');
  return {
    // Node builds process.stdin (a socket, a tty or a file stream) on first use: only for the
    // commands that read it, not at every start.
    get stdin() {
      return process.stdin;
    },
    write: (t) => void process.stdout.write(t),
    writeError: (t) => void process.stderr.write(t),
    env: process.env,
    isTTY: Boolean(process.stdout.isTTY),
    isErrorTTY: Boolean(process.stderr.isTTY),
    ...(program !== undefined ? { program } : {}),
  };
}

/**
 * `io` with some of its properties replaced, the others kept as they are: a getter (processIO's
 * stdin) stays a getter, where a spread would call it.
 */
export function withIO(io: CommandIO, changes: Partial<CommandIO>): CommandIO {
  return Object.defineProperties(Object.create(Object.getPrototypeOf(io) as object | null) as CommandIO, {
    ...Object.getOwnPropertyDescriptors(io),
    ...Object.getOwnPropertyDescriptors(changes),
  });
}

/** Exit codes shared by every command: success, an expectation or apply failed, bad input. */
export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;
