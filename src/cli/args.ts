import { parseArgs, type ParseArgsConfig } from 'node:util';
import { type CommandIO, EXIT_USAGE } from './io.js';

type Options = NonNullable<ParseArgsConfig['options']>;

export interface ParsedArgs {
  readonly values: Record<string, string | boolean | string[] | undefined>;
  readonly positionals: string[];
}

/**
 * node:util parseArgs in strict mode; on an unknown flag or a missing value prints the problem
 * and the command's usage on stderr and returns the usage exit code (2) instead.
 */
export function parseCommandArgs(command: string, args: string[], options: Options, usage: string, io: CommandIO): ParsedArgs | number {
  try {
    const { values, positionals } = parseArgs({ args, options, allowPositionals: true, strict: true });
    return { values: values as ParsedArgs['values'], positionals };
  } catch (err) {
    io.writeError(`ssa-sim ${command}: ${(err as Error).message}\n\n${usage}`);
    return EXIT_USAGE;
  }
}

/** Reports a usage problem (a missing argument, a bad flag value) and returns exit code 2. */
export function usageError(command: string, message: string, usage: string, io: CommandIO): number {
  io.writeError(`ssa-sim ${command}: ${message}\n\n${usage}`);
  return EXIT_USAGE;
}
