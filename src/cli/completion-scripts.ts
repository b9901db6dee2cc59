/**
 * The shell scripts of `ssa-sim completion bash|zsh|fish`, written from the commands' own flag
 * declarations (each command's OPTIONS, the ones its parser uses). Commands and flags are in the
 * script; field managers come from the live file on the command line, through the hidden
 * `ssa-sim __complete field-manager WORDS...`; kubeconfig contexts from `kubectl config get-contexts`.
 */

/** A flag as its command declares it. */
export interface CompletionFlag {
  readonly long: string;
  readonly short?: string;
  readonly takesValue: boolean;
  /** Whether it may be given more than once (`-f a -f b`). */
  readonly repeatable?: boolean;
}

export interface CompletionCommand {
  readonly name: string;
  readonly summary: string;
  readonly flags: readonly CompletionFlag[];
  /** The words the first argument takes (fieldset's decode|encode); files otherwise. */
  readonly words?: readonly string[];
}

export type Shell = 'bash' | 'zsh' | 'fish';
export const SHELLS: readonly Shell[] = ['bash', 'zsh', 'fish'];

/** The flags whose values are not files, and where their values come from. */
const FIELD_MANAGER = 'field-manager';
const CONTEXT = 'context';
const LIVE = 'live';

const single = (s: string): string => `'${s.replaceAll("'", `'\\''`)}'`;
const flagWords = (f: CompletionFlag): string[] => [`--${f.long}`, ...(f.short !== undefined ? [`-${f.short}`] : [])];

function bashFunction(program: string, commands: readonly CompletionCommand[]): string {
  const fn = `_${program.replace(/\W/g, '_')}_complete`;
  const cases = commands
    .map((c) => {
      const flags = c.flags.flatMap(flagWords).join(' ');
      const valued = c.flags.filter((f) => f.takesValue).flatMap(flagWords);
      return `    ${c.name}) flags=${single(flags)}; valued=${single(`|${valued.join('|')}|`)}; words=${single((c.words ?? []).join(' '))} ;;`;
    })
    .join('\n');
  return `${fn}() {
  local cur=\${COMP_WORDS[COMP_CWORD]} prev='' prefix='' IFS=$'\\n'
  ((COMP_CWORD > 0)) && prev=\${COMP_WORDS[COMP_CWORD-1]}
  # --flag=value: bash splits the word at "=" (COMP_WORDBREAKS); other shells leave it whole.
  if [[ $cur == = ]]; then cur=''
  elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then prev=\${COMP_WORDS[COMP_CWORD-2]}
  elif [[ $cur == --*=* ]]; then prev=\${cur%%=*}; prefix="$prev="; cur=\${cur#*=}
  fi
  COMPREPLY=()
  if ((COMP_CWORD == 1)); then
    COMPREPLY=($(compgen -W ${single([...commands.map((c) => c.name), '--help', '--version'].join('\n'))} -- "$cur"))
    return 0
  fi
  local flags='' valued='' words=''
  case \${COMP_WORDS[1]} in
${cases}
    *) return 0 ;;
  esac
  if [[ $valued == *"|$prev|"* ]]; then
    case $prev in
      --${FIELD_MANAGER}) COMPREPLY=($(compgen -W "$(${program} __complete ${FIELD_MANAGER} "\${COMP_WORDS[@]:1:COMP_CWORD-1}" 2>/dev/null)" -- "$cur")) ;;
      --${CONTEXT}) COMPREPLY=($(compgen -W "$(\${KUBECTL:-kubectl} config get-contexts -o name 2>/dev/null)" -- "$cur")) ;;
      --${LIVE}) COMPREPLY=($(compgen -W 'cluster' -- "$cur") $(compgen -f -- "$cur")); compopt -o filenames 2>/dev/null ;;
      *) COMPREPLY=($(compgen -f -- "$cur")); compopt -o filenames 2>/dev/null ;;
    esac
    if [[ -n $prefix ]]; then COMPREPLY=("\${COMPREPLY[@]/#/$prefix}"); fi
    return 0
  fi
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "\${flags// /$'\\n'}" -- "$cur"))
  elif [[ -n $words ]] && ((COMP_CWORD == 2)); then
    COMPREPLY=($(compgen -W "\${words// /$'\\n'}" -- "$cur"))
  else
    COMPREPLY=($(compgen -f -- "$cur")); compopt -o filenames 2>/dev/null
  fi
  return 0
}`;
}

function bashScript(program: string, commands: readonly CompletionCommand[]): string {
  const fn = `_${program.replace(/\W/g, '_')}_complete`;
  return `# bash completion for ${program}, written by \`${program} completion bash\`.
# Load it in ~/.bashrc:  source <(${program} completion bash)
${bashFunction(program, commands)}
complete -F ${fn} ${program}
`;
}

/** A flag as zsh's _arguments declares it: both names, `=`/`+` where it takes a value, and its completer. */
function zshFlagSpecs(f: CompletionFlag): string[] {
  const action = !f.takesValue ? '' : f.long === FIELD_MANAGER ? ':field manager:_ssa_sim_field_managers' : f.long === CONTEXT ? ':context:_ssa_sim_contexts' : f.long === LIVE ? ':live objects:_ssa_sim_live' : `:${f.long}:_files`;
  const names = [`--${f.long}${f.takesValue ? '=' : ''}`, ...(f.short !== undefined ? [`-${f.short}${f.takesValue ? '+' : ''}`] : [])];
  // Once given, a flag is not offered again (by either name) unless it may be repeated.
  const given = f.repeatable === true ? '*' : f.short !== undefined ? `(--${f.long} -${f.short})` : '';
  return names.map((n) => single(`${given}${n}${action}`));
}

/**
 * zsh's own completion (compsys): a completer per command written with _arguments, which knows
 * `--flag=value`, `--flag value` and `-f value` as the commands' parser does.
 */
function zshScript(program: string, commands: readonly CompletionCommand[]): string {
  const fn = `_${program.replace(/\W/g, '_')}`;
  const described = commands.map((c) => single(`${c.name}:${c.summary}`)).join('\n    ');
  const cases = commands
    .map((c) => {
      const specs = [
        ...c.flags.flatMap(zshFlagSpecs),
        ...(c.words !== undefined ? [single(`1:${c.name} argument:(${c.words.join(' ')})`)] : []),
        single('*:file:_files'),
      ];
      return `    ${c.name}) _arguments \\\n        ${specs.join(' \\\n        ')} ;;`;
    })
    .join('\n');
  return `#compdef ${program}
# zsh completion for ${program}, written by \`${program} completion zsh\`. Load it in ~/.zshrc, after
# compinit:  source <(${program} completion zsh)   or save it as _${program} in a directory of $fpath.

# The managers of the live file on the line (ssa-sim reads it); the words before the cursor.
${fn}_field_managers() {
  local -a managers
  managers=(\${(f)"$(${program} __complete ${FIELD_MANAGER} \${(Q)words[1,CURRENT-1]} 2>/dev/null)"})
  compadd -a managers
}

${fn}_contexts() {
  local -a contexts
  contexts=(\${(f)"$(\${KUBECTL:-kubectl} config get-contexts -o name 2>/dev/null)"})
  compadd -a contexts
}

${fn}_live() {
  _alternative 'words:live objects:(cluster)' 'files:file:_files'
}

${fn}() {
  local -a commands
  commands=(
    ${described}
  )
  if (( CURRENT == 2 )); then
    if [[ $PREFIX == -* ]]; then compadd -- --help --version; else _describe -t commands '${program} command' commands; fi
    return
  fi
  # From here on the command is the first word, as _arguments expects.
  local command=$words[2]
  shift words
  (( CURRENT-- ))
  case $command in
${cases}
    *) return 1 ;;
  esac
}

if [[ \${funcstack[1]-} == _${program} ]]; then
  ${fn} "$@"
else
  compdef ${fn} ${program}
fi
`;
}

function fishScript(program: string, commands: readonly CompletionCommand[]): string {
  const lines = [
    `# fish completion for ${program}, written by \`${program} completion fish\`.`,
    `# Load it:  ${program} completion fish | source   (or save it as ~/.config/fish/completions/${program}.fish)`,
    `complete -c ${program} -e`,
    `complete -c ${program} -f`,
    ...commands.map((c) => `complete -c ${program} -n __fish_use_subcommand -a ${c.name} -d ${single(c.summary)}`),
    `complete -c ${program} -n __fish_use_subcommand -l help -s h`,
    `complete -c ${program} -n __fish_use_subcommand -l version`,
  ];
  for (const c of commands) {
    const when = `-n ${single(`__fish_seen_subcommand_from ${c.name}`)}`;
    for (const f of c.flags) {
      const names = `-l ${f.long}${f.short !== undefined ? ` -s ${f.short}` : ''}`;
      if (!f.takesValue) lines.push(`complete -c ${program} ${when} ${names}`);
      else if (f.long === FIELD_MANAGER) lines.push(`complete -c ${program} ${when} ${names} -x -a ${single(`(${program} __complete ${FIELD_MANAGER} (commandline -opc)[2..-1] 2>/dev/null)`)}`);
      else if (f.long === CONTEXT) lines.push(`complete -c ${program} ${when} ${names} -x -a ${single('(kubectl config get-contexts -o name 2>/dev/null)')}`);
      else if (f.long === LIVE) lines.push(`complete -c ${program} ${when} ${names} -r -F -a cluster`);
      else lines.push(`complete -c ${program} ${when} ${names} -r -F`);
    }
    lines.push(c.words !== undefined ? `complete -c ${program} ${when} -a ${single(c.words.join(' '))}` : `complete -c ${program} ${when} -F`);
  }
  return `${lines.join('\n')}\n`;
}

/** The completion script for SHELL. */
export function completionScript(shell: Shell, program: string, commands: readonly CompletionCommand[]): string {
  return shell === 'bash' ? bashScript(program, commands) : shell === 'zsh' ? zshScript(program, commands) : fishScript(program, commands);
}
