import { closestWord } from '../errors/closest-word.js';
import { describeError, SsaError } from '../errors/ssa-error.js';
import type { Options } from './args.js';
import type { CompletionCommand } from './completion-scripts.js';
import { type CommandIO, EXIT_OK, EXIT_USAGE, withIO } from './io.js';
import { forProgram, programName } from './program-name.js';

/** What a command module gives once it is loaded. */
interface LoadedCommand {
  readonly usage: string;
  /** The flags its parser takes: shell completion is written from them too. */
  readonly options: Options;
  run(args: string[], io: CommandIO): Promise<number>;
}

interface Command {
  readonly summary: string;
  /** Not listed in --help nor completed (the completion scripts' helper). */
  readonly hidden?: boolean;
  /** The words its first argument takes, for completion (files otherwise). */
  readonly words?: readonly string[];
  /**
   * Loads the command's module on first use: a command pulls in only the layers it needs, and
   * `ssa-sim --help` loads none of them (cold start is what a terminal user feels).
   */
  load(): Promise<LoadedCommand>;
}

const commands: Record<string, Command> = {
  run: {
    summary: 'run scenario files step by step, checking their expectations',
    load: async () => import('./commands/run.js').then((m) => ({ usage: m.runUsage, options: m.OPTIONS, run: m.runCommand })),
  },
  preview: {
    summary: 'apply a manifest offline to captured live objects: conflicts, ownership changes, removals',
    load: async () => import('./commands/preview.js').then((m) => ({ usage: m.previewUsage, options: m.OPTIONS, run: m.previewCommand })),
  },
  diff: {
    summary: 'what kubectl diff would print: the live objects against the apply\'s dry run',
    load: async () => import('./commands/diff.js').then((m) => ({ usage: m.diffUsage, options: m.OPTIONS, run: m.diffCommand })),
  },
  'addon-check': {
    summary: 'an add-on upgrade across cluster states and resolveConflicts modes: failures, lost user changes',
    load: async () => import('./commands/addon-check.js').then((m) => ({ usage: m.addonCheckUsage, options: m.OPTIONS, run: m.addonCheckCommand })),
  },
  blame: {
    summary: 'show an object with the managers that own each line',
    load: async () => import('./commands/blame.js').then((m) => ({ usage: m.blameUsage, options: m.OPTIONS, run: m.blameCommand })),
  },
  explain: {
    summary: 'say who owns a field, since when, and what the next apply would do to it',
    load: async () => import('./commands/explain.js').then((m) => ({ usage: m.explainUsage, options: m.OPTIONS, run: m.explainCommand })),
  },
  fieldset: {
    words: ['decode', 'encode'],
    summary: 'decode FieldsV1 into field paths, or encode paths as FieldsV1',
    load: async () => import('./commands/fieldset.js').then((m) => ({ usage: m.fieldsetUsage, options: m.OPTIONS, run: m.fieldsetCommand })),
  },
  serve: {
    summary: 'serve the simulated API server over HTTP (HTTPS with --token) for real kubectl and client libraries',
    load: async () => import('./commands/serve.js').then((m) => ({ usage: m.serveUsage, options: m.OPTIONS, run: (args: string[], io: CommandIO) => m.serveCommand(args, io) })),
  },
  version: {
    summary: 'print the versions of ssa-sim and of the Kubernetes and kubectl it models',
    load: async () => import('./commands/version.js').then((m) => ({ usage: m.versionUsage, options: m.OPTIONS, run: m.versionCommand })),
  },
  engine: {
    summary: 'answer ownership-engine requests (JSON Lines on stdin)',
    load: async () => import('./commands/engine.js').then((m) => ({ usage: m.engineUsage, options: m.OPTIONS, run: m.engineCommand })),
  },
  completion: {
    summary: 'print a shell completion script: bash, zsh or fish',
    words: ['bash', 'zsh', 'fish'],
    load: async () =>
      import('./commands/completion.js').then((m) => ({ usage: m.completionUsage, options: m.OPTIONS, run: (args: string[], io: CommandIO) => m.completionCommand(args, io, completionCommands) })),
  },
  __complete: {
    summary: 'answer the completion scripts (field managers of the live file on the line)',
    hidden: true,
    load: async () =>
      import('./commands/complete.js').then((m) => ({
        usage: m.completeUsage,
        options: m.OPTIONS,
        run: (args: string[], io: CommandIO) => m.completeCommand(args, io, async (name) => (listed(name) ? (await commands[name].load()).options : undefined)),
      })),
  },
};

/** Whether NAME is a command users see (not the completion scripts' helper). */
function listed(name: string): boolean {
  return Object.hasOwn(commands, name) && commands[name].hidden !== true;
}

const listedNames = (): string[] => Object.keys(commands).filter(listed);

/** What the completion scripts know of each command: its summary, its flags, its first argument. */
async function completionCommands(): Promise<CompletionCommand[]> {
  return Promise.all(
    listedNames().map(async (name) => {
      const c = commands[name];
      const flags = Object.entries((await c.load()).options).map(([long, o]) => ({ long, ...(o.short !== undefined ? { short: o.short } : {}), takesValue: o.type === 'string', ...(o.multiple === true ? { repeatable: true } : {}) }));
      // --help is main's, for every command.
      flags.push({ long: 'help', short: 'h', takesValue: false });
      return { name, summary: c.summary, flags, ...(c.words !== undefined ? { words: c.words } : {}) };
    }),
  );
}

function mainUsage(io: CommandIO): string {
  const width = Math.max(...listedNames().map((c) => c.length));
  const lines = listedNames().map((name) => `  ${name.padEnd(width)}  ${commands[name].summary}`);
  return `ssa-sim: a simulator of Kubernetes Server-Side Apply field ownership

Usage: ssa-sim <command> [options]

Commands:
${lines.join('\n')}

Run 'ssa-sim <command> --help' for a command's options and examples.
`.replace(/^ssa-sim: /, `${programName(io)}: `);
}

export async function main(argv: string[], given: CommandIO): Promise<number> {
  // Run under another name (the kubectl plugin), texts name commands as the user typed them.
  const io: CommandIO = given.program === undefined ? given : withIO(given, { commandNames: listedNames() });
  const [name, ...args] = argv;
  if (name === undefined) {
    io.writeError(forProgram(mainUsage(io), io));
    return EXIT_USAGE;
  }
  if (name === 'help' && args.length > 0) {
    // cobra's help command (`kubectl help apply`): the command's help, or the list after a line.
    const topic = Object.hasOwn(commands, args[0]) ? commands[args[0]] : undefined;
    if (topic) {
      io.write(forProgram((await topic.load()).usage, io));
      return EXIT_OK;
    }
    io.write(`Unknown help topic [${args.map((a) => JSON.stringify(a)).join(' ')}]\n${forProgram(mainUsage(io), io)}`);
    return EXIT_OK;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    io.write(forProgram(mainUsage(io), io));
    return EXIT_OK;
  }
  if (name === '--version') return (await commands.version.load()).run([], io);
  const entry = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!entry) {
    // kubectl's (cobra's) words, with its suggestion block when a command is near.
    const near = closestWord(name, listedNames());
    io.writeError(`Error: unknown command ${JSON.stringify(name)} for "${programName(io)}"${near ? `\n\nDid you mean this?\n\t${near}\n` : ''}\nRun '${programName(io)} --help' for usage.\n`);
    return EXIT_USAGE;
  }
  const command = await entry.load();
  if (args.includes('--help') || args.includes('-h')) {
    io.write(forProgram(command.usage, io));
    return EXIT_OK;
  }
  try {
    return await command.run(args, io);
  } catch (err) {
    if (err instanceof SsaError) {
      io.writeError(`${programName(io)} ${name}: ${describeError(err)}\n`);
      return EXIT_USAGE;
    }
    io.writeError(`${programName(io)} ${name}: internal error: ${(err as Error).message ?? String(err)}\n`);
    return 70;
  }
}
