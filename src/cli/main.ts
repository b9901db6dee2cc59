import { describeError, SsaError } from '../errors/ssa-error.js';
import { blameCommand, blameUsage } from './commands/blame.js';
import { engineCommand, engineUsage } from './commands/engine.js';
import { explainCommand, explainUsage } from './commands/explain.js';
import { fieldsetCommand, fieldsetUsage } from './commands/fieldset.js';
import { previewCommand, previewUsage } from './commands/preview.js';
import { runCommand, runUsage } from './commands/run.js';
import { type CommandIO, EXIT_OK, EXIT_USAGE } from './io.js';

interface Command {
  readonly summary: string;
  readonly usage: string;
  run(args: string[], io: CommandIO): Promise<number>;
}

const commands: Record<string, Command> = {
  run: { summary: 'run scenario files step by step, checking their expectations', usage: runUsage, run: runCommand },
  preview: { summary: 'apply a manifest offline to captured live objects: conflicts, ownership changes, removals', usage: previewUsage, run: previewCommand },
  blame: { summary: 'show an object with the managers that own each line', usage: blameUsage, run: blameCommand },
  explain: { summary: 'say who owns a field, since when, and what the next apply would do to it', usage: explainUsage, run: explainCommand },
  fieldset: { summary: 'decode FieldsV1 into field paths, or encode paths as FieldsV1', usage: fieldsetUsage, run: fieldsetCommand },
  engine: { summary: 'answer ownership-engine requests (JSON Lines on stdin)', usage: engineUsage, run: engineCommand },
};

function mainUsage(): string {
  const width = Math.max(...Object.keys(commands).map((c) => c.length));
  const lines = Object.entries(commands).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`);
  return `ssa-sim: a simulator of Kubernetes Server-Side Apply field ownership

Usage: ssa-sim <command> [options]

Commands:
${lines.join('\n')}

Run 'ssa-sim <command> --help' for a command's options and examples.
`;
}

export async function main(argv: string[], io: CommandIO): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined) {
    io.writeError(mainUsage());
    return EXIT_USAGE;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    io.write(mainUsage());
    return EXIT_OK;
  }
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) {
    io.writeError(`ssa-sim: unknown command ${JSON.stringify(name)}\n\n${mainUsage()}`);
    return EXIT_USAGE;
  }
  if (args.includes('--help') || args.includes('-h')) {
    io.write(command.usage);
    return EXIT_OK;
  }
  try {
    return await command.run(args, io);
  } catch (err) {
    if (err instanceof SsaError) {
      io.writeError(`ssa-sim ${name}: ${describeError(err)}\n`);
      return EXIT_USAGE;
    }
    io.writeError(`ssa-sim ${name}: internal error: ${(err as Error).message ?? String(err)}\n`);
    return 70;
  }
}
