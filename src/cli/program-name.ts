/**
 * The name users type for the command line: `ssa-sim`, or `kubectl ssa-sim` when kubectl runs it as
 * a plugin (kubectl-ssa_sim). Usage texts and messages are written with `ssa-sim` and said with the
 * name the user typed, as kubectl plugins built on cobra show their display name.
 */
import type { CommandIO } from './io.js';

export const PROGRAM = 'ssa-sim';
export const KUBECTL_PLUGIN_PROGRAM = 'kubectl ssa-sim';

/** The name the user typed. */
export function programName(io: CommandIO): string {
  return io.program ?? PROGRAM;
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * TEXT as said to a user who typed another name: each invocation (`ssa-sim` followed by a command
 * name, `<command>`, `--help` or `--version`) is rewritten, never prose or a file name, and the
 * continuation lines of a rewritten usage line move right with it.
 */
export function forProgram(text: string, io: CommandIO): string {
  const name = programName(io);
  if (name === PROGRAM) return text;
  const words = [...(io.commandNames ?? []), '<command>', '--help', '--version'].map(escape).join('|');
  const invocation = new RegExp(`(^|[\\s'"\`(|])${escape(PROGRAM)}(?= (?:${words})(?=[\\s'"\`)]|$))`, 'g');
  const shift = ' '.repeat(name.length - PROGRAM.length);
  let shifting = false;
  return text
    .split('\n')
    .map((line) => {
      if (shifting && /^ {8,}\[/.test(line)) return shift + line;
      const rewritten = line.replace(invocation, `$1${name}`);
      shifting = rewritten !== line && /^(Usage: | +)\S/.test(line) && new RegExp(`^(Usage: | +)${escape(name)} `).test(rewritten);
      return rewritten;
    })
    .join('\n');
}
