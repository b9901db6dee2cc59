import { parseArgs, type ParseArgsConfig } from 'node:util';
import { type CommandIO, EXIT_USAGE } from './io.js';
import { forProgram, programName } from './program-name.js';

export type Options = NonNullable<ParseArgsConfig['options']>;

export interface ParsedArgs {
  readonly values: Record<string, string | boolean | string[] | undefined>;
  readonly positionals: string[];
}

/** The words Go's strconv.ParseBool takes, which kubectl's boolean flags accept after `=`. */
export const GO_BOOLEANS: Readonly<Record<string, boolean>> = { 1: true, t: true, T: true, TRUE: true, true: true, True: true, 0: false, f: false, F: false, FALSE: false, false: false, False: false };

/** Flags that, as in kubectl (pflag's NoOptDefVal), take this value when given without `=VALUE`. */
const NO_OPTION_DEFAULTS: Readonly<Record<string, string>> = { 'dry-run': 'unchanged' };

/** A flag problem in kubectl's words (pflag's texts). */
class FlagError extends Error {}

/**
 * Rewrites kubectl-style arguments into what node:util parseArgs takes, checking them as kubectl
 * does: an unknown flag, a missing value, a boolean given a value that is not a Go boolean.
 * `--flag=false` removes the flag (and any earlier `--flag`); `--flag=true` is `--flag`.
 */
function normalizeFlags(args: readonly string[], options: Options): string[] {
  const out: string[] = [];
  const longOf = new Map(Object.entries(options).flatMap(([name, o]) => (o.short === undefined ? [] : [[o.short, name] as const])));
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--') {
      out.push(...args.slice(i));
      break;
    }
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      const name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
      const option = Object.hasOwn(options, name) ? options[name] : undefined;
      if (option === undefined) throw new FlagError(`unknown flag: --${name}`);
      if (option.type === 'boolean') {
        if (eq < 0) out.push(arg);
        else {
          const text = arg.slice(eq + 1);
          const value = Object.hasOwn(GO_BOOLEANS, text) ? GO_BOOLEANS[text] : undefined;
          if (value === undefined) throw new FlagError(`invalid argument ${JSON.stringify(text)} for "--${name}" flag: strconv.ParseBool: parsing ${JSON.stringify(text)}: invalid syntax`);
          if (value) out.push(`--${name}`);
          else for (let j = out.length - 1; j >= 0; j--) if (out[j] === `--${name}` || (option.short !== undefined && out[j] === `-${option.short}`)) out.splice(j, 1);
        }
        continue;
      }
      if (eq < 0 && Object.hasOwn(NO_OPTION_DEFAULTS, name)) {
        out.push(`--${name}=${NO_OPTION_DEFAULTS[name]}`);
        continue;
      }
      if (eq < 0 && i + 1 >= args.length) throw new FlagError(`flag needs an argument: --${name}`);
      // `--name=VALUE`: pflag takes the next argument as the value whatever it looks like.
      out.push(eq < 0 ? `--${name}=${args[++i]}` : arg);
      continue;
    }
    if (arg.startsWith('-') && arg.length > 1) {
      const short = arg[1];
      const name = longOf.get(short);
      if (name === undefined) throw new FlagError(`unknown shorthand flag: '${short}' in ${arg}`);
      if (options[name].type === 'string' && arg.length === 2) {
        if (i + 1 >= args.length) throw new FlagError(`flag needs an argument: '${short}' in ${arg}`);
        out.push(`--${name}=${args[++i]}`);
        continue;
      }
    }
    out.push(arg);
  }
  return out;
}

/**
 * Parses a command's arguments with kubectl's conventions (`--flag=true|false` on boolean flags,
 * pflag's error texts). On a problem prints it as kubectl does — `Error: unknown flag: --x` and
 * `See 'ssa-sim preview --help' for usage.` — and returns the usage exit code (2).
 */
export function parseCommandArgs(command: string, args: string[], options: Options, _usage: string, io: CommandIO): ParsedArgs | number {
  try {
    const normalized = normalizeFlags(args, options);
    const { values, positionals } = parseArgs({ args: normalized, options, allowPositionals: true, strict: true });
    return { values: values as ParsedArgs['values'], positionals };
  } catch (err) {
    io.writeError(`Error: ${(err as Error).message}\nSee '${programName(io)} ${command} --help' for usage.\n`);
    return EXIT_USAGE;
  }
}

/** Reports a usage problem (a missing argument, a bad flag value) and returns exit code 2. */
export function usageError(command: string, message: string, usage: string, io: CommandIO): number {
  io.writeError(`${programName(io)} ${command}: ${message}\n\n${forProgram(usage, io)}`);
  return EXIT_USAGE;
}
