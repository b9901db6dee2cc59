import { closestWord } from '../errors/closest-word.js';
import { describeError, SsaError } from '../errors/ssa-error.js';
import { type CommandIO, EXIT_OK, EXIT_USAGE } from './io.js';

/** What a command module gives once it is loaded. */
interface LoadedCommand {
  readonly usage: string;
  run(args: string[], io: CommandIO): Promise<number>;
}

interface Command {
  readonly summary: string;
  /**
   * Loads the command's module on first use: a command pulls in only the layers it needs, and
   * `ssa-sim --help` loads none of them (cold start is what a terminal user feels).
   */
  load(): Promise<LoadedCommand>;
}

const commands: Record<string, Command> = {
  run: {
    summary: 'run scenario files step by step, checking their expectations',
    load: async () => import('./commands/run.js').then((m) => ({ usage: m.runUsage, run: m.runCommand })),
  },
  preview: {
    summary: 'apply a manifest offline to captured live objects: conflicts, ownership changes, removals',
    load: async () => import('./commands/preview.js').then((m) => ({ usage: m.previewUsage, run: m.previewCommand })),
  },
  blame: {
    summary: 'show an object with the managers that own each line',
    load: async () => import('./commands/blame.js').then((m) => ({ usage: m.blameUsage, run: m.blameCommand })),
  },
  explain: {
    summary: 'say who owns a field, since when, and what the next apply would do to it',
    load: async () => import('./commands/explain.js').then((m) => ({ usage: m.explainUsage, run: m.explainCommand })),
  },
  fieldset: {
    summary: 'decode FieldsV1 into field paths, or encode paths as FieldsV1',
    load: async () => import('./commands/fieldset.js').then((m) => ({ usage: m.fieldsetUsage, run: m.fieldsetCommand })),
  },
  serve: {
    summary: 'serve the simulated API server over HTTP for real kubectl and client libraries',
    load: async () => import('./commands/serve.js').then((m) => ({ usage: m.serveUsage, run: (args: string[], io: CommandIO) => m.serveCommand(args, io) })),
  },
  version: {
    summary: 'print the versions of ssa-sim and of the Kubernetes and kubectl it models',
    load: async () => import('./commands/version.js').then((m) => ({ usage: m.versionUsage, run: m.versionCommand })),
  },
  engine: {
    summary: 'answer ownership-engine requests (JSON Lines on stdin)',
    load: async () => import('./commands/engine.js').then((m) => ({ usage: m.engineUsage, run: m.engineCommand })),
  },
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
  if (name === '--version') return (await commands.version.load()).run([], io);
  const entry = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!entry) {
    // kubectl's (cobra's) words, with its suggestion block when a command is near.
    const near = closestWord(name, Object.keys(commands));
    io.writeError(`Error: unknown command ${JSON.stringify(name)} for "ssa-sim"${near ? `\n\nDid you mean this?\n\t${near}\n` : ''}\nRun 'ssa-sim --help' for usage.\n`);
    return EXIT_USAGE;
  }
  const command = await entry.load();
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
