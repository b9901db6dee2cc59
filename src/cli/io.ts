/** Where a command reads and writes; injectable so that commands can be tested in-process. */
export interface CommandIO {
  readonly stdin: NodeJS.ReadableStream;
  write(text: string): void;
  writeError(text: string): void;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly isTTY: boolean;
  /** Whether stderr is a terminal (progress is shown there only then). */
  readonly isErrorTTY?: boolean;
}

export function processIO(): CommandIO {
  return {
    stdin: process.stdin,
    write: (t) => void process.stdout.write(t),
    writeError: (t) => void process.stderr.write(t),
    env: process.env,
    isTTY: Boolean(process.stdout.isTTY),
    isErrorTTY: Boolean(process.stderr.isTTY),
  };
}

/** Exit codes shared by every command: success, an expectation or apply failed, bad input. */
export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;
