import { usageError } from '../args.js';
import { parseCommandArgs } from '../args.js';
import { type CompletionCommand, completionScript, SHELLS, type Shell } from '../completion-scripts.js';
import { type CommandIO, EXIT_OK } from '../io.js';
import { PROGRAM } from '../program-name.js';

export const completionUsage = `Usage: ssa-sim completion bash|zsh|fish

Prints a script that makes your shell complete ssa-sim's commands, their flags, file names, the
field managers of the live file on the command line (--field-manager, read from the file given
with --live or as LIVE), and your kubeconfig's contexts (--context, from kubectl).

Load it once per shell, or save it where your shell looks for completions:
  bash   source <(ssa-sim completion bash)                 in ~/.bashrc
         ssa-sim completion bash > ~/.local/share/bash-completion/completions/ssa-sim
  zsh    source <(ssa-sim completion zsh)                  in ~/.zshrc, after compinit
         ssa-sim completion zsh > ~/.zfunc/_ssa-sim        with ~/.zfunc in $fpath before compinit
  fish   ssa-sim completion fish > ~/.config/fish/completions/ssa-sim.fish

The scripts complete the ssa-sim command; run as a kubectl plugin, kubectl's own completion
applies, which knows the plugin's name but not its flags.

Examples:
  ssa-sim completion bash > /etc/bash_completion.d/ssa-sim
  ssa-sim completion zsh > ~/.zfunc/_ssa-sim
  ssa-sim completion fish | source
`;

export const OPTIONS = {} as const;

const isShell = (s: string | undefined): s is Shell => (SHELLS as readonly (string | undefined)[]).includes(s);

export async function completionCommand(args: string[], io: CommandIO, commands: () => Promise<CompletionCommand[]>): Promise<number> {
  const parsed = parseCommandArgs('completion', args, OPTIONS, completionUsage, io);
  if (typeof parsed === 'number') return parsed;
  const [shell, ...rest] = parsed.positionals;
  if (!isShell(shell)) return usageError('completion', shell === undefined ? 'expected a shell: bash, zsh or fish' : `unknown shell ${JSON.stringify(shell)}: expected bash, zsh or fish`, completionUsage, io);
  if (rest.length > 0) return usageError('completion', `unexpected argument ${JSON.stringify(rest[0])}`, completionUsage, io);
  io.write(completionScript(shell, PROGRAM, await commands()));
  return EXIT_OK;
}
